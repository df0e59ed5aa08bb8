package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte and bit shuffle compared byte for byte with the live C-Blosc2 ({@code blosc2_shuffle}, {@code blosc2_unshuffle},
 * {@code blosc2_bitshuffle}, {@code blosc2_bitunshuffle}) for many typesizes and lengths, random and structured data.
 */
class CShuffleIdentityTest {
    private static final int MAX_LENGTH = 70_001;

    static Stream<Integer> typesizes() {
        return Stream.concat(IntStream.rangeClosed(1, 33).boxed(), Stream.of(64, 255, 256));
    }

    /** Every length up to two bit-transpose periods of 8 elements plus a few, then sparse larger ones. */
    static List<Integer> lengths(int typesize) {
        TreeSet<Integer> set = new TreeSet<>();
        int dense = Math.min(16 * typesize + 17, 4200);
        for (int n = 0; n <= dense; n++) {
            set.add(n);
        }
        for (int k : new int[] {1, 2, 3, 5, 8, 13, 31, 32, 33}) {
            int base = 8 * typesize * k;
            for (int d = -1; d <= 1; d++) {
                if (base + d >= 0 && base + d <= MAX_LENGTH) {
                    set.add(base + d);
                }
            }
        }
        set.add(65536);
        set.add(65537);
        set.add(MAX_LENGTH - 1);
        set.add(MAX_LENGTH);
        SplittableRandom r = new SplittableRandom(typesize);
        for (int i = 0; i < 12; i++) {
            set.add(r.nextInt(4096, MAX_LENGTH + 1));
        }
        return new ArrayList<>(set);
    }

    @FunctionalInterface
    interface CKernel {
        int run(CBlosc2 c, int typesize, int blocksize, MemorySegment src, MemorySegment dst) throws Throwable;
    }

    @FunctionalInterface
    interface JKernel {
        void run(MemorySegment src, MemorySegment dst, long length, int typesize);
    }

    @ParameterizedTest(name = "typesize {0}")
    @MethodSource("typesizes")
    void allFourKernelsMatchC(int typesize) throws Throwable {
        CBlosc2 c = CBlosc2.get().orElse(null);
        Assumptions.assumeTrue(c != null, "libblosc2 not available (set -Dblosc2.python)");
        byte[] random = TestData.random(1000 + typesize, MAX_LENGTH);
        byte[] structured = TestData.structured(2000 + typesize, MAX_LENGTH, typesize);
        int checked = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cSrc = arena.allocate(MAX_LENGTH, 16);
            MemorySegment cDst = arena.allocate(MAX_LENGTH, 16);
            MemorySegment jDst = TestData.blank(MAX_LENGTH, 3, null, (byte) 0);
            int round = 0;
            for (int length : lengths(typesize)) {
                byte[] data = (round++ % 2 == 0) ? random : structured;
                cSrc.copyFrom(MemorySegment.ofArray(data));
                // our input: a heap segment at an odd offset (native and other offsets are covered elsewhere)
                MemorySegment jSrc = TestData.place(data, 1 + round % 7, null).asSlice(0, length);
                compare(c, CBlosc2::shuffle, Shuffle::shuffle, "shuffle", typesize, length, cSrc, cDst, jSrc, jDst);
                compare(c, CBlosc2::unshuffle, Shuffle::unshuffle, "unshuffle", typesize, length, cSrc, cDst, jSrc,
                        jDst);
                compare(c, CBlosc2::bitshuffle, BitShuffle::bitshuffle, "bitshuffle", typesize, length, cSrc, cDst,
                        jSrc, jDst);
                compare(c, CBlosc2::bitunshuffle, BitShuffle::bitunshuffle, "bitunshuffle", typesize, length, cSrc,
                        cDst, jSrc, jDst);
                checked++;
            }
        }
        assertEquals(lengths(typesize).size(), checked);
    }

    private static void compare(CBlosc2 c, CKernel cKernel, JKernel jKernel, String name, int typesize, int length,
                                MemorySegment cSrc, MemorySegment cDst, MemorySegment jSrc, MemorySegment jDst)
            throws Throwable {
        cDst.fill((byte) 0xA5);
        jDst.fill((byte) 0x5A);
        int rc = cKernel.run(c, typesize, length, cSrc, cDst);
        assertEquals(length, rc, "C " + name + " return code");
        jKernel.run(jSrc, jDst, length, typesize);
        long mismatch = cDst.asSlice(0, length).mismatch(jDst.asSlice(0, length));
        assertEquals(-1, mismatch, name + " typesize " + typesize + " length " + length + " first differing byte");
    }
}
