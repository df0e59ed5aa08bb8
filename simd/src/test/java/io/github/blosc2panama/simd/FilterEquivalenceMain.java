package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Child-JVM entry for {@link FilterForcedWidthTest}: started with {@code -Dblosc2.simd.bits=B}, checks that the DELTA,
 * BYTEDELTA, TRUNC_PREC and INT_TRUNC vector kernels run at that width and equal their scalar twins on a reduced
 * sweep, and so does the Adler-32 kernel. Prints "OK cases=N" and exits 0, or exits 1.
 */
public final class FilterEquivalenceMain {
    private FilterEquivalenceMain() {
    }

    public static void main(String[] args) {
        int bits = Integer.parseInt(System.getProperty("blosc2.simd.bits"));
        if (!SimdSupport.VECTOR || VectorWidth.SHAPE.vectorBitSize() != bits
                || LongLanes.LONGS.vectorBitSize() != bits) {
            System.out.println("wrong width: vector=" + SimdSupport.VECTOR);
            System.exit(1);
        }
        FilterEquivalence eq = new FilterEquivalence(bits, 64 << 10);
        int step = bits / 8;
        try (Arena arena = Arena.ofConfined()) {
            for (FilterEquivalence.Pair pair : FilterEquivalence.pairs()) {
                boolean perStream = pair.name().startsWith("bytedelta");
                for (int ts : new int[] {1, 2, 3, 4, 8, 16}) {
                    // two whole vector steps (per stream for bytedelta), a partial one and a partial element
                    eq.sweep(pair, ts, perStream ? (2 * step + 9) * ts + ts - 1 : 2 * step + 17, arena);
                }
                int variant = 0;
                for (int ts : new int[] {4, 5, 8, 32, 255}) {
                    for (int length : FilterEquivalence.sampledLengths(ts, 8 * 1024)) {
                        eq.check(pair, length, ts, variant++, arena);
                    }
                }
                eq.check(pair, (64 << 10) - 3, 4, 0, arena);
                eq.check(pair, 64 << 10, 8, 1, arena);
            }
            adler32(bits, arena);
        }
        System.out.println("OK cases=" + eq.cases() + " refused=" + eq.refused());
    }

    /** The Adler-32 kernel (not a filter; vectors from 256 bits on) at this width equals its scalar twin. */
    private static void adler32(int bits, Arena arena) {
        MemorySegment s = arena.allocate(70_000);
        byte[] random = new byte[70_000];
        new java.util.Random(bits).nextBytes(random);
        s.copyFrom(MemorySegment.ofArray(random));
        for (int length : new int[] {0, 31, 32, 63, 64, 65, 1000, 32 * 1024 + 5, 65_536 + 77, 69_990}) {
            for (int offset : new int[] {0, 3, 10}) {
                int vector = Adler32.update(Adler32.INITIAL, s, offset, length);
                int scalar = Adler32Scalar.update(Adler32.INITIAL, s, offset, length);
                if (vector != scalar) {
                    System.out.println("Adler-32 of " + length + " bytes at " + offset + ": " + vector + " != "
                            + scalar);
                    System.exit(1);
                }
            }
        }
    }
}
