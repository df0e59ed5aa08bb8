package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.data.BenchConfig;
import io.github.blosc2panama.core.data.Dataset;
import io.github.blosc2panama.core.data.Datasets;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * Measures chunk compression the way DATASETS.md says: the dataset generated as one stream, cut into
 * 4 MiB chunks, each compressed with {@link Blosc2#compress(MemorySegment, MemorySegment, CParams)} into
 * buffers allocated once, and decompressed into one buffer allocated once. One pass first (the round trip
 * is verified byte for byte), then each direction timed as {@link Passes} says: warm-up, then the best pass.
 */
final class BenchRunner {
    private final Baseline baseline;
    private final Passes passes;

    BenchRunner(Baseline baseline, Passes passes) {
        this.baseline = baseline;
        this.passes = passes;
    }

    /** Runs every configuration at every thread count on {@code dataset} cut to {@code nbytes}. */
    void run(Dataset dataset, long nbytes, List<Integer> threads, List<BenchConfig> configs, Consumer<BenchRow> sink) {
        try (Arena arena = Arena.ofShared()) {
            // The whole 64 MiB stream is generated (and checked against DATASETS.md) even when fewer bytes
            // are measured: the measured bytes are its prefix.
            MemorySegment stream = arena.allocate(Math.max(nbytes, Datasets.CHECK_NBYTES), 64);
            dataset.fill(stream);
            String prefix = sha256Prefix(stream.asSlice(0, Datasets.CHECK_NBYTES));
            if (!prefix.equals(dataset.sha256Prefix64M())) {
                throw new IllegalStateException("dataset " + dataset.name() + ": sha256 prefix " + prefix
                        + " differs from DATASETS.md's " + dataset.sha256Prefix64M());
            }
            MemorySegment data = stream.asSlice(0, nbytes);
            Chunks chunks = new Chunks(arena, data);
            MemorySegment back = arena.allocate(nbytes, 64);
            for (int t : threads) {
                for (BenchConfig config : configs) {
                    sink.accept(measure(dataset, prefix, config, t, chunks, back));
                }
            }
        }
    }

    private BenchRow measure(Dataset dataset, String prefix, BenchConfig config, int nthreads, Chunks chunks,
            MemorySegment back) {
        CParams cparams = config.cparams(dataset.typesize(), nthreads);
        DParams dparams = new DParams(nthreads);
        long cbytes = chunks.compressAll(cparams);
        back.fill((byte) 0);
        chunks.decompressAll(back, dparams);
        long diff = chunks.data.mismatch(back);
        if (diff != -1) {
            throw new CorruptDataException("bench: " + dataset.name() + " " + config.name() + " with " + nthreads
                    + " threads does not round-trip (first difference at byte " + diff + ")");
        }
        long bestC = passes.best(() -> chunks.compressAll(cparams));
        long bestD = passes.best(() -> chunks.decompressAll(back, dparams));
        long nbytes = chunks.data.byteSize();
        Baseline.Measurement base = baseline.measure(dataset, config, nthreads, chunks.data, Datasets.CHUNK_NBYTES,
                passes).orElse(null);
        return new BenchRow(dataset.name(), prefix, config.name(), nthreads, (double) nbytes / cbytes,
                gbps(nbytes, bestC), gbps(nbytes, bestD), base);
    }

    /** The copy speed of MemorySegment.copy over {@code nbytes}, 4 MiB at a time. */
    BenchRow memcpy(long nbytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(nbytes, 64);
            MemorySegment dst = arena.allocate(nbytes, 64);
            src.fill((byte) 0x5A);
            Runnable copy = () -> {
                for (long off = 0; off < nbytes; off += Datasets.CHUNK_NBYTES) {
                    long len = Math.min(Datasets.CHUNK_NBYTES, nbytes - off);
                    MemorySegment.copy(src, off, dst, off, len);
                }
            };
            long best = passes.best(copy);
            return new BenchRow("(any)", "-", "memcpy", 1, Double.NaN, gbps(nbytes, best), Double.NaN, null);
        }
    }

    /** 1e9 bytes per second = bytes per nanosecond. */
    static double gbps(long nbytes, long nanos) {
        return (double) nbytes / nanos;
    }

    static String sha256Prefix(MemorySegment data) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(data.asByteBuffer());
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A dataset cut into 4 MiB chunks, with one preallocated destination per chunk. */
    private static final class Chunks {
        final MemorySegment data;
        final MemorySegment[] src;
        final MemorySegment[] dst;
        final long[] csize;

        Chunks(Arena arena, MemorySegment data) {
            this.data = data;
            long nbytes = data.byteSize();
            int n = (int) ((nbytes + Datasets.CHUNK_NBYTES - 1) / Datasets.CHUNK_NBYTES);
            src = new MemorySegment[n];
            dst = new MemorySegment[n];
            csize = new long[n];
            for (int i = 0; i < n; i++) {
                long off = (long) i * Datasets.CHUNK_NBYTES;
                long len = Math.min(Datasets.CHUNK_NBYTES, nbytes - off);
                src[i] = data.asSlice(off, len);
                dst[i] = arena.allocate(Blosc2.maxCompressedSize(len), 64);
            }
        }

        long compressAll(CParams p) {
            long total = 0;
            for (int i = 0; i < src.length; i++) {
                csize[i] = Blosc2.compress(src[i], dst[i], p);
                total += csize[i];
            }
            return total;
        }

        void decompressAll(MemorySegment back, DParams p) {
            long off = 0;
            for (int i = 0; i < src.length; i++) {
                long len = src[i].byteSize();
                long n = Blosc2.decompress(dst[i].asSlice(0, csize[i]), back.asSlice(off, len), p);
                if (n != len) {
                    throw new CorruptDataException("bench: chunk " + i + " decompressed to " + n + " bytes, expected "
                            + len);
                }
                off += len;
            }
        }
    }
}
