package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import java.lang.foreign.MemorySegment;

/** Reads chunks: whole-chunk decompression and getitem (only the blocks that cover an item range). */
public final class ChunkDecompressor {
    private ChunkDecompressor() {
    }

    public static byte[] decompressToArray(MemorySegment chunk, DParams params) {
        ChunkHeader h = ChunkHeader.parse(chunk);
        params.limits().checkChunkNbytes(h.nbytes, "chunk");
        byte[] out = new byte[h.nbytes];
        decompress(h, chunk, MemorySegment.ofArray(out), params);
        return out;
    }

    public static long decompress(MemorySegment chunk, MemorySegment dst, DParams params) {
        ChunkHeader h = ChunkHeader.parse(chunk);
        params.limits().checkChunkNbytes(h.nbytes, "chunk");
        if (dst.byteSize() < h.nbytes) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes is smaller than the chunk's nbytes "
                    + h.nbytes);
        }
        decompress(h, chunk, dst.asSlice(0, h.nbytes), params);
        return h.nbytes;
    }

    private static void decompress(ChunkHeader h, MemorySegment chunk, MemorySegment out, DParams params) {
        if (h.nbytes == 0) {
            return;
        }
        if (h.special != SpecialValue.NONE) {
            SpecialChunks.fill(h, chunk, out, 0);
            return;
        }
        if (h.memcpyed()) {
            MemorySegment.copy(chunk, h.headerLength, out, 0, h.nbytes);
            return;
        }
        BlockDecoder decoder = new BlockDecoder(h, chunk);
        BlockRunner.decodeAll(decoder, out, params.nthreads());
    }

    public static byte[] getItemsToArray(MemorySegment chunk, long start, long nitems) {
        ChunkHeader h = ChunkHeader.parse(chunk);
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
            SpecialChunks.fill(h, chunk, out, startByte);
            return;
        }
        if (h.memcpyed()) {
            MemorySegment.copy(chunk, h.headerLength + startByte, out, 0, n);
            return;
        }
        BlockDecoder decoder = new BlockDecoder(h, chunk);
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
