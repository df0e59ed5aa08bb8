package io.github.blosc2panama.cli;

/**
 * How {@code blosc2 bench} times one direction of one case, ours and C's alike: untimed passes until
 * {@code warmupNanos} have gone by (at least one; the JIT compiles our codecs during them, a few hundred
 * milliseconds after their first call), then the best of up to {@code reps} timed passes, stopping early once
 * those have taken {@code budgetNanos}.
 */
record Passes(int reps, long warmupNanos, long budgetNanos) {

    /** The shortest timed pass, in nanoseconds (at least 1). */
    long best(Runnable task) {
        long warm = 0;
        do {
            long t0 = System.nanoTime();
            task.run();
            warm += System.nanoTime() - t0;
        } while (warm < warmupNanos);
        long best = Long.MAX_VALUE;
        long spent = 0;
        for (int r = 0; r < reps && (r == 0 || spent < budgetNanos); r++) {
            long t0 = System.nanoTime();
            task.run();
            long dt = System.nanoTime() - t0;
            best = Math.min(best, dt);
            spent += dt;
        }
        return Math.max(best, 1);
    }
}
