package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.NativeLibraryException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import io.github.blosc2panama.ffm.Zlib;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

/**
 * The zlib codec as C-Blosc2 3.3 uses it: {@code compress2} at the Blosc2 clevel (1..9) and {@code uncompress}.
 * zlib has no dictionary support in Blosc2.
 */
final class ZlibCodec implements BlockCodec {
    static final ZlibCodec INSTANCE = new ZlibCodec();

    /** Per-thread {@code uLongf destLen} for {@code uncompress}, so that decompression allocates nothing. */
    private static final ThreadLocal<MemorySegment> DEST_LEN =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(ValueLayout.JAVA_LONG));

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
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        noDict(dict);
        MemorySegment destLen = DEST_LEN.get();
        destLen.set(ValueLayout.JAVA_LONG, 0, dstSize);
        NativeStaging staging = NativeStaging.get();
        int rc;
        try {
            rc = Zlib.uncompress(staging.output(dst, dstOffset, dstSize), destLen, staging.input(src, srcOffset, srcSize),
                    srcSize);
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zlib");
        }
        Reference.reachabilityFence(src);
        Reference.reachabilityFence(dst);
        long written = destLen.get(ValueLayout.JAVA_LONG, 0);
        if (rc != Zlib.Z_OK || written != dstSize) {
            throw failed(rc, srcSize, dstSize, written);
        }
        staging.finish(dst, dstOffset, dstSize);
        return dstSize;
    }

    private static RuntimeException failed(int rc, int srcSize, int dstSize, long written) {
        if (rc == Zlib.Z_MEM_ERROR) {
            return new NativeLibraryException("zlib: uncompress ran out of memory (Z_MEM_ERROR)", null);
        }
        return new CorruptDataException("zlib: stream of " + srcSize + " bytes "
                + (rc != Zlib.Z_OK ? "is malformed (zlib error " + rc + ")" : "decodes to " + written + " bytes")
                + ", expected " + dstSize + " bytes");
    }

    private static void noDict(MemorySegment dict) {
        if (dict != null) {
            throw new UnsupportedFeatureException("zlib: Blosc2 dictionaries are only for zstd, lz4 and lz4hc");
        }
    }
}
