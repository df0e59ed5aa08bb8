package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** {@link Zstd}'s contexts on the system libzstd, through the raw FFM functions of {@link Zstd}. */
final class ZstdFfmBackend extends ZstdBackend {
    private final String source;

    ZstdFfmBackend(String source) {
        this.source = source;
    }

    @Override
    String description() {
        return "libzstd " + source + " (FFM)";
    }

    @Override
    boolean isError(long code) {
        return Zstd.ZSTD_isError(code) != 0;
    }

    @Override
    String errorName(long code) {
        return Zstd.ZSTD_getErrorName(code);
    }

    @Override
    int maxCLevel() {
        return Zstd.ZSTD_maxCLevel();
    }

    @Override
    long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dict = dictBuffer.isNative() ? dictBuffer : arena.allocate(dictBuffer.byteSize());
            MemorySegment s = samples.isNative() ? samples : arena.allocate(samples.byteSize()).copyFrom(samples);
            MemorySegment sizes = arena.allocate(JAVA_LONG, Math.max(1, sampleSizes.length));
            MemorySegment.copy(sampleSizes, 0, sizes, JAVA_LONG, 0, sampleSizes.length);
            long code = Zstd.ZDICT_trainFromBuffer(dict, dict.byteSize(), s, sizes, sampleSizes.length);
            if (dict != dictBuffer && Zstd.ZDICT_isError(code) == 0) {
                MemorySegment.copy(dict, 0, dictBuffer, 0, code);
            }
            return code;
        }
    }

    @Override
    Object createCCtx() {
        return notNull(Zstd.ZSTD_createCCtx(), "ZSTD_createCCtx");
    }

    @Override
    Runnable freeCCtx(Object cctx) {
        MemorySegment p = (MemorySegment) cctx;
        return () -> Zstd.ZSTD_freeCCtx(p);
    }

    @Override
    long compress(Object cctx, MemorySegment dst, MemorySegment src, int level, Object cdict) {
        MemorySegment c = (MemorySegment) cctx;
        return cdict == null
                ? Zstd.ZSTD_compressCCtx(c, dst, dst.byteSize(), src, src.byteSize(), level)
                : Zstd.ZSTD_compress_usingCDict(c, dst, dst.byteSize(), src, src.byteSize(), (MemorySegment) cdict);
    }

    @Override
    Object createDCtx() {
        return notNull(Zstd.ZSTD_createDCtx(), "ZSTD_createDCtx");
    }

    @Override
    Runnable freeDCtx(Object dctx) {
        MemorySegment p = (MemorySegment) dctx;
        return () -> Zstd.ZSTD_freeDCtx(p);
    }

    @Override
    long decompress(Object dctx, MemorySegment dst, MemorySegment src, Object ddict) {
        MemorySegment d = (MemorySegment) dctx;
        return ddict == null
                ? Zstd.ZSTD_decompressDCtx(d, dst, dst.byteSize(), src, src.byteSize())
                : Zstd.ZSTD_decompress_usingDDict(d, dst, dst.byteSize(), src, src.byteSize(), (MemorySegment) ddict);
    }

    @Override
    long decompress(Object dctx, long dst, long dstCapacity, long src, long srcSize) {
        return Zstd.ZSTD_decompressDCtx((MemorySegment) dctx, dst, dstCapacity, src, srcSize);
    }

    @Override
    Object createCDict(MemorySegment dict, int level) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = dict.isNative() ? dict : arena.allocate(Math.max(1, dict.byteSize())).copyFrom(dict);
            return dictNotNull(Zstd.ZSTD_createCDict(d, dict.byteSize(), level), "ZSTD_createCDict");
        }
    }

    @Override
    Runnable freeCDict(Object cdict) {
        MemorySegment p = (MemorySegment) cdict;
        return () -> Zstd.ZSTD_freeCDict(p);
    }

    @Override
    Object createDDict(MemorySegment dict) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = dict.isNative() ? dict : arena.allocate(Math.max(1, dict.byteSize())).copyFrom(dict);
            return dictNotNull(Zstd.ZSTD_createDDict(d, dict.byteSize()), "ZSTD_createDDict");
        }
    }

    @Override
    Runnable freeDDict(Object ddict) {
        MemorySegment p = (MemorySegment) ddict;
        return () -> Zstd.ZSTD_freeDDict(p);
    }

    private static MemorySegment dictNotNull(MemorySegment p, String function) {
        if (p.equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException(function + " rejected the dictionary (malformed, or out of memory)");
        }
        return p;
    }

    private static MemorySegment notNull(MemorySegment p, String function) {
        if (p.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError(function + " returned NULL");
        }
        return p;
    }
}
