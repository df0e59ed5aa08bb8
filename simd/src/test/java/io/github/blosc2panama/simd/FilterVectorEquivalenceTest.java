package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Each DELTA / BYTEDELTA / TRUNC_PREC / INT_TRUNC vector kernel equals its scalar twin bit for bit at this JVM's
 * default vector width: every length up to a few vector steps (per stream for BYTEDELTA) for small typesizes, sampled
 * lengths for typesizes 1..32 and 255, large blocks up to 4 MiB; unaligned offsets, heap and native segments, valid
 * and invalid metas (refused alike). The small cases run first: they get the kernels compiled by C2 before the large
 * blocks, which would take a long time in the interpreter (Vector API code is only fast once C2 intrinsified it).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FilterVectorEquivalenceTest {
    private static final int FOUR_MIB = 4 << 20;
    private static final int VB = VectorWidth.SHAPE.vectorBitSize() / 8;

    @Test
    @Order(1)
    void runsOnTheVectorApiAtThePreferredWidth() {
        assertTrue(SimdSupport.VECTOR, "tests run with --add-modules jdk.incubator.vector");
        assertEquals(jdk.incubator.vector.VectorShape.preferredShape(), VectorWidth.SHAPE);
    }

    @Test
    @Order(2)
    void everyLengthSmallTypesizes() {
        FilterEquivalence eq = new FilterEquivalence(11, 64 * 1024);
        try (Arena arena = Arena.ofConfined()) {
            for (FilterEquivalence.Pair pair : FilterEquivalence.pairs()) {
                boolean perStream = pair.name().startsWith("bytedelta");
                for (int ts : new int[] {1, 2, 3, 4, 8, 16}) {
                    // whole vector steps (two per stream for bytedelta), a partial one and a partial element
                    int upTo = perStream ? (2 * VB + 9) * ts + ts - 1 : 3 * VB + 17;
                    eq.sweep(pair, ts, upTo, arena);
                }
            }
        }
        assertTrue(eq.cases() > 10_000, "cases: " + eq.cases());
        assertTrue(eq.refused() > 100, "refused: " + eq.refused());
    }

    @Test
    @Order(3)
    void sampledLengthsAllTypesizes() {
        FilterEquivalence eq = new FilterEquivalence(12, 16 * 1024);
        try (Arena arena = Arena.ofConfined()) {
            for (FilterEquivalence.Pair pair : FilterEquivalence.pairs()) {
                for (int ts = 1; ts <= 33; ts++) {
                    int typesize = ts <= 32 ? ts : 255;
                    int variant = ts;
                    for (int length : FilterEquivalence.sampledLengths(typesize, 16 * 1024)) {
                        eq.check(pair, length, typesize, variant++, arena);
                    }
                }
            }
        }
        assertTrue(eq.cases() > 5_000, "cases: " + eq.cases());
    }

    @Test
    @Order(4)
    void largeBlocks() {
        FilterEquivalence eq = new FilterEquivalence(13, FOUR_MIB);
        int[] lengths = {FOUR_MIB, (1 << 20) + 13, FOUR_MIB - 1};
        int[] typesizes = {4, 8, 1, 2, 16, 3, 255};
        try (Arena arena = Arena.ofConfined()) {
            int variant = 0;
            for (FilterEquivalence.Pair pair : FilterEquivalence.pairs()) {
                // two cases per pair, rotating through the lengths and typesizes, to keep the run short
                for (int c = 0; c < 2; c++) {
                    int length = lengths[variant % lengths.length];
                    int typesize = typesizes[variant % typesizes.length];
                    // valid metas only: a refused 4 MiB case proves little
                    int metaVariant = pair.metas().length == 1 ? variant : validVariant(pair, typesize);
                    eq.check(pair, length, typesize, metaVariant, arena);
                    variant++;
                }
            }
        }
        assertEquals(22, eq.cases());
    }

    /** A variant whose meta (see FilterEquivalence.check) the pair accepts for typesize, if there is one. */
    private static int validVariant(FilterEquivalence.Pair pair, int typesize) {
        for (int v = 0; v < 200; v++) {
            int meta = pair.metas()[(v / 16 + v) % pair.metas().length];
            boolean trunc = pair.name().startsWith("trunc_prec");
            int bits = trunc ? (typesize == 4 ? 23 : 52) : 8 * typesize;
            int p = (byte) meta;
            int zeroed = p >= 0 ? bits - p : -p;
            if (meta >= -128 && meta <= 255 && zeroed >= 0 && zeroed < bits && (!trunc || Math.abs(p) <= bits)) {
                return v;
            }
        }
        return 0;
    }

    @Test
    @Order(5)
    void deltaDecodeWithAPartiallyOverlappingReferenceEqualsScalar() {
        // legal but unusual: the reference is buf shifted; the vector twin must fall back to the sequential order
        byte[] data = TestData.random(5, 4096 + 128);
        for (int ts : new int[] {1, 2, 4, 8, 16, 3}) {
            for (int shift : new int[] {-8, -1, 1, 3, 8, 64}) {
                for (int length : new int[] {1, 7, 64, 1000, 4096}) {
                    MemorySegment a = MemorySegment.ofArray(data.clone());
                    MemorySegment b = MemorySegment.ofArray(data.clone());
                    long at = 32;
                    DeltaScalar.decode(a.asSlice(at + shift), 0, a.asSlice(at), length, ts);
                    DeltaVector.decode(b.asSlice(at + shift), 0, b.asSlice(at), length, ts);
                    assertEquals(-1, a.mismatch(b), "ts " + ts + " shift " + shift + " length " + length);
                }
            }
        }
    }

    @Test
    @Order(6)
    void argumentErrorsAreTheSame() {
        MemorySegment a = MemorySegment.ofArray(new byte[100]);
        MemorySegment b = MemorySegment.ofArray(new byte[100]);
        MemorySegment shortRef = MemorySegment.ofArray(new byte[50]);
        Runnable[][] pairs = {
            {() -> DeltaScalar.encode(a, 0, a, b, 100, 0), () -> DeltaVector.encode(a, 0, a, b, 100, 0)},
            {() -> DeltaScalar.encode(a, -1, a, b, 100, 4), () -> DeltaVector.encode(a, -1, a, b, 100, 4)},
            {() -> DeltaScalar.encode(shortRef, 9, a, b, 100, 4), () -> DeltaVector.encode(shortRef, 9, a, b, 100, 4)},
            {() -> DeltaScalar.encode(a, 0, a, a, 100, 4), () -> DeltaVector.encode(a, 0, a, a, 100, 4)},
            {() -> DeltaScalar.encode(b, 8, a, b.asSlice(0, 100), 100, 4),
                () -> DeltaVector.encode(b, 8, a, b.asSlice(0, 100), 100, 4)},
            {() -> DeltaScalar.encode(a, 0, a, b, 101, 4), () -> DeltaVector.encode(a, 0, a, b, 101, 4)},
            {() -> DeltaScalar.decode(a, 8, a, 100, 4), () -> DeltaVector.decode(a, 8, a, 100, 4)},
            {() -> DeltaScalar.decode(shortRef, 0, a, 100, 4), () -> DeltaVector.decode(shortRef, 0, a, 100, 4)},
            {() -> DeltaScalar.decode(a, 0, a, -1, 4), () -> DeltaVector.decode(a, 0, a, -1, 4)},
            {() -> ByteDeltaScalar.encode(a, a.asSlice(1), 99, 4),
                () -> ByteDeltaVector.encode(a, a.asSlice(1), 99, 4)},
            {() -> ByteDeltaScalar.decode(a, a, 100, 4), () -> ByteDeltaVector.decode(a, a, 100, 4)},
            {() -> ByteDeltaScalar.decode(a, b, 100, -3), () -> ByteDeltaVector.decode(a, b, 100, -3)},
            {() -> ByteDeltaScalar.encode(a, b, 200, 2), () -> ByteDeltaVector.encode(a, b, 200, 2)},
            {() -> TruncPrecScalar.truncate(a, b, 100, 2, 5), () -> TruncPrecVector.truncate(a, b, 100, 2, 5)},
            {() -> TruncPrecScalar.truncate(a, b, 100, 4, 300), () -> TruncPrecVector.truncate(a, b, 100, 4, 300)},
            {() -> TruncPrecScalar.truncate(a, a.asSlice(4), 96, 4, 5),
                () -> TruncPrecVector.truncate(a, a.asSlice(4), 96, 4, 5)},
            {() -> IntTruncScalar.truncate(a, b, 100, 3, 5), () -> IntTruncVector.truncate(a, b, 100, 3, 5)},
            {() -> IntTruncScalar.truncate(a, b, 100, 16, 5), () -> IntTruncVector.truncate(a, b, 100, 16, 5)},
            {() -> IntTruncScalar.truncate(a, b, 100, 2, -16), () -> IntTruncVector.truncate(a, b, 100, 2, -16)},
            {() -> IntTruncScalar.truncate(a, a.asSlice(2), 98, 2, 5),
                () -> IntTruncVector.truncate(a, a.asSlice(2), 98, 2, 5)},
        };
        for (int i = 0; i < pairs.length; i++) {
            IllegalArgumentException s = assertThrows(IllegalArgumentException.class, pairs[i][0]::run, "case " + i);
            IllegalArgumentException v = assertThrows(IllegalArgumentException.class, pairs[i][1]::run, "case " + i);
            assertEquals(s.getMessage(), v.getMessage(), "case " + i);
        }
        assertTrue(Arrays.equals(new byte[100], TestData.bytes(a)) && Arrays.equals(new byte[100], TestData.bytes(b)),
                "refused calls wrote nothing");
    }
}
