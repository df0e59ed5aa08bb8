package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.blosc2panama.core.SuperChunk;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every cframe/sframe of the C-Blosc2 vectors against its manifest expectations. */
class VectorFramesTest {

    @SuppressWarnings("unchecked")
    private static List<Object> list(Map<String, Object> m, String k) {
        return (List<Object>) m.get(k);
    }

    private static int i(Object o) {
        return ((Number) o).intValue();
    }

    private static long l(Object o) {
        return ((Number) o).longValue();
    }

    /** Whether decoding this frame's offsets index needs the chunk layer (a compressed index chunk). */
    static boolean indexNeedsChunkLayer(Path file, boolean sparse) throws Exception {
        Path f = sparse ? file.resolve(SparseFrameStore.INDEX_FILE) : file;
        byte[] b = Files.readAllBytes(f);
        MemorySegment s = MemorySegment.ofArray(b);
        FrameHeader h = FrameHeader.parse(s, f.toString());
        long trailerPos = h.frameLen() - FrameTrailer.readTrailerLen(s, h.frameLen(), f.toString());
        long idx = h.headerLen() + (sparse ? 0 : h.cbytes());
        if (idx >= trailerPos) {
            return false;
        }
        ChunkPeek p = ChunkPeek.read(s, idx, trailerPos - idx, "index");
        return !p.memcpyed() && p.special() == io.github.blosc2panama.core.SpecialValue.NONE;
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> headerLevelExpectations() {
        Path root = TestSupport.vectors();
        return TestSupport.frameEntries().stream().map(e -> DynamicTest.dynamicTest((String) e.get("file"), () -> {
            Map<String, Object> x = (Map<String, Object>) e.get("expect");
            boolean sparse = "sframe".equals(e.get("kind"));
            Path file = root.resolve((String) e.get("file"));
            if (indexNeedsChunkLayer(file, sparse)) {
                assumeTrue(TestSupport.chunkLayerReady(), "compressed offsets index: needs the chunk layer");
            }
            try (SuperChunk sc = SuperChunk.open(file)) {
                check(sc, x);
            }
            if (!sparse) {
                byte[] bytes = Files.readAllBytes(file);
                assertEquals(l(x.get("file_size")), bytes.length);
                ParsedFrame pf = ParsedFrame.parse(MemorySegment.ofArray(bytes), false, true, ChunkCodec.BLOSC2, "t");
                assertEquals(l(x.get("frame_len")), pf.header().frameLen());
                try (SuperChunk sc = SuperChunk.fromCframe(bytes)) {
                    check(sc, x);
                }
            } else {
                byte[] idx = Files.readAllBytes(file.resolve(SparseFrameStore.INDEX_FILE));
                FrameHeader h = FrameHeader.parse(MemorySegment.ofArray(idx), "t");
                assertEquals(l(x.get("frame_len")), h.frameLen());
            }
        }));
    }

    @SuppressWarnings("unchecked")
    private static void check(SuperChunk sc, Map<String, Object> x) {
        assertEquals(i(x.get("nchunks")), sc.nchunks(), "nchunks");
        assertEquals(l(x.get("nbytes")), sc.nbytes(), "nbytes");
        assertEquals(l(x.get("cbytes")), sc.cbytes(), "cbytes");
        assertEquals(i(x.get("typesize")), sc.typesize(), "typesize");
        assertEquals(i(x.get("chunksize")), sc.chunksize(), "chunksize");
        assertEquals(i(x.get("blocksize")), sc.blocksize(), "blocksize");
        assertEquals(i(x.get("compcode")), sc.compcode(), "compcode");
        assertEquals(i(x.get("clevel")), sc.clevel(), "clevel");
        assertEquals(i(x.get("splitmode")), sc.splitMode(), "splitmode");
        assertEquals(i(x.get("flags2")) == 1, sc.vlBlocks(), "flags2");
        byte[] f = sc.filters();
        byte[] fm = sc.filtersMeta();
        for (int k = 0; k < 6; k++) {
            assertEquals(i(list(x, "filters").get(k)), Byte.toUnsignedInt(f[k]), "filter " + k);
            assertEquals(i(list(x, "filters_meta").get(k)), Byte.toUnsignedInt(fm[k]), "filter meta " + k);
        }
        List<Object> metas = list(x, "metalayers");
        assertEquals(metas.size(), sc.metalayerNames().size());
        for (int k = 0; k < metas.size(); k++) {
            Map<String, Object> m = (Map<String, Object>) metas.get(k);
            assertEquals(m.get("name"), sc.metalayerNames().get(k));
            assertArrayEquals(TestSupport.hex((String) m.get("content_hex")), sc.metalayer((String) m.get("name")));
        }
        List<Object> vl = list(x, "vlmetalayers");
        assertEquals(vl.stream().map(o -> ((Map<String, Object>) o).get("name")).toList(), sc.vlmetalayerNames());
        if (x.containsKey("offsets")) {
            long[] offs = sc.offsets();
            List<Object> eo = list(x, "offsets");
            assertEquals(eo.size(), offs.length);
            for (int k = 0; k < offs.length; k++) {
                assertEquals(eo.get(k), String.format("0x%016x", offs[k]), "offset " + k);
            }
        }
        List<Object> chunks = list(x, "chunks");
        long[] offs = sc.offsets();
        for (int k = 0; k < chunks.size(); k++) {
            Map<String, Object> c = (Map<String, Object>) chunks.get(k);
            assertEquals(i(c.get("nbytes")), sc.chunkNbytes(k), "chunk " + k + " nbytes");
            if (offs[k] >= 0) {
                assertEquals(l(c.get("cbytes")), sc.chunk(k).byteSize(), "chunk " + k + " cbytes");
                assertEquals(i(c.get("special")), ChunkPeek.read(sc.chunk(k), 0, sc.chunk(k).byteSize(), "c")
                        .special().code(), "chunk " + k + " special");
            } else {
                assertEquals(i(c.get("special")), OffsetsIndex.special(offs[k], "c").code(), "chunk " + k + " special");
            }
        }
    }

    /** Needs the chunk layer: decompressed data, vlmetalayer contents and synthesized special chunks. */
    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> dataExpectations() {
        Path root = TestSupport.vectors();
        return TestSupport.frameEntries().stream().map(e -> DynamicTest.dynamicTest((String) e.get("file"), () -> {
            assumeTrue(TestSupport.chunkLayerReady(), "needs the chunk layer");
            Map<String, Object> x = (Map<String, Object>) e.get("expect");
            try (SuperChunk sc = SuperChunk.open(root.resolve((String) e.get("file")))) {
                MessageDigest all = MessageDigest.getInstance("SHA-256");
                List<Object> chunks = list(x, "chunks");
                for (int k = 0; k < sc.nchunks(); k++) {
                    Map<String, Object> c = (Map<String, Object>) chunks.get(k);
                    byte[] d = sc.decompressChunk(k);
                    assertEquals(c.get("sha256"), sha(d), "chunk " + k);
                    all.update(d);
                    assertEquals(l(c.get("cbytes")), sc.chunk(k).byteSize(), "chunk " + k + " cbytes");
                }
                assertEquals(x.get("sha256"), HexFormat.of().formatHex(all.digest()));
                assertEquals(l(x.get("data_nbytes")), sc.getSlice(0, sc.nbytes()).length);
                for (Object o : list(x, "vlmetalayers")) {
                    Map<String, Object> m = (Map<String, Object>) o;
                    assertArrayEquals(TestSupport.hex((String) m.get("content_hex")),
                            sc.vlmetalayer((String) m.get("name")));
                }
            }
        }));
    }

    static String sha(byte[] d) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(d));
    }
}
