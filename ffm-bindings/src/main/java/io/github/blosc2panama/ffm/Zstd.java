package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.blosc2panama.ffm.NativeLibraries.Library;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.util.Objects;

/**
 * Bindings to libzstd, in two layers.
 *
 * <p><b>Raw functions</b> ({@code ZSTD_*}, {@code ZDICT_*}), in the shape jextract generates, bound to the system
 * libzstd or the file named by {@code -Dblosc2.lib.zstd}. {@code size_t} is mapped to {@code long}
 * ({@code JAVA_LONG}; 64-bit platforms). The pure buffer functions ({@code ZSTD_compressCCtx},
 * {@code ZSTD_decompressDCtx}, {@code ZSTD_compress_usingCDict}, {@code ZSTD_decompress_usingDDict}) are linked
 * as critical and accept heap segments; the others accept native segments only. Results are zstd's
 * {@code size_t} codes: test them with {@link #ZSTD_isError}.
 *
 * <p><b>Contexts</b> ({@link CompressionContext}, {@link DecompressionContext}, {@link CompressionDictionary},
 * {@link DecompressionDictionary}) and the static helpers {@link #isError}, {@link #errorName},
 * {@link #maxCLevel}, {@link #trainFromBuffer}: these run on the newest zstd at hand. With zstd-jni
 * ({@code com.github.luben:zstd-jni}, optional) on the class path, that is the newer of the system libzstd and the
 * zstd inside zstd-jni (1.5.7, as C-Blosc2 3.3 bundles), the system's on a tie; both through FFM
 * ({@link ZstdBundledBackend}: zstd-jni 1.5.7-28 exports the {@code ZSTD_*} functions the contexts need; 1.5.7-15
 * and older do not).
 * {@code -Dblosc2.lib.zstd=FILE} always uses that file, {@code -Dblosc2.lib.zstd.bundled=false} never zstd-jni's
 * copy. With no system libzstd and an older zstd-jni, the contexts go through zstd-jni's Java API. The raw
 * functions above always bind to the system libzstd (or {@code -Dblosc2.lib.zstd}); without it they throw
 * {@link NativeLibraryNotFoundException}. Each context and dictionary owns one native object, freed by
 * {@code close()} or, failing that, by a {@link java.lang.ref.Cleaner} once unreachable; contexts are not
 * thread-safe (keep one per thread), dictionaries are read-only once made and may be shared.
 */
public final class Zstd {
    private Zstd() {
    }

    private static MethodHandle h(String name, FunctionDescriptor d, boolean critical) {
        return NativeLibraries.downcall(Library.ZSTD, name, d, critical);
    }

    // ---------------------------------------------------------------- raw functions (system libzstd, FFM)

    private static final class ZSTD_createCCtx$ {
        static final MethodHandle H = h("ZSTD_createCCtx", FunctionDescriptor.of(ADDRESS), false);
    }

    private static final class ZSTD_freeCCtx$ {
        static final MethodHandle H = h("ZSTD_freeCCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
    }

    private static final class ZSTD_createDCtx$ {
        static final MethodHandle H = h("ZSTD_createDCtx", FunctionDescriptor.of(ADDRESS), false);
    }

    private static final class ZSTD_freeDCtx$ {
        static final MethodHandle H = h("ZSTD_freeDCtx", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
    }

    private static final class ZSTD_compressCCtx$ {
        static final MethodHandle H = h("ZSTD_compressCCtx",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT), true);
    }

    private static final class ZSTD_decompressDCtx$ {
        static final MethodHandle H = h("ZSTD_decompressDCtx",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG), true);
    }

