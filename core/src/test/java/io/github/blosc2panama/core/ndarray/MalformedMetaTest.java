package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import io.github.blosc2panama.core.frame.MsgPackWriter;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Malformed array metalayers and dtypes give typed exceptions that name the field. */
class MalformedMetaTest {
    /** A b2nd metalayer with arbitrary fields (msgpack fixed-width, as C writes). */
    static byte[] meta(int elements, int ndim, long[] shape, int[] chunks, int[] blocks, Integer fmt, String dtype) {
        MsgPackWriter w = new MsgPackWriter();
        w.raw(0x90 + elements).raw(0).raw(ndim);
        w.raw(0x90 + shape.length);
        for (long s : shape) {
            w.int64(s);
        }
        w.raw(0x90 + chunks.length);
        for (int c : chunks) {
            w.int32(c);
        }
        w.raw(0x90 + blocks.length);
        for (int b : blocks) {
            w.int32(b);
        }
        if (fmt != null) {
            w.raw(fmt);
        }
        if (dtype != null) {
            byte[] d = dtype.getBytes(StandardCharsets.UTF_8);
            w.raw(0xdb).raw(new byte[] {0, 0, 0, (byte) d.length}).raw(d);
        }
        return w.toByteArray();
    }

    static byte[] good() {
        return meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0, "<i4");
    }

    /** A frame (4 chunks of 5x5 int32) whose b2nd metalayer is {@code content}. */
    static byte[] frame(byte[] content) {
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), CParams.builder().typesize(4).build(), 100)) {
            sc.addMetalayer("b2nd", content);
            for (int i = 0; i < 4; i++) {
                sc.append(new byte[100]);
            }
            return sc.toCframe();
        }
    }

    static <T extends Blosc2Exception> void fails(Class<T> type, byte[] content, String field) {
        T e = assertThrows(type, () -> NDArray.fromCframe(frame(content)).close());
        assertTrue(e.getMessage().contains(field), "message names " + field + ": " + e.getMessage());
    }

    @Test
    void wellFormedOpens() {
        try (NDArray a = NDArray.fromCframe(frame(good()))) {
            assertEquals(100, a.nitems());
        }
    }

    @Test
    void wrongCounts() {
        fails(CorruptDataException.class, meta(4, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, null,
                null), "element count");
        fails(CorruptDataException.class, meta(8, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "<i4"), "element count");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10}, new int[] {5, 5}, new int[] {5, 5}, 0, "<i4"),
                "shape");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5}, new int[] {5, 5}, 0, "<i4"),
                "chunkshape");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5, 1}, 0,
                "<i4"), "blockshape");
        fails(CorruptDataException.class, meta(7, 17, new long[0], new int[0], new int[0], 0, "<i4"), "ndim");
        // shape and chunks agree but the frame holds another number of chunks
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 15}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "<i4"), "chunks");
    }

    @Test
    void badDimensions() {
        fails(CorruptDataException.class, meta(7, 2, new long[] {-10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "<i4"), "shape[0]");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, -5}, new int[] {5, 5}, 0,
                "<i4"), "chunkshape[1]");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 0}, new int[] {5, 0}, 0,
                "<i4"), "chunkshape[1]");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 6}, 0,
                "<i4"), "blockshape[1]");
        fails(CorruptDataException.class, meta(7, 2, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}, new int[] {5, 5},
                new int[] {5, 5}, 0, "<i4"), "overflows");
        fails(CorruptDataException.class, meta(7, 2, new long[] {1L << 40, 10}, new int[] {1 << 30, 1 << 30},
                new int[] {1, 1}, 0, "<i4"), "chunkshape");
        // chunkshape larger than the shape: the chunks stored do not have the size the metalayer implies
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {50, 5}, new int[] {5, 5}, 0,
                "<i4"), "chunks");
    }

    @Test
    void badDtypes() {
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "<i3"), "dtype");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "[('a', '<i4'"), "dtype");
        fails(CorruptDataException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5}, 0,
                "%%%"), "dtype");
        fails(UnsupportedFeatureException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5},
                0, "|O"), "dtype");
        fails(UnsupportedFeatureException.class, meta(7, 2, new long[] {10, 10}, new int[] {5, 5}, new int[] {5, 5},
                1, "<i4"), "dtype_format");
        // the dtype is not a string
        byte[] m = good();
        m[m.length - 8] = (byte) 0xc0;
        fails(CorruptDataException.class, m, "dtype");
    }

    @Test
    void truncation() {
        byte[] m = good();
        for (int cut = 1; cut < m.length; cut++) {
            byte[] t = java.util.Arrays.copyOf(m, cut);
            Blosc2Exception e = assertThrows(Blosc2Exception.class, () -> NDArray.fromCframe(frame(t)).close(),
                    "cut at " + cut);
            assertTrue(e instanceof CorruptDataException, e.toString());
            assertTrue(e.getMessage().contains("b2nd metalayer"), e.getMessage());
        }
    }

    @Test
    void notAnArray() {
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), CParams.defaults(), 0)) {
            byte[] f = sc.toCframe();
            assertThrows(InvalidArgumentException.class, () -> NDArray.fromCframe(f));
        }
    }

    @Test
    void dtypeStrings() {
        assertEquals("<i4", DType.parse("int32").str());
        assertEquals(">f8", DType.parse(">f8").str());
        assertEquals("|b1", DType.parse("?").str());
        assertEquals("|i1", DType.parse("i1").str());
        assertEquals("<U5", DType.parse("<U5").str());
        assertEquals(20, DType.parse("<U5").itemsize());
        assertEquals("|S7", DType.parse("S7").str());
        assertEquals("<M8[ns]", DType.parse("<M8[ns]").str());
        assertEquals("<c16", DType.parse("complex128").str());
        String nested = "[('x', [('p', '>i2'), ('q', 'u1')]), ('s', 'S4'), ('f', '?', (2, 3))]";
        DType n = DType.parse(nested);
        assertEquals(nested, n.str());
        assertEquals(3 + 4 + 6, n.itemsize());
        assertEquals(3, n.fields().get(1).offset());
        String padded = "{'names': ['a', 'b'], 'formats': ['<i4', '<f8'], 'offsets': [0, 8], 'itemsize': 16}";
        assertEquals(padded, DType.parse(padded).str());
        assertEquals(16, DType.parse(padded).itemsize());
        assertEquals("[('a', '<i4'), ('b', '<f8', (3,))]", DType.parse("[(\"a\", \"<i4\"), ('b', '<f8', 3)]").str());
        assertThrows(UnsupportedFeatureException.class, () -> DType.parse("O"));
        assertThrows(UnsupportedFeatureException.class, () -> DType.parse("<f16"));
        assertThrows(InvalidArgumentException.class, () -> DType.parse("<i5"));
        assertThrows(InvalidArgumentException.class, () -> DType.parse("[('a', '<i4'), ('a', '<i4')]"));
        assertThrows(InvalidArgumentException.class, () -> DType.parse("[('a')]"));
        assertThrows(InvalidArgumentException.class, () -> DType.parse("[" .repeat(200)));
        assertThrows(InvalidArgumentException.class, () -> DType.parse("S99999999999"));
        assertThrows(InvalidArgumentException.class, () -> DType.parse(""));
    }

    @Test
    void caterva5AndOld6Forms() {
        byte[] cat = HexFormat.of().parseHex(
                "95000292d3000000000000001ed3000000000000001492d20000000cd20000000892d200000005d200000004");
        B2ndMeta m = B2ndMeta.parse("caterva", cat);
        assertEquals(5, m.elements());
        assertEquals(null, m.dtype());
        byte[] old6 = HexFormat.of().parseHex("96000292d3000000000000001ed3000000000000001492d20000000cd20000000892d2"
                + "00000005d200000004db000000033c6934");
        B2ndMeta m6 = B2ndMeta.parse("b2nd", old6);
        assertEquals("<i4", m6.dtype());
        assertEquals(6, m6.elements());
        B2ndMeta cur = new B2ndMeta(2, new long[] {30, 20}, new int[] {12, 8}, new int[] {5, 4}, "<u2", 0, 7);
        assertEquals("97000292d3000000000000001ed3000000000000001492d20000000cd20000000892d200000005d20000000400db00"
                + "0000033c7532", HexFormat.of().formatHex(cur.serialize()));
        assertEquals(cur, B2ndMeta.parse("b2nd", cur.serialize()));
    }
}
