package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the blocks of one chunk on the caller's thread, or on up to {@code nthreads} threads: the
 * caller plus helpers from one shared, reusable daemon pool. Blocks write disjoint parts of the
 * output, so the result never depends on the number of threads.
 */
final class BlockRunner {
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "blosc2-block-worker");
        t.setDaemon(true);
        return t;
    });

    /** A thread that is never started: segments it may access are not confined to their owner. */
    private static final Thread OTHER_THREAD = new Thread(() -> { });

    private BlockRunner() {
    }

    /** Whether threads other than the caller may touch all of {@code segments} (a confined arena's may not). */
    static boolean shareable(MemorySegment... segments) {
        for (MemorySegment s : segments) {
            if (!s.isAccessibleBy(OTHER_THREAD)) {
                return false;
            }
        }
        return true;
    }

    /** Decodes every block of {@code decoder} into {@code out}. */
    static void decodeAll(BlockDecoder decoder, MemorySegment out, int nthreads) {
        int nblocks = decoder.nblocks();
        if (nblocks == 0) {
            return;
        }
        MemorySegment ref = decoder.needsDeltaRef() ? out.asSlice(0, decoder.blockSize(0)) : null;
        // Block 0 first: with DELTA every other block is decoded against it.
        decoder.decode(0, out.asSlice(0, decoder.blockSize(0)), null, Scratch.get());
        int workers = shareable(out, decoder.chunk()) ? Math.min(nthreads, nblocks - 1) : 1;
        if (workers <= 1) {
            Scratch scratch = Scratch.get();
            for (int j = 1; j < nblocks; j++) {
                decoder.decode(j, out.asSlice(decoder.blockOffset(j), decoder.blockSize(j)), ref, scratch);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger(1);
        Runnable work = () -> {
            Scratch scratch = Scratch.get();
            for (int j = next.getAndIncrement(); j < nblocks; j = next.getAndIncrement()) {
                decoder.decode(j, out.asSlice(decoder.blockOffset(j), decoder.blockSize(j)), ref, scratch);
            }
        };
        runOn(workers, work);
    }

    /** Runs {@code work} on the caller and {@code workers - 1} pool threads, and waits for all. */
    static void runOn(int workers, Runnable work) {
        // Each helper task starts only if it wins its flag; the caller takes back the flags of tasks the
        // scheduler has not started by the time it ran out of blocks, and waits only for the others.
        AtomicBoolean[] started = new AtomicBoolean[workers - 1];
        Future<?>[] futures = new Future<?>[workers - 1];
        for (int i = 0; i < futures.length; i++) {
            AtomicBoolean flag = new AtomicBoolean();
            started[i] = flag;
            futures[i] = POOL.submit(() -> {
                if (flag.compareAndSet(false, true)) {
                    work.run();
                }
            });
        }
        RuntimeException failure = null;
        try {
            work.run();
        } catch (RuntimeException e) {
            failure = e;
        }
        for (int i = 0; i < futures.length; i++) {
            if (started[i].compareAndSet(false, true)) {
                continue; // never started: nothing of it to wait for
            }
            try {
                futures[i].get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (failure == null) {
                    failure = new IllegalStateException("interrupted while waiting for block workers", e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
