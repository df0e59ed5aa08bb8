package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Where each byte stream of one block lies when the block is unshuffled from its streams in place
 * ({@link io.github.blosc2panama.simd.Shuffle#unshuffleRows}): stream {@code s} at {@code segments[s]} from
 * {@code offsets[s]}, either decoded into the scratch or stored raw in the chunk. One per thread, reused.
 */
final class StreamRows {
    /** A stream per byte of the typesize (at most 255). */
    private static final int MAX_STREAMS = 256;

    final MemorySegment[] segments = new MemorySegment[MAX_STREAMS];
    final long[] offsets = new long[MAX_STREAMS];

    void set(int s, MemorySegment segment, long offset) {
        segments[s] = segment;
        offsets[s] = offset;
    }

    /** Drops the references to the first {@code n} streams' segments (the caller's chunk among them). */
    void clear(int n) {
        Arrays.fill(segments, 0, n, null);
    }
}
