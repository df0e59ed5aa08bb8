package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;

/**
 * Child-JVM entry for {@link FilterForcedWidthTest}: started with {@code -Dblosc2.simd.bits=B}, checks that the DELTA,
 * BYTEDELTA, TRUNC_PREC and INT_TRUNC vector kernels run at that width and equal their scalar twins on a reduced
 * sweep. Prints "OK cases=N" and exits 0, or exits 1.
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
        }
        System.out.println("OK cases=" + eq.cases() + " refused=" + eq.refused());
    }
}
