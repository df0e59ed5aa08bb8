package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.testutil.PythonPeer;
import io.github.blosc2panama.core.testutil.Vectors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * python-blosc2 (C-Blosc2 3.3) as the peer, one python process per direction: it reads the arrays
 * we write and compares them with NumPy (full array, random slices, chunk/block shapes, default
 * partitions); we read the arrays it writes and compare with the bytes and slice hashes it reports.
 */
class PythonPeerNDArrayTest {
    /** One array we write: dtype, shape, chunk/block shapes (null = default) and how. */
    record Case(String dtype, long[] shape, int[] chunks, int[] blocks, String how, boolean sparse) {
    }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        String[] dtypes = {"|b1", "|i1", "|u1", "<i2", ">i2", "<u2", "<i4", ">i4", "<u4", "<i8", ">i8", "<u8", "<f2",
            "<f4", ">f4", "<f8", ">f8", "<c8", "<c16", ">c16", "|S5", "<U3", "|V6", "<M8[ns]",
            "[('a', '<i4'), ('b', '<f8', (3,))]", "[('x', '>i2'), ('y', [('p', 'u1'), ('q', '>f4')])]"};
        long[][] shapes = {{1000}, {37, 23}, {10, 11, 12}, {5, 6, 7, 8}, {3, 4, 5, 3, 2}, {2, 3, 2, 3, 2, 3},
            {2, 2, 3, 2, 2, 3, 2}, {2, 2, 2, 3, 2, 2, 2, 3}};
        for (int i = 0; i < dtypes.length; i++) {
            long[] shape = shapes[i % shapes.length];
            int nd = shape.length;
            int[] chunks = new int[nd];
            int[] blocks = new int[nd];
            for (int d = 0; d < nd; d++) {
                chunks[d] = (int) Math.max(1, (shape[d] * 2 + 2) / 3);
                blocks[d] = Math.max(1, (chunks[d] + 1) / 2);
            }
            c.add(new Case(dtypes[i], shape, chunks, blocks, "data", i % 7 == 3));
        }
        c.add(new Case("<f8", new long[] {300, 200}, null, null, "data", false));
        c.add(new Case("<i4", new long[] {100000}, null, null, "data", false));
        c.add(new Case("|u1", new long[] {20, 30, 40}, null, null, "data", false));
        c.add(new Case("<f4", new long[] {}, new int[0], new int[0], "data", false));
        c.add(new Case("<i4", new long[] {0, 10}, null, null, "data", false));
        c.add(new Case("<f8", new long[] {7, 0, 3}, new int[] {4, 2, 3}, new int[] {2, 1, 3}, "data", false));
        c.add(new Case("<i8", new long[] {100, 90}, new int[] {30, 40}, new int[] {10, 10}, "zeros", false));
        c.add(new Case("<f8", new long[] {60, 70}, new int[] {25, 25}, new int[] {5, 25}, "full", false));
        c.add(new Case("<f4", new long[] {10000}, new int[] {3000}, new int[] {1000}, "nans", true));
        c.add(new Case(">i4", new long[] {33, 17}, new int[] {16, 8}, new int[] {7, 3}, "data", true));
        // written, then resized to the shape (growing some dimensions, shrinking others), or zeros with a region set
        c.add(new Case("<i4", new long[] {50, 40}, new int[] {16, 16}, new int[] {8, 8}, "resized", false));
        c.add(new Case("<f8", new long[] {30, 20, 10}, new int[] {8, 8, 4}, new int[] {4, 4, 2}, "resized", true));
        c.add(new Case("<i2", new long[] {100, 100}, new int[] {30, 30}, new int[] {10, 10}, "setslice", false));
        c.add(new Case("<f4", new long[] {500}, new int[] {64}, new int[] {16}, "setslice", true));
        return c;
    }

    static byte[] data(Case k, DType t, long nitems, Random rnd) {
        byte[] b = new byte[Math.toIntExact(nitems * t.itemsize())];
        rnd.nextBytes(b);
        if (t.kind() == DType.Kind.BOOL) {
            for (int i = 0; i < b.length; i++) {
                b[i] &= 1;
            }
        }
        if (t.kind() == DType.Kind.UNICODE) {
            for (int i = 0; i < b.length; i += 4) {
                int cp = 0x20 + (b[i] & 0x3f);
                boolean be = t.byteOrder() == '>';
                b[i] = (byte) (be ? 0 : cp);
                b[i + 1] = 0;
                b[i + 2] = 0;
                b[i + 3] = (byte) (be ? cp : 0);
            }
        }
        if (t.kind() == DType.Kind.FLOAT || t.kind() == DType.Kind.COMPLEX || t.isStructured()) {
            // keep the bytes but avoid signalling-NaN canonicalization questions: NumPy compares bytes anyway
            return b;
        }
        return b;
    }

    /** The items of a C-order array of shape {@code from} inside {@code to}, zero elsewhere, in C order of {@code to}. */
    static byte[] copyInto(byte[] v, long[] from, long[] to, int itemsize) {
        long[] common = new long[to.length];
        for (int d = 0; d < to.length; d++) {
            common[d] = Math.min(from[d], to[d]);
        }
        long n = 1;
        for (long x : to) {
            n *= x;
        }
        byte[] out = new byte[Math.toIntExact(n * itemsize)];
        forEachItem(common, idx -> System.arraycopy(v, Math.toIntExact(linear(idx, from) * itemsize), out,
                Math.toIntExact(linear(idx, to) * itemsize), itemsize));
        return out;
    }

    /** Writes the C-order region {@code r} of shape {@code rshape} at {@code lo} into the array {@code out}. */
    static void placeRegion(byte[] r, long[] rshape, long[] lo, byte[] out, long[] shape, int itemsize) {
        long[] at = new long[shape.length];
        forEachItem(rshape, idx -> {
            for (int d = 0; d < shape.length; d++) {
                at[d] = lo[d] + idx[d];
            }
            System.arraycopy(r, Math.toIntExact(linear(idx, rshape) * itemsize), out,
                    Math.toIntExact(linear(at, shape) * itemsize), itemsize);
        });
    }

    private static long linear(long[] idx, long[] shape) {
        long i = 0;
        for (int d = 0; d < shape.length; d++) {
            i = i * shape[d] + idx[d];
        }
        return i;
    }

    private static void forEachItem(long[] shape, java.util.function.Consumer<long[]> f) {
        for (long x : shape) {
            if (x == 0) {
                return;
            }
        }
        long[] idx = new long[shape.length];
        while (true) {
            f.accept(idx);
            int d = shape.length - 1;
            while (d >= 0 && ++idx[d] == shape[d]) {
                idx[d] = 0;
                d--;
            }
            if (d < 0) {
                return;
            }
        }
    }

    @Test
    void pythonReadsWhatWeWrite(@TempDir Path tmp) throws Exception {
        String py = PythonPeer.python();
        assertTrue(!py.isEmpty());
        List<Case> cases = cases();
        assertTrue(cases.size() >= 30, "at least 30 arrays");
        ObjectMapper om = new ObjectMapper();
        var list = om.createArrayNode();
        Random rnd = new Random(42);
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            DType t = DType.parse(k.dtype);
            Path file = tmp.resolve("j" + i + ".b2nd");
            Storage st = k.sparse ? Storage.sparse(file).durable(false) : Storage.contiguous(file);
            CParams cp = CParams.builder().codec(i % 3 == 0 ? Codec.LZ4 : Codec.ZSTD).clevel(5)
                    .filters(i % 4 == 1 ? Filter.BITSHUFFLE : Filter.SHUFFLE).build();
            NDArray.Builder b = NDArray.builder(t, k.shape).storage(st).cparams(cp);
            if (k.chunks != null) {
                b.chunkshape(k.chunks).blockshape(k.blocks);
            }
            long nitems = 1;
            for (long s : k.shape) {
                nitems *= s;
            }
            byte[] expect;
            NDArray a;
            switch (k.how) {
                case "zeros" -> {
                    a = b.zeros();
                    expect = new byte[Math.toIntExact(nitems * t.itemsize())];
                }
                case "full" -> {
                    byte[] v = new byte[t.itemsize()];
                    java.nio.ByteBuffer.wrap(v).order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(3.25);
                    a = b.full(v);
                    expect = new byte[Math.toIntExact(nitems * t.itemsize())];
                    for (int j = 0; j < expect.length; j += v.length) {
                        System.arraycopy(v, 0, expect, j, v.length);
                    }
                }
                case "nans" -> {
                    a = b.nans();
                    expect = new byte[Math.toIntExact(nitems * 4)];
                    for (int j = 0; j < expect.length; j += 4) {
                        java.nio.ByteBuffer.wrap(expect, j, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                                .putFloat(Float.NaN);
                    }
                }
                case "resized" -> {
                    int nd = k.shape.length;
                    long[] first = new long[nd];
                    long firstItems = 1;
                    for (int d = 0; d < nd; d++) {
                        first[d] = d % 2 == 0 ? k.shape[d] * 2 / 3 + 1 : k.shape[d] + 7;
                        firstItems *= first[d];
                    }
                    byte[] v = data(k, t, firstItems, rnd);
                    a = NDArray.builder(t, first).storage(st).cparams(cp).chunkshape(k.chunks).blockshape(k.blocks)
                            .fromBytes(v);
                    a.resize(k.shape);
                    expect = copyInto(v, first, k.shape, t.itemsize());
                }
                case "setslice" -> {
                    int nd = k.shape.length;
                    long[] lo = new long[nd];
                    long[] hi = new long[nd];
                    long regionItems = 1;
                    for (int d = 0; d < nd; d++) {
                        lo[d] = k.shape[d] / 5;
                        hi[d] = k.shape[d] - k.shape[d] / 7;
                        regionItems *= hi[d] - lo[d];
                    }
                    byte[] v = data(k, t, regionItems, rnd);
                    a = b.zeros();
                    a.setSlice(lo, hi, v);
                    expect = new byte[Math.toIntExact(nitems * t.itemsize())];
                    long[] rshape = new long[nd];
                    for (int d = 0; d < nd; d++) {
                        rshape[d] = hi[d] - lo[d];
                    }
                    placeRegion(v, rshape, lo, expect, k.shape, t.itemsize());
                }
                default -> {
                    expect = data(k, t, nitems, rnd);
                    a = b.fromBytes(expect);
                }
            }
            try (a) {
                assertArrayEquals(expect, a.toBytes(), "our own read-back of case " + i);
                var n = list.addObject();
                n.put("file", file.toString());
                n.put("raw", tmp.resolve("j" + i + ".raw").toString());
                n.put("dtype", k.dtype);
                n.putPOJO("shape", k.shape);
                n.putPOJO("chunks", a.chunkshape());
                n.putPOJO("blocks", a.blockshape());
                n.put("default", k.chunks == null);
                n.put("how", k.how);
            }
            Files.write(tmp.resolve("j" + i + ".raw"), expect);
        }
        Path manifest = tmp.resolve("java.json");
        om.writeValue(manifest.toFile(), list);
        String out = PythonPeer.run(READER, manifest.toString());
        List<String> lines = out.lines().toList();
        long ok = lines.stream().filter(l -> l.startsWith("OK ")).count();
        assertEquals(cases.size(), ok, out);
    }

    static final String READER = """
            import sys, json, ast
            import numpy as np, blosc2
            rng = np.random.default_rng(7)
            def dt(s):
                try:
                    return np.dtype(s)
                except (TypeError, ValueError):
                    return np.dtype(ast.literal_eval(s))
            for e in json.load(open(sys.argv[1])):
                try:
                    a = blosc2.open(e["file"])
                    t = dt(e["dtype"])
                    shape = tuple(e["shape"])
                    assert a.shape == shape, (a.shape, shape)
                    assert a.dtype == t, (a.dtype, t)
                    assert tuple(a.chunks) == tuple(e["chunks"]), (a.chunks, e["chunks"])
                    assert tuple(a.blocks) == tuple(e["blocks"]), (a.blocks, e["blocks"])
                    if e["default"]:
                        c, b = blosc2.compute_chunks_blocks(shape, dtype=t)
                        assert tuple(c) == tuple(e["chunks"]) and tuple(b) == tuple(e["blocks"]), ("default", c, b)
                    raw = open(e["raw"], "rb").read()
                    ref = np.frombuffer(raw, dtype=t).reshape(shape)
                    full = a[()] if len(shape) == 0 else a[...]
                    assert np.asarray(full).tobytes() == raw, "full array differs"
                    if len(shape) > 0 and 0 not in shape:
                        for _ in range(10):
                            sl = []
                            for d in shape:
                                lo = int(rng.integers(0, d)); hi = int(rng.integers(lo + 1, d + 1))
                                sl.append(slice(lo, hi))
                            sl = tuple(sl)
                            assert a[sl].tobytes() == np.ascontiguousarray(ref[sl]).tobytes(), ("slice", sl)
                    print("OK", e["file"])
                except Exception as ex:
                    print("FAIL", e["file"], e["dtype"], repr(ex))
            """;

    @Test
    void pythonResizesOurEmptyArrays(@TempDir Path tmp) throws Exception {
        // C-Blosc2 writes an array's chunk size into the frame header from the start; ours said -1 while the array
        // had no chunk, and python-blosc2 could not resize such an array ("Error while resizing the array")
        long[][] shapes = {{0}, {5, 0}, {3, 0, 2}};
        int[][] chunks = {{2}, {2, 3}, {2, 1, 2}};
        List<String> paths = new ArrayList<>();
        for (int k = 0; k < shapes.length; k++) {
            for (boolean sparse : new boolean[] {false, true}) {
                Path p = tmp.resolve("empty" + k + (sparse ? "-sparse" : "") + ".b2nd");
                NDArray.Builder b = NDArray.builder(DType.parse("<f8"), shapes[k]).chunkshape(chunks[k])
                        .storage(sparse ? Storage.sparse(p) : Storage.contiguous(p));
                (k == 1 ? b.full(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xf8, 0x3f}) : b.zeros()).close();
                paths.add(p.toString());
            }
        }
        String out = PythonPeer.run("""
                import sys, blosc2
                for p in sys.argv[1:]:
                    a = blosc2.open(p, mode='a')
                    a.resize(tuple(4 if d == 0 else d for d in a.shape))
                    v = blosc2.open(p)[...]
                    print(v.shape, float(abs(v).sum()))
                """, paths.toArray(String[]::new));
        assertEquals("(4,) 0.0\n(4,) 0.0\n(5, 4) 0.0\n(5, 4) 0.0\n(3, 4, 2) 0.0\n(3, 4, 2) 0.0", out.strip());
    }

    @Test
    void zerosAndEmptyArraysArePythonsByteForByte(@TempDir Path tmp) throws Exception {
        // python-blosc2 stores the offsets index of an array of special chunks only as one repeated-value chunk
        // (C's frame_fill_special); we compressed the repeated offsets, a longer index and another file
        PythonPeer.run("""
                import sys, blosc2
                kw = dict(mode='w', cparams=blosc2.CParams(nthreads=1), dparams=blosc2.DParams(nthreads=1))
                blosc2.zeros((1000,), dtype='<i4', chunks=(300,), blocks=(100,), urlpath=sys.argv[1] + '/p1.b2nd', **kw)
                blosc2.zeros((7, 9, 11), dtype='u1', chunks=(4, 4, 4), blocks=(2, 2, 2), urlpath=sys.argv[1] + '/p2.b2nd',
                             **kw)
                blosc2.empty((64, 64), dtype='<f8', chunks=(32, 32), blocks=(8, 8), urlpath=sys.argv[1] + '/p3.b2nd', **kw)
                """, tmp.toString());
        NDArray.builder(DType.parse("<i4"), 1000).chunkshape(300).blockshape(100)
                .storage(Storage.contiguous(tmp.resolve("j1.b2nd"))).zeros().close();
        NDArray.builder(DType.parse("|u1"), 7, 9, 11).chunkshape(4, 4, 4).blockshape(2, 2, 2)
                .storage(Storage.contiguous(tmp.resolve("j2.b2nd"))).zeros().close();
        NDArray.builder(DType.parse("<f8"), 64, 64).chunkshape(32, 32).blockshape(8, 8)
                .storage(Storage.contiguous(tmp.resolve("j3.b2nd"))).empty().close();
        for (int k = 1; k <= 3; k++) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("p" + k + ".b2nd")),
                    Files.readAllBytes(tmp.resolve("j" + k + ".b2nd")), "array " + k);
        }
    }

    @Test
    void weOpenTheArraysOfAPythonStoreAtTheirOffsets(@TempDir Path tmp) throws Exception {
        // a .b2z DictStore is a zip whose members are stored frames; python-blosc2 opens them in place at their
        // offsets (as blosc2.open(urlpath, offset=...) opens any embedded frame), and so do we
        Path store = tmp.resolve("store.b2z");
        String out = PythonPeer.run("""
                import sys, blosc2, numpy as np
                ds = blosc2.DictStore(sys.argv[1], mode='w')
                ds['/ramp'] = np.arange(1000, dtype='<f4')
                ds['/grid'] = blosc2.asarray(np.arange(1600, dtype='<i8').reshape(40, 40) * 3, chunks=(16, 40),
                                             blocks=(4, 8))
                ds.close()
                ds = blosc2.DictStore(sys.argv[1], mode='r')
                for name in ('ramp.b2nd', 'grid.b2nd'):
                    m = ds.offsets[name]
                    print(m['offset'], m['stored'], ds['/' + name[:-5]].shape)
                """, store.toString());
        String[] lines = out.strip().split("\n");
        assertEquals(2, lines.length, out);
        long rampAt = Long.parseLong(lines[0].split(" ")[0]);
        long gridAt = Long.parseLong(lines[1].split(" ")[0]);
        assertTrue(lines[0].endsWith("True (1000,)") && lines[1].endsWith("True (40, 40)"), out);
        try (NDArray ramp = NDArray.open(store, rampAt); NDArray grid = NDArray.open(store, gridAt)) {
            assertArrayEquals(new long[] {1000}, ramp.shape());
            java.nio.FloatBuffer f = java.nio.ByteBuffer.wrap(ramp.toBytes()).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .asFloatBuffer();
            for (int i = 0; i < 1000; i++) {
                assertEquals(i, f.get(i));
            }
            assertArrayEquals(new long[] {40, 40}, grid.shape());
            assertArrayEquals(new int[] {16, 40}, grid.chunkshape());
            java.nio.LongBuffer l = java.nio.ByteBuffer.wrap(grid.getSlice(new long[] {20, 0}, new long[] {40, 40}))
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer();
            for (int i = 0; i < 800; i++) {
                assertEquals(3L * (800 + i), l.get(i));
            }
        }
    }

    @Test
    void weReadWhatPythonWrites(@TempDir Path tmp) throws Exception {
        String out = PythonPeer.run(WRITER, tmp.toString());
        JsonNode list = new ObjectMapper().readTree(out);
        assertTrue(list.size() >= 30, "at least 30 arrays");
        for (JsonNode e : list) {
            String f = e.get("file").asText();
            try (NDArray a = NDArray.open(Path.of(f))) {
                assertEquals(e.get("dtype").asText(), a.dtypeString(), f);
                assertEquals(DType.parse(e.get("dtype").asText()).itemsize(), a.itemsize(), f);
                assertArrayEquals(B2ndVectorsTest.longs(e.get("shape")), a.shape(), f);
                assertArrayEquals(B2ndVectorsTest.ints(e.get("chunks")), a.chunkshape(), f);
                assertArrayEquals(B2ndVectorsTest.ints(e.get("blocks")), a.blockshape(), f);
                if (e.has("default_chunks")) {
                    Partitions.Choice ch = Partitions.choose(a.shape(), null, null, a.itemsize(), cacheOf(e));
                    assertArrayEquals(B2ndVectorsTest.ints(e.get("default_chunks")), ch.chunkshape(), f);
                    assertArrayEquals(B2ndVectorsTest.ints(e.get("default_blocks")), ch.blockshape(), f);
                }
                byte[] all = a.toBytes();
                assertEquals(e.get("sha256").asText(), Vectors.sha256(all), f);
                for (JsonNode s : e.get("slices")) {
                    byte[] got = a.getSlice(B2ndVectorsTest.longs(s.get("start")), B2ndVectorsTest.longs(s.get("stop")));
                    assertEquals(s.get("sha256").asText(), Vectors.sha256(got), f + " " + s);
                }
            }
        }
    }

    private static Partitions.CacheSizes cacheOf(JsonNode e) {
        JsonNode c = e.get("cpu");
        return new Partitions.CacheSizes(c.get("l1").asLong(), c.get("l2").asLong(), c.get("l3").asLong(),
                c.get("x86").asBoolean());
    }

    static final String WRITER = """
            import sys, json, hashlib, os, platform
            import numpy as np, blosc2
            out = sys.argv[1]
            rng = np.random.default_rng(11)
            ci = blosc2.cpu_info
            cpu = {"l1": ci.get("l1_data_cache_size", 0), "l2": ci.get("l2_cache_size", 0),
                   "l3": ci.get("l3_cache_size", 0) if isinstance(ci.get("l3_cache_size"), int) else 0,
                   "x86": platform.machine() == "x86_64"}
            dtypes = ["|b1", "|i1", "|u1", "<i2", ">i2", "<u2", "<i4", ">i4", "<u4", "<i8", ">i8", "<u8", "<f2", "<f4",
                      ">f4", "<f8", ">f8", "<c8", "<c16", ">c16", "|S4", "<U3", "|V5", "<M8[us]",
                      [("a", "<i4"), ("b", "<f8", (3,))], [("x", ">i2"), ("y", [("p", "u1"), ("q", ">f4")])]]
            shapes = [(1000,), (37, 23), (10, 11, 12), (5, 6, 7, 8), (3, 4, 5, 3, 2), (2, 3, 2, 3, 2, 3),
                      (2, 2, 3, 2, 2, 3, 2), (2, 2, 2, 3, 2, 2, 2, 3)]
            def make(t, shape):
                n = int(np.prod(shape)) if len(shape) else 1
                raw = rng.integers(0, 256, n * t.itemsize, dtype=np.uint8).tobytes()
                if t.kind == "b":
                    raw = bytes(x & 1 for x in raw)
                if t.kind == "U":
                    return np.array(["abc", "xy", "", "q"] * n, dtype=t)[:n].reshape(shape)
                return np.frombuffer(raw, dtype=t).reshape(shape).copy()
            entries = []
            def emit(name, a, arr, default=False):
                full = a[()] if a.ndim == 0 else a[...]
                e = {"file": name, "dtype": a.dtype.str if a.dtype.kind != "V" else str(a.dtype),
                     "shape": list(a.shape), "chunks": list(a.chunks), "blocks": list(a.blocks),
                     "sha256": hashlib.sha256(np.ascontiguousarray(arr).tobytes()).hexdigest(), "slices": []}
                assert np.asarray(full).tobytes() == np.ascontiguousarray(arr).tobytes()
                if default:
                    e["default_chunks"] = list(a.chunks); e["default_blocks"] = list(a.blocks); e["cpu"] = cpu
                if a.ndim > 0 and 0 not in a.shape:
                    for _ in range(8):
                        st = []; sp = []
                        for d in a.shape:
                            lo = int(rng.integers(0, d)); hi = int(rng.integers(lo + 1, d + 1))
                            st.append(lo); sp.append(hi)
                        sub = np.ascontiguousarray(arr[tuple(slice(x, y) for x, y in zip(st, sp))])
                        e["slices"].append({"start": st, "stop": sp, "sha256": hashlib.sha256(sub.tobytes()).hexdigest()})
                entries.append(e)
            for i, d in enumerate(dtypes):
                t = np.dtype(d)
                shape = shapes[i % len(shapes)]
                chunks = tuple(max(1, (s * 2 + 2) // 3) for s in shape)
                blocks = tuple(max(1, (c + 1) // 2) for c in chunks)
                arr = make(t, shape)
                name = os.path.join(out, f"p{i}.b2nd")
                a = blosc2.asarray(arr, urlpath=name, mode="w", chunks=chunks, blocks=blocks,
                                   contiguous=(i % 5 != 2))
                emit(name, a, arr)
            k = len(dtypes)
            for shape, t in [((300, 200), "<f8"), ((100000,), "<i4"), ((20, 30, 40), "|u1"), ((1000, 1000), "<f4")]:
                arr = make(np.dtype(t), shape)
                name = os.path.join(out, f"p{k}.b2nd"); k += 1
                a = blosc2.asarray(arr, urlpath=name, mode="w")
                emit(name, a, arr, default=True)
            name = os.path.join(out, f"p{k}.b2nd"); k += 1
            a = blosc2.zeros((100, 90), dtype="<i8", urlpath=name, mode="w", chunks=(30, 40), blocks=(10, 10))
            emit(name, a, np.zeros((100, 90), dtype="<i8"))
            name = os.path.join(out, f"p{k}.b2nd"); k += 1
            a = blosc2.full((60, 70), 2.5, dtype="<f8", urlpath=name, mode="w", chunks=(25, 25), blocks=(5, 25))
            emit(name, a, np.full((60, 70), 2.5, dtype="<f8"))
            name = os.path.join(out, f"p{k}.b2nd"); k += 1
            arr = np.arange(0, dtype="<i4").reshape(0, 10)
            a = blosc2.asarray(arr, urlpath=name, mode="w")
            emit(name, a, arr)
            name = os.path.join(out, f"p{k}.b2nd"); k += 1
            arr = np.array(3.5, dtype="<f8")
            a = blosc2.asarray(arr, urlpath=name, mode="w")
            emit(name, a, arr)
            print(json.dumps(entries))
            """;
}
