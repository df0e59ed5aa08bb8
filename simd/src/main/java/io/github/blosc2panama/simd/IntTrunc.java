package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 INT_TRUNC filter (plugin filter id 36), bit-identical to C-Blosc2 3.3's {@code int_trunc_forward} /
 * {@code int_trunc_backward}. Lossy; decoding is a plain copy.
 *
 * <p>Clears the lowest {@code z} bits of every little-endian integer element of {@code typesize} bytes (1, 2, 4 or 8;
 * C takes the typesize from the chunk, not from the meta). The meta byte is read as a signed value {@code p}:
 * {@code p > 0} keeps {@code p} bits ({@code z = 8 * typesize - p}), {@code p < 0} clears {@code -p} bits. The mask is
 * applied to the raw bits, so signed and unsigned integers are treated alike (negative values stay negative, rounding
 * toward minus infinity). C refuses {@code z >= 8 * typesize} (which includes {@code p == 0} and any {@code p} above
 * the width), and so does this class. The trailing {@code length % typesize} bytes are copied unchanged (C leaves them
 * unwritten).
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
 */
public final class IntTrunc {
    private IntTrunc() {
    }

    /**
     * Truncates the integer elements of {@code src} into {@code dst}.
     *
     * @param meta the {@code filters_meta} byte, as a signed value (-128..127) or as the unsigned byte (128..255 read
     *             as its two's complement, like C's {@code (int8_t)} cast)
     * @throws IllegalArgumentException if typesize is not 1, 2, 4 or 8, {@code meta} is out of range for it, the length
     *                                  does not fit a segment, or the segments partially overlap ({@code src} and
     *                                  {@code dst} may be the very same memory)
     */
    public static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int meta) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.INT_TRUNC, typesize, length)) {
            IntTruncVector.truncate(src, dst, length, typesize, meta);
        } else {
            IntTruncScalar.truncate(src, dst, length, typesize, meta);
        }
    }

    /**
     * The decode side of INT_TRUNC: truncation cannot be undone, so C copies the block unchanged; so does this.
     *
     * @throws IllegalArgumentException if the length does not fit a segment or the segments partially overlap
     */
    public static void decode(MemorySegment src, MemorySegment dst, long length) {
        KernelChecks.check(src, dst, length, 1);
        KernelChecks.checkDisjointOrSame(src, dst, length, "INT_TRUNC src and dst");
        MemorySegment.copy(src, 0, dst, 0, length);
    }

    /**
     * Validates the arguments of {@link #truncate} (for both twins) and returns the number of low bits to clear in
     * every element.
     */
    static int checkedZeroedBits(MemorySegment src, MemorySegment dst, long length, int typesize, int meta) {
        KernelChecks.check(src, dst, length, typesize);
        int prec = KernelChecks.signedMeta(meta, "INT_TRUNC meta");
        if (typesize != 1 && typesize != 2 && typesize != 4 && typesize != 8) {
            throw new IllegalArgumentException("INT_TRUNC handles typesize 1, 2, 4 or 8 only, got " + typesize);
        }
        int width = 8 * typesize;
        int zeroed = prec >= 0 ? width - prec : -prec;
        if (zeroed < 0 || zeroed >= width) {
            throw new IllegalArgumentException("INT_TRUNC meta " + prec + " is invalid for " + width
                    + "-bit integers (it must keep 1.." + width + " bits or clear 1.." + (width - 1) + ")");
        }
        KernelChecks.checkDisjointOrSame(src, dst, length, "INT_TRUNC src and dst");
        return zeroed;
    }
}
