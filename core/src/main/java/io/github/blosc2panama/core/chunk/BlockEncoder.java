package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.codec.BlockCodec;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Encodes single blocks of one chunk: runs the filters, then writes each stream as a zero run, a
 * byte run (csize {@code -value} and a token), a codec stream, or the raw bytes when the codec
 * does not shrink them. A block's encoding depends only on the block, never on how much room is
 * left in the chunk, so the chunk is the same whatever the number of threads.
 */
final class BlockEncoder {
    private final MemorySegment src;
    private final BlockPlan plan;
    private final FilterPipeline pipeline;
    private final BlockCodec codec;
    private final int clevel;
    private final MemorySegment dict;
    /** Whether each block's cache lines are read before its filters run ({@link CacheLines}). */
    private final boolean touch;

    BlockEncoder(MemorySegment src, BlockPlan plan, FilterPipeline pipeline, BlockCodec codec, int clevel,
            MemorySegment dict) {
        this.src = src;
        this.plan = plan;
        this.pipeline = pipeline;
        this.codec = codec;
        this.clevel = clevel;
        this.dict = dict;
        this.touch = !pipeline.forwardIsEmpty() && src.byteSize() > CacheLines.MIN_CHUNK;
    }

    /** The most bytes block {@code j} can take: its data plus a size field and a token per stream. */
    long worstCase(int j) {
        return plan.blockSize(j) + 5L * plan.streams(j);
    }

    /** Encodes block {@code j} at the start of {@code out} (at least {@link #worstCase} bytes); returns its size. */
    int encode(int j, MemorySegment out, Scratch scratch) {
        int bsize = plan.blockSize(j);
        long offset = (long) j * plan.blocksize();
        if (touch) {
            scratch.touched += CacheLines.touch(src, offset, bsize);
        }
        MemorySegment filtered = pipeline.forward(src, offset, bsize, scratch.a(bsize), scratch.b(bsize));
        int nstreams = plan.streams(j);
        int neblock = bsize / nstreams;
        int pos = 0;
        for (int s = 0; s < nstreams; s++) {
            pos = encodeStream(filtered.asSlice((long) s * neblock, neblock), out, pos);
        }
        return pos;
    }

    private int encodeStream(MemorySegment stream, MemorySegment out, int pos) {
        int neblock = (int) stream.byteSize();
        int csizeAt = pos;
        pos += 4;
        if (StreamRuns.isRun(stream)) {
            int value = Byte.toUnsignedInt(stream.get(ValueLayout.JAVA_BYTE, 0));
            out.set(Le.I32, csizeAt, -value);
            if (value != 0) {
                out.set(ValueLayout.JAVA_BYTE, pos, (byte) 0x1);
                pos += 1;
            }
            return pos;
        }
        int cbytes = codec.compress(stream, out.asSlice(pos, neblock), clevel, dict);
        if (cbytes < 0 || cbytes > neblock) {
            throw new IllegalStateException("codec returned " + cbytes + " for a stream of " + neblock + " bytes");
        }
        if (cbytes == 0 || cbytes == neblock) {
            // Not compressible: store the stream as it is.
            MemorySegment.copy(stream, 0, out, pos, neblock);
            cbytes = neblock;
        }
        out.set(Le.I32, csizeAt, cbytes);
        return pos + cbytes;
    }
}
