package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;

/**
 * Child-JVM entry for {@link ForcedWidthTest}: started with {@code -Dblosc2.simd.bits=B}, checks that the kernels run
 * at that width and equal their scalar twins on a reduced sweep. Prints "OK cases=N" and exits 0, or exits 1.
 */
public final class EquivalenceMain {
    private EquivalenceMain() {
    }

    public static void main(String[] args) {
        int bits = Integer.parseInt(System.getProperty("blosc2.simd.bits"));
        if (!SimdSupport.VECTOR || LaneTranspose.SHAPE.vectorBitSize() != bits
                || BitShuffleVector.BITS.vectorBitSize() != bits) {
            System.out.println("wrong width: vector=" + SimdSupport.VECTOR);
            System.exit(1);
        }
        Equivalence eq = new Equivalence(bits, 256 << 10);
        int rowCases;
        int step = bits / 8;
        try (Arena arena = Arena.ofConfined()) {
            rowCases = smallKernels(arena) + splitRows(arena);
            for (Equivalence.Pair pair : Equivalence.permutations()) {
                for (int ts : new int[] {1, 2, 3, 4, 8, 16}) {
                    eq.sweep(pair, ts, (2 * step + 9) * ts + ts - 1, arena);
                }
                int variant = 0;
                for (int ts : new int[] {2, 4, 5, 8, 16, 32, 255}) {
                    for (int length : Equivalence.sampledLengths(ts, 16 * 1024)) {
                        eq.check(pair, length, ts, variant++, arena);
                    }
                }
                for (int ts : new int[] {2, 4, 8, 16}) {
                    eq.check(pair, (256 << 10) - 3, ts, variant++, arena);
                }
            }
        }
        System.out.println("OK cases=" + (eq.cases() + rowCases));
    }

    /**
     * {@link Shuffle#unshuffleSplitRows} (its kernels at 512 bits, else its byte loop) against {@link Shuffle#unshuffle}:
     * typesizes 4 and 8, the low rows 4 bytes apart in one segment and the high ones 13 apart in another, for every
     * element count up to 200 and one of 100,003.
     */
    private static int splitRows(Arena arena) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(10);
        int cases = 0;
        for (int ts : new int[] {4, 8}) {
            for (int nel = 0; nel <= 201; nel++) {
                int n = nel == 201 ? 100_003 : nel;
                long length = (long) n * ts;
                java.lang.foreign.MemorySegment shuffled = arena.allocate(length + 1);
                for (long i = 0; i < length; i++) {
                    shuffled.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
                }
                int half = ts / 2;
                java.lang.foreign.MemorySegment low = arena.allocate((long) half * (n + 4) + 1);
                java.lang.foreign.MemorySegment high = arena.allocate((long) (ts - half) * (n + 13) + 1);
                for (int j = 0; j < ts; j++) {
                    java.lang.foreign.MemorySegment.copy(shuffled, (long) j * n, j < half ? low : high,
                            j < half ? (long) j * (n + 4) : (long) (j - half) * (n + 13), n);
                }
                java.lang.foreign.MemorySegment expected = arena.allocate(length + 1);
                java.lang.foreign.MemorySegment actual = arena.allocate(length + 1);
                Shuffle.unshuffle(shuffled, expected, length, ts);
                Shuffle.unshuffleSplitRows(ts, low, 0, n + 4, high, 0, n + 13, n, actual, 0);
                if (actual.mismatch(expected) != -1) {
                    System.out.println("unshuffleSplitRows differs: typesize " + ts + ", " + n + " elements");
                    System.exit(1);
                }
                cases++;
            }
        }
        return cases;
    }

    /**
     * The small kernels against their scalar twins: RowCopy's vector kernel (at most 256 bits, so at this width or
     * 256), ByteRun's and ByteFill's.
     */
    private static int smallKernels(Arena arena) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        java.lang.foreign.MemorySegment src = arena.allocate(4_000);
        java.lang.foreign.MemorySegment vector = arena.allocate(4_000);
        java.lang.foreign.MemorySegment scalar = arena.allocate(4_000);
        for (long i = 0; i < src.byteSize(); i++) {
            src.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
        }
        int cases = 0;
        for (int rowBytes = RowCopyVector.WIDTH; rowBytes <= RowCopy.MAX_ROW; rowBytes++) {
            long srcStep = rowBytes + r.nextInt(20);
            long dstStep = rowBytes + r.nextInt(20);
            int rows = 1 + r.nextInt(4);
            vector.fill((byte) 0x5A);
            scalar.fill((byte) 0x5A);
            RowCopyVector.copy(src, 3, srcStep, vector, 5, dstStep, rowBytes, rows);
            RowCopyScalar.copy(src, 3, srcStep, scalar, 5, dstStep, rowBytes, rows);
            if (vector.mismatch(scalar) != -1) {
                System.out.println("RowCopy differs: rows of " + rowBytes + " bytes");
                System.exit(1);
            }
            cases++;
        }
        // ByteRun at the same width: a run, and a run with one other byte at each place of a 300-byte range
        java.lang.foreign.MemorySegment run = arena.allocate(300);
        for (int odd = -1; odd < 300; odd++) {
            run.fill((byte) 3);
            if (odd >= 0) {
                run.set(java.lang.foreign.ValueLayout.JAVA_BYTE, odd, (byte) 4);
            }
            if (ByteRunVector.isRun(run, 0, 300) != ByteRunScalar.isRun(run, 0, 300)) {
                System.out.println("ByteRun differs: other byte at " + odd);
                System.exit(1);
            }
            cases++;
        }
        // ByteFill at the same width: every length from one vector to past its short-run stores, at two offsets
        java.lang.foreign.MemorySegment filled = arena.allocate(700);
        java.lang.foreign.MemorySegment wanted = arena.allocate(700);
        for (int length = ByteFillVector.WIDTH; length <= 600; length++) {
            for (long offset : new long[] {1, 700 - length}) {
                filled.fill((byte) 0x5A);
                wanted.fill((byte) 0x5A);
                ByteFillVector.fill(filled, offset, length, (byte) length);
                ByteFillScalar.fill(wanted, offset, length, (byte) length);
                if (filled.mismatch(wanted) != -1) {
                    System.out.println("ByteFill differs: " + length + " bytes at " + offset);
                    System.exit(1);
                }
                cases++;
            }
        }
        return cases;
    }
}
