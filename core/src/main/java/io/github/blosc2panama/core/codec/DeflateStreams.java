package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.simd.Adler32;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Blosc2's zlib streams written by {@link DeflateEncoder}: the source copied into a per-thread array, the stream
 * written into another, then copied to the destination.
 */
final class DeflateStreams {
    /**
     * The largest source it takes (1 GiB): the encoder numbers positions across streams in an {@code int}, with a
     * 32 KiB window's margin, and the scratch arrays are as large as the source.
     */
    static final int MAX_SOURCE = 1 << 30;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private DeflateStreams() {
    }

    private static final class Scratch {
        final DeflateEncoder encoder = new DeflateEncoder();
        byte[] in = new byte[0];
        byte[] out = new byte[0];
    }

    /**
     * Compresses all of {@code src} into {@code dst} at {@code clevel} (1..9): the stream's size, or 0 if it does not
     * fit.
     */
    static int compress(MemorySegment src, MemorySegment dst, int clevel) {
        int srcSize = CodecSupport.size(src, "zlib", "source");
        int dstSize = CodecSupport.size(dst, "zlib", "destination");
        if (srcSize > MAX_SOURCE) {
            throw new InvalidArgumentException("zlib: a source of " + srcSize
                    + " bytes is more than our deflate encoder takes (" + MAX_SOURCE + ")");
        }
        Scratch scratch = SCRATCH.get();
        if (scratch.in.length < srcSize) {
            scratch.in = new byte[srcSize];
        }
        // a stream of stored blocks fits in this, so a larger destination gains nothing
        int capacity = (int) Math.min(dstSize, srcSize + (long) srcSize / 1024 + 64);
        if (scratch.out.length < capacity) {
            scratch.out = new byte[capacity];
        }
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, scratch.in, 0, srcSize);
        int n = scratch.encoder.compress(scratch.in, srcSize, clevel, scratch.out, capacity,
                Adler32.update(Adler32.INITIAL, src, 0, srcSize));
        if (n > 0) {
            MemorySegment.copy(scratch.out, 0, dst, ValueLayout.JAVA_BYTE, 0, n);
        }
        return n;
    }
}
