package io.github.blosc2panama.core.chunk;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Daemon threads that help a calling thread run one piece of work, shared by all callers.
 *
 * <p>{@link #run} offers the work to idle workers, runs it on the caller too, then takes back every offer no worker
 * has picked up yet (so the caller never waits for a thread the scheduler has not started) and waits for the
 * workers that did pick it up. The work must therefore be safe to run on any number of threads at once, each
 * doing a share. Offers, hand-backs and waits go through fields, {@code park} and {@code unpark}: a call allocates
 * nothing once enough workers exist. Workers are started on first need and end after a minute without work.
 */
final class WorkerPool {
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    /**
     * How long a worker waiting for its next offer, and a caller waiting for its helpers, spin before they park. A
     * parked thread takes tens of microseconds to wake on this project's hosts (KVM guests), which a 4 MiB chunk
     * decoded in 0.3-0.5 ms by 2 threads pays twice. {@code Alternating} at 2 threads, no spin -> 50 us:
     * decompression f64_noise lz4 1.07 -> 1.25, i32_arange lz4 1.08 -> 1.38; compression i32_arange lz4 1.20 -> 1.46.
     */
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final Object LOCK = new Object();
    private static Worker[] idle = new Worker[4];   // guarded by LOCK
    private static int idleCount;                   // guarded by LOCK
    private static int started;                     // guarded by LOCK

    private WorkerPool() {
    }

    /**
     * Runs {@code work} on the calling thread and on up to {@code threads - 1} workers, and returns once every run
     * of it has returned. The first failure is rethrown as it is when unchecked (an {@link Error} included), else
     * wrapped in an {@link IllegalStateException}.
     */
    static void run(int threads, Runnable work) {
        Worker helpers = null;
        Throwable failure = null;
        try {
            for (int i = 1; i < threads; i++) {
                Worker w = take();
                w.nextHelper = helpers;
                helpers = w;
                w.offer(work, Thread.currentThread());
            }
            work.run();
        } catch (Throwable t) {
            failure = t;
        }
        while (helpers != null) {
            Worker w = helpers;
            helpers = w.nextHelper;
            w.nextHelper = null;
            Throwable t = w.reclaim();
            release(w);
            if (t != null && failure == null) {
                failure = t;
            }
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    /** An idle worker, started if there is none. */
    private static Worker take() {
        int n;
        synchronized (LOCK) {
            if (idleCount > 0) {
                Worker w = idle[--idleCount];
                idle[idleCount] = null;
                return w;
            }
            n = ++started;
        }
        Worker w = new Worker();
        Thread t = new Thread(w, "blosc2-block-worker-" + n);
        t.setDaemon(true);
        w.thread = t;
        t.start();
        return w;
    }

    private static void release(Worker w) {
        synchronized (LOCK) {
            if (idleCount == idle.length) {
                idle = Arrays.copyOf(idle, 2 * idleCount);
            }
            idle[idleCount++] = w;
        }
    }

    /** Takes {@code w} out of the pool for good if it is still idle there; whether it was. */
    private static boolean retire(Worker w) {
        synchronized (LOCK) {
            for (int i = 0; i < idleCount; i++) {
                if (idle[i] == w) {
                    idle[i] = idle[--idleCount];
                    idle[idleCount] = null;
                    return true;
                }
            }
            return false;
        }
    }

    /** One worker thread and the offer it is given. */
    private static final class Worker implements Runnable {
        private static final int IDLE = 0;
        private static final int OFFERED = 1;
        private static final int RUNNING = 2;
        private static final int DONE = 3;

        /** IDLE -> OFFERED (caller) -> RUNNING (worker) -> DONE (worker) -> IDLE (caller); or OFFERED -> IDLE (caller). */
        private final AtomicInteger state = new AtomicInteger(IDLE);
        private Thread thread;
        // Written before the state change that hands them over, read after it: the state orders them.
        private Runnable work;
        private Thread caller;
        private Throwable failure;
        /** The next worker helping the same caller (a list owned by the caller). */
        Worker nextHelper;

        void offer(Runnable work, Thread caller) {
            this.work = work;
            this.caller = caller;
            state.set(OFFERED);
            LockSupport.unpark(thread);
        }

        /** Takes the offer back if the worker has not picked it up, else waits until it is done; its failure or null. */
        Throwable reclaim() {
            if (!state.compareAndSet(OFFERED, IDLE)) {
                spinWhile(DONE);
                boolean interrupted = false;
                while (state.get() != DONE) {
                    LockSupport.park(this);
                    interrupted |= Thread.interrupted(); // the worker writes into the caller's memory: keep waiting
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            Throwable t = failure;
            failure = null;
            work = null;
            caller = null;
            state.set(IDLE);
            return t;
        }

        /**
         * Spins for up to {@link #SPIN_NANOS} while the state is not {@code awaited}: the next chunk's offer, or a
         * helper's last block, often comes within microseconds, and a parked thread takes tens of them to wake.
         */
        private void spinWhile(int awaited) {
            long start = System.nanoTime();
            while (state.get() != awaited && System.nanoTime() - start < SPIN_NANOS) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void run() {
            while (awaitOffer()) {
                if (state.compareAndSet(OFFERED, RUNNING)) {
                    try {
                        work.run();
                    } catch (Throwable t) {
                        failure = t;
                    }
                    Thread c = caller;
                    state.set(DONE);
                    LockSupport.unpark(c);
                }
            }
        }

        /** Parks until offered work (true), or until retired after {@link #IDLE_NANOS} idle (false). */
        private boolean awaitOffer() {
            spinWhile(OFFERED);
            long deadline = System.nanoTime() + IDLE_NANOS;
            while (state.get() != OFFERED) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    if (retire(this)) {
                        return false;
                    }
                    deadline = System.nanoTime() + IDLE_NANOS;
                } else {
                    LockSupport.parkNanos(this, left);
                }
            }
            return true;
        }
    }
}
