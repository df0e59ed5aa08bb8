package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.codec.BlockCodec;
import io.github.blosc2panama.core.codec.Codecs;
import java.lang.foreign.MemorySegment;

/**
 * Decodes single blocks of one chunk (regular or VL-block, not special or memcpyed): reads the
 * block's streams (zero runs, byte runs, raw copies or codec streams), then undoes the filters.
 * Every offset and size read from the chunk is checked against the chunk's cbytes first.
 */
final class BlockDecoder {
    private final ChunkHeader h;
    private final MemorySegment chunk;
    private final FilterPipeline pipeline;
    private final BlockCodec codec;
    private final MemorySegment dict;
    private final int[] vlOffsets;  // VL-block chunks: output offset of each block
    private final int[] vlSizes;    // VL-block chunks: uncompressed size of each block

    BlockDecoder(ChunkHeader h, MemorySegment chunk) {
        this.h = h;
        this.chunk = chunk.asSlice(0, h.cbytes);
        this.pipeline = FilterPipeline.of(h);
        this.codec = Codecs.forFormat(h.compformat(), h.compcode());
        this.dict = h.useDict() ? readDict() : null;
        if (h.vlBlocks()) {
            vlOffsets = new int[h.nblocks];
            vlSizes = new int[h.nblocks];
            readVlBlockSizes();
        } else {
            vlOffsets = null;
            vlSizes = null;
        }
    }

    MemorySegment chunk() {
        return chunk;
    }

    int nblocks() {
        return h.nblocks;
    }

    /** The uncompressed size of block {@code j}. */
    int blockSize(int j) {
        return vlSizes != null ? vlSizes[j] : h.blockSize(j);
    }

    /** The offset of block {@code j} in the chunk's output. */
    long blockOffset(int j) {
        return vlOffsets != null ? vlOffsets[j] : (long) j * h.blocksize;
    }

    /** The largest block. */
    int maxBlockSize() {
        if (vlSizes == null) {
            return h.blocksize;
        }
        int max = 0;
        for (int s : vlSizes) {
            max = Math.max(max, s);
        }
        return max;
    }

    boolean needsDeltaRef() {
        return pipeline.hasDelta();
    }

    /**
     * Decodes block {@code j} into {@code out} (exactly the block's size).
     *
     * @param deltaRef the decoded first block of the chunk, needed when the chunk uses DELTA and j > 0
     */
    void decode(int j, MemorySegment out, MemorySegment deltaRef, Scratch scratch) {
        int bsize = blockSize(j);
        int start = bstart(j);
        MemorySegment streams = pipeline.backwardNeedsScratch() ? scratch.a(bsize) : out;
        if (vlSizes != null) {
            decodeVlBlock(j, start, bsize, streams);
        } else {
            decodeStreams(j, start, bsize, streams);
        }
        if (!pipeline.backwardIsEmpty()) {
            pipeline.backward(streams, scratch.b(bsize), out, bsize, blockOffset(j), deltaRef);
        }
    }

    private int bstart(int j) {
        int start = ChunkHeader.i32(chunk, h.headerLength + 4L * j);
        if (start < h.bstartsEnd() || start >= h.cbytes) {
            throw corrupt(j, "bstarts[" + j + "] = " + start + " lies outside the streams section ["
                    + h.bstartsEnd() + ", " + h.cbytes + ")");
        }
        return start;
    }

    private void decodeStreams(int j, int start, int bsize, MemorySegment out) {
        boolean leftoverBlock = j == h.nblocks - 1 && h.leftover > 0;
        int nstreams = (!h.dontSplit() && !leftoverBlock) ? h.typesize : 1;
        int neblock = bsize / nstreams;
        if (neblock == 0) {
            throw corrupt(j, "block of " + bsize + " bytes cannot hold " + nstreams + " streams");
        }
        long pos = start;
        long end = h.cbytes;
        for (int s = 0; s < nstreams; s++) {
            MemorySegment target = out.asSlice((long) s * neblock, neblock);
            if (end - pos < 4) {
                throw corrupt(j, "stream " + s + " size field at offset " + pos + " runs past cbytes " + end);
            }
            int csize = ChunkHeader.i32(chunk, pos);
            pos += 4;
            if (csize == 0) {
                target.fill((byte) 0);
            } else if (csize < 0) {
                if (end - pos < 1) {
                    throw corrupt(j, "stream " + s + " token at offset " + pos + " runs past cbytes " + end);
                }
                int token = ChunkHeader.u8(chunk, pos);
                pos += 1;
                if ((token & 0x1) == 0) {
                    throw corrupt(j, "stream " + s + " has unsupported token 0x" + Integer.toHexString(token));
                }
                if (csize < -255) {
                    throw corrupt(j, "stream " + s + " run-length csize " + csize + " does not encode one byte");
                }
                target.fill((byte) -csize);
            } else {
                if (csize > end - pos) {
                    throw corrupt(j, "stream " + s + " of " + csize + " bytes at offset " + pos + " runs past cbytes " + end);
                }
                MemorySegment src = chunk.asSlice(pos, csize);
                if (csize == neblock) {
                    MemorySegment.copy(src, 0, target, 0, neblock);
                } else {
                    int n;
                    try {
                        n = codec.decompress(src, target, dict);
                    } catch (CorruptDataException e) {
                        throw corrupt(j, "stream " + s + " of " + csize + " bytes at offset " + pos + ": " + e.getMessage());
                    }
                    if (n != neblock) {
                        throw corrupt(j, "stream " + s + " decoded to " + n + " bytes, expected " + neblock);
                    }
                }
                pos += csize;
            }
        }
    }

