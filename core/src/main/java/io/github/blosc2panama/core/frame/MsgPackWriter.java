package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes the msgpack subset Blosc2 frames use into a growing byte array, big-endian. The
 * fixed-width methods ({@link #int32}, {@link #uint64}, ...) always emit the named marker, as the
 * frame format needs fields at fixed offsets; {@link #packLong}, {@link #packString} and
 * {@link #packBinary} choose the smallest encoding.
 */
public final class MsgPackWriter {
    private byte[] buf;
    private int size;

    public MsgPackWriter() {
        this(128);
    }

    public MsgPackWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    public MsgPackWriter raw(int b) {
        ensure(1);
        buf[size++] = (byte) b;
        return this;
    }

    public MsgPackWriter raw(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
        return this;
    }

    /** Overwrites 4 bytes at {@code at} with a big-endian int (to patch offsets written earlier). */
    public void patchInt(int at, int value) {
        if (at < 0 || at + 4 > size) {
            throw new IllegalArgumentException("patch position " + at + " outside of " + size + " bytes");
        }
        putBig(at, value, 4);
    }

    /** Overwrites 2 bytes at {@code at} with a big-endian unsigned short. */
    public void patchShort(int at, int value) {
        if (at < 0 || at + 2 > size) {
            throw new IllegalArgumentException("patch position " + at + " outside of " + size + " bytes");
        }
        checkU16(value, "uint16");
        putBig(at, value, 2);
    }

    public MsgPackWriter fixArray(int n) {
        if (n < 0 || n > 15) {
            throw new IllegalArgumentException("fixarray holds 0..15 elements, got " + n);
        }
        return raw(0x90 | n);
    }

    public MsgPackWriter array16(int n) {
        checkU16(n, "array16 length");
        raw(0xdc);
        return be(n, 2);
    }

    public MsgPackWriter map16(int n) {
        checkU16(n, "map16 length");
        raw(0xde);
        return be(n, 2);
    }

    /** A fixstr (the name must be at most 31 bytes in UTF-8). */
    public MsgPackWriter fixStr(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > 31) {
            throw new InvalidArgumentException("'" + s + "' is longer than 31 bytes");
        }
        raw(0xa0 | b.length);
        return raw(b);
    }

    /** A string in its smallest encoding. */
    public MsgPackWriter packString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length <= 31) {
            raw(0xa0 | b.length);
        } else if (b.length <= 0xff) {
            raw(0xd9).be(b.length, 1);
        } else if (b.length <= 0xffff) {
            raw(0xda).be(b.length, 2);
        } else {
            raw(0xdb).be(b.length, 4);
        }
        return raw(b);
    }

    /** A bin32 (0xc6), whatever its length, as the frame format stores metalayer contents. */
    public MsgPackWriter bin32(byte[] b) {
        raw(0xc6).be(b.length, 4);
        return raw(b);
    }

    /** A binary in its smallest encoding. */
    public MsgPackWriter packBinary(byte[] b) {
        if (b.length <= 0xff) {
            raw(0xc4).be(b.length, 1);
        } else if (b.length <= 0xffff) {
            raw(0xc5).be(b.length, 2);
        } else {
            raw(0xc6).be(b.length, 4);
        }
        return raw(b);
    }

    public MsgPackWriter int16(int v) {
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new IllegalArgumentException("int16 out of range: " + v);
        }
        raw(0xd1);
        return be(v, 2);
    }

    public MsgPackWriter int32(int v) {
        raw(0xd2);
        return be(v, 4);
    }

    public MsgPackWriter int64(long v) {
        raw(0xd3);
        return be(v, 8);
    }

    public MsgPackWriter uint16(int v) {
        checkU16(v, "uint16");
        raw(0xcd);
        return be(v, 2);
    }

    public MsgPackWriter uint32(long v) {
        if (v < 0 || v > 0xffffffffL) {
            throw new IllegalArgumentException("uint32 out of range: " + v);
        }
        raw(0xce);
        return be(v, 4);
    }

    public MsgPackWriter uint64(long v) {
        raw(0xcf);
        return be(v, 8);
    }

    /** An integer in its smallest encoding. */
    public MsgPackWriter packLong(long v) {
        if (v >= 0) {
            if (v <= 0x7f) {
                return raw((int) v);
            } else if (v <= 0xff) {
                return raw(0xcc).be(v, 1);
            } else if (v <= 0xffff) {
                return raw(0xcd).be(v, 2);
            } else if (v <= 0xffffffffL) {
                return raw(0xce).be(v, 4);
            }
            return raw(0xcf).be(v, 8);
        }
        if (v >= -32) {
            return raw((int) v & 0xff);
        } else if (v >= Byte.MIN_VALUE) {
            return raw(0xd0).be(v, 1);
        } else if (v >= Short.MIN_VALUE) {
            return raw(0xd1).be(v, 2);
        } else if (v >= Integer.MIN_VALUE) {
            return raw(0xd2).be(v, 4);
        }
        return raw(0xd3).be(v, 8);
    }

    public MsgPackWriter bool(boolean v) {
        return raw(v ? 0xc3 : 0xc2);
    }

    public MsgPackWriter nil() {
        return raw(0xc0);
    }

    /** A fixext 16: marker 0xd8, the type byte, then exactly 16 data bytes. */
    public MsgPackWriter fixExt16(int type, byte[] data16) {
        if (data16.length != 16) {
            throw new IllegalArgumentException("fixext 16 needs 16 bytes, got " + data16.length);
        }
        raw(0xd8).raw(type);
        return raw(data16);
    }

    private MsgPackWriter be(long v, int n) {
        ensure(n);
        putBig(size, v, n);
        size += n;
        return this;
    }

    private void putBig(int at, long v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            buf[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static void checkU16(int v, String what) {
        if (v < 0 || v > 0xffff) {
            throw new InvalidArgumentException(what + " out of range: " + v);
        }
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }
    }
}
