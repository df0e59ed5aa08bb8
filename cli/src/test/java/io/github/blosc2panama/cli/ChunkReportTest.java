package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.SpecialValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** info's rendering of a ChunkInfo, text and JSON, on hand-made header values. */
class ChunkReportTest {
    private static ChunkInfo zstdShuffle() {
        return new ChunkInfo(5, 1, 0x91, 8, 80000, 32768, 2500, 32, 5, 0, List.of(0, 0, 0, 0, 3, 1),
                List.of(0, 0, 0, 0, 0, 0), 0, 0, SpecialValue.NONE, false, true, false, false, 3);
    }

    @Test
    void json() {
        StringBuilder sb = new StringBuilder();
        new ChunkReport("dir/a \"b\".chunk", zstdShuffle()).json(new JsonWriter(sb, true));
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) MiniJson.parse(sb.toString());
        assertEquals("chunk", m.get("kind"));
        assertEquals("dir/a \"b\".chunk", m.get("path"));
        assertEquals(5L, m.get("version"));
        assertEquals(1L, m.get("versionlz"));
        assertEquals(0x91L, m.get("flags"));
        assertEquals(8L, m.get("typesize"));
        assertEquals(80000L, m.get("nbytes"));
        assertEquals(2500L, m.get("cbytes"));
        assertEquals(32.0, ((Number) m.get("ratio")).doubleValue());
        assertEquals(32768L, m.get("blocksize"));
        assertEquals(3L, m.get("nblocks"));
        assertEquals(32L, m.get("header_length"));
        assertEquals("zstd", m.get("codec"));
        assertEquals(5L, m.get("compcode"));
        assertEquals(0L, m.get("codec_meta"));
        assertEquals(List.of("nofilter", "nofilter", "nofilter", "nofilter", "delta", "shuffle"), m.get("filters"));
        assertEquals(List.of(0L, 0L, 0L, 0L, 3L, 1L), m.get("filter_ids"));
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L, 0L), m.get("filters_meta"));
        assertEquals(true, m.get("split"));
        assertEquals(false, m.get("memcpyed"));
        assertEquals("none", m.get("special"));
        assertEquals(false, m.get("use_dict"));
        assertEquals(false, m.get("vl_blocks"));
        assertEquals(0L, m.get("blosc2_flags"));
        assertEquals(0L, m.get("blosc2_flags2"));
        assertEquals(false, m.containsKey("clevel"), "a chunk header has no clevel");
    }

    @Test
    void unknownCodecAndFilterAndSpecial() {
        ChunkInfo i = new ChunkInfo(5, 1, 0x17, 4, 4096, 4096, 32, 32, 200, 7, List.of(0, 0, 0, 0, 38, 1),
                List.of(0, 0, 0, 0, 255, 0), 0x10, 0, SpecialValue.ZERO, false, false, false, false, 1);
        StringBuilder sb = new StringBuilder();
        new ChunkReport("z", i).json(new JsonWriter(sb, false));
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) MiniJson.parse(sb.toString());
        assertEquals(null, m.get("codec"));
        assertEquals(200L, m.get("compcode"));
        assertEquals("filter 38", ((List<?>) m.get("filters")).get(4));
        assertEquals(255L, ((List<?>) m.get("filters_meta")).get(4));
        assertEquals("zero", m.get("special"));
        String text = new ChunkReport("z", i).text();
        assertTrue(text.contains("user codec 200 (compcode 200)"), text);
        assertTrue(text.contains("special       zero\n"), text);
    }

    @Test
    void textIsAlignedKeyValueLines() {
        String t = new ChunkReport("a.chunk", zstdShuffle()).text();
        List<String> lines = t.lines().toList();
        assertEquals("kind          chunk", lines.get(0));
        assertTrue(lines.contains("nbytes        80000"), t);
        assertTrue(lines.contains("ratio         32.00"), t);
        assertTrue(lines.contains("codec         zstd (compcode 5)"), t);
        assertTrue(lines.contains("filters       nofilter, nofilter, nofilter, nofilter, delta, shuffle"), t);
        assertTrue(lines.contains("split         yes"), t);
        assertTrue(lines.contains("header        32 bytes (extended)"), t);
        for (String l : lines) {
            assertTrue(l.length() > 14 && l.charAt(12) == ' ' && l.charAt(13) == ' ' && l.charAt(14) != ' ', l);
        }
    }
}
