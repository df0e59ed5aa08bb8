package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.blosc2panama.ffm.NativeLibraries.Library;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;

/**
 * Bindings to libdeflate ({@code libdeflate.so.0}), in the shape jextract generates: whole-buffer deflate and
 * inflate of the zlib format, the format of Blosc2's zlib codec, faster than zlib's (inflate several times,
 * deflate about 1.5x at the same level). Optional: callers ask {@link #isAvailable()} and use zlib ({@link Zlib})
 * when it is false.
 *
 * <p>{@code size_t} is mapped to {@code long} (64-bit platforms). Compressors and decompressors are not
 * thread-safe: use one per thread. The decompression function takes raw addresses of native memory (see
 * {@link RawAddresses}), so a call makes no segment; the compression function takes segments, heap or native
 * (linked as critical).
 */
public final class Libdeflate {
    /** {@code LIBDEFLATE_SUCCESS}. */
    public static final int LIBDEFLATE_SUCCESS = 0;
    /** {@code LIBDEFLATE_BAD_DATA}: the data is not valid (zlib-wrapped) DEFLATE. */
    public static final int LIBDEFLATE_BAD_DATA = 1;
    /** {@code LIBDEFLATE_SHORT_OUTPUT}: the data decompressed to fewer bytes than the output's size. */
    public static final int LIBDEFLATE_SHORT_OUTPUT = 2;
    /** {@code LIBDEFLATE_INSUFFICIENT_SPACE}: the data decompresses to more bytes than the output holds. */
    public static final int LIBDEFLATE_INSUFFICIENT_SPACE = 3;

    private Libdeflate() {
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        return NativeLibraries.downcall(Library.LIBDEFLATE, name, d, false);
    }

