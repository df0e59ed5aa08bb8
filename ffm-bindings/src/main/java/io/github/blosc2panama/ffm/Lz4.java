package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.blosc2panama.ffm.NativeLibraries.Library;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;

/**
 * Bindings to liblz4 (LZ4 and LZ4HC), in the shape jextract generates: one downcall handle per C function,
 * made once in a holder class on first use, and a static method of the C name.
 *
 * <p>Buffer functions that keep no pointer after returning ({@code LZ4_compress_fast}, {@code LZ4_compress_HC},
 * {@code LZ4_decompress_safe}, {@code LZ4_decompress_safe_usingDict}) are linked as critical and accept heap
 * segments ({@code MemorySegment.ofArray}). The streaming functions ({@code LZ4_loadDict*},
 * {@code LZ4_compress_*_continue}) remember the dictionary and the last input inside the stream, so they accept
 * native segments only, which must stay alive while the stream uses them.
 *
 * <p>The {@code LZ4_decompress_*} functions come from {@link Library#LZ4_DECOMPRESSION}, the others from
 * {@link Library#LZ4}: two builds of liblz4 where a newer one decodes faster ({@link NativeLibraries}).
 *
 * <p>Every method checks its lengths against the segments' sizes before the native call and throws
 * {@link IllegalArgumentException} or {@link IndexOutOfBoundsException}; a missing liblz4 raises
 * {@link NativeLibraryNotFoundException} at the first call.
 */
public final class Lz4 {
    private Lz4() {
    }

    private static MethodHandle h(String name, FunctionDescriptor d, boolean critical) {
        return NativeLibraries.downcall(Library.LZ4, name, d, critical);
    }

    /** A handle into the liblz4 that decompresses, possibly a newer build than {@link #h}'s. */
    private static MethodHandle decoding(String name, FunctionDescriptor d) {
        return NativeLibraries.downcall(Library.LZ4_DECOMPRESSION, name, d, true);
    }

