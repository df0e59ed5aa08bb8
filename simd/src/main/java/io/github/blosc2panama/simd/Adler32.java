package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * The Adler-32 checksum (RFC 1950) that ends every zlib stream, over a range of a segment. The JDK's
 * {@code java.util.zip.Adler32} has no intrinsic on x86 and sums a byte at a time; on the Vector API the range is
 * summed 64 bytes per step in int lanes. The scalar twin gives the same value.
 */
public final class Adler32 {
    /** The checksum of no bytes. */
    public static final int INITIAL = 1;

    private Adler32() {
    }

    /**
     * The checksum {@code adler} (of the bytes before) carried on over {@code segment[offset, offset + length)}.
     *
     * @throws IllegalArgumentException if the range is not inside {@code segment}
     */
    public static int update(int adler, MemorySegment segment, long offset, long length) {
        KernelChecks.checkRange(segment, offset, length);
        if (SimdSupport.VECTOR && segment.isNative() && Adler32Vector.USABLE && length >= Adler32Vector.ROW) {
            return Adler32Vector.update(adler, segment, offset, length);
        }
        return Adler32Scalar.update(adler, segment, offset, length);
    }
}
