package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.testutil.AllocationCounter;
import io.github.blosc2panama.core.testutil.Vectors;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Bad input: every chunk vector truncated at 20 points and hit with 50 random bit flips yields the
 * right data or a Blosc2Exception, never another exception, a crash or a hang.
 */
class HostileChunkTest {

    @TestFactory
    Stream<DynamicTest> truncatedAndBitFlippedVectors() {
        return Vectors.entries("chunk").stream().map(e -> DynamicTest.dynamicTest(e.get("file").asText(),
                () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> mutate(e))));
    }

    private static void mutate(JsonNode e) {
        byte[] chunk = Vectors.read(e);
        SplittableRandom r = new SplittableRandom(chunk.length * 31L + e.get("file").asText().hashCode());
        for (int i = 1; i <= 20; i++) {
            int len = (int) ((long) chunk.length * i / 21);
            if (i == 20) {
                len = chunk.length - 1;
            }
            byte[] cut = Arrays.copyOf(chunk, Math.max(0, len));
            tryEverything(cut);
        }
        for (int i = 0; i < 50; i++) {
            byte[] flipped = chunk.clone();
            int flips = 1 + r.nextInt(3);
            for (int f = 0; f < flips; f++) {
                // Headers matter most: half of the flips land in the first 64 bytes.
                int pos = r.nextBoolean() ? r.nextInt(Math.min(64, flipped.length)) : r.nextInt(flipped.length);
                flipped[pos] ^= (byte) (1 << r.nextInt(8));
            }
            tryEverything(flipped);
        }
    }

    /** Calls every reading entry point; only success or a Blosc2Exception may come out. */
    static void tryEverything(byte[] bytes) {
        try {
            Blosc2.info(bytes);
        } catch (Blosc2Exception expected) {
            // fine
        }
        try {
            Blosc2.decompress(bytes);
        } catch (Blosc2Exception expected) {
            // fine
        }
        try {
            Blosc2.getItems(bytes, 1, 3);
        } catch (Blosc2Exception expected) {
            // fine
        }
    }

    @Test
    void headerClaimingMoreThanTheBufferIsRefusedBeforeAllocating() {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) 5).put(1, (byte) 1).put(2, (byte) 0x05).put(3, (byte) 1);
        b.putInt(4, Integer.MAX_VALUE - 64); // nbytes: 2 GiB
        b.putInt(8, 1);                      // blocksize 1: two billion blocks
        b.putInt(12, 32);
        byte[] chunk = b.array();
        // 2^31 blocks cannot have their bstarts in 32 bytes: refused from the header alone.
        assertThrows(CorruptDataException.class, () -> Blosc2.decompress(chunk));
        b.putInt(12, 1 << 30); // cbytes beyond the buffer
        assertThrows(CorruptDataException.class, () -> Blosc2.info(chunk));
    }

    /** Refused with a message holding {@code what}, allocating far less than the 400 MB the chunk declares. */
    private static void refusedBeforeAllocating(byte[] chunk, String what) {
        for (int call = 0; call < 2; call++) {
            long before = AllocationCounter.current();
            CorruptDataException e = assertThrows(CorruptDataException.class,
                    call == 0 ? () -> Blosc2.decompress(chunk) : () -> Blosc2.getItems(chunk, 0, 1 << 20));
            long allocated = AllocationCounter.current() - before;
            assertTrue(e.getMessage().contains(what), e.getMessage());
            assertTrue(allocated < 16 << 20, "allocated " + allocated + " bytes");
        }
    }

    @Test
    void blockStartsAreCheckedBeforeTheDeclaredOutputIsAllocated() {
        // a chunk of 256 blocks of 4 KiB whose nbytes says 100,000 blocks: their starts fit in its 600 KB, but all
        // but the first 256 are stream bytes pointing anywhere (a Blosc 1.x chunk, fuzzed, took 10 s and 2 GB)
        byte[] data = new byte[1 << 20];
        SplittableRandom r = new SplittableRandom(34);
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 8 < 4 ? r.nextInt(256) : i); // half random: LZ4 keeps most of it
        }
        CParams p = CParams.builder().codec(Codec.LZ4).clevel(5).typesize(1).filters(Filter.NOFILTER)
                .blocksize(4096).build();
        byte[] chunk = Blosc2.compress(data, p);
        MemorySegment s = MemorySegment.ofArray(chunk);
        int streams = 32 + 4 * 100_000;
        assertTrue(chunk.length > streams + 1000, chunk.length + " bytes");
        s.set(Le.I32, 4, 4096 * 100_000);
        refusedBeforeAllocating(chunk, "lies outside the streams section");
    }

    @Test
    void vlBlockSizesAreAddedUpBeforeTheDeclaredOutputIsAllocated() {
        byte[] chunk = Vectors.read("chunks/vlblocks_lz4_4blocks.chunk");
        MemorySegment.ofArray(chunk).set(Le.I32, 4, 400_000_000);
        refusedBeforeAllocating(chunk, "VL block sizes add up to 26333");
    }

    @Test
    void memcpyedChunkWithWrongSizesIsRefused() {
        byte[] chunk = new byte[48];
        MemorySegment s = MemorySegment.ofArray(chunk);
        s.set(ValueLayout.JAVA_BYTE, 0, (byte) 5);
        s.set(ValueLayout.JAVA_BYTE, 2, (byte) 0x07);
        s.set(ValueLayout.JAVA_BYTE, 3, (byte) 1);
        s.set(Le.I32, 4, 1000);
        s.set(Le.I32, 8, 1000);
        s.set(Le.I32, 12, 48);
        assertThrows(CorruptDataException.class, () -> Blosc2.decompress(chunk));
    }
}
