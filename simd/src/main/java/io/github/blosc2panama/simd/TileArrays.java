package io.github.blosc2panama.simd;

/**
 * Per-thread heap scratch arrays for the tiled scalar kernels, grown on demand and then reused, so that a kernel
 * call allocates nothing in steady state. A kernel asks for all the arrays it needs at once ({@link #first},
 * {@link #second}, {@link #third} are distinct arrays of at least the requested size); it must not call another
 * kernel that uses them while it holds them.
 */
final class TileArrays {
    private static final ThreadLocal<TileArrays> PER_THREAD = ThreadLocal.withInitial(TileArrays::new);

    private byte[] first = new byte[0];
    private byte[] second = new byte[0];
    private byte[] third = new byte[0];

    private TileArrays() {
    }

    /** This thread's arrays, each at least {@code size} bytes long. */
    static TileArrays get(int size) {
        TileArrays t = PER_THREAD.get();
        if (t.first.length < size) {
            t.first = new byte[size];
            t.second = new byte[size];
            t.third = new byte[size];
        }
        return t;
    }

    byte[] first() {
        return first;
    }

    byte[] second() {
        return second;
    }

    byte[] third() {
        return third;
    }
}
