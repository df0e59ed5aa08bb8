package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Where each byte row of a shuffled block lies once its streams are decoded: in the decoder's buffer of streams, or,
 * for a stream the chunk stores raw, in the chunk itself, where the unshuffle reads it without copying it first
 * ({@code Shuffle.unshuffleRows}). One per thread, in {@link Scratch}; emptied after each block, so that no chunk
 * stays referenced from an idle thread.
 */
final class StreamRows {
    /** The most rows held: typesize 8, the largest with a kernel that reads rows where they lie. */
    static final int MAX = 8;

    final MemorySegment[] segments = new MemorySegment[MAX];
    final long[] offsets = new long[MAX];

    /** Row {@code row} is the bytes of {@code segment} from {@code offset}. */
    void set(int row, MemorySegment segment, long offset) {
        segments[row] = segment;
        offsets[row] = offset;
    }

    /** Lets go of the segments of the first {@code count} rows. */
    void clear(int count) {
        Arrays.fill(segments, 0, count, null);
    }
}
