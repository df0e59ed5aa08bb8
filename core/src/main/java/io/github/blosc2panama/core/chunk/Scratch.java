package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.codec.BlockCodec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Per-thread scratch segments for one block: two for the filter pipeline's ping-pong and one for
 * a decoded reference block (DELTA). They grow on demand and are reused across calls; the ping-pong
 * buffers are handed out whole (callers pass explicit lengths), so that reusing them allocates nothing.
 */
final class Scratch {
    /**
     * Bytes of {@link #streams}'s buffer after the block that are there for a codec to overwrite ({@link BlockCodec}'s
     * decompress with spare bytes: LZ4 stays on its fast path to the end of a block with them).
     */
    static final int STREAMS_SPARE = BlockCodec.SPARE;
    private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);

    private MemorySegment a = MemorySegment.NULL;
    private final StreamRunCache runsInA = new StreamRunCache();
    private MemorySegment b = MemorySegment.NULL;
    private MemorySegment ref = MemorySegment.NULL;
    private MemorySegment block = MemorySegment.NULL;
    private MemorySegment staging = MemorySegment.NULL;
    private RunRows runRows;
    /** The sum of the bytes {@link CacheLines#touch} read, kept so that the reads are not optimized away. */
    long touched;

    static Scratch get() {
        return LOCAL.get();
    }

    /**
     * The first ping-pong buffer: at least {@code size} bytes (the same segment each time it need not grow), for
     * the caller to write anything into (what {@link #runsInStreams} knew of it is forgotten).
     */
    MemorySegment a(long size) {
        runsInA.forget();
        if (a.byteSize() < size) {
            a = allocate(size);
        }
        return a;
    }

    /**
     * The first ping-pong buffer as the block decoder's buffer of decoded streams, keeping what
     * {@link #runsInStreams} knows of it: the decoder keeps that up to date for every stream it writes. At least
     * {@code size} + {@link #STREAMS_SPARE} bytes.
     */
    MemorySegment streams(long size) {
        if (a.byteSize() < size + STREAMS_SPARE) {
            runsInA.forget();
            a = Arena.ofAuto().allocate(rounded(size) + STREAMS_SPARE, 64);
        }
        return a;
    }

    /** Which streams of {@link #streams}'s buffer still hold a run written by the block decoded before. */
    StreamRunCache runsInStreams() {
        return runsInA;
    }

    /** The second ping-pong buffer: at least {@code size} bytes (the same segment each time it need not grow). */
    MemorySegment b(long size) {
        if (b.byteSize() < size) {
            b = allocate(size);
        }
        return b;
    }

    MemorySegment ref(long size) {
        if (ref.byteSize() < size) {
            ref = allocate(size);
        }
        return ref.asSlice(0, size);
    }

    /** A whole decoded block that is only partly wanted (getitem). */
    MemorySegment block(long size) {
        if (block.byteSize() < size) {
            block = allocate(size);
        }
        return block.asSlice(0, size);
    }

    /** The block decoder's short rows of the high-byte streams that are runs (allocated on first use). */
    RunRows runRows() {
        if (runRows == null) {
            runRows = new RunRows();
        }
        return runRows;
    }

    /** Room for all of a chunk's encoded blocks before they are placed (parallel compression). */
    MemorySegment staging(long size) {
        if (staging.byteSize() < size) {
            staging = Arena.ofAuto().allocate(size, 64);
        }
        return staging.asSlice(0, size);
    }

    private static MemorySegment allocate(long size) {
        return Arena.ofAuto().allocate(rounded(size), 64);
    }

    /** {@code size} rounded up to a power of two, at least 4 KiB, so that slowly growing sizes do not reallocate. */
    private static long rounded(long size) {
        return Math.max(4096, Long.highestOneBit(Math.max(1, size - 1)) << 1);
    }
}
