package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** {@code blosc2 compress IN OUT.b2nd --dtype T --shape a,b,..}: raw C-order bytes into a b2nd array. */
final class NDArrayCompress {
    /** The options this adds to {@code compress}. */
    static final List<String> OPTIONS = List.of("dtype", "shape", "chunkshape", "blockshape");

    static final String HELP = """
              --dtype T            write a b2nd array of NumPy dtype T (<i4, >f8, |S10,
                                   "[('a', '<i4'), ('b', '<f8')]", ...) from raw C-order items
              --shape A,B,..       the array's shape (needs --dtype; "" for a scalar)
              --chunkshape A,B,..  chunk shape (default: python-blosc2's choice)
              --blockshape A,B,..  block shape (default: python-blosc2's choice)
            """;

    private NDArrayCompress() {
    }

    /** Whether the options ask for an array. */
    static boolean wanted(Args a) {
        return OPTIONS.stream().anyMatch(a::has);
    }

    static void run(Args a, String in, String out, CParams params, Io io) throws IOException {
        if (!a.has("dtype") || !a.has("shape")) {
            throw new UsageException("an array needs both --dtype and --shape");
        }
        DType dtype;
        try {
            dtype = DType.parse(a.value("dtype", ""));
        } catch (RuntimeException e) {
            throw new UsageException("--dtype: " + e.getMessage());
        }
        long[] shape = NDArrayReport.parseDims("--shape", a.value("shape", ""), Long.MAX_VALUE);
        NDArray.Builder b = NDArray.builder(dtype, shape).cparams(params);
        if (a.has("chunkshape")) {
            b.chunkshape(NDArrayReport.parseIntDims("--chunkshape", a.value("chunkshape", "")));
        }
        if (a.has("blockshape")) {
            b.blockshape(NDArrayReport.parseIntDims("--blockshape", a.value("blockshape", "")));
        }
        for (String frameOnly : List.of("chunksize", "meta", "vlmeta")) {
            if (a.has(frameOnly)) {
                throw new UsageException("--" + frameOnly + " applies to frames, not to b2nd arrays"
                        + (frameOnly.equals("chunksize") ? " (--chunkshape sets an array's chunks)" : ""));
            }
        }
        boolean stdout = out.equals(FileIo.STDOUT);
        boolean sparse = a.has("sparse");
        FileIo.checkOutput(out, sparse);
        if (!stdout) {
            b.storage(sparse ? Storage.sparse(Path.of(out)) : Storage.contiguous(Path.of(out)));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = FileIo.mapInput(Path.of(in), arena, Long.MAX_VALUE, "bytes");
            long need = dtype.itemsize();
            for (long s : shape) {
                need = Math.multiplyExact(need, s);
            }
            if (src.byteSize() != need) {
                throw new CliException(in + " has " + src.byteSize() + " bytes but shape " + Arrays.toString(shape)
                        + " of " + dtype + " needs " + need);
            }
            try (NDArray arr = b.fromBytes(src)) {
                if (stdout) {
                    FileIo.write(out, MemorySegment.ofArray(arr.toCframe()), io);
                }
            }
        }
    }
}
