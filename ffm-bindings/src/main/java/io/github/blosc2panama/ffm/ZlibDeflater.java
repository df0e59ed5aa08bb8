package io.github.blosc2panama.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * One zlib deflate stream ({@code z_stream}, window 32 KiB, memLevel 8, as {@code compress2} uses), reused from
 * stream to stream, whose level may change between blocks of a stream; it frees itself when closed or unreachable.
 * Not thread-safe: one per thread.
 *
 * <p>A stream is {@link #begin} (its level and its output buffer), then {@link #deflate} calls, each ending a deflate
 * block ({@link Zlib#Z_BLOCK}) or the stream ({@link Zlib#Z_FINISH}), with {@link #level} changes between them.
 * Buffers are raw addresses of native memory; <b>unchecked</b>: the caller has checked that the output buffer given
 * to {@code begin} and each input given to {@code deflate} lie in native memory that stays alive and untouched by
 * other threads until the stream is finished (see {@link RawAddresses}).
 */
public final class ZlibDeflater implements AutoCloseable {
    private final MemorySegment strm;
    private final Cleaner.Cleanable cleanable;
    private int level;
    private boolean closed;

    /** Initialises a stream at {@code level} (0..9). */
    public ZlibDeflater(int level) {
        checkLevel(level);
        MemorySegment s = Arena.ofAuto().allocate(ZStream.layout());
        int rc = Zlib.deflateInit2(s, level, Zlib.Z_DEFLATED, 15, 8, Zlib.Z_DEFAULT_STRATEGY);
        if (rc == Zlib.Z_MEM_ERROR) {
            throw new OutOfMemoryError("zlib deflateInit2 ran out of memory");
        }
        if (rc != Zlib.Z_OK) {
            throw new IllegalStateException("zlib deflateInit2 failed with " + rc);
        }
        strm = s;
        this.level = level;
        cleanable = NativeCleaner.register(this, () -> Zlib.deflateEnd(s));
    }

    /** Starts a new stream at {@code level}, written to the {@code outLen} bytes at {@code out}. */
    public void begin(int level, long out, int outLen) {
        open();
        checkLevel(level);
        check(Zlib.deflateReset(strm), "deflateReset");
        ZStream.input(strm, out, 0);
        ZStream.output(strm, out, checkLength(outLen));
        if (level != this.level) {
            check(Zlib.deflateParams(strm, level, Zlib.Z_DEFAULT_STRATEGY), "deflateParams");
            this.level = level;
        }
    }

    /**
     * The level of what {@link #deflate} compresses next, after the current block. Call it between deflate calls
     * that consumed all their input ({@link #availIn()} 0): {@link Zlib#Z_OK}, or {@link Zlib#Z_BUF_ERROR} when
     * zlib could not finish the block first (no room left).
     */
    public int level(int level) {
        open();
        checkLevel(level);
        if (level == this.level) {
            return Zlib.Z_OK;
        }
        int rc = Zlib.deflateParams(strm, level, Zlib.Z_DEFAULT_STRATEGY);
        if (rc == Zlib.Z_OK) {
            this.level = level;
        } else if (rc != Zlib.Z_BUF_ERROR) {
            check(rc, "deflateParams");
        }
        return rc;
    }

    /**
     * Compresses the {@code inLen} bytes at {@code in}, with {@code flush} {@link Zlib#Z_BLOCK} or
     * {@link Zlib#Z_FINISH}: zlib's result ({@link Zlib#Z_OK}, {@link Zlib#Z_STREAM_END} or {@link Zlib#Z_BUF_ERROR}).
     * All the input was taken, and the block or stream written, when {@link #availIn()} is 0 and {@link #availOut()}
     * is not (or the result is {@code Z_STREAM_END}, for {@code Z_FINISH}).
     */
    public int deflate(long in, int inLen, int flush) {
        open();
        if (flush != Zlib.Z_BLOCK && flush != Zlib.Z_FINISH) {
            throw new IllegalArgumentException("zlib flush " + flush + " is not Z_BLOCK or Z_FINISH");
        }
        ZStream.input(strm, in, checkLength(inLen));
        int rc = Zlib.deflate(strm, flush);
        if (rc == Zlib.Z_STREAM_ERROR) {
            check(rc, "deflate");
        }
        return rc;
    }

    /** Input bytes the last {@link #deflate} did not take. */
    public int availIn() {
        return ZStream.availIn(strm);
    }

    /** Room left in the output buffer. */
    public int availOut() {
        return ZStream.availOut(strm);
    }

    /** Bytes written to the output buffer since {@link #begin}. */
    public long totalOut() {
        return ZStream.totalOut(strm);
    }

    @Override
    public void close() {
        closed = true;
        cleanable.clean();
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("zlib deflater is closed");
        }
    }

    private static void checkLevel(int level) {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("zlib compression level " + level + " is not in 0..9");
        }
    }

    private static int checkLength(int length) {
        if (length < 0) {
            throw new IllegalArgumentException("zlib deflate: negative length " + length);
        }
        return length;
    }

    private static void check(int rc, String function) {
        if (rc != Zlib.Z_OK) {
            throw new IllegalStateException("zlib " + function + " failed with " + rc);
        }
    }
}
