package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code blosc2 decompress PATH OUT}: a chunk, or all chunks of a frame in order, back into the data. */
final class DecompressCommand implements Command {
    @Override
    public String name() {
        return "decompress";
    }

    @Override
    public String summary() {
        return "decompress a chunk or a frame into its data";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 decompress PATH OUT [--nthreads N]

                Writes the data of the Blosc2 chunk in PATH to OUT ("-" for standard output). For a
                contiguous frame (.b2frame file) or a sparse frame (directory), writes the data of all
                its chunks in order. An existing OUT file is replaced, only once the new one is
                complete.

                options:
                  --nthreads N   decompression threads
                """;
    }

    @Override
    public int run(List<String> tokens, Io io) throws IOException {
        Args a = Args.parse(name(), tokens, Set.of(), Set.of("nthreads"));
        if (a.has("help")) {
            io.out().print(usage());
            return 0;
        }
        List<String> pos = a.expect("path", "out");
        DParams dparams = new DParams(a.intValue("nthreads", 1, 1, 1024));
        Path path = Path.of(pos.get(0));
        InputKind kind = InputKind.detect(path);
        if (kind != InputKind.CHUNK && NDArrayReport.isArray(path)) {
            NDArrayReport.decompress(path, pos.get(1), io);
            return 0;
        }
        switch (kind) {
            case CHUNK -> chunk(pos.get(0), path, pos.get(1), dparams, io);
            case CFRAME, SFRAME -> frame(pos.get(0), path, pos.get(1), io);
        }
        return 0;
    }

    private static void frame(String pathArg, Path path, String out, Io io) throws IOException {
        try (SuperChunk sc = SuperChunk.open(path)) {
            long total = 0;
            for (int k = 0; k < sc.nchunks(); k++) {
                total += sc.chunkNbytes(k);
            }
            if (total != sc.nbytes()) {
                throw new CorruptDataException(pathArg + ": the chunks hold " + total + " bytes but the header says nbytes = "
                        + sc.nbytes());
            }
            if (out.equals(FileIo.STDOUT)) {
                // chunk by chunk, so a frame larger than memory streams through
                for (int k = 0; k < sc.nchunks(); k++) {
                    byte[] d = sc.decompressChunk(k);
                    io.out().write(d, 0, d.length);
                }
                io.flushOut();
                return;
            }
            FileIo.produce(out, total, dst -> {
                long pos = 0;
                for (int k = 0; k < sc.nchunks(); k++) {
                    int n = sc.chunkNbytes(k);
                    long got = sc.decompressChunk(k, dst.asSlice(pos, n));
                    if (got != n) {
                        throw new CorruptDataException(pathArg + ": chunk " + k + " decompressed to " + got
                                + " bytes, " + n + " expected");
                    }
                    pos += n;
                }
            }, io);
        }
    }

    private static void chunk(String pathArg, Path path, String out, DParams dparams, Io io) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = FileIo.mapInput(path, arena, Integer.MAX_VALUE, "bytes a chunk can have");
            ChunkInfo info = Blosc2.info(chunk);
            if (info.cbytes() != chunk.byteSize()) {
                throw new CorruptDataException(pathArg + ": the file has " + chunk.byteSize()
                        + " bytes but the chunk header says cbytes = " + info.cbytes());
            }
            FileIo.produce(out, info.nbytes(), dst -> {
                long n = Blosc2.decompress(chunk, dst, dparams);
                if (n != info.nbytes()) {
                    throw new CorruptDataException(pathArg + ": decompressed " + n + " bytes, header says nbytes = "
                            + info.nbytes());
                }
            }, io);
        }
    }
}
