package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.codec.BlockCodec;
import io.github.blosc2panama.core.codec.Codecs;
import io.github.blosc2panama.simd.Shuffle;
import java.lang.foreign.MemorySegment;

/**
 * Decodes single blocks of one chunk (regular or VL-block, not special or memcpyed): reads the
 * block's streams (zero runs, byte runs, raw copies or codec streams), then undoes the filters.
 * Every offset and size read from the chunk is checked against the chunk's cbytes first.
 *
 * <p>One decoder is {@linkplain #reset reset} for each chunk and reused: decoding allocates nothing.
 * Once reset, {@link #decode} may run on several threads at once (it changes no field).
 */
final class BlockDecoder {
    private static final int[] NO_BLOCKS = new int[0];

    private ChunkHeader h;
    private MemorySegment chunk;
    private final FilterPipeline pipeline = new FilterPipeline();
    private BlockCodec codec;
    private MemorySegment dict;
    private boolean vl;
    /**
     * Whether a block may be unshuffled from rows in two places ({@link Shuffle#unshuffleSplitRows}): its low-byte
     * streams read in the chunk when all are stored raw, its high-byte streams from short rows when all are runs.
     */
    private boolean splitRows;
    private int[] vlOffsets = NO_BLOCKS;  // VL-block chunks: output offset of each block
    private int[] vlSizes = NO_BLOCKS;    // VL-block chunks: uncompressed size of each block

    /** Prepares to decode the blocks of {@code chunk}, whose header {@code h} has been read and validated. */
    void reset(ChunkHeader h, MemorySegment chunk) {
        this.h = h;
        this.chunk = chunk;
        pipeline.set(h);
        codec = Codecs.forFormat(h.compformat(), h.compcode());
        dict = h.useDict() ? readDict() : null;
        vl = h.vlBlocks();
        splitRows = !vl && !h.dontSplit() && pipeline.backwardIsOneUnshuffle()
                && Shuffle.unshufflesSplitRowsFast(h.typesize);
        if (vl) {
            if (vlSizes.length < h.nblocks) {
                vlOffsets = new int[h.nblocks];
                vlSizes = new int[h.nblocks];
            }
            readVlBlockSizes();
        }
    }

    /** Drops the references to the caller's chunk (and its header), so that an idle thread does not keep them. */
    void clear() {
        h = null;
        chunk = null;
        dict = null;
    }

    MemorySegment chunk() {
        return chunk;
    }

    int nblocks() {
        return h.nblocks;
    }

    boolean vlBlocks() {
        return vl;
    }

    /** The uncompressed size of block {@code j}. */
    int blockSize(int j) {
        return vl ? vlSizes[j] : h.blockSize(j);
    }

    /** The offset of block {@code j} in the chunk's output. */
    long blockOffset(int j) {
        return vl ? vlOffsets[j] : (long) j * h.blocksize;
    }

    /** The largest block. */
    int maxBlockSize() {
        if (!vl) {
            return h.blocksize;
        }
        int max = 0;
        for (int j = 0; j < h.nblocks; j++) {
            max = Math.max(max, vlSizes[j]);
        }
        return max;
    }

    boolean needsDeltaRef() {
        return pipeline.hasDelta();
    }

    /**
     * Decodes block {@code j} into the first {@link #blockSize blockSize(j)} bytes of {@code out}.
     *
     * @param deltaRef the decoded first block of the chunk, needed when the chunk uses DELTA and j > 0
     */
    void decode(int j, MemorySegment out, MemorySegment deltaRef, Scratch scratch) {
        int bsize = blockSize(j);
        int start = bstart(j);
        MemorySegment streams = out;
        StreamRunCache runs = null;
        if (pipeline.backwardNeedsScratch()) {
            streams = scratch.streams(bsize);
            runs = scratch.runsInStreams();
            if (vl || !pipeline.backwardKeepsInput()) {
                runs.forget();
                runs = null;
            }
        }
        if (vl) {
            decodeVlBlock(j, start, bsize, streams);
        } else if (splitRows && out.isNative() && !leftoverBlock(j) && bsize % h.typesize == 0
                && decodeSplitRows(j, start, bsize, streams, runs, out, scratch)) {
            return;
        } else {
            decodeStreams(j, start, bsize, streams, spare(streams, out), runs, 0, Integer.MAX_VALUE);
        }
        if (!pipeline.backwardIsEmpty()) {
            pipeline.backward(streams, scratch.b(bsize), out, bsize, blockOffset(j), deltaRef);
        }
    }

