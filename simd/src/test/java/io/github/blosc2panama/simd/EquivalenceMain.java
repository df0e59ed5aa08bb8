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
        int step = bits / 8;
        try (Arena arena = Arena.ofConfined()) {
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
        System.out.println("OK cases=" + eq.cases());
    }
}
