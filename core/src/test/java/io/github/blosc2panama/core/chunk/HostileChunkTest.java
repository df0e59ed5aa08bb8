package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CorruptDataException;
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
