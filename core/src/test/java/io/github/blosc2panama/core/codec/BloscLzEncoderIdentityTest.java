package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The tuned {@link BloscLzEncoder} (through {@link BloscLzCodec}) must write exactly the bytes of the
 * straightforward {@link BloscLzEncoderReference} (which itself matches C-Blosc2's vectors), and must give
 * up (return 0) in exactly the same cases, including a destination just too small for the stream.
 */
class BloscLzEncoderIdentityTest {

    private static final BloscLzCodec CODEC = BloscLzCodec.INSTANCE;

    /** One input per kind of data; {@code kind} picks the generator. */
    static byte[] input(int kind, int size, SplittableRandom rnd) {
        byte[] b = new byte[size];
        switch (kind) {
            case 0 -> rnd.nextBytes(b); // incompressible
            case 1 -> { } // zeros: one long run
            case 2 -> { // small alphabet noise: short matches everywhere
                int alphabet = 2 + rnd.nextInt(6);
                for (int i = 0; i < size; i++) {
                    b[i] = (byte) ('a' + rnd.nextInt(alphabet));
                }
            }
            case 3 -> { // runs of random lengths and values, some noise between
                int i = 0;
                while (i < size) {
                    int len = Math.min(size - i, 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 2000));
                    if (rnd.nextInt(4) == 0) {
                        for (int k = 0; k < len; k++) {
                            b[i + k] = (byte) rnd.nextInt();
                        }
                    } else {
                        Arrays.fill(b, i, i + len, (byte) rnd.nextInt());
                    }
                    i += len;
                }
            }
            case 4 -> { // copies of earlier pieces from near, far (beyond 8191) and too far (beyond 73725)
                rnd.nextBytes(b);
                int i = Math.min(size, 64);
                while (i < size) {
                    int len = Math.min(size - i, 3 + rnd.nextInt(rnd.nextInt(4) == 0 ? 600 : 24));
                    int maxBack = switch (rnd.nextInt(3)) {
                        case 0 -> 8192;
                        case 1 -> 73_740;
                        default -> 200_000;
                    };
                    int from = i - 1 - rnd.nextInt(Math.min(i, maxBack));
                    for (int k = 0; k < len; k++) {
                        b[i + k] = b[from + k]; // byte by byte: overlapping copies make runs
                    }
                    i += len;
                    i += rnd.nextInt(8); // leave some random literals between
                }
            }
            case 5 -> { // shuffled arange of int64: byte planes of very different entropy
                byte[] plain = new byte[size - size % 8];
                for (int e = 0; e < plain.length / 8; e++) {
                    long v = e * (long) (1 + rnd.nextInt(3));
                    for (int k = 0; k < 8; k++) {
                        plain[e * 8 + k] = (byte) (v >>> (8 * k));
                    }
                }
                byte[] shuffled = BloscLzTestData.shuffle(plain, 0, plain.length, 8);
                System.arraycopy(shuffled, 0, b, 0, shuffled.length);
            }
            case 6 -> { // text
                byte[] text = BloscLzTestData.text(rnd.nextLong()).bytes(size);
                System.arraycopy(text, 0, b, 0, size);
            }
            default -> { // a repeated period (distances 1..40), occasionally broken
                int period = 1 + rnd.nextInt(40);
                byte[] unit = new byte[period];
                rnd.nextBytes(unit);
                for (int i = 0; i < size; i++) {
                    b[i] = rnd.nextInt(5000) == 0 ? (byte) rnd.nextInt() : unit[i % period];
                }
            }
        }
        return b;
    }

    static final int KINDS = 8;

    /** Compresses with both encoders into destinations of {@code maxout} bytes; asserts the same answer. */
    private static int check(byte[] data, int clevel, int maxout, int layout, Arena arena, String what) {
        int size = data.length;
        MemorySegment refSrc = MemorySegment.ofArray(data);
        MemorySegment refDst = MemorySegment.ofArray(new byte[maxout]);
        int expected = BloscLzEncoderReference.compress(clevel, refSrc, size, refDst, maxout);

        MemorySegment src;
        MemorySegment dst;
        byte[] dstBacking = null;
        switch (layout) {
            case 0 -> { // native in and out, as the chunk layer calls it
                src = arena.allocate(Math.max(size, 1)).asSlice(0, size);
                MemorySegment.copy(data, 0, src, ValueLayout.JAVA_BYTE, 0, size);
                dst = arena.allocate(Math.max(maxout, 1)).asSlice(0, maxout);
            }
            case 1 -> { // whole heap arrays
                src = MemorySegment.ofArray(data.clone());
                dst = MemorySegment.ofArray(new byte[maxout]);
            }
            default -> { // heap slices at odd offsets
                byte[] in = new byte[size + 7];
                System.arraycopy(data, 0, in, 3, size);
                src = MemorySegment.ofArray(in).asSlice(3, size);
                dstBacking = new byte[maxout + 9];
                Arrays.fill(dstBacking, (byte) 0x5A);
                dst = MemorySegment.ofArray(dstBacking).asSlice(5, maxout);
            }
        }
        // junk in the destination must not leak into the result
        dst.fill((byte) 0x5A);
        int actual = CODEC.compress(src, dst, clevel, null);
        if (actual != expected) {
            fail(what + ": compressed size " + actual + ", the reference gives " + expected);
        }
        if (dstBacking != null) {
            // nothing written outside the destination slice
            for (int i = 0; i < dstBacking.length; i++) {
                if ((i < 5 || i >= 5 + maxout) && dstBacking[i] != 0x5A) {
                    fail(what + ": byte " + i + " of the array behind the destination slice was overwritten");
                }
            }
        }
        if (expected > 0) {
            byte[] want = refDst.asSlice(0, expected).toArray(ValueLayout.JAVA_BYTE);
            byte[] got = dst.asSlice(0, actual).toArray(ValueLayout.JAVA_BYTE);
            int at = Arrays.mismatch(want, got);
            if (at >= 0) {
                fail(what + ": streams differ first at byte " + at + " of " + expected);
            }
        }
        return expected;
    }

    @Test
    void matchesTheReferenceOnManyInputsLevelsAndLayouts() {
        SplittableRandom rnd = new SplittableRandom(20240611);
        int compressed = 0;
        int cases = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 300; round++) {
                int kind = round % KINDS;
                int size = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextInt(300);
                    case 1 -> rnd.nextInt(20_000);
                    case 2 -> rnd.nextInt(100_000);
                    default -> rnd.nextInt(256 * 1024 + 1);
                };
                byte[] data = input(kind, size, rnd);
                int clevel = 1 + rnd.nextInt(9);
                int maxout = size + size / 16 + 66;
                String what = "kind " + kind + " size " + size + " clevel " + clevel;
                int n = check(data, clevel, maxout, round % 3, arena, what);
                cases++;
                if (n > 0) {
                    compressed++;
                    // destinations around the stream's own size: C gives up on exactly the same ones
                    for (int m : new int[] {n - 1, n, n + 1, n / 2 + 33, Math.max(66, n - 40)}) {
                        if (m >= 0) {
                            check(data, clevel, m, (round + m) % 3, arena, what + " maxout " + m);
                            cases++;
                        }
                    }
                }
            }
        }
        System.out.printf("BloscLZ identity: %d cases, %d inputs compressed%n", cases, compressed);
        assertTrue(compressed > 120, "too few inputs compressed: " + compressed);
    }

    @Test
    void matchesTheReferenceOnEveryKindAtEveryLevel() {
        SplittableRandom rnd = new SplittableRandom(7);
        try (Arena arena = Arena.ofConfined()) {
            for (int kind = 0; kind < KINDS; kind++) {
                for (int clevel = 1; clevel <= 9; clevel++) {
                    int size = 16 + rnd.nextInt(70_000);
                    byte[] data = input(kind, size, rnd);
                    check(data, clevel, size + 66, clevel % 3, arena, "kind " + kind + " size " + size + " clevel " + clevel);
                }
            }
        }
    }

    @Test
    void matchesTheReferenceOnAllSmallSizes() {
        SplittableRandom rnd = new SplittableRandom(11);
        int compressed = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int size = 0; size <= 400; size++) {
                byte[] data = input(size % KINDS, size, rnd);
                int clevel = 1 + size % 9;
                for (int maxout : new int[] {size + 66, 66, 65, size / 2 + 10}) {
                    if (check(data, clevel, maxout, size % 3, arena, "size " + size + " clevel " + clevel + " maxout " + maxout) > 0) {
                        compressed++;
                    }
                }
            }
        }
        assertTrue(compressed > 100, "too few compressed: " + compressed);
    }

    @Test
    void theReferenceItselfRoundTrips() {
        // guards the reference against drifting: what it writes must decode to the input
        SplittableRandom rnd = new SplittableRandom(3);
        for (int kind = 0; kind < KINDS; kind++) {
            byte[] data = input(kind, 50_000, rnd);
            MemorySegment dst = MemorySegment.ofArray(new byte[60_000]);
            int n = BloscLzEncoderReference.compress(9, MemorySegment.ofArray(data), data.length, dst, 60_000);
            if (n > 0) {
                MemorySegment back = MemorySegment.ofArray(new byte[data.length]);
                assertEquals(data.length, CODEC.decompress(dst.asSlice(0, n), back, null));
                assertEquals(-1, back.mismatch(MemorySegment.ofArray(data)), "kind " + kind);
            }
        }
    }
}
