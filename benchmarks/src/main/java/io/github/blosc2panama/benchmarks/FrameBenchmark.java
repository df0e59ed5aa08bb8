package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Opening a contiguous frame file and reading one random chunk costs the same for a 10 MB and a
 * 3 GB frame: opening maps the file and parses only the header, offsets index and trailer; a chunk
 * read slices the mapping. Both frames hold the same 1 MiB chunks (LZ4 + shuffle of a slow int32
 * random walk, about 25 KB compressed). The 10 MB frame is written with {@link SuperChunk}; the 3 GB one puts one chunk every MiB
 * of a sparse file (the bytes between chunks are holes no offset refers to, which readers of the
 * format accept), so it takes about {@code 3072 x cbytes} of disk. Both live in a temporary
 * directory removed after the trial.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class FrameBenchmark {
    static final int CHUNK_BYTES = 1 << 20;
    static final long SMALL_FRAME = 10_000_000L;
    static final long LARGE_FRAME = 3L << 30;

    /** "10MB" or "3GB". */
    @Param({"10MB", "3GB"})
    public String frame;

    private Path dir;
    private Path path;
    private int nchunks;
    private Arena arena;
    private MemorySegment buf;
    private final SplittableRandom rnd = new SplittableRandom(7);

    static CParams params() {
        return CParams.builder().codec(Codec.LZ4).clevel(5).typesize(4).filters(Filter.SHUFFLE).build();
    }

    static byte[] chunkData(int seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ByteBuffer b = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int x = 0;
        while (b.hasRemaining()) {
            if (r.nextInt(16) == 0) {
                x += r.nextBoolean() ? 1 : -1;
            }
            b.putInt(x);
        }
        return b.array();
    }

    @Setup(Level.Trial)
    public void setup() throws IOException {
        VectorModule.require();
        dir = Files.createTempDirectory("blosc2-framebench");
        TempFiles.deleteIfThrows(dir, this::prepare);
    }

    /** The rest of the setup, in {@link #dir}. */
    private void prepare() throws IOException {
        path = dir.resolve(frame + ".b2frame");
        byte[] data = chunkData(1);
        byte[] chunk = Blosc2.compress(data, params());
        if (frame.equals("10MB")) {
            nchunks = (int) (SMALL_FRAME / chunk.length);
            try (SuperChunk sc = SuperChunk.create(Storage.contiguous(path).durable(false), params(), CHUNK_BYTES)) {
                for (int i = 0; i < nchunks; i++) {
                    sc.appendChunk(chunk);
                }
            }
        } else {
            nchunks = (int) (LARGE_FRAME / CHUNK_BYTES);
            writeSpreadFrame(path, chunk, nchunks, CHUNK_BYTES);
        }
        arena = Arena.ofConfined();
        buf = arena.allocate(CHUNK_BYTES);
        try (SuperChunk sc = SuperChunk.open(path)) {
            if (sc.nchunks() != nchunks || sc.decompressChunk(nchunks - 1, buf) != CHUNK_BYTES
                    || buf.mismatch(MemorySegment.ofArray(data)) != -1) {
                throw new IllegalStateException(path + " does not hold what was written");
            }
            System.out.printf("%n%s: %d chunks of %d bytes (cbytes %d), frame file %d bytes%n", frame, nchunks,
                    CHUNK_BYTES, chunk.length, Files.size(path));
        }
    }

    /**
     * Writes a contiguous frame of {@code n} copies of {@code chunk}, chunk k at offset
     * {@code k * stride} of the chunks section, as a sparse file. The header, trailer and the
     * offsets index come from a one-chunk frame made with {@link SuperChunk}; the header's
     * frame_len, nbytes and cbytes are patched (msgpack uint64 / int64 values at bytes 16, 30 and
     * 39 of the fixed header, as the frame format places them).
     */
    static void writeSpreadFrame(Path file, byte[] chunk, int n, long stride) throws IOException {
        byte[] one;
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), params(), CHUNK_BYTES)) {
            sc.appendChunk(chunk);
            one = sc.toCframe();
        }
        ByteBuffer h = ByteBuffer.wrap(one).order(ByteOrder.BIG_ENDIAN);
        int headerLen = h.getInt(11);
        long oneFrameLen = h.getLong(16);
        int trailerLen = h.getInt((int) oneFrameLen - 22);
        byte[] header = Arrays.copyOf(one, headerLen);
        byte[] trailer = Arrays.copyOfRange(one, (int) oneFrameLen - trailerLen, (int) oneFrameLen);
        ByteBuffer offs = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < n; k++) {
            offs.putLong(k * stride);
        }
        byte[] index = Blosc2.compress(offs.array(), CParams.builder().codec(Codec.BLOSCLZ).clevel(5).typesize(8)
                .filters(Filter.SHUFFLE).build());
        long cbytes = (n - 1) * stride + chunk.length;
        long frameLen = headerLen + cbytes + index.length + trailer.length;
        ByteBuffer hp = ByteBuffer.wrap(header).order(ByteOrder.BIG_ENDIAN);
        hp.putLong(16, frameLen);
        hp.putLong(30, (long) n * CHUNK_BYTES);
        hp.putLong(39, cbytes);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            write(ch, header, 0);
            for (int k = 0; k < n; k++) {
                write(ch, chunk, headerLen + k * stride);
            }
            write(ch, index, headerLen + cbytes);
            write(ch, trailer, headerLen + cbytes + index.length);
        }
    }

    private static void write(FileChannel ch, byte[] b, long pos) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(b);
        while (bb.hasRemaining()) {
            pos += ch.write(bb, pos);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        arena.close();
        Files.deleteIfExists(path);
        Files.deleteIfExists(dir);
    }

    /** Open the frame (map, parse header, index, trailer) and close it. */
    @Benchmark
    public int openClose() {
        try (SuperChunk sc = SuperChunk.open(path)) {
            return sc.nchunks();
        }
    }

    /** Open the frame, decompress one random chunk (1 MiB), close. */
    @Benchmark
    public long openReadRandomChunk() {
        try (SuperChunk sc = SuperChunk.open(path)) {
            return sc.decompressChunk(rnd.nextInt(nchunks), buf);
        }
    }

    /** Decompress one random chunk of an already open frame (the cost the open adds to is this). */
    @Benchmark
    public long readRandomChunkOnly(OpenFrame open) {
        return open.sc.decompressChunk(rnd.nextInt(nchunks), buf);
    }

    /** A frame kept open for {@link #readRandomChunkOnly}. */
    @State(Scope.Benchmark)
    public static class OpenFrame {
        SuperChunk sc;

        @Setup(Level.Trial)
        public void open(FrameBenchmark b) {
            sc = SuperChunk.open(b.path);
        }

        @TearDown(Level.Trial)
        public void close() {
            sc.close();
        }
    }
}