    private static final class ZSTD_decompressDCtx_raw$ {
        static final MethodHandle H = h("ZSTD_decompressDCtx",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), true);
    }

    private static final class ZSTD_createCDict$ {
        static final MethodHandle H = h("ZSTD_createCDict",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT), false);
    }

    private static final class ZSTD_freeCDict$ {
        static final MethodHandle H = h("ZSTD_freeCDict", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
    }

    private static final class ZSTD_compress_usingCDict$ {
        static final MethodHandle H = h("ZSTD_compress_usingCDict",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS), true);
    }

    private static final class ZSTD_createDDict$ {
        static final MethodHandle H = h("ZSTD_createDDict",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG), false);
    }

    private static final class ZSTD_freeDDict$ {
        static final MethodHandle H = h("ZSTD_freeDDict", FunctionDescriptor.of(JAVA_LONG, ADDRESS), false);
    }

    private static final class ZSTD_decompress_usingDDict$ {
        static final MethodHandle H = h("ZSTD_decompress_usingDDict",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS), true);
    }

    private static final class ZSTD_isError$ {
        static final MethodHandle H = h("ZSTD_isError", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), true);
    }

    private static final class ZSTD_getErrorName$ {
        static final MethodHandle H = h("ZSTD_getErrorName", FunctionDescriptor.of(ADDRESS, JAVA_LONG), false);
    }

    private static final class ZSTD_maxCLevel$ {
        static final MethodHandle H = h("ZSTD_maxCLevel", FunctionDescriptor.of(JAVA_INT), true);
    }

    private static final class ZSTD_compressBound$ {
        static final MethodHandle H = h("ZSTD_compressBound", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), true);
    }

    private static final class ZSTD_versionNumber$ {
        static final MethodHandle H = h("ZSTD_versionNumber", FunctionDescriptor.of(JAVA_INT), true);
    }

    private static final class ZDICT_trainFromBuffer$ {
        static final MethodHandle H = h("ZDICT_trainFromBuffer",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT), false);
    }

    private static final class ZDICT_isError$ {
        static final MethodHandle H = h("ZDICT_isError", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), true);
    }

    /** {@code ZSTD_CCtx* ZSTD_createCCtx(void)}; NULL when out of memory. */
    public static MemorySegment ZSTD_createCCtx() {
        try {
            return (MemorySegment) ZSTD_createCCtx$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_freeCCtx(ZSTD_CCtx* cctx)}. */
    public static long ZSTD_freeCCtx(MemorySegment cctx) {
        Checks.pointer(cctx, "ZSTD_CCtx");
        try {
            return (long) ZSTD_freeCCtx$.H.invokeExact(cctx);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code ZSTD_DCtx* ZSTD_createDCtx(void)}; NULL when out of memory. */
    public static MemorySegment ZSTD_createDCtx() {
        try {
            return (MemorySegment) ZSTD_createDCtx$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_freeDCtx(ZSTD_DCtx* dctx)}. */
    public static long ZSTD_freeDCtx(MemorySegment dctx) {
        Checks.pointer(dctx, "ZSTD_DCtx");
        try {
            return (long) ZSTD_freeDCtx$.H.invokeExact(dctx);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_compressCCtx(ZSTD_CCtx*, void* dst, size_t dstCapacity, const void* src, size_t srcSize, int level)}. */
    public static long ZSTD_compressCCtx(MemorySegment cctx, MemorySegment dst, long dstCapacity, MemorySegment src,
                                         long srcSize, int compressionLevel) {
        Checks.pointer(cctx, "ZSTD_CCtx");
        Checks.fits(dst, dstCapacity, "ZSTD_compressCCtx dst");
        Checks.fits(src, srcSize, "ZSTD_compressCCtx src");
        try {
            return (long) ZSTD_compressCCtx$.H.invokeExact(cctx, dst, dstCapacity, src, srcSize, compressionLevel);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_decompressDCtx(ZSTD_DCtx*, void* dst, size_t dstCapacity, const void* src, size_t srcSize)}. */
    public static long ZSTD_decompressDCtx(MemorySegment dctx, MemorySegment dst, long dstCapacity, MemorySegment src,
                                           long srcSize) {
        Checks.pointer(dctx, "ZSTD_DCtx");
        Checks.fits(dst, dstCapacity, "ZSTD_decompressDCtx dst");
        Checks.fits(src, srcSize, "ZSTD_decompressDCtx src");
        try {
            return (long) ZSTD_decompressDCtx$.H.invokeExact(dctx, dst, dstCapacity, src, srcSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code ZSTD_decompressDCtx} on raw addresses of native memory: the {@code srcSize} bytes at {@code src} into the
     * {@code dstCapacity} bytes at {@code dst}. Makes no segment, so a call allocates nothing.
     *
     * <p><b>Unchecked:</b> the caller has checked that both ranges lie in native memory that stays alive, and is
     * not accessed by another thread, until the call returns (see {@link RawAddresses}).
     */
    public static long ZSTD_decompressDCtx(MemorySegment dctx, long dst, long dstCapacity, long src, long srcSize) {
        Checks.pointer(dctx, "ZSTD_DCtx");
        if (dstCapacity < 0 || srcSize < 0) {
            throw new IllegalArgumentException("ZSTD_decompressDCtx: negative capacity " + dstCapacity + " or size "
                    + srcSize);
        }
        try {
            return (long) ZSTD_decompressDCtx_raw$.H.invokeExact(dctx, dst, dstCapacity, src, srcSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code ZSTD_CDict* ZSTD_createCDict(const void* dictBuffer, size_t dictSize, int compressionLevel)}; copies the dictionary; native segment only. */
    public static MemorySegment ZSTD_createCDict(MemorySegment dictBuffer, long dictSize, int compressionLevel) {
        Checks.nativeSegment(dictBuffer, "ZSTD_createCDict dictBuffer");
        Checks.fits(dictBuffer, dictSize, "ZSTD_createCDict dictBuffer");
        try {
            return (MemorySegment) ZSTD_createCDict$.H.invokeExact(dictBuffer, dictSize, compressionLevel);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_freeCDict(ZSTD_CDict*)}. */
    public static long ZSTD_freeCDict(MemorySegment cdict) {
        Checks.pointer(cdict, "ZSTD_CDict");
        try {
            return (long) ZSTD_freeCDict$.H.invokeExact(cdict);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_compress_usingCDict(ZSTD_CCtx*, void* dst, size_t dstCapacity, const void* src, size_t srcSize, const ZSTD_CDict*)}. */
    public static long ZSTD_compress_usingCDict(MemorySegment cctx, MemorySegment dst, long dstCapacity,
                                                MemorySegment src, long srcSize, MemorySegment cdict) {
        Checks.pointer(cctx, "ZSTD_CCtx");
        Checks.pointer(cdict, "ZSTD_CDict");
        Checks.fits(dst, dstCapacity, "ZSTD_compress_usingCDict dst");
        Checks.fits(src, srcSize, "ZSTD_compress_usingCDict src");
        try {
            return (long) ZSTD_compress_usingCDict$.H.invokeExact(cctx, dst, dstCapacity, src, srcSize, cdict);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code ZSTD_DDict* ZSTD_createDDict(const void* dictBuffer, size_t dictSize)}; copies the dictionary; native segment only. */
    public static MemorySegment ZSTD_createDDict(MemorySegment dictBuffer, long dictSize) {
        Checks.nativeSegment(dictBuffer, "ZSTD_createDDict dictBuffer");
        Checks.fits(dictBuffer, dictSize, "ZSTD_createDDict dictBuffer");
        try {
            return (MemorySegment) ZSTD_createDDict$.H.invokeExact(dictBuffer, dictSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_freeDDict(ZSTD_DDict*)}. */
    public static long ZSTD_freeDDict(MemorySegment ddict) {
        Checks.pointer(ddict, "ZSTD_DDict");
        try {
            return (long) ZSTD_freeDDict$.H.invokeExact(ddict);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_decompress_usingDDict(ZSTD_DCtx*, void* dst, size_t dstCapacity, const void* src, size_t srcSize, const ZSTD_DDict*)}. */
    public static long ZSTD_decompress_usingDDict(MemorySegment dctx, MemorySegment dst, long dstCapacity,
                                                  MemorySegment src, long srcSize, MemorySegment ddict) {
        Checks.pointer(dctx, "ZSTD_DCtx");
        Checks.pointer(ddict, "ZSTD_DDict");
        Checks.fits(dst, dstCapacity, "ZSTD_decompress_usingDDict dst");
        Checks.fits(src, srcSize, "ZSTD_decompress_usingDDict src");
        try {
            return (long) ZSTD_decompress_usingDDict$.H.invokeExact(dctx, dst, dstCapacity, src, srcSize, ddict);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code unsigned ZSTD_isError(size_t code)}: non-zero when {@code code} is an error code. */
    public static int ZSTD_isError(long code) {
        try {
            return (int) ZSTD_isError$.H.invokeExact(code);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code const char* ZSTD_getErrorName(size_t code)}, as a Java string. */
    public static String ZSTD_getErrorName(long code) {
        try {
            MemorySegment p = (MemorySegment) ZSTD_getErrorName$.H.invokeExact(code);
            return p.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int ZSTD_maxCLevel(void)}. */
    public static int ZSTD_maxCLevel() {
        try {
            return (int) ZSTD_maxCLevel$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code size_t ZSTD_compressBound(size_t srcSize)}. */
    public static long ZSTD_compressBound(long srcSize) {
        if (srcSize < 0) {
            throw new IllegalArgumentException("ZSTD_compressBound: negative length " + srcSize);
        }
        try {
            return (long) ZSTD_compressBound$.H.invokeExact(srcSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code unsigned ZSTD_versionNumber(void)}, e.g. 10504 for 1.5.4. */
    public static int ZSTD_versionNumber() {
        try {
            return (int) ZSTD_versionNumber$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code size_t ZDICT_trainFromBuffer(void* dictBuffer, size_t dictBufferCapacity, const void* samplesBuffer,
     * const size_t* samplesSizes, unsigned nbSamples)}: the samples lie back to back in {@code samplesBuffer};
     * {@code samplesSizes} holds {@code nbSamples} {@code size_t}s. Native segments only.
     */
    public static long ZDICT_trainFromBuffer(MemorySegment dictBuffer, long dictBufferCapacity,
                                             MemorySegment samplesBuffer, MemorySegment samplesSizes,
                                             int nbSamples) {
        Checks.nativeSegment(dictBuffer, "ZDICT_trainFromBuffer dictBuffer");
        Checks.nativeSegment(samplesBuffer, "ZDICT_trainFromBuffer samplesBuffer");
        Checks.nativeSegment(samplesSizes, "ZDICT_trainFromBuffer samplesSizes");
        Checks.fits(dictBuffer, dictBufferCapacity, "ZDICT_trainFromBuffer dictBuffer");
        if (nbSamples < 0) {
            throw new IllegalArgumentException("ZDICT_trainFromBuffer: negative nbSamples " + nbSamples);
        }
        Checks.fits(samplesSizes, (long) nbSamples * Long.BYTES, "ZDICT_trainFromBuffer samplesSizes");
        long total = 0;
        for (int i = 0; i < nbSamples; i++) {
            long size = samplesSizes.getAtIndex(JAVA_LONG, i);
            if (size < 0) {
                throw new IllegalArgumentException("ZDICT_trainFromBuffer: sample " + i + " has negative size " + size);
            }
            total += size;
            Checks.fits(samplesBuffer, total, "ZDICT_trainFromBuffer samplesBuffer (sum of sample sizes)");
        }
        try {
            return (long) ZDICT_trainFromBuffer$.H.invokeExact(dictBuffer, dictBufferCapacity, samplesBuffer,
                    samplesSizes, nbSamples);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code unsigned ZDICT_isError(size_t code)}. */
    public static int ZDICT_isError(long code) {
        try {
            return (int) ZDICT_isError$.H.invokeExact(code);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    // ---------------------------------------------------------------- backend-neutral layer

    private static final class DefaultBackend {
        // Lambdas, not method references: zstd-jni is optional, and linking a method reference would load
        // ZstdJniBackend (and zstd-jni's classes) even when it is not used.
        static final ZstdBackend BACKEND = select();

        private static ZstdBackend select() {
            String property = System.getProperty(Library.ZSTD.property());
            return ZstdBackend.select(NativeLibraries.loaded(Library.ZSTD), property != null && !property.isBlank(),
                    Zstd::ZSTD_versionNumber, ZstdBundledBackend.loaded(), ZstdBundledBackend.version(),
                    () -> new ZstdBundledBackend(() -> Trainer.BACKEND), () -> ZstdJniBackend.tryCreate());
        }
    }

    /** Trains dictionaries for the zstd-jni FFM backend: the system libzstd's ZDICT, else zstd-jni's Java API. */
    private static final class Trainer {
        static final ZstdBackend BACKEND = NativeLibraries.isAvailable(Library.ZSTD)
                ? new ZstdFfmBackend(NativeLibraries.describe(Library.ZSTD)) : ZstdJniBackend.tryCreate();
    }

    static ZstdBackend backend() {
        return DefaultBackend.BACKEND.orThrow();
    }

    /** Which zstd the contexts use: the loaded library's file, zstd-jni's bundled one, or why none loaded. */
    public static String backendDescription() {
        return DefaultBackend.BACKEND.description();
    }

    /** Whether the size_t {@code code} returned by a context is an error (zstd's {@code ZSTD_isError}). */
    public static boolean isError(long code) {
        return backend().isError(code);
    }

    /** zstd's name for the error {@code code}. */
    public static String errorName(long code) {
        return backend().errorName(code);
    }

    /** zstd's {@code ZSTD_maxCLevel()}. */
    public static int maxCLevel() {
        return backend().maxCLevel();
    }

    /**
     * Trains a dictionary with zstd's {@code ZDICT_trainFromBuffer} (default parameters) from samples that lie back
     * to back in {@code samples}.
     *
     * @return the dictionary's size, written at the start of {@code dictBuffer}; or an error code
     *         ({@link #isError}), e.g. when there are too few samples
     */
    public static long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes) {
        Objects.requireNonNull(sampleSizes, "sampleSizes");
        long total = 0;
        for (int i = 0; i < sampleSizes.length; i++) {
            if (sampleSizes[i] < 0) {
                throw new IllegalArgumentException("trainFromBuffer: sample " + i + " has negative size");
            }
            total += sampleSizes[i];
            Checks.fits(samples, total, "trainFromBuffer samples (sum of sample sizes)");
        }
        Objects.requireNonNull(dictBuffer, "dictBuffer");
        return backend().trainFromBuffer(dictBuffer, samples, sampleSizes);
    }

    /**
     * A reusable zstd compression context ({@code ZSTD_CCtx}). Not thread-safe: keep one per thread
     * (e.g. in a {@code ThreadLocal}); freed by {@link #close()} or by a cleaner once unreachable.
     */
    public static final class CompressionContext implements AutoCloseable {
        private final ZstdBackend backend;
        private final Object state;
        private final Cleaner.Cleanable cleanable;
        private volatile boolean closed;

        /** A context on the default backend (see {@link Zstd}). */
        public CompressionContext() {
            this(backend());
        }

        CompressionContext(ZstdBackend backend) {
            this.backend = backend;
            this.state = backend.createCCtx();
            this.cleanable = NativeCleaner.register(this, backend.freeCCtx(state));
        }

        /**
         * Compresses all of {@code src} into {@code dst} at {@code level} ({@code ZSTD_compressCCtx}).
         *
         * @return the compressed size, or an error code ({@link Zstd#isError}), e.g. when {@code dst} is too small
         */
        public long compress(MemorySegment dst, MemorySegment src, int level) {
            Objects.requireNonNull(dst, "dst");
            Objects.requireNonNull(src, "src");
            checkOpen();
            return backend.compress(state, dst, src, level, null);
        }

        /** Compresses all of {@code src} into {@code dst} with {@code dict} ({@code ZSTD_compress_usingCDict}). */
        public long compress(MemorySegment dst, MemorySegment src, CompressionDictionary dict) {
            Objects.requireNonNull(dst, "dst");
            Objects.requireNonNull(src, "src");
            Objects.requireNonNull(dict, "dict");
            if (dict.backend != backend) {
                throw new IllegalArgumentException("dictionary and context come from different zstd libraries");
            }
            checkOpen();
            dict.checkOpen();
            return backend.compress(state, dst, src, 0, dict.state);
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException(getClass().getSimpleName() + " is closed");
            }
        }
    }

    /**
     * A reusable zstd decompression context ({@code ZSTD_DCtx}). Not thread-safe: keep one per thread;
     * freed by {@link #close()} or by a cleaner once unreachable.
     */
    public static final class DecompressionContext implements AutoCloseable {
        private final ZstdBackend backend;
        private final Object state;
        private final Cleaner.Cleanable cleanable;
        private volatile boolean closed;

        /** A context on the default backend (see {@link Zstd}). */
        public DecompressionContext() {
            this(backend());
        }

        DecompressionContext(ZstdBackend backend) {
            this.backend = backend;
            this.state = backend.createDCtx();
            this.cleanable = NativeCleaner.register(this, backend.freeDCtx(state));
        }

        /**
         * Decompresses the frame in all of {@code src} into {@code dst} ({@code ZSTD_decompressDCtx}).
         *
         * @return the decompressed size, or an error code ({@link Zstd#isError})
         */
        public long decompress(MemorySegment dst, MemorySegment src) {
            Objects.requireNonNull(dst, "dst");
            Objects.requireNonNull(src, "src");
            checkOpen();
            return backend.decompress(state, dst, src, null);
        }

        /**
         * Decompresses the frame in the {@code srcSize} bytes at native address {@code src} into the
         * {@code dstCapacity} bytes at native address {@code dst}. On the system libzstd a call allocates nothing.
         *
         * <p><b>Unchecked:</b> the caller has checked both ranges (see {@link RawAddresses}).
         *
         * @return the decompressed size, or an error code ({@link Zstd#isError})
         */
        public long decompress(long dst, long dstCapacity, long src, long srcSize) {
            checkOpen();
            return backend.decompress(state, dst, dstCapacity, src, srcSize);
        }

        /** Decompresses with {@code dict} ({@code ZSTD_decompress_usingDDict}). */
        public long decompress(MemorySegment dst, MemorySegment src, DecompressionDictionary dict) {
            Objects.requireNonNull(dst, "dst");
            Objects.requireNonNull(src, "src");
            Objects.requireNonNull(dict, "dict");
            if (dict.backend != backend) {
                throw new IllegalArgumentException("dictionary and context come from different zstd libraries");
            }
            checkOpen();
            dict.checkOpen();
            return backend.decompress(state, dst, src, dict.state);
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException(getClass().getSimpleName() + " is closed");
            }
        }
    }

    /** A digested compression dictionary ({@code ZSTD_CDict}) at a fixed level; the bytes are copied. Thread-safe. */
    public static final class CompressionDictionary implements AutoCloseable {
        private final ZstdBackend backend;
        private final Object state;
        private final Cleaner.Cleanable cleanable;
        private volatile boolean closed;

        /** Digests {@code dict} (heap or native) for compression at {@code level}. */
        public CompressionDictionary(MemorySegment dict, int level) {
            this(backend(), dict, level);
        }

        CompressionDictionary(ZstdBackend backend, MemorySegment dict, int level) {
            Objects.requireNonNull(dict, "dict");
            this.backend = backend;
            this.state = backend.createCDict(dict, level);
            this.cleanable = NativeCleaner.register(this, backend.freeCDict(state));
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException(getClass().getSimpleName() + " is closed");
            }
        }
    }

    /** A digested decompression dictionary ({@code ZSTD_DDict}); the bytes are copied. Thread-safe. */
    public static final class DecompressionDictionary implements AutoCloseable {
        private final ZstdBackend backend;
        private final Object state;
        private final Cleaner.Cleanable cleanable;
        private volatile boolean closed;

        /** Digests {@code dict} (heap or native) for decompression. */
        public DecompressionDictionary(MemorySegment dict) {
            this(backend(), dict);
        }

        DecompressionDictionary(ZstdBackend backend, MemorySegment dict) {
            Objects.requireNonNull(dict, "dict");
            this.backend = backend;
            this.state = backend.createDDict(dict);
            this.cleanable = NativeCleaner.register(this, backend.freeDDict(state));
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException(getClass().getSimpleName() + " is closed");
            }
        }
    }
}
