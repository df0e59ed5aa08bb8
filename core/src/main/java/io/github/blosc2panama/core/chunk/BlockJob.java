package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocks of one chunk (all, or all but block 0 with DELTA), shared out among the threads that decode it:
 * each takes the next block nobody has taken. One job per calling thread is {@linkplain #set set} for each chunk
 * and reused, so handing it to the {@link WorkerPool} allocates nothing.
 */
final class BlockJob implements Runnable {
    private final AtomicInteger next = new AtomicInteger();
    private BlockDecoder decoder;
    private MemorySegment[] views;
    private MemorySegment deltaRef;
    private int nblocks;

    /** The blocks {@code first..nblocks-1} of {@code decoder}'s chunk ({@code first} is 1 when block 0 is done). */
    void set(BlockDecoder decoder, MemorySegment[] views, MemorySegment deltaRef, int first) {
        this.decoder = decoder;
        this.views = views;
        this.deltaRef = deltaRef;
        this.nblocks = decoder.nblocks();
        next.set(first);
    }

    /** Drops the references to the caller's chunk and destination. */
    void clear() {
        decoder = null;
        views = null;
        deltaRef = null;
    }

    @Override
    public void run() {
        Scratch scratch = Scratch.get();
        for (int j = next.getAndIncrement(); j < nblocks; j = next.getAndIncrement()) {
            decoder.decode(j, views[j], deltaRef, scratch);
        }
    }
}
