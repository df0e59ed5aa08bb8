package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CorruptDataException;
import java.lang.foreign.MemorySegment;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class MsgPackTest {
    private static MsgPackReader reader(byte[] b) {
        return new MsgPackReader(MemorySegment.ofArray(b), 0, b.length, "buf");
    }

    @Test
    void integersRoundTripInSmallestForm() {
        long[] values = {0, 1, 127, 128, 255, 256, 65535, 65536, 0xffffffffL, 0x100000000L, Long.MAX_VALUE, -1, -32, -33,
            -128, -129, -32768, -32769, Integer.MIN_VALUE, Integer.MIN_VALUE - 1L, Long.MIN_VALUE};
        int[] sizes = {1, 1, 1, 2, 2, 3, 3, 5, 5, 9, 9, 1, 1, 2, 2, 3, 3, 5, 5, 9, 9};
        for (int k = 0; k < values.length; k++) {
            byte[] b = new MsgPackWriter().packLong(values[k]).toByteArray();
            assertEquals(sizes[k], b.length, "size of " + values[k]);
            assertEquals(values[k], reader(b).readLong("v"));
        }
    }

    @Test
    void fixedWidthMarkersMatchTheFormat() {
        byte[] b = new MsgPackWriter().int32(97).uint64(2925).int16(1).int64(-2).uint16(7).uint32(35).toByteArray();
        assertEquals("d200000061cf0000000000000b6dd10001d3fffffffffffffffecd0007ce00000023",
                HexFormat.of().formatHex(b));
        MsgPackReader r = reader(b);
        assertEquals(97, r.readLong("a"));
        assertEquals(2925, r.readLong("b"));
        assertEquals(1, r.readLong("c"));
        assertEquals(-2, r.readLong("d"));
        assertEquals(7, r.readLong("e"));
        assertEquals(35, r.readLong("f"));
    }

    @Test
    void containersStringsBinariesBoolsNilExt() {
        MsgPackWriter w = new MsgPackWriter().fixArray(3).packString("b2nd").map16(1).fixStr("k").packBinary(new byte[300])
                .array16(2).bool(true).nil().fixExt16(6, new byte[16]).packString("x".repeat(40))
                .packString("y".repeat(300)).bin32(new byte[] {1, 2});
        MsgPackReader r = reader(w.toByteArray());
        assertEquals(3, r.readArrayHeader("a"));
        assertEquals("b2nd", r.readString("s"));
        assertEquals(1, r.readMapHeader("m"));
        assertEquals("k", r.readString("k"));
        assertEquals(300, r.readBinary("bin").length);
        assertEquals(2, r.readArrayHeader("a16"));
        assertTrue(r.readBool("t"));
        r.readNil("n");
        MsgPackReader.Ext e = r.readExt("ext");
        assertEquals(6, e.type());
        assertEquals(16, e.data().length);
        assertEquals("x".repeat(40), r.readString("str8"));
        assertEquals("y".repeat(300), r.readString("str16"));
        assertArrayEquals(new byte[] {1, 2}, r.readBinary("bin32"));
        assertEquals(r.end(), r.position());
    }

    @Test
    void skipWalksNestedValues() {
        byte[] b = new MsgPackWriter().fixArray(2).map16(1).fixStr("a").fixArray(2).packLong(1).packLong(-1000)
                .packBinary(new byte[3]).packLong(9).toByteArray();
        MsgPackReader r = reader(b);
        r.skipValue("v");
        assertEquals(9, r.readLong("after"));
    }

    @Test
    void shortAndMalformedInputNamesOffsetAndField() {
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> reader(HexFormat.of().parseHex("d20000")).readLong("header_len"));
        assertTrue(e.getMessage().contains("offset 1") && e.getMessage().contains("header_len"), e.getMessage());
        e = assertThrows(CorruptDataException.class, () -> reader(HexFormat.of().parseHex("c6ffffffff00")).readBinary("content"));
        assertTrue(e.getMessage().contains("content"), e.getMessage());
        e = assertThrows(CorruptDataException.class, () -> reader(HexFormat.of().parseHex("c3")).readLong("n"));
        assertTrue(e.getMessage().contains("integer"), e.getMessage());
        assertThrows(CorruptDataException.class, () -> reader(HexFormat.of().parseHex("dcffff")).skipValue("arr"));
        assertThrows(CorruptDataException.class, () -> reader(HexFormat.of().parseHex("cfffffffffffffffff")).readLong("u64"));
        assertThrows(CorruptDataException.class, () -> reader(new byte[0]).peekMarker("x"));
    }

    @Test
    void metalayerSectionsRoundTrip() {
        List<Metalayer> metas = List.of(new Metalayer("b2nd", new byte[] {1, 2, 3}), new Metalayer("e", new byte[0]));
        FrameHeader h = io.github.blosc2panama.core.schunk.EmptyFrame.header(
                io.github.blosc2panama.core.CParams.defaults(), false, metas, 0);
        h = h.withSizes(h.headerLen(), 0, 0, -1, 0, h.generalFlags(), false);
        byte[] enc = h.encode();
        assertEquals(enc.length, h.headerLen());
        FrameHeader back = FrameHeader.parse(MemorySegment.ofArray(padFrame(enc)), "h");
        assertEquals(metas, back.metalayers());
        byte[] t = FrameTrailer.encode(metas);
        FrameTrailer tr = FrameTrailer.parse(MemorySegment.ofArray(t), 0, t.length, "t");
        assertEquals(metas, tr.vlmetalayers());
        assertEquals(t.length, FrameTrailer.readTrailerLen(MemorySegment.ofArray(padBefore(t)), 87 + t.length, "t"));
    }

    private static byte[] padFrame(byte[] header) {
        return header;
    }

    private static byte[] padBefore(byte[] t) {
        byte[] b = new byte[87 + t.length];
        System.arraycopy(t, 0, b, 87, t.length);
        return b;
    }
}