    private static final class LZ4_compress_fast$ {
        static final MethodHandle H = h("LZ4_compress_fast",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT), true);
    }

    private static final class LZ4_compress_HC$ {
        static final MethodHandle H = h("LZ4_compress_HC",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT), true);
    }

    private static final class LZ4_decompress_safe$ {
        static final MethodHandle H = decoding("LZ4_decompress_safe",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT));
    }

    private static final class LZ4_decompress_safe_raw$ {
        static final MethodHandle H = decoding("LZ4_decompress_safe",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT));
    }

    private static final class LZ4_decompress_safe_usingDict$ {
        static final MethodHandle H = decoding("LZ4_decompress_safe_usingDict",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    }

    private static final class LZ4_createStream$ {
        static final MethodHandle H = h("LZ4_createStream", FunctionDescriptor.of(ADDRESS), false);
    }

    private static final class LZ4_freeStream$ {
        static final MethodHandle H = h("LZ4_freeStream", FunctionDescriptor.of(JAVA_INT, ADDRESS), false);
    }

    private static final class LZ4_loadDict$ {
        static final MethodHandle H = h("LZ4_loadDict",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT), false);
    }

    private static final class LZ4_compress_fast_continue$ {
        static final MethodHandle H = h("LZ4_compress_fast_continue",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT), false);
    }

    private static final class LZ4_createStreamHC$ {
        static final MethodHandle H = h("LZ4_createStreamHC", FunctionDescriptor.of(ADDRESS), false);
    }

    private static final class LZ4_freeStreamHC$ {
        static final MethodHandle H = h("LZ4_freeStreamHC", FunctionDescriptor.of(JAVA_INT, ADDRESS), false);
    }

    private static final class LZ4_resetStreamHC_fast$ {
        static final MethodHandle H = h("LZ4_resetStreamHC_fast",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT), false);
    }

    private static final class LZ4_loadDictHC$ {
        static final MethodHandle H = h("LZ4_loadDictHC",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT), false);
    }

    private static final class LZ4_compress_HC_continue$ {
        static final MethodHandle H = h("LZ4_compress_HC_continue",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT), false);
    }

    private static final class LZ4_compressBound$ {
        static final MethodHandle H = h("LZ4_compressBound", FunctionDescriptor.of(JAVA_INT, JAVA_INT), true);
    }

    private static final class LZ4_versionNumber$ {
        static final MethodHandle H = h("LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT), true);
    }

    /** {@code int LZ4_compress_fast(const char* src, char* dst, int srcSize, int dstCapacity, int acceleration)}. */
    public static int LZ4_compress_fast(MemorySegment src, MemorySegment dst, int srcSize, int dstCapacity,
                                        int acceleration) {
        Checks.fitsInt(src, srcSize, "LZ4_compress_fast src");
        Checks.fitsInt(dst, dstCapacity, "LZ4_compress_fast dst");
        try {
            return (int) LZ4_compress_fast$.H.invokeExact(src, dst, srcSize, dstCapacity, acceleration);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_compress_HC(const char* src, char* dst, int srcSize, int dstCapacity, int compressionLevel)}. */
    public static int LZ4_compress_HC(MemorySegment src, MemorySegment dst, int srcSize, int dstCapacity,
                                      int compressionLevel) {
        Checks.fitsInt(src, srcSize, "LZ4_compress_HC src");
        Checks.fitsInt(dst, dstCapacity, "LZ4_compress_HC dst");
        try {
            return (int) LZ4_compress_HC$.H.invokeExact(src, dst, srcSize, dstCapacity, compressionLevel);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_decompress_safe(const char* src, char* dst, int compressedSize, int dstCapacity)}; negative on a malformed stream. */
    public static int LZ4_decompress_safe(MemorySegment src, MemorySegment dst, int compressedSize, int dstCapacity) {
        Checks.fitsInt(src, compressedSize, "LZ4_decompress_safe src");
        Checks.fitsInt(dst, dstCapacity, "LZ4_decompress_safe dst");
        try {
            return (int) LZ4_decompress_safe$.H.invokeExact(src, dst, compressedSize, dstCapacity);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code LZ4_decompress_safe} on raw addresses of native memory: the {@code compressedSize} bytes at {@code src}
     * into the {@code dstCapacity} bytes at {@code dst}. Makes no segment, so a call allocates nothing.
     *
     * <p><b>Unchecked:</b> the caller has checked that both ranges lie in native memory that stays alive, and is
     * not accessed by another thread, until the call returns (see {@link RawAddresses}).
     */
    public static int LZ4_decompress_safe(long src, long dst, int compressedSize, int dstCapacity) {
        if (compressedSize < 0 || dstCapacity < 0) {
            throw new IllegalArgumentException("LZ4_decompress_safe: negative size " + compressedSize + " or capacity "
                    + dstCapacity);
        }
        try {
            return (int) LZ4_decompress_safe_raw$.H.invokeExact(src, dst, compressedSize, dstCapacity);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int LZ4_decompress_safe_usingDict(const char* src, char* dst, int srcSize, int dstCapacity,
     * const char* dictStart, int dictSize)}; negative on a malformed stream.
     */
    public static int LZ4_decompress_safe_usingDict(MemorySegment src, MemorySegment dst, int srcSize,
                                                    int dstCapacity, MemorySegment dictStart, int dictSize) {
        Checks.fitsInt(src, srcSize, "LZ4_decompress_safe_usingDict src");
        Checks.fitsInt(dst, dstCapacity, "LZ4_decompress_safe_usingDict dst");
        Checks.fitsInt(dictStart, dictSize, "LZ4_decompress_safe_usingDict dict");
        try {
            return (int) LZ4_decompress_safe_usingDict$.H.invokeExact(src, dst, srcSize, dstCapacity, dictStart,
                    dictSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code LZ4_stream_t* LZ4_createStream(void)}; NULL when out of memory. Free with {@link #LZ4_freeStream}. */
    public static MemorySegment LZ4_createStream() {
        try {
            return (MemorySegment) LZ4_createStream$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_freeStream(LZ4_stream_t* stream)}. */
    public static int LZ4_freeStream(MemorySegment stream) {
        Checks.pointer(stream, "LZ4 stream");
        try {
            return (int) LZ4_freeStream$.H.invokeExact(stream);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_loadDict(LZ4_stream_t* stream, const char* dictionary, int dictSize)}; the dictionary must be native and outlive its use. */
    public static int LZ4_loadDict(MemorySegment stream, MemorySegment dictionary, int dictSize) {
        Checks.pointer(stream, "LZ4 stream");
        Checks.nativeSegment(dictionary, "LZ4_loadDict dictionary");
        Checks.fitsInt(dictionary, dictSize, "LZ4_loadDict dictionary");
        try {
            return (int) LZ4_loadDict$.H.invokeExact(stream, dictionary, dictSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int LZ4_compress_fast_continue(LZ4_stream_t* stream, const char* src, char* dst, int srcSize,
     * int dstCapacity, int acceleration)}; native segments only (the stream remembers {@code src}).
     */
    public static int LZ4_compress_fast_continue(MemorySegment stream, MemorySegment src, MemorySegment dst,
                                                 int srcSize, int dstCapacity, int acceleration) {
        Checks.pointer(stream, "LZ4 stream");
        Checks.nativeSegment(src, "LZ4_compress_fast_continue src");
        Checks.nativeSegment(dst, "LZ4_compress_fast_continue dst");
        Checks.fitsInt(src, srcSize, "LZ4_compress_fast_continue src");
        Checks.fitsInt(dst, dstCapacity, "LZ4_compress_fast_continue dst");
        try {
            return (int) LZ4_compress_fast_continue$.H.invokeExact(stream, src, dst, srcSize, dstCapacity,
                    acceleration);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code LZ4_streamHC_t* LZ4_createStreamHC(void)}; NULL when out of memory. Free with {@link #LZ4_freeStreamHC}. */
    public static MemorySegment LZ4_createStreamHC() {
        try {
            return (MemorySegment) LZ4_createStreamHC$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_freeStreamHC(LZ4_streamHC_t* stream)}. */
    public static int LZ4_freeStreamHC(MemorySegment stream) {
        Checks.pointer(stream, "LZ4HC stream");
        try {
            return (int) LZ4_freeStreamHC$.H.invokeExact(stream);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code void LZ4_resetStreamHC_fast(LZ4_streamHC_t* stream, int compressionLevel)}. */
    public static void LZ4_resetStreamHC_fast(MemorySegment stream, int compressionLevel) {
        Checks.pointer(stream, "LZ4HC stream");
        try {
            LZ4_resetStreamHC_fast$.H.invokeExact(stream, compressionLevel);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_loadDictHC(LZ4_streamHC_t* stream, const char* dictionary, int dictSize)}; native dictionary only. */
    public static int LZ4_loadDictHC(MemorySegment stream, MemorySegment dictionary, int dictSize) {
        Checks.pointer(stream, "LZ4HC stream");
        Checks.nativeSegment(dictionary, "LZ4_loadDictHC dictionary");
        Checks.fitsInt(dictionary, dictSize, "LZ4_loadDictHC dictionary");
        try {
            return (int) LZ4_loadDictHC$.H.invokeExact(stream, dictionary, dictSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int LZ4_compress_HC_continue(LZ4_streamHC_t* stream, const char* src, char* dst, int srcSize,
     * int maxDstSize)}; native segments only (the stream remembers {@code src}).
     */
    public static int LZ4_compress_HC_continue(MemorySegment stream, MemorySegment src, MemorySegment dst,
                                               int srcSize, int maxDstSize) {
        Checks.pointer(stream, "LZ4HC stream");
        Checks.nativeSegment(src, "LZ4_compress_HC_continue src");
        Checks.nativeSegment(dst, "LZ4_compress_HC_continue dst");
        Checks.fitsInt(src, srcSize, "LZ4_compress_HC_continue src");
        Checks.fitsInt(dst, maxDstSize, "LZ4_compress_HC_continue dst");
        try {
            return (int) LZ4_compress_HC_continue$.H.invokeExact(stream, src, dst, srcSize, maxDstSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_compressBound(int inputSize)}; 0 when the input is too large. */
    public static int LZ4_compressBound(int inputSize) {
        try {
            return (int) LZ4_compressBound$.H.invokeExact(inputSize);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int LZ4_versionNumber(void)}, e.g. 10904 for 1.9.4. */
    public static int LZ4_versionNumber() {
        try {
            return (int) LZ4_versionNumber$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * An owned {@code LZ4_stream_t}, freed by {@link #close()} or, failing that, when it becomes unreachable.
     * Not thread-safe: keep one per thread.
     */
    public static final class Stream implements AutoCloseable {
        private final MemorySegment pointer;
        private final Cleaner.Cleanable cleanable;

        public Stream() {
            MemorySegment p = LZ4_createStream();
            if (p.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("LZ4_createStream returned NULL");
            }
            pointer = p;
            cleanable = NativeCleaner.register(this, () -> LZ4_freeStream(p));
        }

        /** The {@code LZ4_stream_t*}. */
        public MemorySegment pointer() {
            return pointer;
        }

        @Override
        public void close() {
            cleanable.clean();
        }
    }

    /**
     * An owned {@code LZ4_streamHC_t}, freed by {@link #close()} or, failing that, when it becomes unreachable.
     * Not thread-safe: keep one per thread.
     */
    public static final class StreamHC implements AutoCloseable {
        private final MemorySegment pointer;
        private final Cleaner.Cleanable cleanable;

        public StreamHC() {
            MemorySegment p = LZ4_createStreamHC();
            if (p.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("LZ4_createStreamHC returned NULL");
            }
            pointer = p;
            cleanable = NativeCleaner.register(this, () -> LZ4_freeStreamHC(p));
        }

        /** The {@code LZ4_streamHC_t*}. */
        public MemorySegment pointer() {
            return pointer;
        }

        @Override
        public void close() {
            cleanable.clean();
        }
    }
}
