package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.NativeLibraryException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import io.github.blosc2panama.ffm.Zlib;
import java.lang.foreign.MemorySegment;

/**
 * The zlib codec as C-Blosc2 3.3 uses it: {@code compress2} at the Blosc2 clevel (1..9) and {@code uncompress}.
 * zlib has no dictionary support in Blosc2.
 */
final class ZlibCodec implements BlockCodec {
    static final ZlibCodec INSTANCE = new ZlibCodec();

    private ZlibCodec() {
    }

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        CodecSupport.checkClevel(clevel, "zlib");
        noDict(dict);
        int srcSize = CodecSupport.size(src, "zlib", "source");
        int dstSize = CodecSupport.size(dst, "zlib", "destination");
        long[] destLen = {dstSize};
        int rc;
        try {
            rc = Zlib.compress2(dst, MemorySegment.ofArray(destLen), src, srcSize, clevel);
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zlib");
        }
        if (rc == Zlib.Z_MEM_ERROR) {
            throw new NativeLibraryException("zlib: compress2 ran out of memory (Z_MEM_ERROR)", null);
        }
        return rc == Zlib.Z_OK ? (int) destLen[0] : 0;
    }

    @Override
    public int decompress(MemorySegment src, MemorySegment dst, MemorySegment dict) {
        noDict(dict);
        int srcSize = CodecSupport.size(src, "zlib", "source");
        int dstSize = CodecSupport.size(dst, "zlib", "destination");
        long[] destLen = {dstSize};
        int rc;
        try {
            rc = Zlib.uncompress(dst, MemorySegment.ofArray(destLen), src, srcSize);
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zlib");
        }
        if (rc == Zlib.Z_MEM_ERROR) {
            throw new NativeLibraryException("zlib: uncompress ran out of memory (Z_MEM_ERROR)", null);
        }
        if (rc != Zlib.Z_OK || destLen[0] != dstSize) {
            throw new CorruptDataException("zlib: stream of " + srcSize + " bytes "
                    + (rc != Zlib.Z_OK ? "is malformed (zlib error " + rc + ")" : "decodes to " + destLen[0] + " bytes")
                    + ", expected " + dstSize + " bytes");
        }
        return dstSize;
    }

    private static void noDict(MemorySegment dict) {
        if (dict != null) {
            throw new UnsupportedFeatureException("zlib: Blosc2 dictionaries are only for zstd, lz4 and lz4hc");
        }
    }
}
