package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;

/**
 * Each Vector API kernel equals its scalar twin bit for bit (default vector width of this JVM): every length up to a
 * few vector steps past the tile and vector boundaries for typesizes 1..16, sampled lengths for 1..32, 255, 256 and
 * 300, and large blocks up to 4 MiB; unaligned offsets, heap and native segments.
 */
class VectorEquivalenceTest {
    private static final int FOUR_MIB = 4 << 20;

    @Test
    void runsOnTheVectorApi() {
        assertTrue(SimdSupport.VECTOR, "tests run with --add-modules jdk.incubator.vector");
    }

    @Test
    void everyLengthSmallTypesizes() {
        Equivalence eq = new Equivalence(1, 64 * 1024);
        int step = Math.max(LaneTranspose.SHAPE.vectorBitSize() / 8, BitShuffleVector.BITS.length());
        try (Arena arena = Arena.ofConfined()) {
            for (Equivalence.Pair pair : Equivalence.permutations()) {
                for (int ts = 1; ts <= 16; ts++) {
                    // two whole vector steps of elements, a partial one and a partial element
                    eq.sweep(pair, ts, (2 * step + 9) * ts + ts - 1, arena);
                }
            }
        }
        assertTrue(eq.cases() > 10_000);
    }

    @Test
    void sampledLengthsAllTypesizes() {
        Equivalence eq = new Equivalence(2, 192 * 1024);
        int[] extra = {255, 256, 300};
        try (Arena arena = Arena.ofConfined()) {
            for (Equivalence.Pair pair : Equivalence.permutations()) {
                for (int ts = 1; ts <= 32 + extra.length; ts++) {
                    int typesize = ts <= 32 ? ts : extra[ts - 33];
                    int variant = 0;
                    for (int length : Equivalence.sampledLengths(typesize, 192 * 1024)) {
                        eq.check(pair, length, typesize, variant++, arena);
                    }
                }
            }
        }
        assertTrue(eq.cases() > 1_000);
    }

    @Test
    void largeBlocks() {
        Equivalence eq = new Equivalence(3, FOUR_MIB);
        int[] lengths = {FOUR_MIB, FOUR_MIB - 1, (1 << 20) + 13, 3 * 65536 + 5};
        int[] typesizes = {2, 4, 8, 16, 3, 255};
        try (Arena arena = Arena.ofConfined()) {
            int variant = 0;
            for (Equivalence.Pair pair : Equivalence.permutations()) {
                for (int ts : typesizes) {
                    for (int length : lengths) {
                        boolean dedicated = ts == 2 || ts == 4 || ts == 8 || ts == 16;
                        if (dedicated ? length != (1 << 20) + 13 : length == (1 << 20) + 13) {
                            eq.check(pair, length, ts, variant++, arena);
                        }
                    }
                }
            }
        }
    }
}
