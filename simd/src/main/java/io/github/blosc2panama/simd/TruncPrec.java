package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 TRUNC_PREC filter (filter id 4), bit-identical to C-Blosc2 3.3's {@code truncate_precision}. Lossy: there is
 * nothing to undo when decoding (C's backward pipeline skips it).
 *
 * <p>Works on IEEE-754 floats (typesize 4, 23 mantissa bits) and doubles (typesize 8, 52 mantissa bits) only: the
 * lowest {@code z} bits of every little-endian element are cleared, where {@code z = mantissa - precBits} for
 * {@code precBits > 0} (bits to keep) and {@code z = -precBits} for {@code precBits < 0} (bits to drop). C refuses
 * {@code |precBits| > mantissa} and {@code z >= mantissa} (so {@code precBits == 0} is refused too); so does this
 * class. The trailing {@code length % typesize} bytes are copied unchanged (C leaves them unwritten).
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
 */
public final class TruncPrec {
    private static final int FLOAT_MANTISSA_BITS = 23;
    private static final int DOUBLE_MANTISSA_BITS = 52;

    private TruncPrec() {
    }

    /**
     * Truncates the precision of the floating point elements of {@code src} into {@code dst}.
     *
     * @param precBits the {@code filters_meta} byte, as a signed value (-128..127) or as the unsigned byte (128..255
     *                 read as its two's complement, like C's {@code (int8_t)} cast)
     * @throws IllegalArgumentException if typesize is not 4 or 8, {@code precBits} is out of range for it, the length
     *                                  does not fit a segment, or the segments partially overlap ({@code src} and
     *                                  {@code dst} may be the very same memory)
     */
    public static void truncate(MemorySegment src, MemorySegment dst, long length, int typesize, int precBits) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.TRUNC_PREC, typesize, length)) {
            TruncPrecVector.truncate(src, dst, length, typesize, precBits);
        } else {
            TruncPrecScalar.truncate(src, dst, length, typesize, precBits);
        }
    }

    /**
     * Validates the arguments of {@link #truncate} (for both twins) and returns the number of low bits to clear in
     * every element.
     */
    static int checkedZeroedBits(MemorySegment src, MemorySegment dst, long length, int typesize, int precBits) {
        KernelChecks.check(src, dst, length, typesize);
        int prec = KernelChecks.signedMeta(precBits, "TRUNC_PREC precision");
        int mantissa = switch (typesize) {
            case 4 -> FLOAT_MANTISSA_BITS;
            case 8 -> DOUBLE_MANTISSA_BITS;
            default -> throw new IllegalArgumentException(
                    "TRUNC_PREC handles typesize 4 or 8 only, got " + typesize);
        };
        int zeroed = zeroedBits(prec, mantissa);
        KernelChecks.checkDisjointOrSame(src, dst, length, "TRUNC_PREC src and dst");
        return zeroed;
    }

    /** Number of low mantissa bits to clear, validated as C does. */
    static int zeroedBits(int prec, int mantissa) {
        if (Math.abs(prec) > mantissa) {
            throw new IllegalArgumentException("TRUNC_PREC precision " + prec + " exceeds the " + mantissa
                    + " mantissa bits");
        }
        int zeroed = prec >= 0 ? mantissa - prec : -prec;
        if (zeroed >= mantissa) {
            throw new IllegalArgumentException("TRUNC_PREC precision " + prec + " would clear " + zeroed
                    + " bits, not less than the " + mantissa + " mantissa bits");
        }
        return zeroed;
    }
}
