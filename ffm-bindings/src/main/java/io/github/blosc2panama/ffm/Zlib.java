package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import io.github.blosc2panama.ffm.NativeLibraries.Library;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Bindings to zlib ({@code libz.so.1}), in the shape jextract generates.
 *
 * <p>zlib's {@code uLong} is the C {@code long}: these bindings map it to {@code long} ({@code JAVA_LONG}), which
 * is right on 64-bit Linux and macOS; on a platform whose C {@code long} is not 8 bytes (Windows) every function
 * throws {@link UnsupportedOperationException}. {@code uLongf* destLen} is a segment holding one such
 * {@code long} (e.g. {@code MemorySegment.ofArray(new long[1])}): on entry the capacity of {@code dest}, on return
 * the bytes written.
 *
 * <p>{@code compress2}, {@code uncompress} and {@code compressBound} are linked as critical: heap segments may be
 * passed for every pointer. The streaming deflate functions take a native {@link ZStream} ({@code z_stream}), whose
 * buffers must be native too: {@link ZlibDeflater} wraps them.
 */
public final class Zlib {
    /** {@code Z_OK}. */
    public static final int Z_OK = 0;
    /** {@code Z_MEM_ERROR}: not enough memory. */
    public static final int Z_MEM_ERROR = -4;
    /** {@code Z_BUF_ERROR}: not enough room in the output buffer (or, for uncompress, truncated input). */
    public static final int Z_BUF_ERROR = -5;
    /** {@code Z_DATA_ERROR}: the compressed data is corrupt or incomplete. */
    public static final int Z_DATA_ERROR = -3;
    /** {@code Z_STREAM_ERROR}: an inconsistent stream state or a bad parameter. */
    public static final int Z_STREAM_ERROR = -2;
    /** {@code Z_STREAM_END}: {@code deflate} with {@link #Z_FINISH} has written the whole stream. */
    public static final int Z_STREAM_END = 1;
    /** {@code Z_FINISH}: the flush that ends the stream. */
    public static final int Z_FINISH = 4;
    /** {@code Z_BLOCK}: the flush that ends the current deflate block (not the stream). */
    public static final int Z_BLOCK = 5;
    /** {@code Z_DEFLATED}: the one compression method. */
    public static final int Z_DEFLATED = 8;
    /** {@code Z_DEFAULT_STRATEGY}. */
    public static final int Z_DEFAULT_STRATEGY = 0;

    private Zlib() {
    }

    /** Whether zlib could be loaded. */
    public static boolean isAvailable() {
        return NativeLibraries.isAvailable(Library.ZLIB);
    }

    private static MethodHandle h(String name, FunctionDescriptor d, boolean critical) {
        MemoryLayout cLong = Linker.nativeLinker().canonicalLayouts().get("long");
        if (cLong.byteSize() != 8) {
            throw new UnsupportedOperationException("zlib bindings need an 8-byte C long (uLong); this platform's is "
                    + cLong.byteSize() + " bytes");
        }
        return NativeLibraries.downcall(Library.ZLIB, name, d, critical);
    }

