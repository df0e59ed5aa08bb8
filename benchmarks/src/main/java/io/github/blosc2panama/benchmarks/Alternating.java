package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.cbaseline.CBlosc2;
import java.io.IOException;
import java.util.Locale;

/**
 * A second opinion on {@link SliceBenchmark}, {@link ChunkBenchmark} and {@link KernelBenchmark} that host drift
 * cannot skew: one JVM sets up both sides (ours and C's) on the same data, then runs them in turns
 * ({@value #TURN_NANOS} ns of ours, the same of C's, repeated), and prints each turn's ratio, their geometric mean
 * and the ratio of the best turns. JMH runs the two sides in forks minutes apart, so on a busy host its ratios of
 * memory-bound work move by tens of percent; here both sides of a turn see the same host. Not a replacement for JMH
 * (no forks, no blackhole).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Dblosc2.clib=.../libblosc2.so \
 *     -cp benchmarks/target/benchmarks.jar io.github.blosc2panama.benchmarks.Alternating slice f32_4d all 16
 * ... Alternating decompress i32_arange blosclz-5-shuffle 1 16      (or compress; dataset config nthreads turns)
 * ... Alternating kernel unshuffle i32_arange 262144 16             (kernel dataset piece turns [typesize])
 * </pre>
 * The chunk turns run over the first 16 MiB of the dataset, as {@link ChunkBenchmark} does, or over as much as
 * {@code -Dblosc2.bench.mib=64} says (the later chunks of a dataset can compress quite differently).
 * The kernel turns run over {@link KernelBenchmark}'s 4 MiB block in pieces, one output buffer for both sides.
 * All print ours/C of the rates (slices or MiB per second): above 1 means ours is faster; for slices that is C's
 * time over ours, the C/ours column of {@code SliceBenchmark}'s tables.
 */
public final class Alternating {
    static final long TURN_NANOS = 400_000_000L;
    static final int MIN_WARM_TURNS = 3;
    static final int MAX_WARM_TURNS = 30;

    private Alternating() {
    }

