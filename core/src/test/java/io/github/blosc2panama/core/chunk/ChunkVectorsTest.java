package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.testutil.Vectors;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every chunk vector of the manifest (upstream included) decodes to its sha256, with its header fields and getitems. */
class ChunkVectorsTest {

    @TestFactory
    Stream<DynamicTest> everyChunkVector() {
        List<JsonNode> entries = Vectors.entries("chunk");
        assertTrue(entries.size() >= 160, "expected the whole chunk corpus, found " + entries.size());
        return entries.stream().map(e -> DynamicTest.dynamicTest(e.get("file").asText(), () -> check(e)));
    }

    private static void check(JsonNode e) {
        byte[] chunk = Vectors.read(e);
        JsonNode x = e.get("expect");
        ChunkInfo info = Blosc2.info(chunk);
        assertEquals(x.get("nbytes").asInt(), info.nbytes(), "nbytes");
        assertEquals(x.get("cbytes").asInt(), info.cbytes(), "cbytes");
        assertEquals(x.get("typesize").asInt(), info.typesize(), "typesize");
        assertEquals(x.get("blocksize").asInt(), info.blocksize(), "blocksize");
        JsonNode hdr = x.get("header");
        assertEquals(hdr.get("version").asInt(), info.version(), "version");
        assertEquals(hdr.get("versionlz").asInt(), info.versionLz(), "versionlz");
        assertEquals(hdr.get("flags").asInt(), info.flags(), "flags");
        if (hdr.has("filters")) {
            assertEquals(ints(hdr.get("filters")), info.filters(), "filters");
            assertEquals(ints(hdr.get("filters_meta")), info.filtersMeta(), "filters_meta");
            assertEquals(hdr.get("udcodec").asInt(), info.compcode(), "udcodec");
            assertEquals(hdr.get("compcode_meta").asInt(), info.codecMeta(), "compcode_meta");
            assertEquals(hdr.get("blosc2_flags").asInt(), info.blosc2Flags(), "blosc2_flags");
            assertEquals(hdr.get("blosc2_flags2").asInt(), info.blosc2Flags2(), "blosc2_flags2");
            assertEquals(hdr.get("special").asInt(), info.special().code(), "special");
        }
        if (x.has("nblocks")) {
            assertEquals(x.get("nblocks").asInt(), info.nblocks(), "nblocks");
        }

        byte[] data = Blosc2.decompress(chunk);
        assertEquals(info.nbytes(), data.length);
        String sha = Vectors.sha256(data);
        if (x.has("alt_sha256")) {
            // bit-shuffled Blosc 1.x chunks whose last block ends in bytes of no whole element: C-Blosc2 3.3 leaves
            // them unwritten (sha256 is its result in a zero-filled destination, alt_sha256 the manifest's guess at
            // the data); we copy what the chunk stores there, as C-Blosc 1.18+ does (Blosc1BitshuffleTailTest).
            // Every byte before them must be C's.
            byte[] tailZeroed = data.clone();
            Arrays.fill(tailZeroed, x.get("first_diff_from_int32_arange").asInt(), data.length, (byte) 0);
            assertTrue(sha.equals(x.get("alt_sha256").asText())
                    || Vectors.sha256(tailZeroed).equals(x.get("sha256").asText()),
                    "sha256 matches neither C's result nor the true data before the tail");
        } else {
            assertEquals(x.get("sha256").asText(), sha, "sha256 of the decompressed data");
        }
        if (x.has("raw") && !x.has("alt_sha256")) {
            assertArrayEquals(Vectors.read(x.get("raw").asText()), data, "raw");
        }
        if (x.has("block_sha256")) {
            int off = 0;
            for (int i = 0; i < x.get("block_nbytes").size(); i++) {
                int n = x.get("block_nbytes").get(i).asInt();
                assertEquals(x.get("block_sha256").get(i).asText(), Vectors.sha256(data, off, n), "block " + i);
                off += n;
            }
        }
        if (x.has("equals_int32_arange") && x.get("equals_int32_arange").asBoolean()) {
            MemorySegment s = MemorySegment.ofArray(data);
            for (int i = 0; i + 4 <= data.length; i += 4) {
                if (s.get(ValueLayout.JAVA_INT_UNALIGNED, i) != i / 4) {
                    throw new AssertionError("not int32 arange at byte " + i);
                }
            }
        }

        // The same into a native segment, with 2 threads.
        try (Arena arena = Arena.ofShared()) {
            MemorySegment src = arena.allocate(chunk.length);
            MemorySegment.copy(MemorySegment.ofArray(chunk), 0, src, 0, chunk.length);
            MemorySegment dst = arena.allocate(Math.max(1, data.length));
            dst.fill((byte) 0);
            long n = Blosc2.decompress(src, dst, new DParams(2));
            assertEquals(data.length, n);
            assertArrayEquals(data, dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE), "native + 2 threads");
        }

        if (x.has("getitem")) {
            for (JsonNode g : x.get("getitem")) {
                long start = g.get("start").asLong();
                long nitems = g.get("nitems").asLong();
                byte[] items = Blosc2.getItems(chunk, start, nitems);
                assertEquals(g.get("nbytes").asInt(), items.length, "getitem nbytes");
                assertEquals(g.get("sha256").asText(), Vectors.sha256(items),
                        "getitem start=" + start + " nitems=" + nitems);
            }
        }
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(n.asInt());
        }
        return out;
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }
}
