package io.github.blosc2panama.cli;

import io.github.blosc2panama.cbaseline.CBlosc2;
import io.github.blosc2panama.cbaseline.CBlosc2Library;
import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.data.BenchConfig;
import io.github.blosc2panama.core.data.Dataset;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The C-Blosc2 columns of {@code blosc2 bench}: the same data, cut into the same chunks, compressed with the
 * same parameters by the real C-Blosc2 (through the c-baseline module's FFM binding), right after our engine
 * in the same run. C gets its best case: one compression and one decompression context per case, created
 * before timing, and chunk buffers allocated once per case and reused by every pass. Like ours, one pass first
 * (verified byte for byte), then each direction timed as {@link Passes} says.
 */
final class CBlosc2Baseline implements Baseline {
    static final String HOW_TO_GET_IT = "C-Blosc2 (libblosc2 of python-blosc2) not found, so no C columns;"
            + " to get them run bin/lib/peer-venv.sh (sets up build/peer-venv), or pass --clib PATH"
            + " (or -D" + CBlosc2Library.CLIB_PROPERTY + "=PATH in BLOSC2_JAVA_OPTS)";

    private final CBlosc2 c;

    CBlosc2Baseline(CBlosc2 c) {
        this.c = c;
    }

    /**
     * The baseline for one bench run. {@code clib} (the {@code --clib} option, or null) must name the
     * library; without it the library is looked for as {@link CBlosc2Library} says, also walking up from
     * this jar's folder. When it is not found, or found but cannot be loaded, one line on {@code err} says
     * so and the run has no C columns.
     */
    static Baseline open(String clib, PrintStream err) {
        return open(clib, err, () -> CBlosc2Library.find(jarFolder().map(List::of).orElse(List.of())));
    }

    /** {@link #open(String, PrintStream, long)} with {@code finder} looking for the library. */
    static Baseline open(String clib, PrintStream err, Supplier<Optional<Path>> finder) {
        if (clib != null) {
            return new CBlosc2Baseline(CBlosc2.load(Path.of(clib)));
        }
        Optional<Path> lib = finder.get();
        if (lib.isEmpty()) {
            err.println("blosc2 bench: " + HOW_TO_GET_IT);
            return Baseline.none();
        }
        try {
            return new CBlosc2Baseline(CBlosc2.load(lib.get()));
        } catch (RuntimeException | LinkageError e) {
            err.println("blosc2 bench: cannot load C-Blosc2 from " + lib.get() + " (" + e.getMessage()
                    + "), so no C columns");
            return Baseline.none();
        }
    }

    /** The folder of the jar (or classes folder) this class was loaded from. */
    static Optional<Path> jarFolder() {
        try {
            var source = CBlosc2Baseline.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return Optional.empty();
            }
            Path p = Path.of(source.getLocation().toURI());
            return Optional.ofNullable(p.getParent());
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public String name() {
        return "C-Blosc2 " + c.version();
    }

    @Override
    public boolean present() {
        return true;
    }

    /** The library measured. */
    Path path() {
        return c.path();
    }

    @Override
    public Optional<Measurement> measure(Dataset dataset, BenchConfig config, int nthreads, MemorySegment data,
            int chunkNbytes, Passes passes) {
        CParams p = config.cparams(dataset.typesize(), nthreads);
        String what = "bench: C-Blosc2 on " + dataset.name() + " " + config.name() + " with " + nthreads + " threads";
        try (Arena arena = Arena.ofConfined(); CBlosc2.Context cctx = c.createCctx(p);
                CBlosc2.Context dctx = c.createDctx(nthreads)) {
            Chunks chunks = new Chunks(arena, data, chunkNbytes, what);
            MemorySegment back = arena.allocate(data.byteSize(), 64);
            long cbytes = chunks.compressAll(cctx);
            chunks.decompressAll(dctx, back);
            long diff = data.mismatch(back);
            if (diff != -1) {
                throw new CorruptDataException(what + " does not round-trip (first difference at byte " + diff + ")");
            }
            long bestC = passes.best(() -> chunks.compressAll(cctx));
            long bestD = passes.best(() -> chunks.decompressAll(dctx, back));
            long nbytes = data.byteSize();
            return Optional.of(new Measurement((double) nbytes / cbytes, BenchRunner.gbps(nbytes, bestC),
                    BenchRunner.gbps(nbytes, bestD)));
        }
    }

    /** The data cut into chunks, each with a destination allocated once (chunk size plus the 32-byte header). */
    private final class Chunks {
        final List<MemorySegment> src = new ArrayList<>();
        final List<MemorySegment> dst = new ArrayList<>();
        final int[] csize;
        final String what;

        Chunks(Arena arena, MemorySegment data, int chunkNbytes, String what) {
            this.what = what;
            if (chunkNbytes < 1) {
                throw new IllegalArgumentException(what + ": chunk size must be >= 1, got " + chunkNbytes);
            }
            for (long off = 0; off < data.byteSize(); off += chunkNbytes) {
                long len = Math.min(chunkNbytes, data.byteSize() - off);
                src.add(data.asSlice(off, len));
                dst.add(arena.allocate(Blosc2.maxCompressedSize(len), 64));
            }
            csize = new int[src.size()];
        }

        long compressAll(CBlosc2.Context cctx) {
            long total = 0;
            for (int i = 0; i < csize.length; i++) {
                int n = c.compress(cctx, src.get(i), dst.get(i));
                if (n <= 0) {
                    throw new IllegalStateException(what + ": blosc2_compress_ctx returned " + n + " for chunk " + i);
                }
                csize[i] = n;
                total += n;
            }
            return total;
        }

        void decompressAll(CBlosc2.Context dctx, MemorySegment back) {
            long off = 0;
            for (int i = 0; i < csize.length; i++) {
                long len = src.get(i).byteSize();
                int n = c.decompress(dctx, dst.get(i).asSlice(0, csize[i]), back.asSlice(off, len));
                if (n != len) {
                    throw new CorruptDataException(what + ": blosc2_decompress_ctx returned " + n + " for chunk " + i
                            + ", expected " + len);
                }
                off += len;
            }
        }
    }
}
