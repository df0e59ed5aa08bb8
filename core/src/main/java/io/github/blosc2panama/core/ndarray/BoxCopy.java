package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.simd.RowCopy;
import java.lang.foreign.MemorySegment;

/**
 * Copies an n-dimensional box of items between two C-order buffers of different shapes:
 * {@code count} items per dimension from {@code src} (shape {@code srcShape}) at {@code srcStart}
 * to {@code dst} (shape {@code dstShape}) at {@code dstStart}. Trailing dimensions that the box
 * spans fully in both buffers are merged, so every copy moves the longest contiguous run.
 * Callers check the boxes against the shapes.
 */
final class BoxCopy {
    private BoxCopy() {
    }

    /**
     * Rows of one box: {@code rows} contiguous runs of {@code bytes} bytes, the first at {@code srcOff} /
     * {@code dstOff}, each next one {@code srcStep} / {@code dstStep} bytes further.
     */
    interface Rows {
        void copy(long srcOff, long dstOff, long bytes, long rows, long srcStep, long dstStep);
    }

    static void copy(int ndim, int itemsize, MemorySegment src, long srcBase, long[] srcShape, long[] srcStart,
            MemorySegment dst, long dstBase, long[] dstShape, long[] dstStart, long[] count) {
        forEachRows(ndim, itemsize, srcShape, srcStart, dstShape, dstStart, count,
                (s, d, n, rows, sStep, dStep) -> {
                    if (n >= Long.BYTES && n <= RowCopy.MAX_ROW && rows > 1 && sStep >= n && dStep >= n
                            && src.isNative() && dst.isNative() && !dst.isReadOnly()) {
                        // the short rows of b2nd blocks (64 or 128 bytes): one kernel call for all of them
                        RowCopy.copy(src, srcBase + s, sStep, dst, dstBase + d, dStep, (int) n, rows);
                        return;
                    }
                    for (long r = 0; r < rows; r++) {
                        MemorySegment.copy(src, srcBase + s + r * sStep, dst, dstBase + d + r * dStep, n);
                    }
                });
    }

    /**
     * Walks the box in C order, handing {@code rows} the runs of its innermost dimension that is not merged
     * (trailing dimensions spanned fully in both buffers are merged into one run).
     */
    static void forEachRows(int ndim, int itemsize, long[] srcShape, long[] srcStart, long[] dstShape,
            long[] dstStart, long[] count, Rows rows) {
        if (ndim == 0) {
            rows.copy(0, 0, itemsize, 1, 0, 0);
            return;
        }
        for (int i = 0; i < ndim; i++) {
            if (count[i] == 0) {
                return;
            }
        }
        // Merge the innermost dimensions into one run while the box covers them fully in both buffers.
        int inner = ndim - 1;
        long run = count[inner] * itemsize;
        while (inner > 0 && count[inner] == srcShape[inner] && count[inner] == dstShape[inner]) {
            inner--;
            run *= count[inner];
        }
        // Strides in bytes.
        long[] srcStride = new long[ndim];
        long[] dstStride = new long[ndim];
        long s = itemsize;
        long d = itemsize;
        for (int i = ndim - 1; i >= 0; i--) {
            srcStride[i] = s;
            dstStride[i] = d;
            s *= srcShape[i];
            d *= dstShape[i];
        }
        long srcOff = 0;
        long dstOff = 0;
        for (int i = 0; i < ndim; i++) {
            srcOff += srcStart[i] * srcStride[i];
            dstOff += dstStart[i] * dstStride[i];
        }
        if (inner == 0) {
            rows.copy(srcOff, dstOff, run, 1, 0, 0);
            return;
        }
        // Dimension inner - 1 gives the rows; an odometer walks dimensions [0, inner - 1).
        int rowDim = inner - 1;
        long nRows = count[rowDim];
        long srcStep = srcStride[rowDim];
        long dstStep = dstStride[rowDim];
        long[] idx = new long[rowDim];
        while (true) {
            rows.copy(srcOff, dstOff, run, nRows, srcStep, dstStep);
            int k = rowDim - 1;
            while (k >= 0) {
                idx[k]++;
                srcOff += srcStride[k];
                dstOff += dstStride[k];
                if (idx[k] < count[k]) {
                    break;
                }
                srcOff -= count[k] * srcStride[k];
                dstOff -= count[k] * dstStride[k];
                idx[k] = 0;
                k--;
            }
            if (k < 0) {
                return;
            }
        }
    }

    /** Fills a box of {@code dst} with zero bytes. */
    static void zero(int ndim, int itemsize, MemorySegment dst, long[] dstShape, long[] dstStart, long[] count) {
        if (ndim == 0) {
            dst.asSlice(0, itemsize).fill((byte) 0);
            return;
        }
        for (int i = 0; i < ndim; i++) {
            if (count[i] == 0) {
                return;
            }
        }
        int inner = ndim - 1;
        long run = count[inner] * itemsize;
        while (inner > 0 && count[inner] == dstShape[inner]) {
            inner--;
            run *= count[inner];
        }
        long[] stride = new long[ndim];
        long st = itemsize;
        for (int i = ndim - 1; i >= 0; i--) {
            stride[i] = st;
            st *= dstShape[i];
        }
        long off = 0;
        for (int i = 0; i < ndim; i++) {
            off += dstStart[i] * stride[i];
        }
        long[] idx = new long[Math.max(inner, 0)];
        while (true) {
            dst.asSlice(off, run).fill((byte) 0);
            int k = inner - 1;
            while (k >= 0) {
                idx[k]++;
                off += stride[k];
                if (idx[k] < count[k]) {
                    break;
                }
                off -= count[k] * stride[k];
                idx[k] = 0;
                k--;
            }
            if (k < 0) {
                return;
            }
        }
    }
}
