package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked cursor over the msgpack subset that Blosc2 frames use: fixarray/array16/array32,
 * fixmap/map16/map32, fixstr/str8/str16/str32, bin8/bin16/bin32, positive and negative fixint,
 * int8..int64, uint8..uint64, bool, nil and fixext/ext. Integers are big-endian.
 *
 * <p>Every read checks that its bytes lie inside {@code [start, end)} and throws a
 * {@link CorruptDataException} naming the source, the absolute offset and the field otherwise.
 * Sizes read from the input are never used to allocate before they are checked against the
 * bytes really there.
 */
public final class MsgPackReader {
    private static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final MemorySegment seg;
    private final long end;
    private final String source;
    private long pos;

    /** A reader over {@code seg[start, end)}; {@code source} names the buffer or file in messages. */
    public MsgPackReader(MemorySegment seg, long start, long end, String source) {
        if (start < 0 || end < start || end > seg.byteSize()) {
            throw new CorruptDataException(source + ": msgpack range [" + start + ", " + end + ") outside of "
                    + seg.byteSize() + " bytes");
        }
        this.seg = seg;
        this.end = end;
        this.source = source;
        this.pos = start;
    }

    public long position() {
        return pos;
    }

    public void position(long newPos, String field) {
        if (newPos < 0 || newPos > end) {
            throw corrupt(newPos, field, "position outside of the data (end " + end + ")");
        }
        pos = newPos;
    }

    public long end() {
        return end;
    }

