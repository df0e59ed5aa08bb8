package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.InvalidArgumentException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our two LZ77 decoders (BloscLZ, LZ4) read and write native memory by address in their fast loops. They decode the
 * same from heap and native segments at any offsets, and they make FFM's checks before touching memory by address:
 * a range outside its segment, a segment of a closed arena or of another thread's confined arena, or a read-only
 * output is refused with the exception FFM would throw, and the output is left as it was.
 */
class RawDecodingTest {
    private static final int SIZE = 48 << 10;
    private static final byte GUARD = (byte) 0x5A;

    /** One of the decoders, as {@code BloscLzDecoder.decompress} and {@code Lz4Decoder.decompress} are called. */
    interface Decoder {
        int decompress(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout);
    }

    private record Case(String name, Decoder decoder, byte[] stream) {
    }

    private static final byte[] DATA = data();

    private static Case[] cases() {
        return new Case[] {
            new Case("BloscLZ", BloscLzDecoder::decompress, compress(BloscLzCodec.INSTANCE)),
            new Case("LZ4", Lz4Decoder::decompress, compress(Lz4Codec.INSTANCE)),
        };
    }

    @Test
    void decodesTheSameFromHeapAndNativeAtAnyOffset() {
        try (Arena arena = Arena.ofConfined()) {
            for (Case c : cases()) {
                for (int inAt = 0; inAt < 9; inAt += 4) {
                    for (int outAt = 0; outAt < 9; outAt += 3) {
                        for (int kind = 0; kind < 4; kind++) {
                            boolean heapIn = (kind & 1) != 0;
                            boolean heapOut = (kind & 2) != 0;
                            MemorySegment in = segment(arena, heapIn, inAt + c.stream.length);
                            MemorySegment.copy(MemorySegment.ofArray(c.stream), 0, in, inAt, c.stream.length);
                            MemorySegment out = segment(arena, heapOut, outAt + SIZE + 8);
                            out.fill(GUARD);
                            String what = c.name + (heapIn ? " heap" : " native") + " in at " + inAt
                                    + (heapOut ? ", heap" : ", native") + " out at " + outAt;
                            assertEquals(SIZE, c.decoder.decompress(in, inAt, c.stream.length, out, outAt, SIZE), what);
                            assertEquals(-1, out.asSlice(outAt, SIZE).mismatch(MemorySegment.ofArray(DATA)), what);
                            assertGuarded(out.asSlice(0, outAt), what + ", before the output");
                            assertGuarded(out.asSlice(outAt + SIZE), what + ", after the output");
                        }
                    }
                }
            }
        }
    }

    @Test
    void refusesRangesOutsideTheirSegments() {
        try (Arena arena = Arena.ofConfined()) {
            for (Case c : cases()) {
                MemorySegment in = arena.allocate(c.stream.length).copyFrom(MemorySegment.ofArray(c.stream));
                MemorySegment out = arena.allocate(SIZE).fill(GUARD);
                assertThrows(IndexOutOfBoundsException.class,
                        () -> c.decoder.decompress(in, 1, c.stream.length, out, 0, SIZE), c.name + " input");
                assertThrows(IndexOutOfBoundsException.class,
                        () -> c.decoder.decompress(in, 0, c.stream.length, out, 8, SIZE), c.name + " output");
                assertGuarded(out, c.name);
            }
        }
    }

    @Test
    void refusesAReadOnlyOutput() {
        try (Arena arena = Arena.ofConfined()) {
            for (Case c : cases()) {
                MemorySegment in = arena.allocate(c.stream.length).copyFrom(MemorySegment.ofArray(c.stream));
                MemorySegment out = arena.allocate(SIZE).fill(GUARD);
                assertThrows(InvalidArgumentException.class,
                        () -> c.decoder.decompress(in, 0, c.stream.length, out.asReadOnly(), 0, SIZE), c.name);
                assertGuarded(out, c.name);
            }
        }
    }

    @Test
    void refusesClosedMemory() {
        for (Case c : cases()) {
            Arena closed = Arena.ofShared();
            MemorySegment in = closed.allocate(c.stream.length).copyFrom(MemorySegment.ofArray(c.stream));
            MemorySegment out = closed.allocate(SIZE);
            closed.close();
            assertRefusedEitherSide(c, IllegalStateException.class, in, out);
        }
    }

    @Test
    void refusesAnotherThreadsConfinedMemory() throws Exception {
        ExecutorService owner = Executors.newSingleThreadExecutor();
        try {
            for (Case c : cases()) {
                Arena theirs = owner.submit(Arena::ofConfined).get();
                MemorySegment in = owner.submit(() -> theirs.allocate(c.stream.length)).get();
                MemorySegment out = owner.submit(() -> theirs.allocate(SIZE).fill(GUARD)).get();
                assertRefusedEitherSide(c, WrongThreadException.class, in, out);
                owner.submit(() -> assertGuarded(out, c.name + ", the other thread's output")).get();
                owner.submit(theirs::close).get();
            }
        } finally {
            owner.shutdown();
        }
    }

    /**
     * {@code badIn} as the input, with a good output, and {@code badOut} as the output, with a good input, are each
     * refused with {@code type}; the good output is left as it was.
     */
    private static void assertRefusedEitherSide(Case c, Class<? extends Throwable> type, MemorySegment badIn,
            MemorySegment badOut) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocate(c.stream.length).copyFrom(MemorySegment.ofArray(c.stream));
            MemorySegment out = arena.allocate(SIZE).fill(GUARD);
            assertThrows(type, () -> c.decoder.decompress(badIn, 0, c.stream.length, out, 0, SIZE), c.name + " input");
            assertGuarded(out, c.name);
            assertThrows(type, () -> c.decoder.decompress(in, 0, c.stream.length, badOut, 0, SIZE),
                    c.name + " output");
        }
    }

    private static MemorySegment segment(Arena arena, boolean heap, int size) {
        return heap ? MemorySegment.ofArray(new byte[size]) : arena.allocate(size);
    }

    private static void assertGuarded(MemorySegment segment, String what) {
        for (long i = 0; i < segment.byteSize(); i++) {
            if (segment.get(ValueLayout.JAVA_BYTE, i) != GUARD) {
                throw new AssertionError(what + ": byte " + i + " was written");
            }
        }
    }

    /** Runs, repeats and noise, so that the streams hold literal runs, short and long matches and runs of a byte. */
    private static byte[] data() {
        Random random = new Random(5);
        byte[] data = new byte[SIZE];
        int at = 0;
        while (at < SIZE) {
            int len = Math.min(SIZE - at, 1 + random.nextInt(300));
            switch (random.nextInt(3)) {
                case 0 -> {
                    for (int i = 0; i < len; i++) {
                        data[at + i] = (byte) random.nextInt();
                    }
                }
                case 1 -> java.util.Arrays.fill(data, at, at + len, (byte) random.nextInt());
                default -> {
                    int back = 1 + random.nextInt(Math.max(1, Math.min(at, 5000)));
                    for (int i = 0; i < len; i++) {
                        data[at + i] = at >= back ? data[at + i - back] : (byte) i;
                    }
                }
            }
            at += len;
        }
        return data;
    }

    private static byte[] compress(BlockCodec codec) {
        byte[] dst = new byte[2 * SIZE];
        int n = codec.compress(MemorySegment.ofArray(DATA), MemorySegment.ofArray(dst), 5, null);
        assertTrue(n > 0 && n < SIZE, "compressed to " + n + " bytes");
        return java.util.Arrays.copyOf(dst, n);
    }
}
