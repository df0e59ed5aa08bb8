package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.data.BenchConfig;
import io.github.blosc2panama.core.data.Dataset;
import io.github.blosc2panama.core.data.Datasets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/** {@code blosc2 bench}: the datasets x configurations of DATASETS.md, as a table or JSON. */
final class BenchCommand implements Command {
    static final int DEFAULT_SIZE_MIB = 16;
    static final int DEFAULT_REPS = 3;
    /** A case stops repeating once its timed passes have taken this long. */
    static final long BUDGET_NANOS = 500_000_000L;
    /**
     * Untimed passes before the timed ones, per direction and side: the JIT compiles our codecs in the first
     * few hundred milliseconds of their use (one pass over 16 MiB left our Java codecs at a fifth to a half of
     * their speed).
     */
    static final long WARMUP_NANOS = 500_000_000L;
    static final String MEMCPY = "memcpy";
    static final String SIMD_WARMUP = "blosc2.simd.warmup";

    private final Baseline.Opener baselines;

    BenchCommand(Baseline.Opener baselines) {
        this.baselines = baselines;
    }

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "benchmark the datasets and configurations of DATASETS.md";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 bench [--json] [--dataset NAME,..] [--config NAME,..] [--threads N,..]
                                    [--size MiB] [--reps N] [--no-baseline] [--clib PATH]

                Compresses each dataset (generated as one stream, cut into 4 MiB chunks) with each
                configuration at each thread count and prints ratio and speeds (GB/s = 1e9 bytes of
                uncompressed data per second; the best timed pass, after a verified pass and at least half
                a second of warm-up per direction, longer while the JIT is still compiling the Java codecs).
                The sha256 column is the start of the sha256 of the dataset's first 64 MiB, checked
                against DATASETS.md; the measured bytes are the first --size MiB of that stream.

                When C-Blosc2 is found (the libblosc2 of python-blosc2: --clib, -Dblosc2.clib, or the
                venv of bin/lib/peer-venv.sh), each row also measures it on the same chunks with the same
                parameters, right after ours (C gets contexts and buffers made once per case), and shows
                its speeds and the ratios ours/C (comp/C, dec/C: above 1 means we are faster).

                options:
                  --json           a JSON array of rows {dataset, config, nthreads, ratio,
                                   compress_gbps, decompress_gbps, ...}; with C also c_ratio,
                                   c_compress_gbps, c_decompress_gbps, compress_ratio_vs_c and
                                   decompress_ratio_vs_c
                  --dataset LIST   %s (default: all)
                  --config LIST    %s, memcpy (default: all)
                  --threads LIST   thread counts (default: 1 and the number of cores)
                  --size MiB       bytes measured per dataset, 1..1024 (default %d)
                  --reps N         timed passes per case, 1..100 (default %d; fewer when a case is slow)
                  --no-baseline    do not look for C-Blosc2, no C columns
                  --clib PATH      the libblosc2 shared library to compare against
                """.formatted(String.join(", ", Datasets.datasets().stream().map(Dataset::name).toList()),
                String.join(", ", Datasets.configurations().stream().map(BenchConfig::name).toList()),
                DEFAULT_SIZE_MIB, DEFAULT_REPS);
    }

    @Override
    public int run(List<String> tokens, Io io) {
        Args a = Args.parse(name(), tokens, Set.of("json", "no-baseline"),
                Set.of("dataset", "config", "threads", "size", "reps", "clib"));
        if (a.has("help")) {
            io.out().print(usage());
            return 0;
        }
        a.expect();
        // The measurement is of warmed code: its warm-up passes warm the vector kernels, so they are not held back
        // on their scalar twins meanwhile, which a fresh JVM does by default (the simd module's VectorWarmup).
        if (System.getProperty(SIMD_WARMUP) == null) {
            System.setProperty(SIMD_WARMUP, "off");
        }
        List<Dataset> datasets = datasets(a.list("dataset"));
        List<String> configNames = a.list("config");
        boolean memcpy = configNames == null || configNames.contains(MEMCPY);
        List<BenchConfig> configs = configs(configNames);
        List<Integer> threads = threads(a.list("threads"));
        long nbytes = (long) a.intValue("size", DEFAULT_SIZE_MIB, 1, 1024) << 20;
        int reps = a.intValue("reps", DEFAULT_REPS, 1, 100);
        boolean json = a.has("json");
        String clib = a.value("clib", null);
        if (clib != null && a.has("no-baseline")) {
            throw new UsageException("bench: --clib and --no-baseline exclude each other");
        }
        // Only chunk configurations have a C counterpart; a memcpy-only run needs no library.
        Baseline baseline = a.has("no-baseline") || configs.isEmpty() ? Baseline.none()
                : baselines.open(clib, io.err());

        BenchRunner runner = new BenchRunner(baseline, new Passes(reps, WARMUP_NANOS, BUDGET_NANOS));
        BenchTable table = new BenchTable(baseline);
        List<BenchRow> rows = new ArrayList<>();
        Consumer<BenchRow> sink = row -> {
            rows.add(row);
            if (!json) {
                io.out().print(table.row(row));
                io.out().flush();
            }
        };
        if (!json) {
            io.out().printf(Locale.ROOT, "# blosc2-panama %s, %d MiB per dataset in %d MiB chunks, best of %d, %d cores%s%n",
                    Version.get(), nbytes >> 20, Datasets.CHUNK_NBYTES >> 20, reps,
                    Runtime.getRuntime().availableProcessors(),
                    baseline.present() ? "; c_* columns: " + baseline.name() + ", comp/C and dec/C = ours/C" : "");
            io.out().print(table.header());
        }
        if (!configs.isEmpty()) {
            for (Dataset d : datasets) {
                runner.run(d, nbytes, threads, configs, sink);
            }
        }
        if (memcpy) {
            sink.accept(runner.memcpy(nbytes));
        }
        if (json) {
            io.out().println(table.json(rows));
        } else if (!configs.isEmpty()) {
            // which builds of the native codecs ran decides our speeds and ratios (and a jar left on the class
            // path once made this command compress with another LZ4)
            Blosc2.nativeLibraries().lines().forEach(line -> io.out().println("# " + line));
        }
        return 0;
    }

    static List<Dataset> datasets(List<String> names) {
        if (names == null) {
            return Datasets.datasets();
        }
        return new ArrayList<>(new LinkedHashSet<>(names.stream().map(Datasets::dataset).toList()));
    }

    static List<BenchConfig> configs(List<String> names) {
        if (names == null) {
            return Datasets.configurations();
        }
        LinkedHashSet<BenchConfig> out = new LinkedHashSet<>();
        for (String n : names) {
            if (!n.equals(MEMCPY)) {
                out.add(Datasets.configuration(n));
            }
        }
        return new ArrayList<>(out);
    }

    static List<Integer> threads(List<String> values) {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        if (values == null) {
            out.add(1);
            out.add(Runtime.getRuntime().availableProcessors());
        } else {
            for (String v : values) {
                out.add(Args.parseInt("--threads", v, 1, 1024));
            }
        }
        return new ArrayList<>(out);
    }
}