    /** One side: runs one operation, returns the units of work it did (1 slice, or MiB of data). */
    private interface Side {
        double run();
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 4 && args[0].equals("slice")) {
            SliceBenchmark ours = slice(args[1], args[2], "java");
            SliceBenchmark c = slice(args[1], args[2], "c");
            alternate(args[1] + " " + args[2] + " slice", Integer.parseInt(args[3]), () -> {
                ours.slice();
                return 1;
            }, () -> {
                c.slice();
                return 1;
            });
            ours.tearDown();
            c.tearDown();
        } else if (args.length == 5 && (args[0].equals("decompress") || args[0].equals("compress"))) {
            boolean dec = args[0].equals("decompress");
            int mib = datasetMib();
            ChunkBenchmark ours = chunks(args[1], args[2], Integer.parseInt(args[3]), "java", mib);
            ChunkBenchmark c = chunks(args[1], args[2], Integer.parseInt(args[3]), "c", mib);
            alternate(args[1] + " " + args[2] + " nthreads=" + args[3] + " " + args[0] + " (" + mib + " MiB)",
                    Integer.parseInt(args[4]),
                    () -> (dec ? ours.decompress() : ours.compress()) >= 0 ? mib : 0,
                    () -> (dec ? c.decompress() : c.compress()) >= 0 ? mib : 0);
            ours.tearDown();
            c.tearDown();
        } else if ((args.length == 5 || args.length == 6) && args[0].equals("kernel")) {
            KernelBenchmark.Block block = new KernelBenchmark.Block();
            block.dataset = args[2];
            block.piece = Integer.parseInt(args[3]);
            block.typesize = args.length == 6 ? Integer.parseInt(args[5]) : 0;
            block.setup();
            KernelBenchmark.Kernel ours = kernel(args[1], KernelBenchmark.JavaKernels.expect(true));
            KernelBenchmark.Kernel c = kernel(args[1], new KernelBenchmark.CKernels(CBlosc2.load()));
            alternate(args[1] + " " + args[2] + " in pieces of " + args[3] + " bytes", Integer.parseInt(args[4]),
                    () -> block.inPieces(ours) >= 0 ? KernelBenchmark.BLOCK_MIB : 0,
                    () -> block.inPieces(c) >= 0 ? KernelBenchmark.BLOCK_MIB : 0);
            block.tearDown();
        } else {
            System.err.println("usage: Alternating slice ARRAY REGION TURNS | (decompress|compress) DATASET CONFIG"
                    + " NTHREADS TURNS | kernel (shuffle|unshuffle|bitshuffle|bitunshuffle) DATASET PIECE TURNS [TYPESIZE]"
                    + "   (the parameters of SliceBenchmark, ChunkBenchmark and KernelBenchmark)");
            System.exit(2);
        }
    }

    private static KernelBenchmark.Kernel kernel(String name, KernelBenchmark.Kernels kernels) {
        return switch (name) {
            case "shuffle" -> kernels::shuffle;
            case "unshuffle" -> kernels::unshuffle;
            case "bitshuffle" -> kernels::bitshuffle;
            case "bitunshuffle" -> kernels::bitunshuffle;
            default -> throw new IllegalArgumentException("unknown kernel '" + name + "'");
        };
    }

    private static SliceBenchmark slice(String array, String region, String impl) throws IOException {
        SliceBenchmark b = new SliceBenchmark();
        b.array = array;
        b.region = region;
        b.impl = impl;
        b.setup();
        return b;
    }

    /**
     * How much of the dataset the chunk turns run over: system property {@code blosc2.bench.mib}, a multiple of 4
     * up to 64 (the whole dataset of DATASETS.md); by default the {@value ChunkBenchmark#DATASET_MIB} MiB of JMH.
     */
    private static int datasetMib() {
        int mib = Integer.getInteger("blosc2.bench.mib", ChunkBenchmark.DATASET_MIB);
        if (mib < 4 || mib > 64 || mib % 4 != 0) {
            throw new IllegalArgumentException("blosc2.bench.mib must be 4, 8, ..., 64, not " + mib);
        }
        return mib;
    }

    private static ChunkBenchmark chunks(String dataset, String config, int nthreads, String impl, int mib) {
        ChunkBenchmark b = new ChunkBenchmark();
        b.chunkCount = mib / (ChunkBenchmark.CHUNK_BYTES >> 20);
        b.dataset = dataset;
        b.config = config;
        b.nthreads = nthreads;
        b.impl = impl;
        b.setup();
        return b;
    }

    /** Runs the sides in turns and prints the ratios of their rates (work per second), ours over C's. */
    private static void alternate(String what, int turns, Side ours, Side c) {
        // Warm-up turns until ours stops getting faster: the vector kernels run 100-1,000 times slower until C2 has
        // compiled them, which took this host's JVMs more than three turns (a first timed turn at 20-50 MiB/s for a
        // bitshuffle that then ran at 20,000, which dragged the geometric mean of 12 turns down to 0.86).
        double best = 0;
        double previous = 0;
        double last = 0;
        for (int warm = 0; warm < MIN_WARM_TURNS || (settling(previous, last, best) && warm < MAX_WARM_TURNS);
                warm++) {
            previous = last;
            last = rate(ours);
            best = Math.max(best, last);
            rate(c);
        }
        double logSum = 0;
        double bestOurs = 0;
        double bestC = 0;
        for (int t = 0; t < turns; t++) {
            double o = rate(ours);
            double x = rate(c);
            logSum += Math.log(o / x);
            bestOurs = Math.max(bestOurs, o);
            bestC = Math.max(bestC, x);
            System.out.printf(Locale.ROOT, "turn %d: ours %.4g/s, C %.4g/s, ours/C %.2f%n", t, o, x, o / x);
        }
        System.out.printf(Locale.ROOT, "%s: ours/C geometric mean %.2f over %d turns; best turns ours %.4g/s, C %.4g/s,"
                + " ours/C %.2f%n", what, Math.exp(logSum / turns), turns, bestOurs, bestC, bestOurs / bestC);
    }

    /** Whether ours is still getting faster (by more than 10 % a turn) or below 90 % of its best turn. */
    private static boolean settling(double previous, double last, double best) {
        return last > 1.1 * previous || last < 0.9 * best;
    }

    private static double rate(Side side) {
        long start = System.nanoTime();
        double work = 0;
        long now;
        do {
            work += side.run();
            now = System.nanoTime();
        } while (now - start < TURN_NANOS);
        return work / ((now - start) / 1e9);
    }
}
