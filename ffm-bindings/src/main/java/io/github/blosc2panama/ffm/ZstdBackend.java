package io.github.blosc2panama.ffm;

import java.lang.foreign.MemorySegment;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The zstd library behind {@link Zstd}'s contexts: the system libzstd through FFM, the zstd inside zstd-jni through
 * FFM ({@link ZstdBundledBackend}), or zstd-jni's Java API.
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
     * The zstd library the contexts use:
     * <ol>
     *   <li>the file named by {@code -Dblosc2.lib.zstd}, when set and loaded ({@code explicit});</li>
     *   <li>else the newer of the system's libzstd ({@code systemVersion}, its {@code ZSTD_versionNumber}) and the
     *       zstd inside zstd-jni ({@code bundled}, version {@code bundledVersion}), the system's on a tie;</li>
     *   <li>else zstd-jni's Java API ({@code fallback});</li>
     *   <li>else a backend whose {@link #orThrow()} names every place tried.</li>
     * </ol>
     */
    static ZstdBackend select(NativeLibraries.Loaded loaded, boolean explicit, IntSupplier systemVersion,
                              NativeLibraries.Loaded bundledLoaded, int bundledVersion,
                              Supplier<ZstdBackend> bundled, Supplier<ZstdBackend> fallback) {
        boolean system = loaded.lookup() != null && loaded.lookup().find("ZSTD_compressCCtx").isPresent();
        if (system && (explicit || bundledLoaded.lookup() == null || systemVersion.getAsInt() >= bundledVersion)) {
            return new ZstdFfmBackend(loaded.source());
        }
        if (bundledLoaded.lookup() != null) {
            return bundled.get();
        }
        String reason = loaded.lookup() == null ? loaded.failure()
                : loaded.source() + " has no function ZSTD_compressCCtx";
        reason += "; " + bundledLoaded.failure();
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
