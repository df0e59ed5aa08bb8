package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocks 1..nblocks-1 of one chunk, shared out among the threads that decode it: each takes the next block
 * nobody has taken. One job per calling thread is {@linkplain #set set} for each chunk and reused, so handing it
 * to the {@link WorkerPool} allocates nothing.
 */
final class BlockJob implements Runnable {
    private final AtomicInteger next = new AtomicInteger();
    private BlockDecoder decoder;
    private MemorySegment[] views;
    private MemorySegment deltaRef;
    private int nblocks;

    void set(BlockDecoder decoder, MemorySegment[] views, MemorySegment deltaRef) {
        this.decoder = decoder;
        this.views = views;
        this.deltaRef = deltaRef;
        this.nblocks = decoder.nblocks();
        next.set(1);
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
