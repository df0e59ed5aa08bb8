package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * RowCopy, its vector kernel and its scalar twin write exactly the rows, whatever their length (8..256), steps and
 * offsets, and refuse rows outside the segments.
 */
class RowCopyTest {
    private interface Kernel {
        void copy(MemorySegment src, long s, long srcStep, MemorySegment dst, long d, long dstStep, int rowBytes,
                long rows);
    }

    @Test
    void everyKernelWritesExactlyTheRows() {
        SplittableRandom r = new SplittableRandom(11);
        byte[] srcBytes = new byte[8_000];
        byte[] background = new byte[8_000];
        r.nextBytes(srcBytes);
        r.nextBytes(background);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(srcBytes.length).copyFrom(MemorySegment.ofArray(srcBytes));
            MemorySegment dst = arena.allocate(background.length);
            Kernel[] kernels = SimdSupport.VECTOR
                    ? new Kernel[] {RowCopy::copy, RowCopyScalar::copy, RowCopyVector::copy}
                    : new Kernel[] {RowCopy::copy, RowCopyScalar::copy};
            for (int rowBytes = 8; rowBytes <= RowCopy.MAX_ROW; rowBytes++) {
                for (int rows = 0; rows <= 5; rows++) {
                    long srcStep = rowBytes + r.nextInt(40);
                    long dstStep = rowBytes + r.nextInt(40);
                    long s = r.nextInt(9);
                    long d = r.nextInt(9);
                    byte[] want = background.clone();
                    for (int i = 0; i < rows; i++) {
                        System.arraycopy(srcBytes, (int) (s + i * srcStep), want, (int) (d + i * dstStep), rowBytes);
                    }
                    for (Kernel k : kernels) {
                        if (kernels.length == 3 && k == kernels[2] && rowBytes < RowCopyVector.WIDTH) {
                            continue;
                        }
                        dst.copyFrom(MemorySegment.ofArray(background));
                        k.copy(src, s, srcStep, dst, d, dstStep, rowBytes, rows);
                        assertEquals(-1, dst.mismatch(MemorySegment.ofArray(want)), rows + " rows of " + rowBytes
                                + " bytes, steps " + srcStep + "/" + dstStep);
                    }
                }
            }
        }
    }

    @Test
    void rowsOutsideTheSegmentsOrOfTheWrongSizeAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(1_000);
            MemorySegment dst = arena.allocate(1_000);
            // 4 rows of 64 every 300: the last ends at 964, inside; from 40 it would end at 1004
            RowCopy.copy(src, 0, 300, dst, 0, 300, 64, 4);
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 40, 300, dst, 0, 300, 64, 4));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 0, 300, dst, 40, 300, 64, 4));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, -1, 300, dst, 0, 300, 64, 1));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 0, 300, dst, 0, 300, 7, 1));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 0, 300, dst, 0, 300, 257, 1));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 0, 63, dst, 0, 300, 64, 2));
            assertThrows(IllegalArgumentException.class, () -> RowCopy.copy(src, 0, 300, dst, 0, 300, 64, -1));
            assertThrows(IllegalArgumentException.class,
                    () -> RowCopy.copy(src, 0, Long.MAX_VALUE / 2, dst, 0, 300, 64, 4));
            assertThrows(IllegalArgumentException.class,
                    () -> RowCopy.copy(MemorySegment.ofArray(new byte[1_000]), 0, 300, dst, 0, 300, 64, 1));
            assertThrows(IllegalArgumentException.class,
                    () -> RowCopy.copy(src, 0, 300, dst.asReadOnly(), 0, 300, 64, 1));
        }
    }
}
