package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code blosc2 info [--json] PATH}: what a chunk's header says. */
final class InfoCommand implements Command {
    @Override
    public String name() {
        return "info";
    }

    @Override
    public String summary() {
        return "show the header fields of a chunk";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 info [--json] PATH

                Prints the header of the Blosc2 chunk in PATH: version, flags, typesize, nbytes,
                cbytes, ratio, blocksize, codec and its meta, filters and their meta, split,
                memcpyed, special value, dictionary, variable-length blocks, number of blocks.
                (Frames and b2nd arrays are recognised but not read yet.)

                options:
                  --json   one JSON object with snake_case keys ("kind": "chunk", ...)
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
            // Frames, sparse frames and b2nd arrays: another task adds their reports here.
            case CFRAME, SFRAME -> throw new CliException("'info' reads only chunks so far; " + pathArg
                    + " is a " + kind.description());
        };
        io.out().print(report);
        return 0;
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
