package io.github.blosc2panama.simd;

import jdk.incubator.vector.VectorShape;

/**
 * The vector shape of the DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC vector kernels: {@code -Dblosc2.simd.bits=
 * 64|128|256|512} forces it (tests do), otherwise the CPU's preferred shape. Only loaded when
 * {@link SimdSupport#VECTOR}.
 */
final class VectorWidth {
    /** The shape every filter vector kernel uses. */
    static final VectorShape SHAPE = shape();

    private VectorWidth() {
    }

    private static VectorShape shape() {
        String forced = System.getProperty("blosc2.simd.bits", "");
        if (forced.isBlank()) {
            return VectorShape.preferredShape();
        }
        int bits;
        try {
            bits = Integer.parseInt(forced.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("blosc2.simd.bits must be 64, 128, 256 or 512, got '" + forced + "'");
        }
        return VectorShape.forBitSize(bits);
    }
}
