package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.ChunkInfo;
import java.lang.foreign.MemorySegment;

/** A chunk header. (Being written: see issue 2.) */
public final class ChunkHeader {
    private ChunkHeader() {
    }

    public static ChunkHeader parse(MemorySegment chunk) {
        throw new UnsupportedOperationException("header parsing is being written");
    }

    public ChunkInfo toInfo() {
        throw new UnsupportedOperationException("header parsing is being written");
    }
}
