package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.chunk.SpecialChunks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The offsets index of a frame: one little-endian int64 per chunk, stored as a Blosc2 chunk right
 * after the chunks section (contiguous) or after the header (sparse). A value with bit 63 set is a
 * special chunk (byte 7 = 0x80 | code: 0x81 zeros, 0x82 NaNs, 0x84 uninit); otherwise it is the
 * chunk's byte offset from the end of the header (contiguous) or its chunk file number (sparse).
 */
public final class OffsetsIndex {
    /** The largest chunk count whose index fits one chunk (BLOSC2_MAX_BUFFERSIZE / 8). */
    public static final long MAX_NCHUNKS = Blosc2.MAX_BUFFERSIZE / 8;

    /**
     * The parameters C-Blosc2 uses when it rewrites the index on append/insert/update/delete
     * (BLOSC2_CPARAMS_DEFAULTS with BLOSCLZ, typesize 8, blocksize 16 KiB, NEVER_SPLIT).
     */
    public static final CParams INDEX_PARAMS = CParams.builder().codec(Codec.BLOSCLZ).clevel(5).typesize(8)
            .blocksize(16 * 1024).splitMode(SplitMode.NEVER).filters(Filter.SHUFFLE).build();

    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private OffsetsIndex() {
    }

    /** The encoded offset of a special chunk. */
    public static long specialOffset(SpecialValue v) {
        return switch (v) {
            case ZERO, NAN, UNINIT -> (0x80L | v.code()) << 56;
            default -> throw new InvalidArgumentException("special value " + v + " has no offsets encoding");
        };
    }

    /** The special value of an offset with bit 63 set (ZERO, NAN or UNINIT), or NONE for a regular offset. */
    public static SpecialValue special(long offset, String where) {
        if (offset >= 0) {
            return SpecialValue.NONE;
        }
        int b = (int) (offset >>> 56) & 0x07;
        return switch (b) {
            case 1 -> SpecialValue.ZERO;
            case 2 -> SpecialValue.NAN;
            case 4 -> SpecialValue.UNINIT;
            default -> throw new CorruptDataException(where + String.format(": offset 0x%016x has no known special value",
                    offset));
        };
    }

    /**
     * Decodes the index chunk at {@code seg[at, at + available)} that must hold {@code nchunks}
     * offsets. Memcpy'd and repeated-value (special) index chunks are decoded here (a repeated value, zeros
     * included, stays one value: {@link ChunkOffsets#repeated}); others go through {@code codec}.
     */
    public static ChunkOffsets decode(MemorySegment seg, long at, long available, long nchunks, ChunkCodec codec,
            String where) {
        if (nchunks < 0 || nchunks > MAX_NCHUNKS) {
            throw new CorruptDataException(where + ": " + nchunks + " chunks cannot be indexed");
        }
        ChunkPeek p = ChunkPeek.read(seg, at, available, where + " (offsets index chunk)");
        if (p.nbytes() != nchunks * 8) {
            throw new CorruptDataException(where + ": offsets index holds " + p.nbytes() + " bytes, "
                    + (nchunks * 8) + " expected for " + nchunks + " chunks");
        }
        int n = (int) nchunks;
        MemorySegment chunk = seg.asSlice(at, p.cbytes());
        switch (p.special()) {
            case ZERO -> {
                return ChunkOffsets.repeated(n, 0);
            }
            case VALUE -> {
                if (p.typesize() != 8 || p.cbytes() < ChunkPeek.HEADER_LEN + 8) {
                    throw new CorruptDataException(where + ": repeated-value offsets index has typesize " + p.typesize()
                            + " and " + p.cbytes() + " bytes (8 and 40 expected)");
                }
                return ChunkOffsets.repeated(n, chunk.get(LE_LONG, ChunkPeek.HEADER_LEN));
            }
            case NONE -> {
                // the whole header before the array its nbytes sizes: the bytes there must be able to hold them
                if (p.memcpyed()) {
                    if (p.cbytes() != ChunkPeek.HEADER_LEN + p.nbytes()) {
                        throw new CorruptDataException(where + ": memcpy'd offsets index has cbytes " + p.cbytes()
                                + " for nbytes " + p.nbytes());
                    }
                    long[] out = new long[n];
                    MemorySegment.copy(chunk, LE_LONG, ChunkPeek.HEADER_LEN, out, 0, n);
                    return ChunkOffsets.of(out);
                }
                try {
                    codec.checkBeforeAllocating(chunk);
                } catch (Blosc2Exception e) {
                    throw Blosc2Exception.located(where, e);
                }
                long[] out = new long[n];
                MemorySegment dst = MemorySegment.ofArray(out);
                long got;
                try {
                    got = codec.decompress(chunk, dst);
                } catch (Blosc2Exception e) {
                    throw Blosc2Exception.located(where, e);
                }
                if (got != (long) n * 8) {
                    throw new CorruptDataException(where + ": offsets index decompressed to " + got + " bytes, "
                            + ((long) n * 8) + " expected");
                }
                if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
                    for (int i = 0; i < n; i++) {
                        out[i] = Long.reverseBytes(out[i]);
                    }
                }
                return ChunkOffsets.of(out);
            }
            default -> throw new CorruptDataException(where + ": offsets index is a " + p.special() + " chunk");
        }
    }

    /**
     * Encodes offsets as an index chunk, compressed with {@link #INDEX_PARAMS}; or, when {@code repeated} and every
     * chunk is the same special value, as one repeated-value chunk: the index C-Blosc2's {@code frame_fill_special}
     * writes (and keeps until the offsets change), while every other index it writes is compressed.
     */
    public static byte[] encode(long[] offsets, int count, boolean repeated, ChunkCodec codec) {
        if (count < 0 || count > offsets.length || count > MAX_NCHUNKS) {
            throw new InvalidArgumentException("cannot index " + count + " chunks");
        }
        if (repeated && count > 0 && offsets[0] < 0 && allEqual(offsets, count)) {
            byte[] value = new byte[8];
            MemorySegment.ofArray(value).set(LE_LONG, 0, offsets[0]);
            return SpecialChunks.make(SpecialValue.VALUE, count * 8L, INDEX_PARAMS, value);
        }
        MemorySegment raw = MemorySegment.ofArray(new byte[count * 8]);
        MemorySegment.copy(offsets, 0, raw, LE_LONG, 0, count);
        return codec.compress(raw, INDEX_PARAMS);
    }

    private static boolean allEqual(long[] offsets, int count) {
        for (int i = 1; i < count; i++) {
            if (offsets[i] != offsets[0]) {
                return false;
            }
        }
        return true;
    }
}
