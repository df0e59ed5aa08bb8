package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The frame side of {@code blosc2 compress}: cuts the input into chunks and writes a contiguous
 * frame (file or standard output) or a sparse frame directory with the requested metalayers and
 * vlmetalayers. Files are built under a temporary name beside the target and renamed into place
 * only when complete.
 */
final class FrameWriter {
    private final CParams params;
    private final int chunksize;
    private final boolean sparse;
    private final Map<String, byte[]> metas;
    private final Map<String, byte[]> vlmetas;
    private final Io io;

    FrameWriter(Args a, CParams params, Io io) {
        this.params = params;
        this.io = io;
        int ts = params.typesize();
        int cs = a.intValue("chunksize", CompressCommand.DEFAULT_CHUNKSIZE, 1, Integer.MAX_VALUE - 64);
        if (!a.has("chunksize")) {
            cs = Math.max(ts, cs / ts * ts);
        }
        this.chunksize = cs;
        this.sparse = a.has("sparse");
        this.metas = entries(a, "meta");
        this.vlmetas = entries(a, "vlmeta");
    }

    /** {@code NAME=HEX,NAME=HEX} into an ordered map. */
    static Map<String, byte[]> entries(Args a, String option) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        List<String> items = a.list(option);
        if (items == null) {
            return m;
        }
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--" + option + ": expected NAME=HEX, got '" + item + "'");
            }
            String name = item.substring(0, eq);
            byte[] content;
            try {
                content = HexFormat.of().parseHex(item.substring(eq + 1));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--" + option + " " + name + ": '" + item.substring(eq + 1)
                        + "' is not an even number of hex digits");
            }
            if (m.put(name, content) != null) {
                throw new UsageException("--" + option + ": '" + name + "' given twice");
            }
        }
        return m;
    }

    void write(Path in, String out) throws IOException {
        FileIo.checkOutput(out, sparse);
        if (out.equals(FileIo.STDOUT)) {
            try (Arena arena = Arena.ofConfined();
                    SuperChunk sc = SuperChunk.create(Storage.inMemory(), params, chunksize)) {
                fill(sc, FileIo.mapInput(in, arena, Long.MAX_VALUE, ""));
                FileIo.write(FileIo.STDOUT, MemorySegment.ofArray(sc.toCframe()), io);
            }
            return;
        }
        Path target = Path.of(out).toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new CliException(out + " exists and is a directory; remove it first");
        }
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        deleteFrame(tmp);
        try {
            Storage st = sparse ? Storage.sparse(tmp) : Storage.contiguous(tmp);
            // no fsync per chunk: the frame only becomes visible through the final rename
            try (Arena arena = Arena.ofConfined(); SuperChunk sc = SuperChunk.create(st.durable(false), params, chunksize)) {
                fill(sc, FileIo.mapInput(in, arena, Long.MAX_VALUE, ""));
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            deleteFrame(tmp);
        }
    }

    private void fill(SuperChunk sc, MemorySegment src) {
        for (Map.Entry<String, byte[]> e : metas.entrySet()) {
            sc.addMetalayer(e.getKey(), e.getValue());
        }
        long n = src.byteSize();
        ProgressBar bar = new ProgressBar(io.err(), "compressing", n, n > 0 && ProgressBar.stderrIsTerminal());
        // whole chunks, about 64 MiB at a time: one commit per step (one per chunk made big inputs quadratic)
        long step = Math.max(1, (64L << 20) / chunksize) * chunksize;
        for (long pos = 0; pos < n; pos += step) {
            sc.extend(src.asSlice(pos, Math.min(step, n - pos)));
            bar.update(Math.min(n, pos + step));
        }
        for (Map.Entry<String, byte[]> e : vlmetas.entrySet()) {
            sc.setVlmetalayer(e.getKey(), e.getValue());
        }
        bar.finish();
    }

    /** Removes a temporary frame: a file, or a directory of the files a sparse frame holds. */
    private static void deleteFrame(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            List<Path> files = new ArrayList<>();
            try (Stream<Path> s = Files.list(p)) {
                s.forEach(files::add);
            }
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(p);
    }
}
