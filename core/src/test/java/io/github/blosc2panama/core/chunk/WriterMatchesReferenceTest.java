package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.data.DataPatterns;
import io.github.blosc2panama.core.data.PatternSpec;
import io.github.blosc2panama.core.testutil.Vectors;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Our writer against the reference: for every generated chunk vector, compressing the same data
 * with the same parameters gives C-Blosc2's header (geometry, flags, filters), and, where the codec
 * library is the very version the vectors were made with (BloscLZ in Java, zstd 1.5.4: see
 * {@link Vectors#zstdAsVectors()}) and C ran single-threaded, the very same bytes.
 */
class WriterMatchesReferenceTest {
    @TestFactory
    Stream<DynamicTest> sameHeaderAsCForTheSameInput() {
        List<JsonNode> entries = Vectors.entries("chunk").stream().filter(WriterMatchesReferenceTest::comparable).toList();
        assertTrue(entries.size() >= 80, "only " + entries.size() + " comparable vectors");
        return entries.stream().map(e -> DynamicTest.dynamicTest(e.get("file").asText(), () -> compare(e)));
    }

    static boolean comparable(JsonNode e) {
        JsonNode p = e.get("params");
        JsonNode x = e.get("expect");
        return p.has("data") && p.get("data").has("pattern") && !p.has("vlblocks") && !x.has("known_issue")
                && !x.has("lossy") && p.has("codec");
    }

    @SuppressWarnings("unchecked")
    private static void compare(JsonNode e) {
        JsonNode p = e.get("params");
        Map<String, Object> data = new ObjectMapper().convertValue(p.get("data"), Map.class);
        byte[] input = DataPatterns.generate(PatternSpec.fromMap(data), p.get("data").get("nbytes").asInt());
        assertEquals(e.get("expect").get("sha256").asText(), Vectors.sha256(input), "regenerated input");
        CParams.Builder b = CParams.builder()
                .codec(Codec.ofName(p.get("codec").asText()))
                .clevel(p.get("clevel").asInt())
                .typesize(p.get("typesize").asInt())
                .blocksize(p.get("blocksize").asInt())
                .splitMode(SplitMode.valueOf(p.get("splitmode").asText()))
                .nthreads(p.get("nthreads").asInt())
                .useDict(p.get("use_dict").asInt() != 0);
        for (int i = 0; i < 6; i++) {
            b.filter(i, Filter.ofId(p.get("filters").get(i).asInt()), p.get("filters_meta").get(i).asInt());
        }
        byte[] ours = Blosc2.compress(input, b.build());
        byte[] theirs = Vectors.read(e);
        // Header, cbytes (bytes 12..15) aside.
        byte[] oursHeader = Arrays.copyOf(ours, 32);
        byte[] theirsHeader = Arrays.copyOf(theirs, 32);
        Arrays.fill(oursHeader, 12, 16, (byte) 0);
        Arrays.fill(theirsHeader, 12, 16, (byte) 0);
        assertEquals(java.util.HexFormat.of().formatHex(theirsHeader), java.util.HexFormat.of().formatHex(oursHeader),
                "header");
        if (sameLibrary(p.get("codec").asText()) && p.get("nthreads").asInt() == 1) {
            assertArrayEquals(theirs, ours, "the same chunk, byte for byte");
        }
        assertArrayEquals(input, Blosc2.decompress(ours));
    }

    @Test
    void manyVectorsAreComparedByteForByte() {
        long eligible = Vectors.entries("chunk").stream().filter(WriterMatchesReferenceTest::comparable)
                .filter(e -> sameLibrary(e.get("params").get("codec").asText()) && e.get("params").get("nthreads").asInt() == 1)
                .count();
        assertTrue(eligible >= 20, "only " + eligible + " vectors to compare byte for byte");
    }

    /**
     * Not zlib: streams that repeat themselves are written by our own deflate encoder whatever the library, so a zlib
     * chunk equals C's stream by stream only ({@code CBlosc2StreamsTest.zstdAndZlibCompressEveryStreamExactlyAsC}).
     */
    private static boolean sameLibrary(String codec) {
        return codec.equals("blosclz") || codec.equals("zstd") && Vectors.zstdAsVectors();
    }
}