    private static final class compress2$ {
        static final MethodHandle H = h("compress2",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT), true);
    }

    private static final class uncompress$ {
        static final MethodHandle H = h("uncompress",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG), true);
    }

    private static final class uncompress_raw$ {
        static final MethodHandle H = h("uncompress",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG), true);
    }

    private static final class compressBound$ {
        static final MethodHandle H = h("compressBound", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), true);
    }

    private static final class deflateInit2_$ {
        static final MethodHandle H = h("deflateInit2_", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), false);
    }

    private static final class deflate$ {
        static final MethodHandle H = h("deflate", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), false);
    }

    private static final class deflateParams$ {
        static final MethodHandle H = h("deflateParams", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                false);
    }

    private static final class deflateReset$ {
        static final MethodHandle H = h("deflateReset", FunctionDescriptor.of(JAVA_INT, ADDRESS), false);
    }

    private static final class deflateEnd$ {
        static final MethodHandle H = h("deflateEnd", FunctionDescriptor.of(JAVA_INT, ADDRESS), false);
    }

    private static final class zlibVersion$ {
        static final MethodHandle H = h("zlibVersion", FunctionDescriptor.of(ADDRESS), false);
    }

    /**
     * {@code int compress2(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen, int level)}:
     * {@link #Z_OK}, {@link #Z_BUF_ERROR} when {@code dest} is too small, {@link #Z_MEM_ERROR}, or
     * {@code Z_STREAM_ERROR} for a bad level.
     */
    public static int compress2(MemorySegment dest, MemorySegment destLen, MemorySegment source, long sourceLen,
                                int level) {
        checkDestLen(dest, destLen, "compress2 destLen", "compress2 dest");
        Checks.fits(source, sourceLen, "compress2 source");
        try {
            return (int) compress2$.H.invokeExact(dest, destLen, source, sourceLen, level);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int uncompress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen)}:
     * {@link #Z_OK}, {@link #Z_BUF_ERROR}, {@link #Z_DATA_ERROR} or {@link #Z_MEM_ERROR}.
     */
    public static int uncompress(MemorySegment dest, MemorySegment destLen, MemorySegment source, long sourceLen) {
        checkDestLen(dest, destLen, "uncompress destLen", "uncompress dest");
        Checks.fits(source, sourceLen, "uncompress source");
        try {
            return (int) uncompress$.H.invokeExact(dest, destLen, source, sourceLen);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code uncompress} on raw addresses of native memory: {@code dest} (capacity: {@code destLen} on entry) and the
     * {@code sourceLen} bytes at {@code source}. Makes no segment, so a call allocates nothing.
     *
     * <p><b>Unchecked:</b> the caller has checked that both ranges lie in native memory that stays alive, and is
     * not accessed by another thread, until the call returns (see {@link RawAddresses}).
     */
    public static int uncompress(long dest, MemorySegment destLen, long source, long sourceLen) {
        Checks.holds(destLen, Long.BYTES, "uncompress destLen");
        Checks.nativeSegment(destLen, "uncompress destLen");
        if (sourceLen < 0) {
            throw new IllegalArgumentException("uncompress: negative sourceLen " + sourceLen);
        }
        try {
            return (int) uncompress_raw$.H.invokeExact(dest, destLen, source, sourceLen);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code uLong compressBound(uLong sourceLen)}. */
    public static long compressBound(long sourceLen) {
        if (sourceLen < 0) {
            throw new IllegalArgumentException("compressBound: negative length " + sourceLen);
        }
        try {
            return (long) compressBound$.H.invokeExact(sourceLen);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int deflateInit2_(z_streamp strm, int level, int method, int windowBits, int memLevel, int strategy,
     * const char* version, int stream_size)}, the function behind the {@code deflateInit2} macro, which passes
     * the version of the zlib it was compiled against: here, the loaded library's own ({@code zlibVersion()}), and
     * {@link ZStream#SIZE}. {@link #Z_OK}, {@link #Z_MEM_ERROR}, {@link #Z_STREAM_ERROR} for a bad parameter or
     * {@code Z_VERSION_ERROR}.
     */
    public static int deflateInit2(MemorySegment strm, int level, int method, int windowBits, int memLevel,
            int strategy) {
        Checks.holds(Checks.nativeSegment(strm, "deflateInit2 strm"), ZStream.SIZE, "deflateInit2 strm");
        try {
            MemorySegment version = (MemorySegment) zlibVersion$.H.invokeExact();
            return (int) deflateInit2_$.H.invokeExact(strm, level, method, windowBits, memLevel, strategy, version,
                    (int) ZStream.SIZE);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int deflate(z_streamp strm, int flush)}: {@link #Z_OK}, {@link #Z_STREAM_END}, {@link #Z_BUF_ERROR}
     * (no progress possible) or {@link #Z_STREAM_ERROR}.
     *
     * <p><b>Unchecked:</b> zlib reads {@code avail_in} bytes at {@code next_in} and writes up to {@code avail_out}
     * at {@code next_out} of {@code strm}: the caller has set them to native memory that stays alive, and that no
     * other thread touches, until the call returns (see {@link RawAddresses}).
     */
    public static int deflate(MemorySegment strm, int flush) {
        Checks.holds(Checks.nativeSegment(strm, "deflate strm"), ZStream.SIZE, "deflate strm");
        try {
            return (int) deflate$.H.invokeExact(strm, flush);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code int deflateParams(z_streamp strm, int level, int strategy)}: may run {@code deflate(strm, Z_BLOCK)}
     * first, so it is unchecked in the same way as {@link #deflate}.
     */
    public static int deflateParams(MemorySegment strm, int level, int strategy) {
        Checks.holds(Checks.nativeSegment(strm, "deflateParams strm"), ZStream.SIZE, "deflateParams strm");
        try {
            return (int) deflateParams$.H.invokeExact(strm, level, strategy);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int deflateReset(z_streamp strm)}: a new stream with the same parameters. */
    public static int deflateReset(MemorySegment strm) {
        Checks.holds(Checks.nativeSegment(strm, "deflateReset strm"), ZStream.SIZE, "deflateReset strm");
        try {
            return (int) deflateReset$.H.invokeExact(strm);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code int deflateEnd(z_streamp strm)}: frees the stream's state. */
    public static int deflateEnd(MemorySegment strm) {
        Checks.holds(Checks.nativeSegment(strm, "deflateEnd strm"), ZStream.SIZE, "deflateEnd strm");
        try {
            return (int) deflateEnd$.H.invokeExact(strm);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code const char* zlibVersion(void)}, as a Java string such as {@code "1.2.13"}. */
    public static String zlibVersion() {
        try {
            MemorySegment p = (MemorySegment) zlibVersion$.H.invokeExact();
            return p.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** The names are constants: building them here would allocate on every call. */
    private static void checkDestLen(MemorySegment dest, MemorySegment destLen, String destLenName, String destName) {
        Checks.holds(destLen, Long.BYTES, destLenName);
        Checks.fits(dest, destLen.get(JAVA_LONG_UNALIGNED, 0), destName);
    }
}