    /**
     * Decodes only the streams of regular (not VL) block {@code j} into the first {@link #blockSize blockSize(j)}
     * bytes of {@code out}: the block as the filters left it.
     */
    void decodeRaw(int j, MemorySegment out) {
        decodeStreams(j, bstart(j), blockSize(j), out, 0, null, 0, Integer.MAX_VALUE);
    }

    /**
     * Decodes regular block {@code j} (not the leftover one, split into typesize streams, a multiple of the typesize
     * long) into native {@code out} by reading rows in place: the low-byte streams in the chunk if all are stored
     * raw, the high-byte streams from {@link RunRows} if all are runs, the others decoded into {@code streams}.
     * Returns false, having written nothing, when neither applies.
     */
    private boolean decodeSplitRows(int j, int start, int bsize, MemorySegment streams, StreamRunCache runs,
            MemorySegment out, Scratch scratch) {
        int half = h.typesize / 2;
        int neblock = bsize / h.typesize;
        boolean lowInChunk = chunk.isNative() && apartFromChunk(out, bsize) && lowStreamsAllRaw(start, bsize);
        long highBytes = highRunBytes(start);
        if (!lowInChunk && highBytes < 0) {
            return false;
        }
        decodeStreams(j, start, bsize, streams, Scratch.STREAMS_SPARE, runs, lowInChunk ? half : 0,
                highBytes < 0 ? h.typesize : half);
        MemorySegment low = lowInChunk ? chunk : streams;
        long lowFrom = lowInChunk ? start + 4L : 0;
        long lowStride = lowInChunk ? neblock + 4L : neblock;
        if (highBytes < 0) {
            Shuffle.unshuffleSplitRows(h.typesize, low, lowFrom, lowStride, streams, (long) half * neblock, neblock,
                    neblock, out, 0);
        } else {
            RunRows rows = scratch.runRows();
            for (int r = 0; r < half; r++) {
                rows.set(r, half, (byte) (highBytes >>> (8 * r)));
            }
            rows.unshuffle(h.typesize, low, lowFrom, lowStride, neblock, out);
        }
        return true;
    }

    /**
     * The bytes of the high-byte streams (the last typesize / 2, at most 4) of the regular block at {@code start},
     * split into typesize streams, packed first stream lowest, when every one of them is a run that
     * {@link #decodeStreams} accepts; else -1 (also when a stream before them runs past cbytes: then decodeStreams
     * says so).
     */
    private long highRunBytes(int start) {
        int half = h.typesize / 2;
        long pos = start;
        long packed = 0;
        for (int s = 0; s < h.typesize; s++) {
            if (h.cbytes - pos < 4) {
                return -1;
            }
            int csize = ChunkHeader.i32(chunk, pos);
            pos += 4;
            if (s < half) {
                if (csize > 0) {
                    if (csize > h.cbytes - pos) {
                        return -1;
                    }
                    pos += csize;
                } else if (csize < 0) {
                    pos += 1;
                }
            } else if (csize < 0) {
                if (csize < -255 || h.cbytes - pos < 1 || (ChunkHeader.u8(chunk, pos) & 0x1) == 0) {
                    return -1;
                }
                packed |= (long) -csize << (8 * (s - half));
                pos += 1;
            } else if (csize != 0) {
                return -1;
            }
        }
        return packed;
    }

    /**
     * Whether the streams of the low bytes (the first typesize / 2) of the regular block at {@code start}, split into
     * typesize streams, are all stored raw inside the chunk: then the first one's bytes start at {@code start + 4}
     * and the next ones follow at a stride of neblock + 4 (each after its 4-byte size).
     */
    private boolean lowStreamsAllRaw(int start, int bsize) {
        int neblock = bsize / h.typesize;
        long pos = start;
        for (int s = 0; s < h.typesize / 2; s++) {
            if (h.cbytes - pos < 4L + neblock || ChunkHeader.i32(chunk, pos) != neblock) {
                return false;
            }
            pos += 4L + neblock;
        }
        return true;
    }

    /** The bytes after the block in {@code streams} that are scratch: none when the streams are decoded into out. */
    private static int spare(MemorySegment streams, MemorySegment out) {
        return streams == out ? 0 : Scratch.STREAMS_SPARE;
    }

    /** Whether the first {@code size} bytes of native {@code out} lie outside the (native) chunk. */
    private boolean apartFromChunk(MemorySegment out, long size) {
        long at = out.address();
        long from = chunk.address();
        return at + size <= from || from + chunk.byteSize() <= at;
    }

