package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The hand-off pool behind multi-threaded block decoding. */
class WorkerPoolTest {

    private static boolean onWorker() {
        return Thread.currentThread().getName().startsWith("blosc2-block-worker");
    }

    /** Items shared out by a counter, as BlockJob does: each is done exactly once, and all before run returns. */
    private static void shareOut(int threads, int items) {
        AtomicInteger next = new AtomicInteger();
        AtomicIntegerArray done = new AtomicIntegerArray(items);
        WorkerPool.run(threads, () -> {
            for (int i = next.getAndIncrement(); i < items; i = next.getAndIncrement()) {
                done.incrementAndGet(i);
            }
        });
        for (int i = 0; i < items; i++) {
            assertEquals(1, done.get(i), "item " + i);
        }
    }

    @Test
    void everyItemIsDoneOnceBeforeRunReturns() {
        for (int threads = 1; threads <= 4; threads++) {
            for (int round = 0; round < 200; round++) {
                shareOut(threads, 1 + round % 37);
            }
        }
    }

    @Test
    void concurrentCallersShareThePool() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
                results.add(callers.submit(() -> {
                    for (int round = 0; round < 300; round++) {
                        shareOut(3, 64);
                    }
                }));
            }
            for (Future<?> f : results) {
                f.get(2, TimeUnit.MINUTES);
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aWorkersFailureReachesTheCaller() {
        IllegalStateException boom = new IllegalStateException("boom");
        assertSame(boom, failureOfAWorker(boom));
        shareOut(2, 100); // the pool is still usable
    }

    @Test
    void aWorkersErrorReachesTheCallerAsItIs() {
        // (an OutOfMemoryError of a worker came back wrapped in an IllegalStateException)
        OutOfMemoryError oom = new OutOfMemoryError("Cannot reserve 2147483696 bytes of direct buffer memory");
        assertSame(oom, failureOfAWorker(oom));
        shareOut(2, 100);
    }

    /** What {@link WorkerPool#run} throws when the work throws {@code failure} on a worker (not on the caller). */
    private static Throwable failureOfAWorker(Throwable failure) {
        CountDownLatch workerStarted = new CountDownLatch(1);
        return assertThrows(Throwable.class, () -> WorkerPool.run(2, () -> {
            if (onWorker()) {
                workerStarted.countDown();
                if (failure instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) failure;
            }
            try {
                // the caller's own share: wait for the worker so that it does not take back the offer
                assertTrue(workerStarted.await(1, TimeUnit.MINUTES), "no worker picked up the work");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }));
    }

    @Test
    void theCallersFailureIsRethrownAfterTheWorkersFinish() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        UnsupportedOperationException mine = new UnsupportedOperationException("caller");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> WorkerPool.run(3, () -> {
            if (onWorker()) {
                running.incrementAndGet();
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                finished.incrementAndGet();
                return;
            }
            throw mine;
        }));
        assertSame(mine, thrown);
        // every worker that picked the work up had finished when run returned
        assertEquals(running.get(), finished.get());
    }
}
