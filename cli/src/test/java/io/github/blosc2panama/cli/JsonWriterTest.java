package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void escapesStrings() {
        assertEquals("\"a\\\"b\\\\c\"", JsonWriter.quote("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\b\\f\"", JsonWriter.quote("\n\r\t\b\f"));
        assertEquals("\"\\u0000\\u001f\\u007f\"", JsonWriter.quote("\u0000\u001f\u007f"));
        assertEquals("\"\\u2028\\u2029\"", JsonWriter.quote("\u2028\u2029"));
        assertEquals("\"/é€\"", JsonWriter.quote("/é€"));
        assertEquals("\"\uD83D\uDE00\"", JsonWriter.quote("\uD83D\uDE00"), "a surrogate pair stays as is");
        assertEquals("\"\\ud83d!\\ude00\"", JsonWriter.quote("\uD83D!\uDE00"), "lone surrogates are escaped");
    }

    @Test
    void escapedStringsParseBack() {
        String nasty = "tab\t \"q\" back\\slash \u0001 nl\n \u2028 \uD83D\uDE00 end";
        assertEquals(nasty, MiniJson.parse(JsonWriter.quote(nasty)));
    }

    @Test
    void compactStructure() {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject().member("a", 1).member("b", "x").name("c").beginArray().value(1.5).value(true).nullValue()
                .beginObject().endObject().beginArray().endArray().endArray().member("d", Double.NaN).endObject();
        assertEquals("{\"a\":1,\"b\":\"x\",\"c\":[1.5,true,null,{},[]],\"d\":null}", sb.toString());
        assertTrue(w.complete());
    }

    @Test
    void prettyStructureParsesBack() {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginArray();
        w.beginObject().member("k\"ey", 2.0).member("e", 1e-7).member("big", 1e300).endObject();
        w.beginObject().endObject();
        w.endArray();
        assertEquals("[\n  {\n    \"k\\\"ey\": 2,\n    \"e\": 1.0E-7,\n    \"big\": 1.0E300\n  },\n  {}\n]",
                sb.toString());
        assertEquals(List.of(Map.of("k\"ey", 2L, "e", 1e-7, "big", 1e300), Map.of()), MiniJson.parse(sb.toString()));
    }

    @Test
    void misuseIsRefused() {
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder(), false).beginObject().value(1));
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder(), false).name("a"));
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder(), false).beginArray().endObject());
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder(), false).value(1).value(2));
        assertThrows(IllegalStateException.class,
                () -> new JsonWriter(new StringBuilder(), false).beginObject().name("a").endObject());
    }
}
