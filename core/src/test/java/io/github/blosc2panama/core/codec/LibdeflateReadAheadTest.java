package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.Libdeflate;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ZlibCodec#READ_AHEAD}: libdeflate is given more bytes than the stream, and what it accepts is exactly what
 * it accepts when given the stream alone: the same verdict and the same output on intact, cut and damaged streams,
 * with the stream's own continuation (or other bytes) after it, in the middle of a segment, at its end, and on the
 * heap.
 */
class LibdeflateReadAheadTest {
    private static final ZlibCodec LIBDEFLATE = new ZlibCodec(true);

    @BeforeAll
    static void present() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Libdeflate.isAvailable(), "libdeflate is not installed");
    }

    /** Shuffled int32 counters (runs and repeats: the streams that expand hundreds of times) and noisy data. */
    private static byte[][] data() {
        int n = 256 << 10;
        byte[] counters = new byte[n];
        for (int i = 0; i < n / 4; i++) {
            for (int b = 0; b < 4; b++) {
                counters[b * (n / 4) + i] = (byte) (i >>> (8 * b));
            }
        }
        return new byte[][] {counters, NativeCodecsTest.compressible(50_000, 3)};
    }

    @Test
    void aStreamCutShortIsRefusedEvenWhenItsRestFollowsIt() {
        try (Arena arena = Arena.ofConfined()) {
            for (byte[] data : data()) {
                byte[] out = new byte[data.length];
                int n = ZlibCodec.INSTANCE.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), 5, null);
                assertTrue(n > 0 && n < data.length / 4, "compressed to " + n);
                MemorySegment whole = arena.allocate(n + 2 * ZlibCodec.READ_AHEAD).copyFrom(
                        MemorySegment.ofArray(out).asSlice(0, n));
                MemorySegment back = arena.allocate(data.length);
                assertEquals(data.length, LIBDEFLATE.decompress(whole, 0, n, back, 0, data.length, null));
                assertEquals(-1, back.mismatch(MemorySegment.ofArray(data)));
                for (int cut = 1; cut <= Math.min(n - 1, 80); cut++) {
                    int size = n - cut;
                    assertThrows(CorruptDataException.class,
                            () -> LIBDEFLATE.decompress(whole, 0, size, back, 0, data.length, null), "cut " + cut);
                    assertTrue(unpadded(whole, size, back) != Libdeflate.LIBDEFLATE_SUCCESS, "cut " + cut);
                }
            }
        }
    }

    @Test
    void damagedStreamsGetTheVerdictAndOutputOfTheStreamAlone() {
        Random random = new Random(21);
        int agreedRefusals = 0;
        int agreedAcceptances = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (byte[] data : data()) {
                byte[] out = new byte[data.length];
                int n = ZlibCodec.INSTANCE.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), 5, null);
                MemorySegment back = arena.allocate(data.length);
                MemorySegment alone = arena.allocate(data.length);
                for (int trial = 0; trial < 1_500; trial++) {
                    byte[] damaged = out.clone();
                    int flips = random.nextInt(3);
                    for (int f = 0; f < flips; f++) {
                        // mostly near the end, where the read-ahead is
                        int at = random.nextBoolean() ? n - 1 - random.nextInt(Math.min(n, 40)) : random.nextInt(n);
                        damaged[at] ^= (byte) (1 << random.nextInt(8));
                    }
                    // cut short, whole, or with other bytes after it (which libdeflate leaves alone)
                    int size = switch (random.nextInt(3)) {
                        case 0 -> n - 1 - random.nextInt(8);
                        case 1 -> n;
                        default -> n + 1 + random.nextInt(8);
                    };
                    for (int i = n; i < size; i++) {
                        damaged[i] = (byte) random.nextInt();
                    }
                    int where = trial % 3;
                    MemorySegment src = switch (where) {
                        // the whole stream, then zeros: what was cut off follows, in reach of the read-ahead
                        case 0 -> arena.allocate(size + 200).copyFrom(MemorySegment.ofArray(damaged)
                                .asSlice(0, Math.max(n, size)));
                        case 1 -> arena.allocate(size).copyFrom(MemorySegment.ofArray(damaged).asSlice(0, size));
                        default -> MemorySegment.ofArray(damaged);
                    };
                    MemorySegment exact = arena.allocate(size).copyFrom(MemorySegment.ofArray(damaged)
                            .asSlice(0, size));
                    boolean aloneAccepts = unpadded(exact, size, alone) == Libdeflate.LIBDEFLATE_SUCCESS;
                    boolean accepts;
                    try {
                        LIBDEFLATE.decompress(src, 0, size, back, 0, data.length, null);
                        accepts = true;
                    } catch (CorruptDataException e) {
                        accepts = false;
                    }
                    assertEquals(aloneAccepts, accepts, "trial " + trial + " (" + flips + " flips, " + size + " of "
                            + n + " bytes, source " + where + ")");
                    if (accepts) {
                        assertEquals(-1, back.mismatch(alone), "trial " + trial);
                        agreedAcceptances++;
                    } else {
                        agreedRefusals++;
                    }
                }
            }
        }
        assertTrue(agreedRefusals > 1_000 && agreedAcceptances > 300, agreedRefusals + " refusals, "
                + agreedAcceptances + " acceptances");
    }

    /** libdeflate given exactly {@code size} bytes at the start of {@code src} (native). */
    private static int unpadded(MemorySegment src, int size, MemorySegment out) {
        try (Libdeflate.Decompressor d = new Libdeflate.Decompressor()) {
            return d.zlibDecompress(src.address(), size, out.address(), out.byteSize());
        }
    }
}
