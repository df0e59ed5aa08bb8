package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.UnsupportedFeatureException;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * BloscLZ, the built-in LZ77 codec of Blosc (compcode 0, format code 0), in pure Java.
 *
 * <p>Compression follows BloscLZ 2.5.x as C-Blosc2 ships it: the same hash sizes, entropy probe and
 * match encoding per clevel, so the streams it writes are the ones C writes for the same block. It
 * returns 0 when the probe finds the block not worth compressing or when the stream would not fit in
 * {@code dst}. Decompression accepts exactly the streams C-Blosc2 (and Blosc 1.x) accepts and rejects
 * everything else with a {@link io.github.blosc2panama.core.CorruptDataException}.
 *
 * <p>BloscLZ has no dictionary support: compressing with a dictionary is refused (as C-Blosc2 refuses
 * {@code use_dict} with this codec); a dictionary passed to decompression is ignored.
 *
 * <p>Thread-safe; the compressor's hash table is kept per thread.
 */
public final class BloscLzCodec implements BlockCodec {

    /** A shared instance; the codec has no state of its own. */
    public static final BloscLzCodec INSTANCE = new BloscLzCodec();

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        if (dict != null) {
            throw new UnsupportedFeatureException("BloscLZ does not support dictionaries (use_dict needs zstd, lz4 or lz4hc)");
        }
        if (clevel < 1 || clevel > 9) {
            throw new InvalidArgumentException("BloscLZ clevel must be in 1..9, got " + clevel);
        }
        int length = checkedSize(src, "source");
        if (dst.isReadOnly()) {
            throw new InvalidArgumentException("BloscLZ destination segment is read-only");
        }
        int maxout = (int) Math.min(dst.byteSize(), Integer.MAX_VALUE);
        return BloscLzEncoder.compress(clevel, src, length, dst, maxout);
    }

    @Override
    public int decompress(MemorySegment src, MemorySegment dst, MemorySegment dict) {
        int length = checkedSize(src, "compressed source");
        int maxout = checkedSize(dst, "destination");
        return decompress(src, 0, length, dst, 0, maxout, dict);
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        Objects.checkFromIndexSize(srcOffset, srcSize, src.byteSize());
        Objects.checkFromIndexSize(dstOffset, dstSize, dst.byteSize());
        if (dst.isReadOnly()) {
            throw new InvalidArgumentException("BloscLZ destination segment is read-only");
        }
        return BloscLzDecoder.decompress(src, srcOffset, srcSize, dst, dstOffset, dstSize);
    }

    private static int checkedSize(MemorySegment segment, String what) {
        long size = segment.byteSize();
        if (size > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("BloscLZ " + what + " of " + size + " bytes exceeds the 2 GiB stream limit");
        }
        return (int) size;
    }
}