    private boolean leftoverBlock(int j) {
        return j == h.nblocks - 1 && h.leftover > 0;
    }

    private int bstart(int j) {
        return h.blockStart(chunk, j);
    }

    /**
     * Decodes the streams of regular block {@code j} into the first {@code bsize} bytes of {@code out}. With
     * {@code runs} (what {@code out} is known to hold from the block before), a run stream already in place is
     * not written again, and every stream written is recorded there. Raw streams numbered below {@code leftInChunk}
     * are not copied: their slots in {@code out} keep what they held (the caller reads them in the chunk). Only the
     * first {@code count} streams are read; the slots of the others keep what they held. {@code spare} bytes after
     * the block in {@code out} are scratch that the last stream's codec may overwrite (0 when out is the caller's).
     */
    private void decodeStreams(int j, int start, int bsize, MemorySegment out, int spare, StreamRunCache runs,
            int leftInChunk, int count) {
        int nstreams = (!h.dontSplit() && !leftoverBlock(j)) ? h.typesize : 1;
        int neblock = bsize / nstreams;
        if (neblock == 0) {
            throw corrupt(j, "block of " + bsize + " bytes cannot hold " + nstreams + " streams");
        }
        if (bsize % nstreams != 0) {
            // C-Blosc2 decodes nstreams * neblock bytes and leaves the rest of the block unwritten, without an error;
            // its writers make full blocks a multiple of the typesize, so no chunk of theirs has such a block (a
            // header blocksize above nbytes, cut down to nbytes, can make one)
            throw corrupt(j, "block of " + bsize + " bytes does not split into " + nstreams + " streams of equal size ("
                    + (bsize % nstreams) + " bytes would be left undecoded)");
        }
        long pos = start;
        long end = h.cbytes;
        for (int s = 0; s < Math.min(nstreams, count); s++) {
            long target = (long) s * neblock;
            if (end - pos < 4) {
                throw corrupt(j, "stream " + s + " size field at offset " + pos + " runs past cbytes " + end);
            }
            int csize = ChunkHeader.i32(chunk, pos);
            pos += 4;
            if (csize == 0) {
                fillRun(out, target, s, neblock, (byte) 0, runs);
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
                fillRun(out, target, s, neblock, (byte) -csize, runs);
            } else {
                if (csize > end - pos) {
                    throw corrupt(j, "stream " + s + " of " + csize + " bytes at offset " + pos + " runs past cbytes " + end);
                }
                if (s < leftInChunk && csize == neblock) {
                    pos += csize;
                    continue;
                }
                if (runs != null) {
                    runs.written(s, neblock);
                }
                if (csize == neblock) {
                    MemorySegment.copy(chunk, pos, out, target, neblock);
                } else {
                    try {
                        // the spare bytes after out's block are past the last stream only (the others are followed
                        // by the next stream's slot, which may hold a run the cache relies on)
                        codec.decompress(chunk, pos, csize, out, target, neblock, s == nstreams - 1 ? spare : 0, dict);
                    } catch (CorruptDataException e) {
                        throw corrupt(j, "stream " + s + " of " + csize + " bytes at offset " + pos + ": " + e.getMessage());
                    }
                }
                pos += csize;
            }
        }
    }

    /** Stream {@code s}, a run of {@code b}, into {@code out} at {@code target}, unless {@code runs} has it there. */
    private static void fillRun(MemorySegment out, long target, int s, int neblock, byte b, StreamRunCache runs) {
        if (runs == null) {
            StreamRuns.fill(out, target, neblock, b);
        } else if (!runs.holds(s, neblock, b)) {
            runs.written(s, neblock);
            StreamRuns.fill(out, target, neblock, b);
            runs.filled(s, neblock, b);
        }
    }

    private void decodeVlBlock(int j, int start, int bsize, MemorySegment out) {
        long next = j + 1 < h.nblocks ? ChunkHeader.i32(chunk, h.headerLength + 4L * (j + 1)) : h.cbytes;
        int csize = (int) (next - start - 4);
        if (csize == bsize) {
            MemorySegment.copy(chunk, start + 4L, out, 0, bsize);
        } else {
            try {
                codec.decompress(chunk, start + 4L, csize, out, 0, bsize, dict);
            } catch (CorruptDataException e) {
                throw corrupt(j, "VL block of " + csize + " bytes at offset " + (start + 4L) + ": " + e.getMessage());
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