    private void decodeVlBlock(int j, int start, int bsize, MemorySegment out) {
        long next = j + 1 < h.nblocks ? ChunkHeader.i32(chunk, h.headerLength + 4L * (j + 1)) : h.cbytes;
        int csize = (int) (next - start - 4);
        MemorySegment src = chunk.asSlice(start + 4L, csize);
        if (csize == bsize) {
            MemorySegment.copy(src, 0, out, 0, bsize);
        } else {
            int n;
            try {
                n = codec.decompress(src, out, dict);
            } catch (CorruptDataException e) {
                throw corrupt(j, "VL block of " + csize + " bytes at offset " + (start + 4L) + ": " + e.getMessage());
            }
            if (n != bsize) {
                throw corrupt(j, "VL block decoded to " + n + " bytes, expected " + bsize);
            }
        }
    }

    /** Reads the sizes of VL blocks from their streams, checking that they add up to nbytes. */
    private void readVlBlockSizes() {
        long total = 0;
        int prev = 0;
        for (int j = 0; j < h.nblocks; j++) {
            int start = bstart(j);
            long next = j + 1 < h.nblocks ? ChunkHeader.i32(chunk, h.headerLength + 4L * (j + 1)) : h.cbytes;
            if (start <= prev || next <= start + 4L || next > h.cbytes) {
                throw corrupt(j, "VL block offsets out of order or too close: bstarts[" + j + "] = " + start
                        + ", next = " + next);
            }
            int size = ChunkHeader.i32(chunk, start);
            if (size <= 0) {
                throw corrupt(j, "VL block uncompressed size " + size + " is not positive");
            }
            if (j > 0 && pipeline.hasDelta() && size > vlSizes[0]) {
                // DELTA decodes every block against block 0, which must therefore be at least as long
                throw corrupt(j, "VL block of " + size + " bytes is longer than block 0 (" + vlSizes[0]
                        + " bytes), the DELTA reference");
            }
            vlOffsets[j] = (int) total;
            vlSizes[j] = size;
            total += size;
            if (total > h.nbytes) {
                throw corrupt(j, "VL block sizes exceed nbytes " + h.nbytes);
            }
            prev = start;
        }
        if (total != h.nbytes) {
            throw new CorruptDataException("corrupt chunk: VL block sizes add up to " + total + ", not nbytes " + h.nbytes);
        }
    }

    private MemorySegment readDict() {
        int at = h.bstartsEnd();
        if (h.cbytes - at < 4) {
            throw new CorruptDataException("corrupt chunk: dictionary size field at offset " + at + " runs past cbytes " + h.cbytes);
        }
        int size = ChunkHeader.i32(chunk, at);
        if (size <= 0 || size > ChunkHeader.MAX_DICT_SIZE) {
            throw new CorruptDataException("corrupt chunk: dictionary size " + size + " at offset " + at
                    + " is outside 1.." + ChunkHeader.MAX_DICT_SIZE);
        }
        if (size > h.cbytes - at - 4L) {
            throw new CorruptDataException("corrupt chunk: dictionary of " + size + " bytes at offset " + (at + 4)
                    + " runs past cbytes " + h.cbytes);
        }
        return chunk.asSlice(at + 4L, size);
    }

    private static CorruptDataException corrupt(int block, String what) {
        return new CorruptDataException("corrupt chunk: block " + block + ": " + what);
    }
}