    /** The marker byte at the cursor, without consuming it. */
    public int peekMarker(String field) {
        need(1, field);
        return Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, pos));
    }

    /** Consumes one byte that must equal {@code marker}. */
    public void expectMarker(int marker, String field) {
        int m = peekMarker(field);
        if (m != marker) {
            throw corrupt(pos, field, String.format("expected msgpack marker 0x%02x, found 0x%02x", marker, m));
        }
        pos++;
    }

    /** Reads an array header (fixarray, array16, array32) and returns its element count. */
    public long readArrayHeader(String field) {
        long at = pos;
        int m = peekMarker(field);
        if ((m & 0xf0) == 0x90) {
            pos++;
            return m & 0x0f;
        }
        if (m == 0xdc) {
            pos++;
            return u16(field);
        }
        if (m == 0xdd) {
            pos++;
            return u32(field);
        }
        throw corrupt(at, field, String.format("expected a msgpack array, found marker 0x%02x", m));
    }

    /** Reads a map header (fixmap, map16, map32) and returns its number of pairs. */
    public long readMapHeader(String field) {
        long at = pos;
        int m = peekMarker(field);
        if ((m & 0xf0) == 0x80) {
            pos++;
            return m & 0x0f;
        }
        if (m == 0xde) {
            pos++;
            return u16(field);
        }
        if (m == 0xdf) {
            pos++;
            return u32(field);
        }
        throw corrupt(at, field, String.format("expected a msgpack map, found marker 0x%02x", m));
    }

    /** Reads a string (fixstr, str8/16/32) as UTF-8. */
    public String readString(String field) {
        long at = pos;
        int m = peekMarker(field);
        long len;
        if ((m & 0xe0) == 0xa0) {
            pos++;
            len = m & 0x1f;
        } else if (m == 0xd9) {
            pos++;
            len = u8(field);
        } else if (m == 0xda) {
            pos++;
            len = u16(field);
        } else if (m == 0xdb) {
            pos++;
            len = u32(field);
        } else {
            throw corrupt(at, field, String.format("expected a msgpack string, found marker 0x%02x", m));
        }
        byte[] b = bytes(len, field);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** Reads the raw bytes of a bin8/16/32 value. */
    public byte[] readBinary(String field) {
        long len = readBinaryHeader(field);
        return bytes(len, field);
    }

    /** Reads a bin8/16/32 header and returns the length, checked against the bytes that follow. */
    public long readBinaryHeader(String field) {
        long at = pos;
        int m = peekMarker(field);
        long len;
        if (m == 0xc4) {
            pos++;
            len = u8(field);
        } else if (m == 0xc5) {
            pos++;
            len = u16(field);
        } else if (m == 0xc6) {
            pos++;
            len = u32(field);
        } else {
            throw corrupt(at, field, String.format("expected msgpack bin, found marker 0x%02x", m));
        }
        if (len > end - pos) {
            throw corrupt(pos, field, "bin of " + len + " bytes but only " + (end - pos) + " remain");
        }
        return len;
    }

    /**
     * Reads any msgpack integer (fixints, int8..int64, uint8..uint64). A uint64 above
     * {@link Long#MAX_VALUE} is rejected.
     */
    public long readLong(String field) {
        long at = pos;
        int m = peekMarker(field);
        if (m <= 0x7f) {
            pos++;
            return m;
        }
        if (m >= 0xe0) {
            pos++;
            return (byte) m;
        }
        pos++;
        switch (m) {
            case 0xcc: return u8(field);
            case 0xcd: return u16(field);
            case 0xce: return u32(field);
            case 0xcf: {
                long v = i64(field);
                if (v < 0) {
                    throw corrupt(at, field, "uint64 value " + Long.toUnsignedString(v) + " is too large");
                }
                return v;
            }
            case 0xd0: need(1, field); return seg.get(ValueLayout.JAVA_BYTE, pos++);
            case 0xd1: { need(2, field); long v = seg.get(BE_SHORT, pos); pos += 2; return v; }
            case 0xd2: { need(4, field); long v = seg.get(BE_INT, pos); pos += 4; return v; }
            case 0xd3: return i64(field);
            default:
                pos = at;
                throw corrupt(at, field, String.format("expected a msgpack integer, found marker 0x%02x", m));
        }
    }

    /** Reads an integer that must lie in {@code [min, max]}. */
    public long readLong(String field, long min, long max) {
        long at = pos;
        long v = readLong(field);
        if (v < min || v > max) {
            throw corrupt(at, field, "value " + v + " outside of [" + min + ", " + max + "]");
        }
        return v;
    }

    public boolean readBool(String field) {
        long at = pos;
        int m = peekMarker(field);
        if (m == 0xc2 || m == 0xc3) {
            pos++;
            return m == 0xc3;
        }
        throw corrupt(at, field, String.format("expected a msgpack bool, found marker 0x%02x", m));
    }

    public void readNil(String field) {
        expectMarker(0xc0, field);
    }

    /** An ext value: its type byte and data. */
    public record Ext(int type, byte[] data) {
    }

    /** Reads fixext1/2/4/8/16 or ext8/16/32. */
    public Ext readExt(String field) {
        long at = pos;
        int m = peekMarker(field);
        long len;
        pos++;
        switch (m) {
            case 0xd4 -> len = 1;
            case 0xd5 -> len = 2;
            case 0xd6 -> len = 4;
            case 0xd7 -> len = 8;
            case 0xd8 -> len = 16;
            case 0xc7 -> len = u8(field);
            case 0xc8 -> len = u16(field);
            case 0xc9 -> len = u32(field);
            default -> {
                pos = at;
                throw corrupt(at, field, String.format("expected a msgpack ext, found marker 0x%02x", m));
            }
        }
        need(1, field);
        int type = seg.get(ValueLayout.JAVA_BYTE, pos++);
        return new Ext(type, bytes(len, field));
    }

    /** Skips one complete value of any supported type (nested containers included). */
    public void skipValue(String field) {
        long pending = 1;
        while (pending > 0) {
            pending--;
            long at = pos;
            int m = peekMarker(field);
            if (m <= 0x7f || m >= 0xe0 || (m >= 0xcc && m <= 0xd3)) {
                readLong(field);
            } else if ((m & 0xe0) == 0xa0 || (m >= 0xd9 && m <= 0xdb)) {
                readString(field);
            } else if (m >= 0xc4 && m <= 0xc6) {
                long len = readBinaryHeader(field);
                pos += len;
            } else if ((m & 0xf0) == 0x90 || m == 0xdc || m == 0xdd) {
                pending += readArrayHeader(field);
            } else if ((m & 0xf0) == 0x80 || m == 0xde || m == 0xdf) {
                pending += 2 * readMapHeader(field);
            } else if (m == 0xc0 || m == 0xc2 || m == 0xc3) {
                pos++;
            } else if ((m >= 0xd4 && m <= 0xd8) || (m >= 0xc7 && m <= 0xc9)) {
                readExt(field);
            } else if (m == 0xca) {
                pos++;
                need(4, field);
                pos += 4;
            } else if (m == 0xcb) {
                pos++;
                need(8, field);
                pos += 8;
            } else {
                throw corrupt(at, field, String.format("unsupported msgpack marker 0x%02x", m));
            }
            if (pending > end - pos) {
                throw corrupt(pos, field, "container claims " + pending + " more values but only " + (end - pos)
                        + " bytes remain");
            }
        }
    }

    /**
     * Reads the {@code n}-byte big-endian signed value that follows a marker already consumed; the
     * cursor must be at {@code at} (a fixed offset of the format).
     */
    public long readLongAt(long at, int n) {
        long v = readUnsignedAt(at, n);
        int shift = 64 - 8 * n;
        return (v << shift) >> shift;
    }

    /** Like {@link #readLongAt(long, int)}, unsigned (n < 8). */
    public long readUnsignedAt(long at, int n) {
        if (at != pos) {
            throw new IllegalStateException("cursor at " + pos + ", expected " + at);
        }
        need(n, "value at " + at);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, pos + i));
        }
        pos += n;
        return v;
    }

    /** The unsigned byte at absolute offset {@code at}, which must lie in the reader's range; the cursor does not move. */
    public long peekUnsigned(long at) {
        if (at < 0 || at >= end) {
            throw corrupt(at, "byte", "outside of the data (end " + end + ")");
        }
        return Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, at));
    }

    /** A {@link CorruptDataException} naming the source, offset and field. */
    public CorruptDataException corrupt(long at, String field, String what) {
        return new CorruptDataException(source + ": at offset " + at + ", " + field + ": " + what);
    }

    private void need(long n, String field) {
        if (n > end - pos) {
            throw corrupt(pos, field, "needs " + n + " bytes but only " + (end - pos) + " remain");
        }
    }

    private long u8(String field) {
        need(1, field);
        return Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, pos++));
    }

    private long u16(String field) {
        need(2, field);
        long v = Short.toUnsignedLong(seg.get(BE_SHORT, pos));
        pos += 2;
        return v;
    }

    private long u32(String field) {
        need(4, field);
        long v = Integer.toUnsignedLong(seg.get(BE_INT, pos));
        pos += 4;
        return v;
    }

    private long i64(String field) {
        need(8, field);
        long v = seg.get(BE_LONG, pos);
        pos += 8;
        return v;
    }

    private byte[] bytes(long len, String field) {
        need(len, field);
        if (len > Integer.MAX_VALUE - 8) {
            throw corrupt(pos, field, "value of " + len + " bytes is too large");
        }
        byte[] b = new byte[(int) len];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, pos, b, 0, b.length);
        pos += len;
        return b;
    }
}
