package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Chunks that stand for a special value (zeros, NaN, a repeated value, uninitialized): a 32-byte
 * header (plus the value for repeated-value chunks) and no blocks, as {@code blosc2_chunk_zeros}
 * and its siblings write them.
 */
public final class SpecialChunks {
    private SpecialChunks() {
    }

    /** Makes a special chunk with python-blosc2's default parameters but the given typesize. */
    public static byte[] make(SpecialValue value, long nbytes, int typesize, byte[] repeated) {
        return make(value, nbytes, CParams.defaults().toBuilder().typesize(typesize).build(), repeated);
    }

    /**
     * Makes a special chunk. The header's blocksize is what compressing {@code nbytes} with
     * {@code params} would choose.
     */
    public static byte[] make(SpecialValue value, long nbytes, CParams params, byte[] repeated) {
        if (nbytes < 0 || nbytes > Blosc2.MAX_BUFFERSIZE) {
            throw new InvalidArgumentException("nbytes must be 0.." + Blosc2.MAX_BUFFERSIZE
                    + ", got " + nbytes);
        }
        int typesize = params.typesize();
        if (value == SpecialValue.NONE) {
            throw new InvalidArgumentException("NONE is not a special value");
        }
        if (value != SpecialValue.ZERO && nbytes % typesize != 0) {
            throw new InvalidArgumentException("nbytes " + nbytes + " must be a multiple of typesize " + typesize);
        }
        if (value == SpecialValue.NAN && typesize != 4 && typesize != 8) {
            throw new InvalidArgumentException("NaN chunks need typesize 4 or 8, got " + typesize);
        }
        int extra = 0;
        if (value == SpecialValue.VALUE) {
            if (repeated == null || repeated.length != typesize) {
                throw new InvalidArgumentException("the repeated value must have typesize (" + typesize + ") bytes");
            }
            if (nbytes == 0) {
                // C-Blosc2 cannot decompress an empty repeated-value chunk
                throw new InvalidArgumentException("a repeated-value chunk needs nbytes > 0");
            }
            extra = typesize;
        }
        int n = (int) nbytes;
        BlockPlan plan = BlockPlan.of(params, n);
        byte[] chunk = new byte[ChunkHeader.EXTENDED_HEADER_LENGTH + extra];
        MemorySegment s = MemorySegment.ofArray(chunk);
        s.set(ValueLayout.JAVA_BYTE, 0, (byte) ChunkHeader.VERSION_FORMAT_STABLE);
        s.set(ValueLayout.JAVA_BYTE, 1, (byte) 1);
        s.set(ValueLayout.JAVA_BYTE, 2, (byte) (ChunkHeader.FLAG_SHUFFLE | ChunkHeader.FLAG_BITSHUFFLE));
        s.set(ValueLayout.JAVA_BYTE, 3, (byte) plan.typesize());
        s.set(Le.I32, 4, n);
        s.set(Le.I32, 8, plan.blocksize());
        s.set(Le.I32, 12, chunk.length);
        s.set(ValueLayout.JAVA_BYTE, 31, (byte) (value.code() << 4));
        if (extra > 0) {
            MemorySegment.copy(MemorySegment.ofArray(repeated), 0, s, ChunkHeader.EXTENDED_HEADER_LENGTH, extra);
        }
        return chunk;
    }

    /**
     * Fills {@code out[0, length)} with the special chunk's bytes {@code [startByte, startByte + length)}. Allocates
     * nothing (no slice, no value array).
     */
    static void fill(ChunkHeader h, MemorySegment chunk, MemorySegment out, long length, long startByte) {
        switch (h.special) {
            case ZERO -> StreamRuns.fill(out, 0, length, (byte) 0);
            case UNINIT -> {
                // C leaves the destination untouched; so do we.
            }
            case NAN -> fillValue(h.typesize == 4 ? NAN_F32 : NAN_F64, 0, h.typesize, out, length, startByte);
            case VALUE -> fillValue(chunk, ChunkHeader.EXTENDED_HEADER_LENGTH, h.valueTypesize(), out, length,
                    startByte);
            default -> throw new IllegalStateException("not a special chunk");
        }
    }

    private static final MemorySegment NAN_F32 = nan(4);
    private static final MemorySegment NAN_F64 = nan(8);

    /** The little-endian NaN of a float32 ({@code size} 4) or a float64 (8), read-only. */
    private static MemorySegment nan(int size) {
        MemorySegment v = MemorySegment.ofArray(new byte[size]);
        if (size == 4) {
            v.set(Le.F32, 0, Float.NaN);
        } else {
            v.set(Le.F64, 0, Double.NaN);
        }
        return v.asReadOnly();
    }

    /**
     * Repeats the {@code vs} bytes of {@code value} at {@code at} over {@code out[0, n)}, aligned as if the repetition
     * started at byte 0 of the chunk.
     */
    private static void fillValue(MemorySegment value, long at, long vs, MemorySegment out, long n, long startByte) {
        long phase = startByte % vs;
        // Write one aligned period, then double the filled prefix until done.
        long first = Math.min(n, vs);
        for (long i = 0; i < first; i++) {
            out.set(ValueLayout.JAVA_BYTE, i, value.get(ValueLayout.JAVA_BYTE, at + (phase + i) % vs));
        }
        long filled = first;
        while (filled < n) {
            long len = Math.min(filled, n - filled);
            MemorySegment.copy(out, 0, out, filled, len);
            filled += len;
        }
    }
}
