package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.data.BenchConfig;
import io.github.blosc2panama.core.data.Dataset;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * The "C-Blosc2" columns of {@code blosc2 bench}: something that measures the same dataset, configuration
 * and thread count with another implementation ({@link CBlosc2Baseline}, the C library through FFM).
 * {@link #none()} measures nothing, and the bench then prints no baseline columns: no number is ever
 * invented. {@link Main#commands()} gives {@link BenchCommand} an {@link Opener} that makes one per run.
 */
interface Baseline {
    /** The column group's label, e.g. "C-Blosc2 3.3.3". */
    String name();

    /** Whether this baseline measures anything (false only for {@link #none()}). */
    boolean present();

    /**
     * Measures {@code data} (the whole dataset, to be cut into {@code chunkNbytes} chunks) with
     * {@code config} at {@code nthreads}, each direction timed as {@code passes} says; empty when this baseline
     * cannot run that case.
     */
    Optional<Measurement> measure(Dataset dataset, BenchConfig config, int nthreads, MemorySegment data,
            int chunkNbytes, Passes passes);

    /** Makes the baseline of one bench run. */
    @FunctionalInterface
    interface Opener {
        /**
         * The baseline for a run: {@code clib} is the {@code --clib} option (null when not given); a note
         * for the user (such as how to get the library) goes to {@code err}.
         */
        Baseline open(String clib, PrintStream err);
    }

    /** The absent baseline. */
    static Baseline none() {
        return new Baseline() {
            @Override
            public String name() {
                return "none";
            }

            @Override
            public boolean present() {
                return false;
            }

            @Override
            public Optional<Measurement> measure(Dataset dataset, BenchConfig config, int nthreads,
                    MemorySegment data, int chunkNbytes, Passes passes) {
                return Optional.empty();
            }
        };
    }

    /**
     * One measured case.
     *
     * @param ratio          uncompressed / compressed bytes
     * @param compressGbps   1e9 bytes of uncompressed data per second, compressing
     * @param decompressGbps the same, decompressing
     */
    record Measurement(double ratio, double compressGbps, double decompressGbps) {
    }
}
