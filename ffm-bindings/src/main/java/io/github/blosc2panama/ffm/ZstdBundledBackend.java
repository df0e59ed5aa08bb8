package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.function.Supplier;

/**
 * {@link Zstd}'s contexts on the zstd inside zstd-jni ({@link BundledZstd}), through FFM. That library exports only a
 * subset of zstd's functions, so the contexts use zstd's "advanced" API: the level is a parameter of the
 * {@code ZSTD_CCtx} ({@code ZSTD_CCtx_setParameter(ZSTD_c_compressionLevel)}) and {@code ZSTD_compress2} compresses;
 * a dictionary is loaded into the context ({@code ZSTD_CCtx_loadDictionary}, {@code ZSTD_DCtx_loadDictionary}: zstd
 * copies and digests it, and keeps it for the following frames) when it differs from the one the context last used,
 * and unloaded (a NULL dictionary) before a frame without one. Dictionaries are kept as native copies of their bytes.
 * Dictionary training ({@code ZDICT_*}, not exported) goes to {@code trainer}.
 */
final class ZstdBundledBackend extends ZstdBackend {
    /** {@code ZSTD_c_compressionLevel} of {@code ZSTD_cParameter}. */
    static final int ZSTD_C_COMPRESSION_LEVEL = 100;
    /** {@code ZSTD_reset_session_only} of {@code ZSTD_ResetDirective}. */
    static final int ZSTD_RESET_SESSION_ONLY = 1;
    /** What a context holds when a dictionary change failed: unknown, so the next frame loads its dictionary again. */
    private static final Dict UNKNOWN = new Dict(null, null, Integer.MIN_VALUE);

    private static final class Library {
        static final String JNI_VERSION = BundledZstd.zstdJniVersion(NativeLibraries.class.getClassLoader());
        static final NativeLibraries.Loaded LOADED = NativeLibraries.bundledZstd(System::getProperty, JNI_VERSION);
        /** The zstd version number of the loaded copy (10507 for 1.5.7), or -1 when none loaded. */
        static final int VERSION = LOADED.lookup() == null ? -1 : BundledZstd.versionNumber(JNI_VERSION);
    }

    private static MethodHandle h(String name, FunctionDescriptor d, boolean critical) {
        return NativeLibraries.downcall(Library.LOADED, name, d, critical);
    }

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

