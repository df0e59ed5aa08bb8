package io.github.blosc2panama.benchmarks;

import java.io.IOException;
import java.util.Locale;

/**
 * A check of {@link SliceBenchmark} that host drift cannot skew: one JVM sets up both sides on the same array and
 * region, then reads in turns ({@value #TURN_NANOS} ns of ours, the same of C's, repeated), and prints each turn's
 * C/ours ratio, their geometric mean, and the ratio of the best turns. JMH runs the two sides in forks minutes
 * apart, so on a busy host its ratios of memory-bound reads move by tens of percent; here both sides of a turn see
 * the same host. Not a replacement for JMH (no forks, no blackhole): a second opinion.
 *
 * <pre>java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Dblosc2.clib=.../libblosc2.so \
 *     -cp benchmarks/target/benchmarks.jar io.github.blosc2panama.benchmarks.AlternatingSlices f32_4d all 16</pre>
 */
public final class AlternatingSlices {
    static final long TURN_NANOS = 400_000_000L;

    private AlternatingSlices() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: AlternatingSlices ARRAY REGION TURNS   (e.g. f32_4d all 16; arrays and regions"
                    + " of SliceBenchmark)");
            System.exit(2);
        }
        int turns = Integer.parseInt(args[2]);
        SliceBenchmark ours = side(args[0], args[1], "java");
        SliceBenchmark c = side(args[0], args[1], "c");
        double logSum = 0;
        double bestOurs = Double.MAX_VALUE;
        double bestC = Double.MAX_VALUE;
        for (int t = 0; t < turns; t++) {
            double us = microsPerSlice(ours);
            double cs = microsPerSlice(c);
            logSum += Math.log(cs / us);
            bestOurs = Math.min(bestOurs, us);
            bestC = Math.min(bestC, cs);
            System.out.printf(Locale.ROOT, "turn %d: ours %.1f us, C %.1f us, C/ours %.2f%n", t, us, cs, cs / us);
        }
        System.out.printf(Locale.ROOT, "%s %s: C/ours geometric mean %.2f over %d turns; best turns ours %.1f us, C %.1f"
                + " us, C/ours %.2f%n", args[0], args[1], Math.exp(logSum / turns), turns, bestOurs, bestC,
                bestC / bestOurs);
        ours.tearDown();
        c.tearDown();
    }

    private static SliceBenchmark side(String array, String region, String impl) throws IOException {
        SliceBenchmark b = new SliceBenchmark();
        b.array = array;
        b.region = region;
        b.impl = impl;
        b.setup();
        return b;
    }

    private static double microsPerSlice(SliceBenchmark b) {
        long start = System.nanoTime();
        long n = 0;
        long now;
        do {
            b.slice();
            n++;
            now = System.nanoTime();
        } while (now - start < TURN_NANOS);
        return (now - start) / 1e3 / n;
    }
}
