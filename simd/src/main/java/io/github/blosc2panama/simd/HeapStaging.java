package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Byte shuffle of heap segments through native scratch: the vector lane joins are only fast on native memory (see
 * {@link LaneTranspose}), so a heap source or destination is copied tile by tile into per-thread native buffers of
 * {@value #STAGE} bytes, shuffled there, and copied out. Typesizes too large for one element per tile run on the
 * scalar twin.
 */
final class HeapStaging {
    /** Bytes of each of the two per-thread staging buffers. */
    static final int STAGE = 64 * 1024;
    private static final ThreadLocal<MemorySegment> BUFFERS =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(2L * STAGE, 64));

    private HeapStaging() {
    }

    /** Shuffles {@code nel} whole elements of src into dst (the caller copies the tail). */
    static void shuffle(MemorySegment src, MemorySegment dst, long nel, int typesize) {
        if (typesize > STAGE) {
            ShuffleScalar.shuffle(src, dst, nel * typesize, typesize);
            return;
        }
        MemorySegment stage = BUFFERS.get(); // elements in [0, STAGE), rows in [STAGE, 2 * STAGE)
        int tile = STAGE / typesize;
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            MemorySegment.copy(src, first * typesize, stage, 0, (long) n * typesize);
            ShuffleVector.shuffleElements(stage, 0, stage, STAGE, n, n, typesize);
            for (int j = 0; j < typesize; j++) {
                MemorySegment.copy(stage, STAGE + (long) j * n, dst, j * nel + first, n);
            }
        }
    }

    /** Inverse of {@link #shuffle}. */
    static void unshuffle(MemorySegment src, MemorySegment dst, long nel, int typesize) {
        if (typesize > STAGE) {
            ShuffleScalar.unshuffle(src, dst, nel * typesize, typesize);
            return;
        }
        MemorySegment stage = BUFFERS.get(); // rows in [0, STAGE), elements in [STAGE, 2 * STAGE)
        int tile = STAGE / typesize;
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            for (int j = 0; j < typesize; j++) {
                MemorySegment.copy(src, j * nel + first, stage, (long) j * n, n);
            }
            ShuffleVector.unshuffleElements(stage, 0, n, stage, STAGE, n, typesize);
            MemorySegment.copy(stage, STAGE, dst, first * typesize, (long) n * typesize);
        }
    }
}
