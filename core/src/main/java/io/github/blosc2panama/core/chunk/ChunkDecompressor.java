package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.DParams;
import java.lang.foreign.MemorySegment;

/** Reads chunks. (Being written: see issue 2.) */
public final class ChunkDecompressor {
    private ChunkDecompressor() {
    }

    public static byte[] decompressToArray(MemorySegment chunk, DParams params) {
        throw new UnsupportedOperationException("chunk decompression is being written");
    }

    public static long decompress(MemorySegment chunk, MemorySegment dst, DParams params) {
        throw new UnsupportedOperationException("chunk decompression is being written");
    }

    public static byte[] getItemsToArray(MemorySegment chunk, long start, long nitems) {
        throw new UnsupportedOperationException("getitem is being written");
    }

    public static long getItems(MemorySegment chunk, long start, long nitems, MemorySegment dst) {
        throw new UnsupportedOperationException("getitem is being written");
    }
}
