package io.github.blosc2panama.core.data;

/**
 * The SplitMix64 generator the data patterns draw from: 64-bit state, wrap-around arithmetic.
 * Not thread-safe; one instance per stream.
 */
public final class SplitMix64 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    /** A generator whose state starts at {@code seed}. */
    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** The next 64-bit value. */
    public long next() {
        state += GOLDEN_GAMMA;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next value reduced modulo {@code modulus}, both taken as unsigned. */
    public long nextMod(long modulus) {
        return Long.remainderUnsigned(next(), modulus);
    }
}
