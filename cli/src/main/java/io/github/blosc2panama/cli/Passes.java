package io.github.blosc2panama.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * How {@code blosc2 bench} times one direction of one case, ours and C's alike: untimed passes for at least
 * {@code warmupNanos} (at least one), and on until the JIT has compiled nothing for a quarter of that time, or for
 * at most {@value #MAX_WARMUPS} times {@code warmupNanos}; then the best of up to {@code reps} timed passes, stopping
 * early once those have taken {@code budgetNanos}.
 *
 * <p>The JIT compiles our codecs during the warm-up. A fixed half second was not enough for the first case of a run,
 * when the compiler has the whole library to work through: f64_noise BloscLZ decompression measured 0.21 of C in two
 * runs of three (the code still in its profiling tier), 0.92-0.96 with two seconds of warm-up, 0.99-1.03 in JMH.
 */
record Passes(int reps, long warmupNanos, long budgetNanos) {
    /** The longest warm-up, in multiples of {@code warmupNanos}. */
    static final int MAX_WARMUPS = 8;

    /** The shortest timed pass, in nanoseconds (at least 1). */
    long best(Runnable task) {
        warmUp(task);
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

    private void warmUp(Runnable task) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean watchJit = jit != null && jit.isCompilationTimeMonitoringSupported();
        long quiet = warmupNanos / 4;
        long start = System.nanoTime();
        long compiled = watchJit ? jit.getTotalCompilationTime() : 0;
        long lastCompile = start;
        while (true) {
            task.run();
            long now = System.nanoTime();
            if (watchJit) {
                long total = jit.getTotalCompilationTime();
                if (total != compiled) {
                    compiled = total;
                    lastCompile = now;
                }
            }
            long warm = now - start;
            if (warm >= warmupNanos && (now - lastCompile >= quiet || warm >= MAX_WARMUPS * warmupNanos)) {
                return;
            }
        }
    }
}
