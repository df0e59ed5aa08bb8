package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import java.lang.foreign.MemorySegment;

/**
 * Reads chunks: whole-chunk decompression and getitem (only the blocks that cover an item range).
 * Decompressing into a caller's segment allocates nothing in steady state: the header, the decoder and the
 * views of the destination are per-thread objects ({@link ReaderState}) reused from call to call.
 */
public final class ChunkDecompressor {
    private ChunkDecompressor() {
    }

    public static byte[] decompressToArray(MemorySegment chunk, DParams params) {
        ChunkHeader h = checkBeforeAllocating(chunk);
        params.limits().checkChunkNbytes(h.nbytes, "chunk");
        byte[] out = new byte[h.nbytes];
        decompress(chunk, MemorySegment.ofArray(out), params);
        return out;
    }

    /**
     * Parses and checks the header of {@code chunk} and where its blocks lie ({@link ChunkHeader#checkBlocks}): what a
     * caller does before allocating the nbytes the header declares.
     */
    public static ChunkHeader checkBeforeAllocating(MemorySegment chunk) {
        ChunkHeader h = ChunkHeader.parse(chunk);
        h.checkBlocks(chunk);
        return h;
    }

    public static long decompress(MemorySegment chunk, MemorySegment dst, DParams params) {
        ReaderState state = ReaderState.get();
        ChunkHeader h = state.header;
        h.read(chunk);
        params.limits().checkChunkNbytes(h.nbytes, "chunk");
        if (dst.byteSize() < h.nbytes) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes is smaller than the chunk's nbytes "
                    + h.nbytes);
        }
        if (h.nbytes == 0) {
            return 0;
        }
        if (h.special != SpecialValue.NONE) {
            SpecialChunks.fill(h, chunk, dst, h.nbytes, 0);
        } else if (h.memcpyed()) {
            MemorySegment.copy(chunk, h.headerLength, dst, 0, h.nbytes);
        } else {
            BlockDecoder decoder = state.decoder;
            try {
                decoder.reset(h, chunk);
                MemorySegment[] views = state.views.of(dst, h, decoder);
                BlockRunner.decodeAll(decoder, dst, views, params.nthreads(), state.job);
            } finally {
                decoder.clear();
            }
        }
        return h.nbytes;
    }

    public static byte[] getItemsToArray(MemorySegment chunk, long start, long nitems) {
        ChunkHeader h = checkBeforeAllocating(chunk);
        long n = checkItemRange(h, start, nitems);
        byte[] out = new byte[(int) n];
        getItems(h, chunk, start * h.typesize, MemorySegment.ofArray(out));
        return out;
    }

    public static long getItems(MemorySegment chunk, long start, long nitems, MemorySegment dst) {
        ChunkHeader h = ChunkHeader.parse(chunk);
        long n = checkItemRange(h, start, nitems);
        if (dst.byteSize() < n) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes cannot hold " + n + " bytes of items");
        }
        getItems(h, chunk, start * h.typesize, dst.asSlice(0, n));
        return n;
    }

    /**
     * Decodes the bytes {@code [start, start + dst.byteSize())} of the chunk's data into {@code dst}, touching only the
     * blocks that hold them (getitem at byte granularity).
     */
    public static void getBytes(MemorySegment chunk, long start, MemorySegment dst) {
        ChunkHeader h = ChunkHeader.parse(chunk);
        long n = dst.byteSize();
        if (start < 0 || start > h.nbytes || n > h.nbytes - start) {
            throw new InvalidArgumentException("bytes [" + start + ", " + (start + n) + ") lie outside the chunk's "
                    + h.nbytes + " bytes");
        }
        getItems(h, chunk, start, dst);
    }

    /** Checks {@code [start, start + nitems)} against the chunk and returns the size in bytes. */
    private static long checkItemRange(ChunkHeader h, long start, long nitems) {
        if (start < 0 || nitems < 0) {
            throw new InvalidArgumentException("start " + start + " and nitems " + nitems + " must not be negative");
        }
        long ts = h.typesize;
        if (start > h.nbytes / ts + 1 || nitems > h.nbytes / ts + 1 || (start + nitems) * ts > h.nbytes) {
            throw new InvalidArgumentException("items [" + start + ", " + (start + nitems) + ") of " + ts
                    + " bytes lie outside the chunk's " + h.nbytes + " bytes");
        }
        return nitems * ts;
    }

    /** Decodes the bytes {@code [startByte, startByte + out.byteSize())} of the chunk's data into {@code out}. */
    private static void getItems(ChunkHeader h, MemorySegment chunk, long startByte, MemorySegment out) {
        long n = out.byteSize();
        if (n == 0) {
            return;
        }
        if (h.special != SpecialValue.NONE) {
            SpecialChunks.fill(h, chunk, out, n, startByte);
            return;
        }
        if (h.memcpyed()) {
            MemorySegment.copy(chunk, h.headerLength + startByte, out, 0, n);
            return;
        }
        BlockDecoder decoder = ReaderState.get().decoder;
        try {
            decodeItems(decoder, h, chunk, startByte, out);
        } finally {
            decoder.clear();
        }
    }

    private static void decodeItems(BlockDecoder decoder, ChunkHeader h, MemorySegment chunk, long startByte,
                                    MemorySegment out) {
        long n = out.byteSize();
        decoder.reset(h, chunk);
        Scratch scratch = Scratch.get();
        MemorySegment ref = null;
        long stopByte = startByte + n;
        for (int j = 0; j < decoder.nblocks(); j++) {
            long bstart = decoder.blockOffset(j);
            int bsize = decoder.blockSize(j);
            long bstop = bstart + bsize;
            if (bstop <= startByte || bstart >= stopByte) {
                continue;
            }
            if (j > 0 && decoder.needsDeltaRef() && ref == null) {
                ref = scratch.ref(decoder.blockSize(0));
                decoder.decode(0, ref, null, scratch);
            }
            long from = Math.max(bstart, startByte);
            long to = Math.min(bstop, stopByte);
            if (from == bstart && to == bstop) {
                decoder.decode(j, out.asSlice(bstart - startByte, bsize), ref, scratch);
            } else {
                MemorySegment block = scratch.block(bsize);
                decoder.decode(j, block, ref, scratch);
                MemorySegment.copy(block, from - bstart, out, from - startByte, to - from);
            }
        }
    }
}
