package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.frame.MsgPackReader;
import io.github.blosc2panama.core.frame.MsgPackWriter;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The content of an array metalayer: {@code b2nd} in its current 7-element form
 * {@code [version, ndim, shape(int64...), chunkshape(int32...), blockshape(int32...), dtype_format, dtype(str32)]},
 * the never-released 6-element form without {@code dtype_format}, and the legacy 5-element
 * {@code caterva} form without a dtype.
 *
 * @param ndim        number of dimensions, 0..{@link #MAX_DIM}
 * @param shape       the array's shape
 * @param chunkshape  the chunks' shape
 * @param blockshape  the blocks' shape
 * @param dtype       the dtype string, or null when the metalayer has none
 * @param dtypeFormat 0 = NumPy
 * @param elements    how many elements the metalayer array had (5, 6 or 7)
 */
public record B2ndMeta(int ndim, long[] shape, int[] chunkshape, int[] blockshape, String dtype, int dtypeFormat,
        int elements) {
    /** B2ND_MAX_DIM. */
    public static final int MAX_DIM = 16;
    /** The metalayer version written (B2ND_METALAYER_VERSION). */
    public static final int VERSION = 0;
    /** Longest dtype string accepted when reading. */
    public static final int MAX_DTYPE_LENGTH = 1 << 20;

    public B2ndMeta {
        shape = shape.clone();
        chunkshape = chunkshape.clone();
        blockshape = blockshape.clone();
    }

    /** Parses metalayer {@code name} ("b2nd" or "caterva"); errors name the metalayer and the field. */
    public static B2ndMeta parse(String name, byte[] content) {
        String src = name + " metalayer";
        MemorySegment seg = MemorySegment.ofArray(content);
        MsgPackReader r = new MsgPackReader(seg, 0, content.length, src);
        long elements = r.readArrayHeader("element count");
        if (elements < 5 || elements > 7) {
            throw new CorruptDataException(src + ": element count: " + elements + " elements, expected 5 (caterva), 6 or 7");
        }
        r.readLong("version", 0, 127);
        int ndim = (int) r.readLong("ndim", 0, MAX_DIM);
        long[] shape = new long[ndim];
        int[] chunkshape = new int[ndim];
        int[] blockshape = new int[ndim];
        expectCount(r, ndim, "shape", src);
        for (int i = 0; i < ndim; i++) {
            shape[i] = r.readLong("shape[" + i + "]");
        }
        expectCount(r, ndim, "chunkshape", src);
        for (int i = 0; i < ndim; i++) {
            chunkshape[i] = (int) r.readLong("chunkshape[" + i + "]", Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        expectCount(r, ndim, "blockshape", src);
        for (int i = 0; i < ndim; i++) {
            blockshape[i] = (int) r.readLong("blockshape[" + i + "]", Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        String dtype = null;
        int dtypeFormat = 0;
        if (elements == 7) {
            dtypeFormat = (int) r.readLong("dtype_format", 0, 127);
        }
        if (elements >= 6) {
            long at = r.position();
            if (r.peekMarker("dtype") == 0xdb || (r.peekMarker("dtype") & 0xe0) == 0xa0
                    || r.peekMarker("dtype") == 0xd9 || r.peekMarker("dtype") == 0xda) {
                dtype = r.readString("dtype");
            } else {
                throw r.corrupt(at, "dtype", String.format("expected a msgpack string, found marker 0x%02x",
                        r.peekMarker("dtype")));
            }
            if (dtype.length() > MAX_DTYPE_LENGTH) {
                throw r.corrupt(at, "dtype", "string of " + dtype.length() + " characters is too long");
            }
        }
        B2ndMeta m = new B2ndMeta(ndim, shape, chunkshape, blockshape, dtype, dtypeFormat, (int) elements);
        m.validate(src);
        return m;
    }

    private static void expectCount(MsgPackReader r, int ndim, String field, String src) {
        long at = r.position();
        long n = r.readArrayHeader(field);
        if (n != ndim) {
            throw r.corrupt(at, field, n + " entries for ndim " + ndim);
        }
    }

    /**
     * Checks what C-Blosc2 checks and a little more: no negative dimension, a positive chunk and block
     * dimension wherever the shape is not 0, blocks no larger than chunks, and sizes whose products fit.
     */
    public void validate(String src) {
        long nitems = 1;
        long chunkItems = 1;
        long blockItems = 1;
        for (int i = 0; i < ndim; i++) {
            if (shape[i] < 0) {
                throw new CorruptDataException(src + ": shape[" + i + "] is negative (" + shape[i] + ")");
            }
            if (chunkshape[i] < 0 || blockshape[i] < 0) {
                throw new CorruptDataException(src + ": " + (chunkshape[i] < 0 ? "chunkshape" : "blockshape") + "[" + i
                        + "] is negative (" + Math.min(chunkshape[i], blockshape[i]) + ")");
            }
            if (shape[i] != 0 && (chunkshape[i] == 0 || blockshape[i] == 0)) {
                throw new CorruptDataException(src + ": " + (chunkshape[i] == 0 ? "chunkshape" : "blockshape") + "[" + i
                        + "] is 0 while shape[" + i + "] is " + shape[i]);
            }
            if (blockshape[i] > chunkshape[i]) {
                throw new CorruptDataException(src + ": blockshape[" + i + "] " + blockshape[i] + " exceeds chunkshape["
                        + i + "] " + chunkshape[i]);
            }
            try {
                nitems = Math.multiplyExact(nitems, shape[i]);
                chunkItems = Math.multiplyExact(chunkItems, Math.max(1, (long) chunkshape[i]));
                blockItems = Math.multiplyExact(blockItems, Math.max(1, (long) blockshape[i]));
                if (shape[i] != 0) {
                    Math.addExact(shape[i], chunkshape[i]);
                }
            } catch (ArithmeticException e) {
                throw new CorruptDataException(src + ": shape, chunkshape or blockshape product overflows at dimension "
                        + i);
            }
            if (chunkItems > Integer.MAX_VALUE) {
                throw new CorruptDataException(src + ": chunkshape has more than " + Integer.MAX_VALUE + " items at"
                        + " dimension " + i);
            }
        }
    }

    /** The current 7-element {@code b2nd} form, as C-Blosc2 writes it (fixed-width integers, str32 dtype). */
    public byte[] serialize() {
        if (dtype == null) {
            throw new InvalidArgumentException("a b2nd metalayer needs a dtype");
        }
        MsgPackWriter w = new MsgPackWriter();
        w.raw(0x90 + 7);
        w.raw(VERSION);
        w.raw(ndim);
        w.raw(0x90 + ndim);
        for (long s : shape) {
            w.int64(s);
        }
        w.raw(0x90 + ndim);
        for (int c : chunkshape) {
            w.int32(c);
        }
        w.raw(0x90 + ndim);
        for (int b : blockshape) {
            w.int32(b);
        }
        w.raw(dtypeFormat);
        w.raw(0xdb);
        byte[] d = dtype.getBytes(StandardCharsets.UTF_8);
        w.raw(new byte[] {(byte) (d.length >>> 24), (byte) (d.length >>> 16), (byte) (d.length >>> 8), (byte) d.length});
        w.raw(d);
        return w.toByteArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof B2ndMeta m && ndim == m.ndim && Arrays.equals(shape, m.shape)
                && Arrays.equals(chunkshape, m.chunkshape) && Arrays.equals(blockshape, m.blockshape)
                && Objects.equals(dtype, m.dtype) && dtypeFormat == m.dtypeFormat;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(shape) * 31 + Arrays.hashCode(chunkshape);
    }

    @Override
    public String toString() {
        return "B2ndMeta[ndim=" + ndim + ", shape=" + Arrays.toString(shape) + ", chunkshape="
                + Arrays.toString(chunkshape) + ", blockshape=" + Arrays.toString(blockshape) + ", dtype=" + dtype
                + ", dtype_format=" + dtypeFormat + ", elements=" + elements + "]";
    }
}
