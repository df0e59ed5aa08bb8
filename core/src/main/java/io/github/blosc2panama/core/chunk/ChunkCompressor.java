package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CParams;
import java.lang.foreign.MemorySegment;

/** Writes chunks. (Being written: see issue 2.) */
public final class ChunkCompressor {
    private ChunkCompressor() {
    }

    public static byte[] compressToArray(MemorySegment src, CParams params) {
        throw new UnsupportedOperationException("chunk compression is being written");
    }

    public static long compress(MemorySegment src, MemorySegment dst, CParams params) {
        throw new UnsupportedOperationException("chunk compression is being written");
    }
}