    private static final class ZSTD_CCtx_setParameter$ {
        static final MethodHandle H = h("ZSTD_CCtx_setParameter",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT), true);
    }

    private static final class ZSTD_CCtx_reset$ {
        static final MethodHandle H = h("ZSTD_CCtx_reset", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT), true);
    }

    private static final class ZSTD_DCtx_reset$ {
        static final MethodHandle H = h("ZSTD_DCtx_reset", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT), true);
    }

    private static final class ZSTD_CCtx_loadDictionary$ {
        static final MethodHandle H = h("ZSTD_CCtx_loadDictionary",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG), false);
    }

    private static final class ZSTD_DCtx_loadDictionary$ {
        static final MethodHandle H = h("ZSTD_DCtx_loadDictionary",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG), false);
    }

    private static final class ZSTD_compress2$ {
        static final MethodHandle H = h("ZSTD_compress2",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG), true);
    }

    private static final class ZSTD_decompressDCtx$ {
        static final MethodHandle H = h("ZSTD_decompressDCtx",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG), true);
    }

    private static final class ZSTD_decompressDCtx_raw$ {
        static final MethodHandle H = h("ZSTD_decompressDCtx",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), true);
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

    /** A {@code ZSTD_CCtx} and what was last set on it. Used by one thread at a time. */
    private static final class CCtx {
        final MemorySegment ptr;
        int level = Integer.MIN_VALUE;
        Dict dict;

        CCtx(MemorySegment ptr) {
            this.ptr = ptr;
        }
    }

    /** A {@code ZSTD_DCtx} and the dictionary last loaded into it. Used by one thread at a time. */
    private static final class DCtx {
        final MemorySegment ptr;
        Dict dict;

        DCtx(MemorySegment ptr) {
            this.ptr = ptr;
        }
    }

    /** A dictionary's bytes in native memory of its own, and (for compression) its level. */
    private record Dict(Arena arena, MemorySegment bytes, int level) {
    }

    private final Supplier<ZstdBackend> trainer;

    /** @param trainer the backend that trains dictionaries (asked on first use) */
    ZstdBundledBackend(Supplier<ZstdBackend> trainer) {
        this.trainer = trainer;
    }

    /** Where zstd-jni's zstd was loaded from (its version first), or why it could not be. */
    static NativeLibraries.Loaded loaded() {
        return Library.LOADED;
    }

    /** The zstd version number of zstd-jni's copy ({@code ZSTD_versionNumber} style), or -1 when it did not load. */
    static int version() {
        return Library.VERSION;
    }

    @Override
    String description() {
        return Library.LOADED.source() + " (FFM)";
    }

    @Override
    boolean isError(long code) {
        try {
            return (int) ZSTD_isError$.H.invokeExact(code) != 0;
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    String errorName(long code) {
        try {
            MemorySegment p = (MemorySegment) ZSTD_getErrorName$.H.invokeExact(code);
            return p.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    int maxCLevel() {
        try {
            return (int) ZSTD_maxCLevel$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes) {
        return trainer.get().trainFromBuffer(dictBuffer, samples, sampleSizes);
    }

    @Override
    Object createCCtx() {
        try {
            return new CCtx(notNull((MemorySegment) ZSTD_createCCtx$.H.invokeExact(), "ZSTD_createCCtx"));
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    Runnable freeCCtx(Object cctx) {
        MemorySegment p = ((CCtx) cctx).ptr;
        return () -> {
            try {
                long ignored = (long) ZSTD_freeCCtx$.H.invokeExact(p);
            } catch (Throwable t) {
                throw Checks.rethrow(t);
            }
        };
    }

    /**
     * Compresses with {@code ZSTD_compress2}, after setting the context's dictionary and level when they change.
     * Those changes are only allowed between frames: a {@code ZSTD_compress2} that ran out of room (a stream that
     * does not compress, which Blosc2 meets all the time) leaves its frame open, so the session is reset first.
     */
    @Override
    long compress(Object cctx, MemorySegment dst, MemorySegment src, int level, Object cdict) {
        CCtx c = (CCtx) cctx;
        Dict d = (Dict) cdict;
        int want = d == null ? level : d.level();
        try {
            if (c.dict != d || c.level != want) {
                long code = (long) ZSTD_CCtx_reset$.H.invokeExact(c.ptr, ZSTD_RESET_SESSION_ONLY);
                if (c.dict != d && !isError(code)) {
                    c.dict = UNKNOWN;
                    code = d == null
                            ? (long) ZSTD_CCtx_loadDictionary$.H.invokeExact(c.ptr, MemorySegment.NULL, 0L)
                            : (long) ZSTD_CCtx_loadDictionary$.H.invokeExact(c.ptr, d.bytes(), d.bytes().byteSize());
                    c.dict = isError(code) ? UNKNOWN : d;
                }
                if (c.level != want && !isError(code)) {
                    c.level = Integer.MIN_VALUE;
                    code = (long) ZSTD_CCtx_setParameter$.H.invokeExact(c.ptr, ZSTD_C_COMPRESSION_LEVEL, want);
                    c.level = isError(code) ? Integer.MIN_VALUE : want;
                }
                if (isError(code)) {
                    return code;
                }
            }
            return (long) ZSTD_compress2$.H.invokeExact(c.ptr, dst, dst.byteSize(), src, src.byteSize());
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    Object createDCtx() {
        try {
            return new DCtx(notNull((MemorySegment) ZSTD_createDCtx$.H.invokeExact(), "ZSTD_createDCtx"));
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    Runnable freeDCtx(Object dctx) {
        MemorySegment p = ((DCtx) dctx).ptr;
        return () -> {
            try {
                long ignored = (long) ZSTD_freeDCtx$.H.invokeExact(p);
            } catch (Throwable t) {
                throw Checks.rethrow(t);
            }
        };
    }

    /** Loads {@code d} (or no dictionary) into the context when it holds another; an error code, or 0. */
    private long use(DCtx c, Dict d) throws Throwable {
        if (c.dict == d) {
            return 0;
        }
        c.dict = UNKNOWN;
        long code = (long) ZSTD_DCtx_reset$.H.invokeExact(c.ptr, ZSTD_RESET_SESSION_ONLY);
        if (!isError(code)) {
            code = d == null
                    ? (long) ZSTD_DCtx_loadDictionary$.H.invokeExact(c.ptr, MemorySegment.NULL, 0L)
                    : (long) ZSTD_DCtx_loadDictionary$.H.invokeExact(c.ptr, d.bytes(), d.bytes().byteSize());
        }
        if (isError(code)) {
            return code;
        }
        c.dict = d;
        return 0;
    }

    @Override
    long decompress(Object dctx, MemorySegment dst, MemorySegment src, Object ddict) {
        DCtx c = (DCtx) dctx;
        try {
            long code = use(c, (Dict) ddict);
            if (code != 0) {
                return code;
            }
            return (long) ZSTD_decompressDCtx$.H.invokeExact(c.ptr, dst, dst.byteSize(), src, src.byteSize());
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    long decompress(Object dctx, long dst, long dstCapacity, long src, long srcSize) {
        DCtx c = (DCtx) dctx;
        if (dstCapacity < 0 || srcSize < 0) {
            throw new IllegalArgumentException("ZSTD_decompressDCtx: negative capacity " + dstCapacity + " or size "
                    + srcSize);
        }
        try {
            long code = use(c, null);
            if (code != 0) {
                return code;
            }
            return (long) ZSTD_decompressDCtx_raw$.H.invokeExact(c.ptr, dst, dstCapacity, src, srcSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    @Override
    Object createCDict(MemorySegment dict, int level) {
        return copy(dict, level);
    }

    @Override
    Runnable freeCDict(Object cdict) {
        Arena arena = ((Dict) cdict).arena();
        return arena::close;
    }

    /** A native copy of {@code dict}, checked by loading it into a scratch {@code ZSTD_DCtx} (which digests it). */
    @Override
    Object createDDict(MemorySegment dict) {
        Dict d = copy(dict, 0);
        Object scratch = createDCtx();
        try {
            long code = use((DCtx) scratch, d);
            if (code != 0) {
                d.arena().close();
                throw new IllegalArgumentException("ZSTD_DCtx_loadDictionary rejected the dictionary: "
                        + errorName(code));
            }
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        } finally {
            freeDCtx(scratch).run();
        }
        return d;
    }

    @Override
    Runnable freeDDict(Object ddict) {
        Arena arena = ((Dict) ddict).arena();
        return arena::close;
    }

    private static Dict copy(MemorySegment dict, int level) {
        Arena arena = Arena.ofShared();
        MemorySegment bytes = arena.allocate(Math.max(1, dict.byteSize())).asSlice(0, dict.byteSize());
        bytes.copyFrom(dict);
        return new Dict(arena, bytes, level);
    }

    private static MemorySegment notNull(MemorySegment p, String function) {
        if (p.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError(function + " returned NULL");
        }
        return p;
    }
}
