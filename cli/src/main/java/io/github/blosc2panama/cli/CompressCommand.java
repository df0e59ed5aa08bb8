package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code blosc2 compress IN OUT [options]}: one file into one chunk, or into a contiguous or sparse frame. */
final class CompressCommand implements Command {
    private static final Set<String> VALUED = Set.of("codec", "clevel", "filters", "filters-meta", "typesize",
            "blocksize", "splitmode", "nthreads", "chunksize", "meta", "vlmeta", "dtype", "shape", "chunkshape",
            "blockshape");
    /** The default chunk size of frames (rounded down to a multiple of the typesize). */
    static final int DEFAULT_CHUNKSIZE = 1 << 20;

    @Override
    public String name() {
        return "compress";
    }

    @Override
    public String summary() {
        return "compress a file into one chunk or a frame";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 compress IN OUT [OPTIONS]

                Compresses the file IN (at most %d bytes) into one Blosc2 chunk written to OUT
                ("-" for standard output). Defaults are python-blosc2's: zstd, clevel 5, typesize 8,
                shuffle, automatic blocksize, auto split, 1 thread.
                When OUT ends in .b2frame, or --chunksize or --sparse is given, IN (any size) is cut
                into chunks and written as a frame: a contiguous frame file (or a cframe on standard
                output with "-"), or with --sparse a sparse frame directory (which must not exist).
                An existing OUT file is replaced, only once the new one is complete (a failed command
                leaves it as it was); a sparse OUT must not exist. The directory of OUT must exist.
                A progress bar is shown on standard error when it is a terminal.

                options:
                  --codec NAME         blosclz, lz4, lz4hc, zlib or zstd
                  --clevel N           0..9
                  --filters F1,F2,..   the pipeline in order, right-aligned into the 6 slots: nofilter,
                                       shuffle, bitshuffle, delta, trunc-prec, bytedelta, int-trunc
                  --filters-meta M,..  the filters' meta bytes, aligned like --filters
                  --typesize N         bytes per item (>= 1)
                  --blocksize N        bytes per block, 0 = automatic
                  --splitmode MODE     always, never, auto or forward_compat
                  --nthreads N         compression threads
                  --use-dict           train and store a dictionary (zstd, lz4, lz4hc)
                frame options:
                  --chunksize N        bytes per chunk (default %d, rounded down to a multiple of the typesize)
                  --sparse             write a sparse frame directory (a sparse array with --dtype)
                  --meta N=HEX,..      metalayers: name and raw content in hex
                  --vlmeta N=HEX,..    vlmetalayers: name and content in hex (stored compressed)
                """.formatted(Blosc2.MAX_BUFFERSIZE, DEFAULT_CHUNKSIZE) + NDArrayCompress.HELP;
    }

    /** The compression parameters the options ask for, starting from {@link CParams#defaults()}. */
    static CParams cparams(Args a) {
        CParams.Builder b = CParams.defaults().toBuilder();
        if (a.has("codec")) {
            b.codec(Codec.ofName(a.value("codec", "")));
        }
        b.clevel(a.intValue("clevel", CParams.defaults().clevel(), 0, 9));
        b.typesize(a.intValue("typesize", CParams.defaults().typesize(), 1, Integer.MAX_VALUE));
        b.blocksize(a.intValue("blocksize", 0, 0, Integer.MAX_VALUE));
        b.nthreads(a.intValue("nthreads", 1, 1, 1024));
        if (a.has("splitmode")) {
            b.splitMode(SplitMode.ofName(a.value("splitmode", "")));
        }
        List<String> filters = a.list("filters");
        if (filters != null) {
            if (filters.size() > CParams.MAX_FILTERS) {
                throw new UsageException("--filters: at most " + CParams.MAX_FILTERS + " filters, got " + filters.size());
            }
            b.filters(filters.stream().map(Filter::ofName).toArray(Filter[]::new));
        }
        List<String> meta = a.list("filters-meta");
        if (meta != null) {
            if (meta.size() > CParams.MAX_FILTERS) {
                throw new UsageException("--filters-meta: at most " + CParams.MAX_FILTERS + " values, got " + meta.size());
            }
            b.filtersMeta(meta.stream().mapToInt(m -> Args.parseInt("--filters-meta", m, -128, 255)).toArray());
        }
        b.useDict(a.has("use-dict"));
        return b.build();
    }

    @Override
    public int run(List<String> tokens, Io io) throws IOException {
        Args a = Args.parse(name(), tokens, Set.of("use-dict", "sparse"), VALUED);
        if (a.has("help")) {
            io.out().print(usage());
            return 0;
        }
        List<String> pos = a.expect("in", "out");
        CParams params = cparams(a);
        if (NDArrayCompress.wanted(a)) {
            NDArrayCompress.run(a, pos.get(0), pos.get(1), params, io);
            return 0;
        }
        if (pos.get(1).endsWith(".b2frame") || a.has("sparse") || a.has("chunksize")) {
            new FrameWriter(a, params, io).write(Path.of(pos.get(0)), pos.get(1));
            return 0;
        }
        for (String frameOnly : List.of("meta", "vlmeta")) {
            if (a.has(frameOnly)) {
                throw new UsageException("--" + frameOnly + " applies to frames: give an OUT ending in .b2frame, "
                        + "--chunksize or --sparse");
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = FileIo.mapInput(Path.of(pos.get(0)), arena, Blosc2.MAX_BUFFERSIZE,
                    "bytes a chunk can hold (larger inputs need a frame, not supported yet)");
            MemorySegment dst = arena.allocate(Blosc2.maxCompressedSize(src.byteSize()));
            long cbytes = Blosc2.compress(src, dst, params);
            FileIo.write(pos.get(1), dst.asSlice(0, cbytes), io);
        }
        return 0;
    }
}
