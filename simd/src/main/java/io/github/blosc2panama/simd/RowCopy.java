package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Copies rows of a few hundred bytes at most from one native segment to another, each row a fixed step further
 * than the one before on both sides: the rows of a b2nd block put in place in a slice (64 or 128 bytes each), where
 * one {@code MemorySegment.copy} per row costs more in checks and a stub call than the copy itself. On the Vector
 * API a row is whole vector loads and stores, the last one ending at the row's end (so it may overlap the one
 * before); the scalar twin moves 8-byte words. Both write exactly the rows.
 */
public final class RowCopy {
    /** The longest row this kernel takes. */
    public static final int MAX_ROW = 256;

    private RowCopy() {
    }

    /**
     * Copies {@code rows} rows of {@code rowBytes} bytes (8..{@value #MAX_ROW}), the first from {@code src} at
     * {@code srcOffset} to {@code dst} at {@code dstOffset}, each next one {@code srcStep} / {@code dstStep} bytes
     * further. Both segments native; the rows of one side must not overlap those of the other.
     *
     * @throws IllegalArgumentException if a segment is not native, a length or step is out of range, or the rows do
     *         not lie inside the segments
     */
    public static void copy(MemorySegment src, long srcOffset, long srcStep, MemorySegment dst, long dstOffset,
            long dstStep, int rowBytes, long rows) {
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        if (!src.isNative() || !dst.isNative() || dst.isReadOnly()) {
            throw new IllegalArgumentException("row copies take native segments, a writable destination");
        }
        if (rowBytes < Long.BYTES || rowBytes > MAX_ROW || rows < 0 || srcStep < rowBytes || dstStep < rowBytes) {
            throw new IllegalArgumentException(rows + " rows of " + rowBytes + " bytes at steps " + srcStep + " / "
                    + dstStep + ": rows of 8.." + MAX_ROW + " bytes, steps of at least a row");
        }
        if (rows == 0) {
            return;
        }
        inside(src, srcOffset, srcStep, rowBytes, rows, "source");
        inside(dst, dstOffset, dstStep, rowBytes, rows, "destination");
        if (SimdSupport.VECTOR && rowBytes >= RowCopyVector.WIDTH) {
            RowCopyVector.copy(src, srcOffset, srcStep, dst, dstOffset, dstStep, rowBytes, rows);
        } else {
            RowCopyScalar.copy(src, srcOffset, srcStep, dst, dstOffset, dstStep, rowBytes, rows);
        }
    }

    private static void inside(MemorySegment segment, long offset, long step, int rowBytes, long rows, String what) {
        long lastRow = rows - 1;
        if (offset < 0 || lastRow > (Long.MAX_VALUE - offset - rowBytes) / step
                || offset + lastRow * step + rowBytes > segment.byteSize()) {
            throw new IllegalArgumentException(rows + " rows of " + rowBytes + " bytes every " + step
                    + " bytes from offset " + offset + " are not inside the " + segment.byteSize() + "-byte " + what);
        }
    }
}
