package io.github.blosc2panama.ffm;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * The zstd library behind {@link Zstd}'s contexts: the system libzstd through FFM, or the one bundled in zstd-jni.
 * Native objects are passed around as {@code Object} states owned by the context classes.
 */
abstract class ZstdBackend {

    abstract String description();

    abstract boolean isError(long code);

    abstract String errorName(long code);

    abstract int maxCLevel();

    abstract long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes);

    abstract Object createCCtx();

    abstract Runnable freeCCtx(Object cctx);

    /** Compresses all of src into dst, at {@code level} or with {@code cdict} when it is not null. */
    abstract long compress(Object cctx, MemorySegment dst, MemorySegment src, int level, Object cdict);

    abstract Object createDCtx();

    abstract Runnable freeDCtx(Object dctx);

    abstract long decompress(Object dctx, MemorySegment dst, MemorySegment src, Object ddict);

    /** Decompresses between raw native addresses, without a dictionary (the caller checked both ranges). */
    long decompress(Object dctx, long dst, long dstCapacity, long src, long srcSize) {
        return decompress(dctx, RawAddresses.segment(dst, dstCapacity), RawAddresses.segment(src, srcSize), null);
    }

    abstract Object createCDict(MemorySegment dict, int level);

    abstract Runnable freeCDict(Object cdict);

    abstract Object createDDict(MemorySegment dict);

    abstract Runnable freeDDict(Object ddict);

    /** This backend, or a {@link NativeLibraryNotFoundException} when no zstd could be loaded. */
    ZstdBackend orThrow() {
        return this;
    }

    /**
     * The system (or {@code -Dblosc2.lib.zstd}) libzstd when it loaded, else zstd-jni's library, else a backend
     * whose {@link #orThrow()} names every place tried.
     */
    static ZstdBackend select(NativeLibraries.Loaded loaded, Supplier<ZstdBackend> fallback) {
        if (loaded.lookup() != null && loaded.lookup().find("ZSTD_compressCCtx").isPresent()) {
            return new ZstdFfmBackend(loaded.source());
        }
        String reason = loaded.lookup() == null ? loaded.failure()
                : loaded.source() + " has no function ZSTD_compressCCtx";
        try {
            return fallback.get();
        } catch (RuntimeException | LinkageError e) {
            return new Unavailable(reason + "; fallback to zstd-jni (com.github.luben:zstd-jni) failed: " + e);
        }
    }

    /** No zstd at all: every use throws, naming what was tried. */
    static final class Unavailable extends ZstdBackend {
        private final String message;

        Unavailable(String message) {
            this.message = message;
        }

        @Override
        ZstdBackend orThrow() {
            throw new NativeLibraryNotFoundException(message, null);
        }

        @Override
        String description() {
            return message;
        }

        private UnsupportedOperationException never() {
            throw new NativeLibraryNotFoundException(message, null);
        }

        @Override
        boolean isError(long code) {
            throw never();
        }

        @Override
        String errorName(long code) {
            throw never();
        }

        @Override
        int maxCLevel() {
            throw never();
        }

        @Override
        long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes) {
            throw never();
        }

        @Override
        Object createCCtx() {
            throw never();
        }

        @Override
        Runnable freeCCtx(Object cctx) {
            throw never();
        }

        @Override
        long compress(Object cctx, MemorySegment dst, MemorySegment src, int level, Object cdict) {
            throw never();
        }

        @Override
        Object createDCtx() {
            throw never();
        }

        @Override
        Runnable freeDCtx(Object dctx) {
            throw never();
        }

        @Override
        long decompress(Object dctx, MemorySegment dst, MemorySegment src, Object ddict) {
            throw never();
        }

        @Override
        Object createCDict(MemorySegment dict, int level) {
            throw never();
        }

        @Override
        Runnable freeCDict(Object cdict) {
            throw never();
        }

        @Override
        Object createDDict(MemorySegment dict) {
            throw never();
        }

        @Override
        Runnable freeDDict(Object ddict) {
            throw never();
        }
    }
}
