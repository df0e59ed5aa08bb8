package io.github.blosc2panama.core;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Chunk replacements gathered for a super-chunk and committed together, up to {@link #BATCH_BYTES} of chunks at a
 * time: one write of the offsets index (and on durable storage one set of fsyncs) per batch, not per chunk. Each
 * chunk index is given at most once.
 */
final class ChunkUpdates {
    static final long BATCH_BYTES = 64L << 20;

    private final SuperChunk sc;
    private final List<MemorySegment> chunks = new ArrayList<>();
    private int[] indexes = new int[16];
    private long bytes;

    ChunkUpdates(SuperChunk sc) {
        this.sc = sc;
    }

    /** Chunk {@code index} becomes {@code chunk} (made by this library). */
    void add(byte[] chunk, int index) {
        if (chunks.size() == indexes.length) {
            indexes = Arrays.copyOf(indexes, 2 * indexes.length);
        }
        indexes[chunks.size()] = index;
        chunks.add(MemorySegment.ofArray(chunk));
        bytes += chunk.length;
        if (bytes >= BATCH_BYTES) {
            commit();
        }
    }

    /** Commits the chunks gathered since the last commit. */
    void commit() {
        if (!chunks.isEmpty()) {
            sc.updateChunks(Arrays.copyOf(indexes, chunks.size()), chunks);
            chunks.clear();
            bytes = 0;
        }
    }
}
