package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** Argument checks of {@link Shuffle#unshuffleRows}: every row inside its segment and apart from the output. */
final class RowChecks {
    private RowChecks() {
    }

    static void check(MemorySegment[] rows, long[] offsets, MemorySegment dst, long length, int typesize) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(offsets, "offsets");
        Objects.requireNonNull(dst, "dst");
        if (typesize < 1) {
            throw new IllegalArgumentException("typesize must be >= 1, got " + typesize);
        }
        if (length < 0 || length % typesize != 0) {
            throw new IllegalArgumentException("length " + length + " is not a whole number of " + typesize
                    + "-byte elements");
        }
        if (rows.length < typesize || offsets.length < typesize) {
            throw new IllegalArgumentException(rows.length + " rows and " + offsets.length + " offsets for "
                    + typesize + " rows");
        }
        if (length > dst.byteSize()) {
            throw new IllegalArgumentException("length " + length + " does not fit dst (" + dst.byteSize()
                    + " bytes)");
        }
        long nel = length / typesize;
        for (int j = 0; j < typesize; j++) {
            KernelChecks.checkRange(rows[j], offsets[j], nel);
            if (KernelChecks.overlap(rows[j], offsets[j], nel, dst, 0, length) != KernelChecks.DISJOINT) {
                throw new IllegalArgumentException("row " + j + " overlaps dst");
            }
        }
    }

    /** Whether the first {@code typesize} rows and {@code dst} are all native segments. */
    static boolean allNative(MemorySegment[] rows, MemorySegment dst, int typesize) {
        for (int j = 0; j < typesize; j++) {
            if (!rows[j].isNative()) {
                return false;
            }
        }
        return dst.isNative();
    }
}
