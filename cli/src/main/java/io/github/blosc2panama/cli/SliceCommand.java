package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.NDArray;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code blosc2 slice PATH --start a,b,.. --stop c,d,.. OUT}: a region of a b2nd array as C-order bytes. */
final class SliceCommand implements Command {
    @Override
    public String name() {
        return "slice";
    }

    @Override
    public String summary() {
        return "write a region of a b2nd array as C-order bytes";
    }

    @Override
    public String usage() {
        return """
                usage: blosc2 slice PATH --start A,B,.. --stop C,D,.. OUT

                Writes the items [start, stop) (stop exclusive, one entry per dimension) of the b2nd
                array in PATH (a .b2nd file or a sparse directory) to OUT ("-" for standard output),
                in C order, without padding. Only the chunks and blocks that intersect are decoded.
                An existing OUT file is replaced, only once the new one is complete.

                options:
                  --start A,B,..   first index per dimension (default 0)
                  --stop C,D,..    end index per dimension, exclusive (default the shape)
                """;
    }

    @Override
    public int run(List<String> tokens, Io io) throws IOException {
        Args a = Args.parse(name(), tokens, Set.of(), Set.of("start", "stop"));
        if (a.has("help")) {
            io.out().print(usage());
            return 0;
        }
        List<String> pos = a.expect("path", "out");
        Path path = Path.of(pos.get(0));
        InputKind.detect(path);
        try (NDArray arr = NDArray.open(path)) {
            long[] shape = arr.shape();
            long[] start = a.has("start") ? NDArrayReport.parseDims("--start", a.value("start", ""), Long.MAX_VALUE)
                    : new long[shape.length];
            long[] stop = a.has("stop") ? NDArrayReport.parseDims("--stop", a.value("stop", ""), Long.MAX_VALUE) : shape;
            if (start.length != shape.length || stop.length != shape.length) {
                throw new UsageException("--start and --stop need " + shape.length + " entries (the array's ndim), got "
                        + start.length + " and " + stop.length);
            }
            long n = 1;
            for (int i = 0; i < shape.length; i++) {
                if (start[i] > stop[i] || stop[i] > shape[i]) {
                    throw new UsageException("dimension " + i + ": [" + start[i] + ", " + stop[i]
                            + ") is not inside [0, " + shape[i] + "]");
                }
                n = Math.multiplyExact(n, stop[i] - start[i]);
            }
            long nbytes = Math.multiplyExact(n, (long) arr.itemsize());
            FileIo.produce(pos.get(1), nbytes, dst -> arr.getSlice(start, stop, dst), io);
        }
        return 0;
    }
}
