package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Limits;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.frame.FrameHeader;
import io.github.blosc2panama.core.frame.FrameTrailer;
import io.github.blosc2panama.core.frame.MsgPackReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The bodies of the fuzz targets, shared by the Jazzer {@code @FuzzTest}s and by the corpus
 * replays. Each takes arbitrary bytes and may end in only two ways: normally, or with a
 * {@link Blosc2Exception} (caught here). Anything else escapes and is a finding: another
 * exception, an {@link AssertionError} from a consistency check below, an OutOfMemoryError or a
 * timeout.
 */
final class FuzzTargets {
    /** Lowered limits: large enough for every vector, small enough that one input cannot exhaust the heap. */
    static final Limits LIMITS = Limits.defaults().withMaxChunkNbytes(8 << 20).withMaxNchunks(1 << 16);
    static final DParams DPARAMS = DParams.defaults().withLimits(LIMITS);
    static final DParams DPARAMS_2 = new DParams(2, LIMITS);
    /** How many uncompressed bytes one frame input may make the harness read (a harness budget, not a library limit). */
    private static final long FRAME_READ_BUDGET = 64L << 20;
    private static final byte CANARY = 0x5A;
    private static final int CANARY_LEN = 64;

    private FuzzTargets() {
    }

    // ------------------------------------------------------------------ chunks

    /** Blosc2.info, then decompression to an array and into a guarded segment with 2 threads; both must agree. */
    static void chunkDecompress(byte[] data) {
        ChunkInfo info;
        try {
            info = Blosc2.info(data);
        } catch (Blosc2Exception e) {
            info = null;
        }
        byte[] out;
        try {
            out = Blosc2.decompress(data, DPARAMS);
        } catch (Blosc2Exception e) {
            out = null;
        }
        if (out != null) {
            check(info != null, "decompress succeeded where info failed");
            check(out.length == info.nbytes(), "decompressed " + out.length + " bytes, header says " + info.nbytes());
        }
        if (info == null || info.nbytes() > LIMITS.maxChunkNbytes()) {
            return;
        }
        // decompress into a destination followed by canary bytes: nothing may be written past nbytes
        byte[] guarded = new byte[info.nbytes() + CANARY_LEN];
        Arrays.fill(guarded, CANARY);
        long n;
        try {
            n = Blosc2.decompress(MemorySegment.ofArray(data), MemorySegment.ofArray(guarded), DPARAMS_2);
        } catch (Blosc2Exception e) {
            n = -1;
        }
        for (int i = info.nbytes(); i < guarded.length; i++) {
            check(guarded[i] == CANARY, "decompression wrote past the destination's nbytes at " + i);
        }
        if (n >= 0) {
            check(n == info.nbytes(), "decompress returned " + n + ", nbytes is " + info.nbytes());
            check(out != null, "decompress into a segment succeeded where decompress to an array failed");
            if (info.special() != SpecialValue.UNINIT) {
                check(Arrays.equals(out, 0, out.length, guarded, 0, out.length), "1-thread and 2-thread results differ");
            }
        } else {
            check(out == null, "decompress to an array succeeded where decompress into a segment failed");
        }
        nativeDecompress(data, info, out);
    }

