package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;

/**
 * Runs the blocks of one chunk on the caller's thread, or on up to {@code nthreads} threads: the
 * caller plus helpers from the shared {@link WorkerPool}. Blocks write disjoint parts of the
 * output, so the result never depends on the number of threads.
 */
final class BlockRunner {
    /** A thread that is never started: segments it may access are not confined to their owner. */
    private static final Thread OTHER_THREAD = new Thread(() -> { });

    private BlockRunner() {
    }

    /** Whether threads other than the caller may touch {@code segment} (a confined arena's may not). */
    static boolean shareable(MemorySegment segment) {
        return segment.isAccessibleBy(OTHER_THREAD);
    }

    /**
     * Decodes every block of {@code decoder} into its view (see {@link BlockViews}) of {@code out}.
     *
     * @param job this thread's reusable job, for when other threads help
     */
    static void decodeAll(BlockDecoder decoder, MemorySegment out, MemorySegment[] views, int nthreads, BlockJob job) {
        int nblocks = decoder.nblocks();
        if (nblocks == 0) {
            return;
        }
        MemorySegment ref = decoder.needsDeltaRef() ? views[0] : null;
        Scratch scratch = Scratch.get();
        int first = 0;
        if (ref != null) {
            // with DELTA every other block is decoded against block 0: it goes first, alone
            decoder.decode(0, views[0], null, scratch);
            first = 1;
        }
        int workers = Math.min(nthreads, nblocks - first);
        if (workers <= 1 || !shareable(out) || !shareable(decoder.chunk())) {
            for (int j = first; j < nblocks; j++) {
                decoder.decode(j, views[j], ref, scratch);
            }
            return;
        }
        job.set(decoder, views, ref, first);
        try {
            WorkerPool.run(workers, job);
        } finally {
            job.clear();
        }
    }

    /** Runs {@code work} on the caller and {@code workers - 1} pool threads, and waits for all. */
    static void runOn(int workers, Runnable work) {
        WorkerPool.run(workers, work);
    }
}
