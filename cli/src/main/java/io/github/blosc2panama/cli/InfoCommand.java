package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** {@code blosc2 info [--json] PATH}: what a chunk's header, or a contiguous or sparse frame, says. */
final class InfoCommand implements Command {
    @Override
    public String name() {
        return "info";
    }

    @Override
    public String summary() {
        return "show the header fields of a chunk or a frame";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 info [--json] PATH

                For a Blosc2 chunk in PATH: version, flags, typesize, nbytes, cbytes, ratio, blocksize,
                codec and its meta, filters and their meta, split, memcpyed, special value, dictionary,
                variable-length blocks, number of blocks.
                For a contiguous frame (a .b2frame file) or a sparse frame (a directory holding
                chunks.b2frame): nbytes, cbytes, ratio, size on disk, nchunks, chunksize, typesize,
                blocksize, codec, clevel, filters and their meta, splitmode, then every metalayer
                (raw bytes in hex), every vlmetalayer (decompressed bytes in hex; of a longer one the
                first 32 bytes and its length, --json gives all) and every chunk (nbytes, cbytes,
                special value, offset or chunk file).

                options:
                  --json   one JSON object with snake_case keys ("kind": "chunk", "cframe" or "sframe")
                """;
    }

    @Override
    public int run(List<String> tokens, Io io) throws IOException {
        Args a = Args.parse(name(), tokens, Set.of("json"), Set.of());
        if (a.has("help")) {
            io.out().print(usage());
            return 0;
        }
        String pathArg = a.expect("path").get(0);
        Path path = Path.of(pathArg);
        boolean json = a.has("json");
        InputKind kind = InputKind.detect(path);
        if (kind != InputKind.CHUNK && NDArrayReport.isArray(path)) {
            io.out().print(NDArrayReport.info(pathArg, path, json));
            return 0;
        }
        String report = switch (kind) {
            case CHUNK -> chunk(pathArg, path, json);
            case CFRAME, SFRAME -> frame(kind, pathArg, path, json);
        };
        io.out().print(report);
        return 0;
    }

    private static String frame(InputKind kind, String pathArg, Path path, boolean json) throws IOException {
        try (SuperChunk sc = SuperChunk.open(path)) {
            FrameReport report = new FrameReport(kind == InputKind.CFRAME ? "cframe" : "sframe", pathArg,
                    diskBytes(path), sc);
            if (!json) {
                return report.text();
            }
            StringBuilder sb = new StringBuilder();
            report.json(new JsonWriter(sb, true));
            return sb.append('\n').toString();
        }
    }

    /** A file's size, or the sum of the sizes of the regular files in a directory. */
    static long diskBytes(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return Files.size(path);
        }
        long total = 0;
        try (Stream<Path> s = Files.list(path)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p)) {
                    total += Files.size(p);
                }
            }
        }
        return total;
    }

    private static String chunk(String pathArg, Path path, boolean json) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = FileIo.mapInput(path, arena, Integer.MAX_VALUE, "bytes a chunk can have");
            ChunkInfo info = Blosc2.info(chunk);
            ChunkReport report = new ChunkReport(pathArg, info);
            if (!json) {
                return report.text();
            }
            StringBuilder sb = new StringBuilder();
            report.json(new JsonWriter(sb, true));
            return sb.append('\n').toString();
        }
    }
}
