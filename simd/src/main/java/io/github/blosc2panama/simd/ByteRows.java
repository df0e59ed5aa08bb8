package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Where the byte rows of a shuffled block lie, for the kernels that join rows into elements: row {@code k} starts at
 * {@code offsets[k]} of {@code segments[k]}. The unshuffle of a block whose rows are not one after another in one
 * segment passes its own arrays ({@link Shuffle#unshuffleRows}); the strided unshuffle describes its rows here, in an
 * instance per thread, so that one kernel serves both and a call allocates nothing.
 */
final class ByteRows {
    /** The most rows a kernel joins: those of typesize 8. */
    static final int MAX = 8;
    private static final ThreadLocal<ByteRows> LOCAL = ThreadLocal.withInitial(ByteRows::new);

    final MemorySegment[] segments = new MemorySegment[MAX];
    final long[] offsets = new long[MAX];

    private ByteRows() {
    }

    /** This thread's instance, describing the {@code count} rows at {@code s[from + k * stride]}. */
    static ByteRows strided(MemorySegment s, long from, long stride, int count) {
        ByteRows rows = LOCAL.get();
        for (int k = 0; k < count; k++) {
            rows.segments[k] = s;
            rows.offsets[k] = from + k * stride;
        }
        return rows;
    }
}