    /**
     * The chunk in native memory, into a guarded native destination: the same outcome and bytes as the heap
     * decompression {@code out} (null when it failed).
     */
    private static void nativeDecompress(byte[] data, ChunkInfo info, byte[] out) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(Math.max(1, data.length)).asSlice(0, data.length);
            chunk.copyFrom(MemorySegment.ofArray(data));
            MemorySegment guarded = arena.allocate(info.nbytes() + CANARY_LEN);
            guarded.fill(CANARY);
            long n;
            try {
                n = Blosc2.decompress(chunk, guarded, DPARAMS);
            } catch (Blosc2Exception e) {
                n = -1;
            }
            for (long i = info.nbytes(); i < guarded.byteSize(); i++) {
                check(guarded.get(ValueLayout.JAVA_BYTE, i) == CANARY,
                        "decompression from native memory wrote past nbytes at " + i);
            }
            check((n >= 0) == (out != null), "decompression from native memory " + (n >= 0 ? "succeeded" : "failed")
                    + " where decompression from the heap " + (out != null ? "succeeded" : "failed"));
            if (n >= 0 && info.special() != SpecialValue.UNINIT) {
                check(guarded.asSlice(0, out.length).mismatch(MemorySegment.ofArray(out)) == -1,
                        "decompression from native memory and from the heap differ");
            }
        }
    }

    /**
     * getitem: the input is a chunk followed by two little-endian uint32 (start, nitems). The items
     * must equal the same range of a full decompression whenever both succeed.
     */
    static void chunkGetItem(byte[] data) {
        if (data.length < 8) {
            return;
        }
        ByteBuffer tail = ByteBuffer.wrap(data, data.length - 8, 8).order(ByteOrder.LITTLE_ENDIAN);
        long start = Integer.toUnsignedLong(tail.getInt());
        long nitems = Integer.toUnsignedLong(tail.getInt());
        byte[] chunk = Arrays.copyOf(data, data.length - 8);
        byte[] items;
        try {
            items = Blosc2.getItems(chunk, start, nitems);
        } catch (Blosc2Exception e) {
            items = null;
        }
        ChunkInfo info;
        byte[] all;
        try {
            info = Blosc2.info(chunk);
            all = Blosc2.decompress(chunk, DPARAMS);
        } catch (Blosc2Exception e) {
            return;
        }
        long ts = info.typesize();
        boolean inRange = (start + nitems) * ts <= info.nbytes();
        if (items == null) {
            // a valid range of a chunk that decompresses must be readable
            if (inRange && info.special() != SpecialValue.UNINIT) {
                try {
                    Blosc2.getItems(chunk, start, nitems);
                } catch (InvalidArgumentException e) {
                    throw new AssertionError("getitem refused the in-range items [" + start + ", " + (start + nitems)
                            + ") of a chunk that decompresses", e);
                } catch (Blosc2Exception e) {
                    throw new AssertionError("getitem failed on a chunk that decompresses", e);
                }
            }
            return;
        }
        check(inRange, "getitem accepted items outside the chunk");
        check(items.length == nitems * ts, "getitem returned " + items.length + " bytes for " + nitems + " items");
        if (info.special() != SpecialValue.UNINIT) {
            int from = (int) (start * ts);
            check(Arrays.equals(items, 0, items.length, all, from, from + items.length),
                    "getitem and decompress disagree on items [" + start + ", " + (start + nitems) + ")");
        }
    }

    /** Header parsing alone; its results must describe a chunk that fits the buffer. */
    static void chunkInfo(byte[] data) {
        ChunkInfo info;
        try {
            info = Blosc2.info(data);
        } catch (Blosc2Exception e) {
            return;
        }
        check(info.cbytes() <= data.length, "cbytes " + info.cbytes() + " exceeds the " + data.length + " bytes");
        check(info.nbytes() >= 0 && info.nblocks() >= 0, "negative nbytes or nblocks in " + info);
        check(info.headerLength() == 16 || info.headerLength() == 32, "header length " + info.headerLength());
        info.codec();
    }

    // ------------------------------------------------------------------ frames

    /** A contiguous frame: open it, read every chunk, metalayer and vlmetalayer, a slice, and write it back. */
    static void cframe(byte[] data) {
        SuperChunk sc;
        try {
            sc = SuperChunk.fromCframe(data, LIMITS);
        } catch (Blosc2Exception e) {
            return;
        }
        try (sc) {
            readEverything(sc);
            byte[] again;
            try {
                again = sc.toCframe();
            } catch (Blosc2Exception e) {
                return;
            }
            try (SuperChunk sc2 = SuperChunk.fromCframe(again, LIMITS)) {
                check(sc2.nchunks() == sc.nchunks(), "rewritten frame has " + sc2.nchunks() + " chunks, not "
                        + sc.nchunks());
            } catch (Blosc2Exception e) {
                throw new AssertionError("a frame written by toCframe() cannot be read back", e);
            }
        }
    }

    /**
     * A sparse frame. The input encodes a directory: {@code [u8 nfiles] nfiles x ([u8 id] [u32le len]
     * [len bytes])} then the bytes of {@code chunks.b2frame}; file {@code id} becomes
     * {@code %08X.chunk}. Lengths are clamped to the bytes present.
     */
    static void sframe(byte[] data) {
        Path dir = SparseDir.fresh();
        writeSparseDir(data, dir);
        SuperChunk sc;
        try {
            sc = SuperChunk.open(dir, LIMITS);
        } catch (Blosc2Exception e) {
            return;
        }
        try (sc) {
            readEverything(sc);
        }
    }

    /** Decodes {@link #sframe}'s input format into {@code dir}. */
    static void writeSparseDir(byte[] data, Path dir) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        try {
            int nfiles = b.hasRemaining() ? Byte.toUnsignedInt(b.get()) & 0x0f : 0;
            for (int k = 0; k < nfiles && b.remaining() >= 5; k++) {
                int id = Byte.toUnsignedInt(b.get());
                long len = Math.min(Integer.toUnsignedLong(b.getInt()), b.remaining());
                byte[] content = new byte[(int) len];
                b.get(content);
                Files.write(dir.resolve(String.format("%08X.chunk", id)), content);
            }
            byte[] index = new byte[b.remaining()];
            b.get(index);
            Files.write(dir.resolve("chunks.b2frame"), index);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Encodes a sparse frame directory in {@link #sframe}'s input format. */
    static byte[] encodeSparseDir(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            Path[] chunks = files.filter(p -> p.getFileName().toString().endsWith(".chunk")).sorted()
                    .limit(15).toArray(Path[]::new);
            out.write(chunks.length);
            for (Path p : chunks) {
                String name = p.getFileName().toString();
                out.write(Integer.parseInt(name.substring(0, 8), 16) & 0xff);
                byte[] c = Files.readAllBytes(p);
                out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(c.length).array());
                out.write(c);
            }
            out.write(Files.readAllBytes(dir.resolve("chunks.b2frame")));
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readEverything(SuperChunk sc) {
        long budget = FRAME_READ_BUDGET;
        int n = sc.nchunks();
        check(n >= 0 && n <= LIMITS.maxNchunks(), "nchunks " + n + " beyond the limit");
        // the chunks from the first on, as long as each decompresses: what a slice from 0 must give
        ByteArrayOutputStream leading = new ByteArrayOutputStream();
        boolean allSoFar = true;
        for (int i = 0; i < n && budget > 0; i++) {
            try {
                int nb = sc.chunkNbytes(i);
                check(nb >= 0, "chunk " + i + " has negative nbytes " + nb);
                budget -= nb;
                if (budget < 0) {
                    break;
                }
                byte[] c = sc.decompressChunk(i);
                check(c.length == nb, "chunk " + i + " decompressed to " + c.length + " bytes, not " + nb);
                if (allSoFar) {
                    leading.writeBytes(c);
                }
            } catch (Blosc2Exception e) {
                // a bad chunk does not stop us from reading the others
                allSoFar = false;
            }
        }
        for (String name : sc.metalayerNames()) {
            check(sc.metalayer(name) != null, "metalayer '" + name + "' listed but absent");
        }
        for (String name : sc.vlmetalayerNames()) {
            try {
                sc.vlmetalayer(name);
            } catch (Blosc2Exception e) {
                // a corrupt vlmetalayer is reported, the others stay readable
            }
        }
        try {
            long total = sc.nbytes();
            if (total >= 0 && budget > 0) {
                byte[] slice = sc.getSlice(0, Math.min(total, Math.min(budget, 1 << 20)));
                byte[] chunks = leading.toByteArray();
                int common = Math.min(slice.length, chunks.length);
                check(Arrays.equals(slice, 0, common, chunks, 0, common),
                        "getSlice from 0 differs from the chunks decompressed one by one");
            }
        } catch (Blosc2Exception e) {
            // header nbytes may disagree with the chunks: a typed error is fine
        }
    }

    // ------------------------------------------------------------------ msgpack

    /** The frame package's msgpack reader: skip every value, then parse as a frame header and as a trailer. */
    static void msgpack(byte[] data) {
        MemorySegment seg = MemorySegment.ofArray(data);
        try {
            MsgPackReader r = new MsgPackReader(seg, 0, data.length, "fuzz input");
            long last = -1;
            while (r.position() < r.end()) {
                check(r.position() > last, "msgpack reader did not advance at " + r.position());
                last = r.position();
                r.skipValue("value");
            }
            check(r.position() == r.end(), "msgpack reader moved past its end");
        } catch (Blosc2Exception e) {
            // typed
        }
        try {
            MsgPackReader r = new MsgPackReader(seg, 0, data.length, "fuzz input");
            typedReads(r, data);
        } catch (Blosc2Exception e) {
            // typed
        }
        try {
            FrameHeader.parse(seg, "fuzz input");
        } catch (Blosc2Exception e) {
            // typed
        }
        try {
            int len = FrameTrailer.readTrailerLen(seg, data.length, "fuzz input");
            FrameTrailer.parse(seg, data.length - len, len, "fuzz input");
        } catch (Blosc2Exception e) {
            // typed
        }
    }

    /** Reads values with the typed readers the marker calls for. */
    private static void typedReads(MsgPackReader r, byte[] data) {
        while (r.position() < r.end()) {
            long at = r.position();
            int m = r.peekMarker("value");
            if (m <= 0x7f || m >= 0xe0 || (m >= 0xcc && m <= 0xd3)) {
                r.readLong("int");
            } else if ((m & 0xe0) == 0xa0 || (m >= 0xd9 && m <= 0xdb)) {
                r.readString("str");
            } else if (m >= 0xc4 && m <= 0xc6) {
                byte[] b = r.readBinary("bin");
                check(b.length <= data.length, "bin longer than the input");
            } else if ((m & 0xf0) == 0x90 || m == 0xdc || m == 0xdd) {
                r.readArrayHeader("array");
            } else if ((m & 0xf0) == 0x80 || m == 0xde || m == 0xdf) {
                r.readMapHeader("map");
            } else if (m == 0xc2 || m == 0xc3) {
                r.readBool("bool");
            } else if (m == 0xc0) {
                r.readNil("nil");
            } else if ((m >= 0xd4 && m <= 0xd8) || (m >= 0xc7 && m <= 0xc9)) {
                r.readExt("ext");
            } else {
                r.skipValue("other");
            }
            check(r.position() > at && r.position() <= r.end(), "cursor at " + r.position() + " after " + at);
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /**
     * One scratch directory per thread for sparse-frame inputs, emptied before each use, all inside one directory per
     * JVM that a shutdown hook removes with its contents (Jazzer's regression runs call targets from many threads;
     * a directory per thread left behind had piled up to thousands in /dev/shm).
     */
    static final class SparseDir {
        private static final Path ROOT = createRoot();
        private static final ThreadLocal<Path> DIR = ThreadLocal.withInitial(() -> {
            try {
                return Files.createTempDirectory(ROOT, "thread");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        private static Path createRoot() {
            try {
                Path base = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : null;
                Path root = base == null ? Files.createTempDirectory("blosc2-fuzz-sframe")
                        : Files.createTempDirectory(base, "blosc2-fuzz-sframe");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> removeTree(root)));
                return root;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static void removeTree(Path root) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                // a file in use at exit: left for the system's temporary-file cleaning
            }
        }

        private SparseDir() {
        }

        static Path fresh() {
            Path d = DIR.get();
            try (Stream<Path> s = Files.list(d)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Files.delete(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return d;
        }
    }

    // ------------------------------------------------------------------ b2nd arrays

    /**
     * A cframe opened as an NDArray: geometry, the whole array (within the read budget) and the corner
     * region of at most 2 items per dimension, which must equal the same items of the whole array.
     */
    static void ndarray(byte[] data) {
        NDArray a;
        try {
            a = NDArray.of(SuperChunk.fromCframe(data, LIMITS));
        } catch (Blosc2Exception e) {
            return;
        }
        try (a) {
            long[] shape = a.shape();
            check(shape.length == a.ndim(), "shape has " + shape.length + " dims, ndim is " + a.ndim());
            long nbytes = a.nbytes();
            if (nbytes < 0 || nbytes > FRAME_READ_BUDGET) {
                return;
            }
            byte[] all;
            try {
                all = a.toBytes();
            } catch (Blosc2Exception e) {
                return;
            }
            check(all.length == nbytes, "toBytes returned " + all.length + " bytes, nbytes is " + nbytes);
            long[] start = new long[shape.length];
            long[] stop = new long[shape.length];
            for (int d = 0; d < shape.length; d++) {
                stop[d] = Math.min(shape[d], 1);
            }
            byte[] corner;
            try {
                corner = a.getSlice(start, stop);
            } catch (Blosc2Exception e) {
                throw new AssertionError("the first item of an array that reads whole cannot be read", e);
            }
            check(Arrays.equals(corner, 0, corner.length, all, 0, corner.length),
                    "the first item differs between getSlice and toBytes");
        }
    }
}