    private static final class libdeflate_alloc_compressor$ {
        static final MethodHandle H = h("libdeflate_alloc_compressor", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    private static final class libdeflate_free_compressor$ {
        static final MethodHandle H = h("libdeflate_free_compressor", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class libdeflate_zlib_compress$ {
        static final MethodHandle H = NativeLibraries.downcall(Library.LIBDEFLATE, "libdeflate_zlib_compress",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG), true);
    }

    private static final class libdeflate_alloc_decompressor$ {
        static final MethodHandle H = h("libdeflate_alloc_decompressor", FunctionDescriptor.of(ADDRESS));
    }

    private static final class libdeflate_free_decompressor$ {
        static final MethodHandle H = h("libdeflate_free_decompressor", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class libdeflate_zlib_decompress$ {
        static final MethodHandle H = h("libdeflate_zlib_decompress",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    }

    private static final class libdeflate_zlib_decompress_ex$ {
        static final MethodHandle H = h("libdeflate_zlib_decompress_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    }

    /** Whether libdeflate loads here (never throws). */
    public static boolean isAvailable() {
        return NativeLibraries.isAvailable(Library.LIBDEFLATE);
    }

    /**
     * {@code struct libdeflate_compressor* libdeflate_alloc_compressor(int compression_level)}: level 0..12; NULL
     * when the level is out of range or memory runs out.
     */
    public static MemorySegment libdeflate_alloc_compressor(int compressionLevel) {
        try {
            return (MemorySegment) libdeflate_alloc_compressor$.H.invokeExact(compressionLevel);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code void libdeflate_free_compressor(struct libdeflate_compressor* c)}. */
    public static void libdeflate_free_compressor(MemorySegment c) {
        Checks.pointer(c, "libdeflate_compressor");
        try {
            libdeflate_free_compressor$.H.invokeExact(c);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code size_t libdeflate_zlib_compress(struct libdeflate_compressor* c, const void* in, size_t in_nbytes,
     * void* out, size_t out_nbytes_avail)}: the size of the zlib stream written, or 0 when it does not fit.
     */
    public static long libdeflate_zlib_compress(MemorySegment c, MemorySegment in, long inNbytes, MemorySegment out,
                                                long outNbytesAvail) {
        Checks.pointer(c, "libdeflate_compressor");
        Checks.fits(in, inNbytes, "libdeflate_zlib_compress in");
        Checks.fits(out, outNbytesAvail, "libdeflate_zlib_compress out");
        try {
            return (long) libdeflate_zlib_compress$.H.invokeExact(c, in, inNbytes, out, outNbytesAvail);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code struct libdeflate_decompressor* libdeflate_alloc_decompressor(void)}; NULL when out of memory. */
    public static MemorySegment libdeflate_alloc_decompressor() {
        try {
            return (MemorySegment) libdeflate_alloc_decompressor$.H.invokeExact();
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** {@code void libdeflate_free_decompressor(struct libdeflate_decompressor* d)}. */
    public static void libdeflate_free_decompressor(MemorySegment d) {
        Checks.pointer(d, "libdeflate_decompressor");
        try {
            libdeflate_free_decompressor$.H.invokeExact(d);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code enum libdeflate_result libdeflate_zlib_decompress(struct libdeflate_decompressor* d, const void* in,
     * size_t in_nbytes, void* out, size_t out_nbytes_avail, size_t* actual_out_nbytes_ret)} with
     * {@code actual_out_nbytes_ret} NULL: the output must be filled exactly ({@link #LIBDEFLATE_SHORT_OUTPUT}
     * otherwise).
     *
     * <p><b>Unchecked:</b> the caller has checked that both ranges lie in native memory that stays alive, and is
     * not accessed by another thread, until the call returns (see {@link RawAddresses}).
     */
    public static int libdeflate_zlib_decompress(MemorySegment d, long in, long inNbytes, long out,
                                                 long outNbytesAvail) {
        Checks.pointer(d, "libdeflate_decompressor");
        if (inNbytes < 0 || outNbytesAvail < 0) {
            throw new IllegalArgumentException("libdeflate_zlib_decompress: negative size " + inNbytes + " or "
                    + outNbytesAvail);
        }
        try {
            return (int) libdeflate_zlib_decompress$.H.invokeExact(d, in, inNbytes, out, outNbytesAvail, 0L);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /**
     * {@code enum libdeflate_result libdeflate_zlib_decompress_ex(struct libdeflate_decompressor* d, const void* in,
     * size_t in_nbytes, void* out, size_t out_nbytes_avail, size_t* actual_in_nbytes_ret,
     * size_t* actual_out_nbytes_ret)} with {@code actual_out_nbytes_ret} NULL: the output must be filled exactly, and
     * the input may go on after the stream; {@code *actualInNbytesRet} receives the stream's size (header, DEFLATE data
     * and Adler-32) on success.
     *
     * <p><b>Unchecked:</b> as {@link #libdeflate_zlib_decompress}, and {@code actualInNbytesRet} is the address of
     * 8 writable bytes of native memory.
     */
    public static int libdeflate_zlib_decompress_ex(MemorySegment d, long in, long inNbytes, long out,
                                                    long outNbytesAvail, long actualInNbytesRet) {
        Checks.pointer(d, "libdeflate_decompressor");
        if (inNbytes < 0 || outNbytesAvail < 0) {
            throw new IllegalArgumentException("libdeflate_zlib_decompress_ex: negative size " + inNbytes + " or "
                    + outNbytesAvail);
        }
        try {
            return (int) libdeflate_zlib_decompress_ex$.H.invokeExact(d, in, inNbytes, out, outNbytesAvail,
                    actualInNbytesRet, 0L);
        } catch (Throwable t) {
            throw Checks.rethrow(t);
        }
    }

    /** A compressor at one level that frees itself when closed or unreachable (one per thread: not thread-safe). */
    public static final class Compressor implements AutoCloseable {
        private final MemorySegment c;
        private final Cleaner.Cleanable cleanable;
        private boolean closed;

        /** Allocates the native compressor at {@code level} (0..12; up to a few hundred KB at the higher ones). */
        public Compressor(int level) {
            if (level < 0 || level > 12) {
                throw new IllegalArgumentException("libdeflate compression level " + level + " is not in 0..12");
            }
            MemorySegment p = libdeflate_alloc_compressor(level);
            if (p.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("libdeflate_alloc_compressor returned NULL");
            }
            c = p;
            cleanable = NativeCleaner.register(this, () -> libdeflate_free_compressor(p));
        }

        /** Compresses all of {@code in} into {@code out} as one zlib stream: its size, or 0 when it does not fit. */
        public long zlibCompress(MemorySegment in, MemorySegment out) {
            if (closed) {
                throw new IllegalStateException("libdeflate compressor is closed");
            }
            return libdeflate_zlib_compress(c, in, in.byteSize(), out, out.byteSize());
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }
    }

    /**
     * A decompressor that frees itself when closed or unreachable (one per thread: not thread-safe).
     */
    public static final class Decompressor implements AutoCloseable {
        private final MemorySegment d;
        private final Cleaner.Cleanable cleanable;
        /** Where {@link #zlibDecompressEx} has the library write the stream's size. */
        private final MemorySegment actualIn = Arena.ofAuto().allocate(JAVA_LONG);
        private boolean closed;

        /** Allocates the native decompressor (about 10 KB). */
        public Decompressor() {
            MemorySegment p = libdeflate_alloc_decompressor();
            if (p.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("libdeflate_alloc_decompressor returned NULL");
            }
            d = p;
            cleanable = NativeCleaner.register(this, () -> libdeflate_free_decompressor(p));
        }

        /**
         * {@link #libdeflate_zlib_decompress_ex} with this decompressor; the same unchecked contract, but for the
         * size it reports, which {@link #streamBytes} returns.
         */
        public int zlibDecompressEx(long in, long inNbytes, long out, long outNbytesAvail) {
            if (closed) {
                throw new IllegalStateException("libdeflate decompressor is closed");
            }
            return libdeflate_zlib_decompress_ex(d, in, inNbytes, out, outNbytesAvail, actualIn.address());
        }

        /** The size of the stream the last successful {@link #zlibDecompressEx} decoded. */
        public long streamBytes() {
            return actualIn.get(JAVA_LONG, 0);
        }

        /** {@link #libdeflate_zlib_decompress} with this decompressor; the same unchecked contract. */
        public int zlibDecompress(long in, long inNbytes, long out, long outNbytesAvail) {
            if (closed) {
                throw new IllegalStateException("libdeflate decompressor is closed");
            }
            return libdeflate_zlib_decompress(d, in, inNbytes, out, outNbytesAvail);
        }

        @Override
        public void close() {
            closed = true;
            cleanable.clean();
        }
    }
}
