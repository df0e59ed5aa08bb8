package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.simd.Shuffle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The high-byte streams of a shuffled block when every one of them is a run (the upper bytes of small integers),
 * kept as short rows, {@value #ROWS_BYTES} bytes in all, instead of being written out to the block's length: the
 * unshuffle reads them again for each piece of the block, a row's length of elements at a time. C-Blosc2 writes each
 * such run out in full before unshuffling. Here a row is written only when its byte changes: once a block for the
 * third bytes of i32_arange, never for zeros.
 *
 * <p>Measured on i32_arange (BloscLZ, 1 thread, {@code Alternating}, ours/C): 0.95 with the runs written out in full,
 * 0.97-0.99 with rows of 32 KiB in all, 1.02-1.05 with 8 KiB, 1.03-1.04 with 4 KiB (more pieces, each a kernel call).
 *
 * <p>One per {@link Scratch}, so per thread; the segment is allocated once.
 */
final class RunRows {
    /** Bytes of all rows together: little enough to stay in the first-level cache beside the low rows. */
    static final int ROWS_BYTES = 8192;
    /** The most rows (high-byte streams) kept: those of typesize 16. */
    static final int MAX_ROWS = 8;
    private static final short UNKNOWN = -1;

    private final MemorySegment rows = Arena.ofAuto().allocate(ROWS_BYTES, 64);
    /** The byte each row holds over its whole length, or UNKNOWN; rows are {@link #rowLength} bytes long. */
    private final short[] value = new short[MAX_ROWS];
    private int rowLength = -1;

    /**
     * Makes row {@code row} of {@code rowCount} rows ({@link #ROWS_BYTES} / rowCount bytes each) hold {@code b},
     * writing it only if it holds something else.
     */
    void set(int row, int rowCount, byte b) {
        int length = ROWS_BYTES / rowCount;
        if (length != rowLength) {
            Arrays.fill(value, UNKNOWN);
            rowLength = length;
        }
        if (value[row] != (b & 0xFF)) {
            StreamRuns.fill(rows, (long) row * length, length, b);
            value[row] = (short) (b & 0xFF);
        }
    }

    /**
     * Unshuffles {@code neblock} elements of {@code typesize} bytes into {@code out} at 0: the low half of their bytes
     * from the rows of {@code low} ({@code lowFrom} on, {@code lowStride} apart), the high half from these rows,
     * which {@link #set} has filled for a row count of {@code typesize / 2}.
     */
    void unshuffle(int typesize, MemorySegment low, long lowFrom, long lowStride, int neblock, MemorySegment out) {
        int length = rowLength;
        for (int first = 0; first < neblock; first += length) {
            int nel = Math.min(length, neblock - first);
            Shuffle.unshuffleSplitRows(typesize, low, lowFrom + first, lowStride, rows, 0, length, nel, out,
                    (long) first * typesize);
        }
    }
}
