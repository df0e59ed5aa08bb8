package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.frame.TestSupport;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * python-blosc2 (C-Blosc2 3.3) as a peer, with real compression, 39-45 frames each way: every codec,
 * shuffle / bitshuffle / delta / bytedelta / trunc-prec / no filter, typesizes 1, 2, 3, 4, 8 and 16,
 * several chunk sizes (fixed, with a shorter last chunk, variable), contiguous files, sparse
 * directories and in-memory cframes, special chunks (zeros, NaN, uninit), metalayers and
 * vlmetalayers, after insert, delete (of every chunk too, then we append), update and reorder,
 * special chunks in frames whose chunksize turned variable. Both sides describe each frame the same
 * way (see {@code peer.py}): nchunks, nbytes, parameters, per-chunk nbytes / special / sha256,
 * metalayers as raw bytes, vlmetalayers decompressed; the descriptions must be equal. Skipped when
 * the property {@code blosc2.python} is empty.
 */
class PythonPeerFramesTest {
    @TempDir
    Path dir;

    static String python() {
        String p = System.getProperty("blosc2.python", "");
        return p.isBlank() || !Files.isExecutable(Path.of(p)) ? null : p;
    }

    private Path script() throws Exception {
        Path p = dir.resolve("peer.py");
        try (InputStream in = PythonPeerFramesTest.class.getResourceAsStream("peer.py")) {
            Files.copy(in, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return p;
    }

    @SuppressWarnings("unchecked")
    private List<Object> runPython(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(python(), script().toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.to(dir.resolve("py.err").toFile()))
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "python hangs");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("py.err")));
        return (List<Object>) TestSupport.Json.parse(out);
    }

    static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    /** The Java side of peer.py's describe(). */
    static Map<String, Object> describe(SuperChunk sc, String path, String kind) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", path);
        m.put("kind", kind);
        m.put("nchunks", (long) sc.nchunks());
        m.put("nbytes", sc.nbytes());
        m.put("typesize", (long) sc.typesize());
        m.put("compcode", (long) sc.compcode());
        m.put("clevel", (long) sc.clevel());
        m.put("chunksize", (long) sc.chunksize());
        List<Object> f = new ArrayList<>();
        List<Object> fm = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            f.add((long) Byte.toUnsignedInt(sc.filters()[k]));
            fm.add((long) Byte.toUnsignedInt(sc.filtersMeta()[k]));
        }
        m.put("filters", f);
        m.put("filters_meta", fm);
        List<Object> chunks = new ArrayList<>();
        for (int k = 0; k < sc.nchunks(); k++) {
            Map<String, Object> c = new LinkedHashMap<>();
            byte[] d = sc.decompressChunk(k);
            int special = Blosc2.info(sc.chunk(k)).special().code();
            c.put("nbytes", (long) d.length);
            c.put("special", (long) special);
            c.put("sha256", special == SpecialValue.UNINIT.code() ? null : sha(d));
            chunks.add(c);
        }
        m.put("chunks", chunks);
        Map<String, Object> meta = new LinkedHashMap<>();
        for (String n : sc.metalayerNames()) {
            meta.put(n, HexFormat.of().formatHex(sc.metalayer(n)));
        }
        m.put("meta", meta);
        Map<String, Object> vl = new LinkedHashMap<>();
        for (String n : sc.vlmetalayerNames()) {
            vl.put(n, HexFormat.of().formatHex(sc.vlmetalayer(n)));
        }
        m.put("vlmeta", vl);
        return m;
    }

    @Test
    @SuppressWarnings("unchecked")
    void weReadWhatPythonWrites() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        Path out = Files.createDirectories(dir.resolve("py"));
        List<Object> frames = runPython(List.of("make", out.toString()));
        assertTrue(frames.size() >= 39, frames.size() + " frames");
        int specials = 0;
        List<String> refilled = new ArrayList<>();
        List<Map<String, Object>> refilledDesc = new ArrayList<>();
        for (Object o : frames) {
            Map<String, Object> want = (Map<String, Object>) o;
            String name = (String) want.get("path");
            String kind = (String) want.get("kind");
            Path p = out.resolve(name);
            try (SuperChunk sc = kind.equals("memory") ? SuperChunk.fromCframe(Files.readAllBytes(p))
                    : SuperChunk.open(p)) {
                assertEquals(want, describe(sc, name, kind), name);
                assertEquals(kind.equals("sframe"), Files.isDirectory(p), name);
            }
            for (Object c : (List<Object>) want.get("chunks")) {
                specials += ((Number) ((Map<String, Object>) c).get("special")).intValue() != 0 ? 1 : 0;
            }
            if (((Number) want.get("nchunks")).intValue() == 0) {
                // python deleted every chunk (a contiguous file keeps their cbytes in its header): we append again
                try (SuperChunk sc = kind.equals("memory") ? SuperChunk.fromCframe(Files.readAllBytes(p))
                        : SuperChunk.openWritable(p)) {
                    sc.append(data(sc.chunksize() > 0 ? sc.chunksize() : 4000, refilled.size(), 1));
                    if (kind.equals("memory")) {
                        Files.write(p, sc.toCframe());
                    }
                    refilledDesc.add(describe(sc, p.toString(), kind));
                }
                refilled.add(p.toString());
                refilled.add(kind);
            }
        }
        assertTrue(specials >= 10, specials + " special chunks");
        assertEquals(6, refilled.size(), "python's frames with every chunk deleted");
        List<String> args = new ArrayList<>(List.of("read"));
        args.addAll(refilled);
        assertEquals(refilledDesc, runPython(args), "python reads the emptied frames we appended to");
    }

    @Test
    void zerosPythonAppendedToAFrameOfVariableChunksize() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        // C codes an all-zeros chunk as a special offset even once the chunksize is variable (0): then no offset says
        // its size, and C reads it back as 0 bytes. With one such chunk the header's nbytes gives it; with two, not.
        String script = """
                import sys, blosc2, numpy as np
                for name, zeros in (('one.b2frame', 1), ('two.b2frame', 2)):
                    s = blosc2.SChunk(chunksize=16000, cparams=blosc2.CParams(typesize=4),
                                      storage=blosc2.Storage(contiguous=True, urlpath=sys.argv[1] + '/' + name, mode='w'))
                    s.append_data(np.arange(4000, dtype='<i4').tobytes())
                    s.append_data(np.arange(1000, dtype='<i4').tobytes())
                    s.append_data(np.arange(4000, dtype='<i4').tobytes())
                    for z in range(zeros):
                        s.append_data(bytes(16000 - 4000 * z))
                    s.append_data(np.arange(2000, dtype='<i4').tobytes())
                    print(name, s.chunksize, s.nchunks, s.nbytes, [len(s.decompress_chunk(k)) for k in range(s.nchunks)])
                """;
        String out = io.github.blosc2panama.core.testutil.PythonPeer.run(script, dir.toString());
        assertTrue(out.contains("one.b2frame 0 5 60000 [16000, 4000, 16000, 0, 8000]"), out);
        byte[] arange4000 = new byte[16000];
        java.nio.ByteBuffer.wrap(arange4000).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                .put(java.util.stream.IntStream.range(0, 4000).toArray());
        try (SuperChunk sc = SuperChunk.openWritable(dir.resolve("one.b2frame"))) {
            assertEquals(60000, sc.nbytes());
            assertEquals(new byte[16000].length, sc.decompressChunk(3).length);
            assertTrue(java.util.Arrays.equals(new byte[16000], sc.decompressChunk(3)));
            assertTrue(java.util.Arrays.equals(arange4000, sc.decompressChunk(2)));
            sc.append(arange4000); // the zeros are stored now, as a repeated value C reads
        }
        String again = io.github.blosc2panama.core.testutil.PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1])
                print(s.nchunks, s.nbytes, [len(s.decompress_chunk(k)) for k in range(s.nchunks)],
                      set(bytes(s.decompress_chunk(3))))
                """, dir.resolve("one.b2frame").toString());
        assertTrue(again.startsWith("6 76000 [16000, 4000, 16000, 16000, 8000, 16000] {0}"), again);
        try (SuperChunk sc = SuperChunk.open(dir.resolve("two.b2frame"))) {
            assertEquals(6, sc.nchunks());
            assertTrue(java.util.Arrays.equals(arange4000, sc.decompressChunk(2)));
            assertEquals(8000, sc.decompressChunk(5).length);
            for (int k : new int[] {3, 4}) {
                io.github.blosc2panama.core.CorruptDataException e = org.junit.jupiter.api.Assertions.assertThrows(
                        io.github.blosc2panama.core.CorruptDataException.class, () -> sc.decompressChunk(k));
                assertTrue(e.getMessage().contains("sizes are unknown"), e.getMessage());
            }
        }
    }

    @Test
    void pythonOpensOurSparseFramesAfterManyUpdates() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        // C-Blosc2 opens a sparse frame only if every chunk file number is at most the frame's cbytes less 32. With
        // 1-byte chunks (33 bytes each), numbers that grew with each update soon passed that.
        Path p = dir.resolve("updated.b2frame");
        CParams cp = CParams.builder().codec(Codec.ZSTD).typesize(1).build();
        try (SuperChunk sc = SuperChunk.create(Storage.sparse(p).durable(false), cp, 1)) {
            for (int k = 0; k < 3; k++) {
                sc.append(new byte[] {(byte) k});
            }
            for (int u = 0; u < 80; u++) {
                sc.updateChunk(u % 2 == 0 ? 2 : 0, Blosc2.compress(new byte[] {(byte) (10 + u)}, cp));
            }
        }
        String out = io.github.blosc2panama.core.testutil.PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1])
                print(s.nchunks, [bytes(s.decompress_chunk(k))[0] for k in range(s.nchunks)])
                """, p.toString());
        assertEquals("3 [89, 1, 88]", out.strip());
    }

    @Test
    void pythonAppendsFullChunksAfterOurShorterFirstOne() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        // C keeps the chunksize a super-chunk was created with when the first chunk is shorter; we took the first
        // chunk's size, and python could then append no full chunk (after deleting the short one too)
        Path p = dir.resolve("short-first.b2frame");
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(p), CParams.builder().typesize(4).build(), 8000)) {
            sc.append(data(2040, 1, 1));
            assertEquals(8000, sc.chunksize());
        }
        String out = io.github.blosc2panama.core.testutil.PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1], mode='a')
                s.delete_chunk(0)
                s.append_data(bytes(range(256)) * 31 + bytes(64))
                s.append_data(bytes(8000))
                print(s.chunksize, s.nchunks, [len(s.decompress_chunk(k)) for k in range(s.nchunks)])
                """, p.toString());
        assertEquals("8000 2 [8000, 8000]", out.strip());
        try (SuperChunk sc = SuperChunk.open(p)) {
            assertEquals(2, sc.nchunks());
            assertEquals(8000, sc.chunksize());
        }
    }

    @Test
    void fillSpecialRecordsTheBlocksizePythonDoes() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        // C records the blocksize of a chunk of chunksize bytes (its sample special chunk's) and compresses the chunks
        // appended later with it; we recorded the chunksize itself, and our later chunks were one block each
        String script = """
                import sys, blosc2, numpy as np
                for cs, bs, contiguous in ((400000, 0, True), (40000, 4000, False), (64000, 0, True)):
                    s = blosc2.SChunk(chunksize=cs, cparams=blosc2.CParams(codec=blosc2.Codec.LZ4, typesize=4,
                                                                           blocksize=bs, nthreads=1),
                                      storage=blosc2.Storage(contiguous=contiguous, mode='w',
                                                             urlpath=sys.argv[1] + '/p%d.b2frame' % cs))
                    s.fill_special(cs // 8, blosc2.SpecialValue.ZERO)
                    s.append_data(np.arange(cs // 4, dtype='<i4').tobytes())
                    c = s.get_chunk(s.nchunks - 1)
                    print(cs, s.blocksize, int.from_bytes(c[8:12], 'little'))
                """;
        String out = io.github.blosc2panama.core.testutil.PythonPeer.run(script, dir.toString());
        StringBuilder ours = new StringBuilder();
        for (int[] csBs : new int[][] {{400000, 0}, {40000, 4000}, {64000, 0}}) {
            int cs = csBs[0];
            CParams p = CParams.builder().codec(Codec.LZ4).typesize(4).blocksize(csBs[1]).nthreads(1).build();
            Path f = dir.resolve("j" + cs + ".b2frame");
            try (SuperChunk sc = SuperChunk.create(cs == 40000 ? Storage.sparse(f) : Storage.contiguous(f), p, cs)) {
                sc.fillSpecial(cs / 8, SpecialValue.ZERO);
                byte[] ints = new byte[cs];
                java.nio.ByteBuffer.wrap(ints).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                        .put(java.util.stream.IntStream.range(0, cs / 4).toArray());
                sc.append(ints);
                ours.append(cs).append(' ').append(sc.blocksize()).append(' ')
                        .append(Blosc2.info(sc.chunk(sc.nchunks() - 1)).blocksize()).append('\n');
            }
        }
        assertEquals(out.strip(), ours.toString().strip());
    }

    @Test
    void framesOfSpecialChunksArePythonsByteForByte() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        // C writes the offsets index as one repeated value only right after fill_special (and keeps it while the
        // offsets stay); zero chunks appended one by one, or a filled frame changed after, get a compressed index
        String script = """
                import sys, blosc2
                def frame(name):
                    return blosc2.SChunk(chunksize=4000, cparams=blosc2.CParams(typesize=4, nthreads=1),
                                         dparams=blosc2.DParams(nthreads=1),
                                         storage=blosc2.Storage(contiguous=True, urlpath=sys.argv[1] + name, mode='w'))
                s = frame('/p-appended.b2frame'); s.append_data(bytes(4000)); s.append_data(bytes(4000)); del s
                s = frame('/p-filled.b2frame'); s.fill_special(3000, blosc2.SpecialValue.UNINIT); del s
                s = frame('/p-deleted.b2frame'); s.fill_special(3000, blosc2.SpecialValue.ZERO); s.delete_chunk(0); del s
                """;
        io.github.blosc2panama.core.testutil.PythonPeer.run(script, dir.toString());
        CParams p = CParams.builder().typesize(4).nthreads(1).build();
        try (SuperChunk s = SuperChunk.create(Storage.contiguous(dir.resolve("j-appended.b2frame")), p, 4000)) {
            s.append(new byte[4000]);
            s.append(new byte[4000]);
        }
        try (SuperChunk s = SuperChunk.create(Storage.contiguous(dir.resolve("j-filled.b2frame")), p, 4000)) {
            s.fillSpecial(3000, SpecialValue.UNINIT);
        }
        try (SuperChunk s = SuperChunk.create(Storage.contiguous(dir.resolve("j-deleted.b2frame")), p, 4000)) {
            s.fillSpecial(3000, SpecialValue.ZERO);
            s.deleteChunk(0);
        }
        for (String name : new String[] {"appended", "filled", "deleted"}) {
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("p-" + name + ".b2frame")),
                    Files.readAllBytes(dir.resolve("j-" + name + ".b2frame"))), name);
        }
    }

    // ------------------------------------------------------------------ Java writes, Python reads

    private static final Codec[] CODECS = {Codec.BLOSCLZ, Codec.LZ4, Codec.LZ4HC, Codec.ZLIB, Codec.ZSTD};
    private static final Filter[][] PIPELINES = {
        {Filter.SHUFFLE}, {Filter.BITSHUFFLE}, {Filter.DELTA, Filter.SHUFFLE}, {Filter.SHUFFLE, Filter.BYTEDELTA},
        {Filter.TRUNC_PREC, Filter.SHUFFLE}, {Filter.NOFILTER}};
    private static final int[] TYPESIZES = {4, 8, 2, 1, 16, 3};
    private static final String[] KINDS = {"cframe", "sframe", "memory"};

    static byte[] data(int nbytes, int seed, int pattern) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[nbytes];
        switch (pattern) {
            case 0 -> {
                for (int i = 0; i < nbytes; i++) {
                    b[i] = (byte) ((long) i * (seed + 1) / 3);
                }
            }
            case 1 -> {
                int x = seed;
                for (int i = 0; i + 4 <= nbytes; i += 4) {
                    x += r.nextInt(9) - 4;
                    b[i] = (byte) x;
                    b[i + 1] = (byte) (x >> 8);
                    b[i + 2] = (byte) (x >> 16);
                    b[i + 3] = (byte) (x >> 24);
                }
            }
            case 2 -> {
                for (int i = 0; i < nbytes; i++) {
                    b[i] = (byte) r.nextInt(7);
                }
            }
            default -> {
                String[] words = {"blosc2 ", "frame ", "chunk ", "panama ", seed + " "};
                StringBuilder sb = new StringBuilder();
                while (sb.length() < nbytes) {
                    sb.append(words[r.nextInt(words.length)]);
                }
                System.arraycopy(sb.toString().getBytes(StandardCharsets.US_ASCII), 0, b, 0, nbytes);
            }
        }
        return b;
    }

    @Test
    @SuppressWarnings("unchecked")
    void pythonReadsWhatWeWrite() throws Exception {
        assumeTrue(python() != null, "blosc2.python not set");
        Path out = Files.createDirectories(dir.resolve("java"));
        List<String> args = new ArrayList<>(List.of("read"));
        List<Map<String, Object>> ours = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            String kind = KINDS[i % 3];
            Path p = out.resolve(String.format("j%02d_%s.b2frame", i, kind));
            List<byte[]> model = new ArrayList<>();
            Map<String, Object> desc;
            try (SuperChunk sc = build(i, kind, p, model)) {
                if (kind.equals("memory")) {
                    Files.write(p, sc.toCframe());
                }
                desc = describe(sc, p.toString(), kind);
                // our own reading agrees with the model (UNINIT chunks excepted)
                List<Object> chunks = (List<Object>) desc.get("chunks");
                assertEquals(model.size(), chunks.size(), p.toString());
                for (int k = 0; k < model.size(); k++) {
                    Map<String, Object> c = (Map<String, Object>) chunks.get(k);
                    if (c.get("sha256") != null) {
                        assertEquals(sha(model.get(k)), c.get("sha256"), p + " chunk " + k);
                    }
                }
            }
            if (!kind.equals("memory")) {
                try (SuperChunk again = SuperChunk.open(p)) {
                    assertEquals(desc, describe(again, p.toString(), kind), p + " reopened");
                }
            }
            ours.add(desc);
            args.add(p.toString());
            args.add(kind);
        }
        List<Object> theirs = runPython(args);
        assertEquals(ours.size(), theirs.size());
        for (int i = 0; i < ours.size(); i++) {
            assertEquals(ours.get(i), theirs.get(i), (String) ours.get(i).get("path"));
        }
    }

    /**
     * Special chunks (zeros, NaN, uninit) that no special offset can stand for: the chunksize turns variable, then
     * more come of other sizes, of NaNs of another width, of zeros that are not whole items. C-Blosc2 refuses
     * header-only chunks of those kinds in frame files and sparse frames.
     */
    private static void specialsOfVariableSize(SuperChunk sc, int i, int ts, int chunksize, List<byte[]> model,
            java.util.function.UnaryOperator<byte[]> kept) {
        SpecialValue picked = new SpecialValue[] {SpecialValue.ZERO, SpecialValue.NAN, SpecialValue.UNINIT}[i % 3];
        SpecialValue sv = picked == SpecialValue.NAN && ts != 4 && ts != 8 ? SpecialValue.ZERO : picked;
        java.util.function.IntFunction<byte[]> special = n -> switch (sv) {
            case NAN -> Blosc2.nans(n, ts);
            case UNINIT -> Blosc2.uninit(n, ts);
            default -> Blosc2.zeros(n, ts);
        };
        // what each reads back: zeros for uninit too (stored as zeros once no special offset can stand for it)
        java.util.function.IntFunction<byte[]> expected = n -> sv == SpecialValue.NAN
                ? Blosc2.decompress(Blosc2.nans(n, ts)) : new byte[n];
        sc.appendChunk(special.apply(chunksize));
        model.add(expected.apply(chunksize));
        byte[] d = data(chunksize, i * 100, 1);
        sc.append(d);
        model.add(kept.apply(d));
        sc.appendChunk(special.apply(chunksize));
        model.add(expected.apply(chunksize));
        d = data(chunksize + 3 * ts, i * 100 + 1, 2); // the chunksize turns variable
        sc.append(d);
        model.add(kept.apply(d));
        int half = chunksize / 2 / ts * ts;
        sc.appendChunk(special.apply(half)); // another size
        model.add(expected.apply(half));
        sc.insertChunk(0, Blosc2.zeros(chunksize + 1, 1)); // not whole items of the typesize, and first
        model.add(0, new byte[chunksize + 1]);
        if (sv == SpecialValue.NAN) {
            sc.appendChunk(Blosc2.nans(chunksize, 12 - ts)); // NaNs of the other width
            model.add(Blosc2.decompress(Blosc2.nans(chunksize, 12 - ts)));
        }
    }

    /** Frame {@code i} of the Java side; {@code model} receives the data of every chunk, in order. */
    private static SuperChunk build(int i, String kind, Path p, List<byte[]> model) {
        Filter[] filters = PIPELINES[i % PIPELINES.length];
        int ts = TYPESIZES[(i / 2) % TYPESIZES.length];
        if (filters[0] == Filter.TRUNC_PREC && ts != 4 && ts != 8) {
            ts = i % 2 == 1 ? 4 : 8;
        }
        if (i >= 42) {
            ts = new int[] {16, 4, 8}[i % 3];
        }
        CParams.Builder b = CParams.builder().codec(CODECS[i % CODECS.length]).clevel(1 + i % 9).typesize(ts)
                .filters(filters).splitMode(SplitMode.values()[i % SplitMode.values().length]);
        if (filters[0] == Filter.TRUNC_PREC) {
            b.filtersMeta(13, 0);
        }
        CParams cp = b.build();
        // trunc-prec is lossy: the model holds what a compression round trip keeps
        java.util.function.UnaryOperator<byte[]> kept = filters[0] == Filter.TRUNC_PREC
                ? d -> Blosc2.decompress(Blosc2.compress(d, cp)) : d -> d;
        int nitems = new int[] {1000, 2500, 4096, 777}[i % 4];
        int chunksize = nitems * ts;
        Storage st = switch (kind) {
            case "cframe" -> Storage.contiguous(p);
            case "sframe" -> Storage.sparse(p);
            default -> Storage.inMemory();
        };
        SuperChunk sc = SuperChunk.create(st, cp, chunksize);
        if (i % 2 == 0) {
            sc.addMetalayer("jmeta", new byte[] {(byte) 0x92, (byte) i, (byte) 0xa1, 'j'});
            sc.addMetalayer("raw", data(3 + i, i, 0));
        }
        if (i >= 42) {
            // a shorter last chunk of zeros that is not whole items: C cannot rebuild it from a special offset
            for (int k = 0; k < 2; k++) {
                byte[] d = data(chunksize, i * 100 + k, k);
                sc.append(d);
                model.add(kept.apply(d));
            }
            sc.append(new byte[chunksize / 2 + 1]);
            model.add(new byte[chunksize / 2 + 1]);
        } else if (i >= 36) {
            specialsOfVariableSize(sc, i, ts, chunksize, model, kept);
        } else if (i >= 30) {
            SpecialValue sv = new SpecialValue[] {SpecialValue.ZERO, SpecialValue.NAN, SpecialValue.UNINIT}[i % 3];
            if (sv == SpecialValue.NAN && ts != 4 && ts != 8) {
                sv = SpecialValue.ZERO;
            }
            long nitemsAll = nitems * 3L + nitems / 2;
            sc.fillSpecial(nitemsAll, sv);
            for (int k = 0; k < sc.nchunks(); k++) {
                model.add(sc.decompressChunk(k));
            }
            if (i == 33) {
                // and a data chunk replacing a special one
                byte[] d = data(chunksize, i * 100, 1);
                sc.updateChunk(1, Blosc2.compress(d, cp));
                model.set(1, kept.apply(d));
            }
        } else {
            for (int k = 0; k < 3 + i % 4; k++) {
                byte[] d = data(chunksize, i * 100 + k, (i + k) % 4);
                sc.append(d);
                model.add(kept.apply(d));
            }
            if (i % 4 == 1) {
                sc.append(new byte[chunksize]); // all zeros: a special chunk
                model.add(new byte[chunksize]);
            }
            if (i % 8 == 6) {
                sc.appendChunk(Blosc2.nans(chunksize, 4)); // a special chunk given as such
                model.add(sc.decompressChunk(sc.nchunks() - 1));
            }
            switch (i % 5) {
                case 1 -> {
                    byte[] d = data(chunksize, i * 100 + 50, 2);
                    sc.insertChunk(1, Blosc2.compress(d, cp));
                    model.add(1, kept.apply(d));
                }
                case 2 -> {
                    sc.deleteChunk(0);
                    model.remove(0);
                }
                case 3 -> {
                    byte[] d = data(chunksize, i * 100 + 60, 0);
                    sc.updateChunk(1, Blosc2.compress(d, cp));
                    model.set(1, kept.apply(d));
                }
                case 4 -> {
                    int n = sc.nchunks();
                    int[] order = new int[n];
                    for (int k = 0; k < n; k++) {
                        order[k] = n - 1 - k;
                    }
                    sc.reorder(order);
                    List<byte[]> rev = new ArrayList<>(model.reversed());
                    model.clear();
                    model.addAll(rev);
                }
                default -> { }
            }
            if (i % 6 == 5) {
                byte[] d = data(nitems / 2 * ts, i * 100 + 70, 3); // a shorter last chunk
                sc.append(d);
                model.add(kept.apply(d));
            }
            if (i % 10 == 7) {
                byte[] d = data(chunksize + 3 * ts, i * 100 + 80, 2); // a longer chunk: chunksize turns variable
                sc.append(d);
                model.add(kept.apply(d));
            }
        }
        if (i % 3 != 2) {
            sc.setVlmetalayer("jvl", ("{\"i\": " + i + "}").getBytes(StandardCharsets.US_ASCII));
            sc.setVlmetalayer("raw", data(20 + i * 7, i, 2),
                    CParams.builder().codec(Codec.ZSTD).clevel(3).typesize(1).build());
        }
        if (i % 7 == 3) {
            sc.setVlmetalayer("gone", new byte[] {1, 2, 3});
            sc.deleteVlmetalayer("gone");
            sc.setVlmetalayer("jvl", "replaced".getBytes(StandardCharsets.US_ASCII));
        }
        if (i % 4 == 0 && i % 2 == 0) {
            byte[] upd = data(3 + i, i + 1, 0);
            sc.updateMetalayer("raw", upd);
        }
        return sc;
    }
}
