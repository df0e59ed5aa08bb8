package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code blosc2 decompress PATH OUT}: a chunk back into its data. */
final class DecompressCommand implements Command {
    @Override
    public String name() {
        return "decompress";
    }

    @Override
    public String summary() {
        return "decompress a chunk into its data";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 decompress PATH OUT [--nthreads N]

                Writes the data of the Blosc2 chunk in PATH to OUT ("-" for standard output).
                (Frames and b2nd arrays are recognised but not read yet.)

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
            // Frames, sparse frames and b2nd arrays: another task adds them here.
            case CFRAME, SFRAME -> throw new CliException("'decompress' reads only chunks so far; " + pos.get(0)
                    + " is a " + kind.description());
        }
        return 0;
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
