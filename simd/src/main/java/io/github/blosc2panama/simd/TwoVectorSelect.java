package io.github.blosc2panama.simd;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.function.IntUnaryOperator;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorSpecies;

/**
 * JDK 24's two-vector {@code index.selectFrom(a, b)}: lane {@code i} of the result is lane {@code index[i]} of the
 * concatenation of {@code a} and {@code b}. On AVX-512 it is one instruction ({@code vpermi2d}, {@code vpermi2w}),
 * where the {@code a.rearrange(shuffle, b)} of the Java 22 API is two permutes and a blend; a typesize-8 shuffle
 * built on it ran at 15 GB/s in cache against 6.5 for the shift-and-truncate one and 10.7 for C-Blosc2's.
 *
 * <p>This library's bytecode targets Java 22, so the methods are looked up once, at run time, and called through
 * these constant method handles with {@code invokeExact} right in the kernel loops: C2 inlines such a call like a
 * direct one and the vector intrinsics apply as usual. (Behind a helper method of our own the calls were not always
 * inlined once the helper had been compiled on its own, and every vector was then boxed: 2-3 GB/s.)
 * {@link #AVAILABLE} is false on JDK 22 and 23, where callers keep their Java 22 paths.
 */
final class TwoVectorSelect {
    /** {@code IntVector.selectFrom(Vector, Vector)}: {@code (IntVector, Vector, Vector) IntVector}, or null. */
    static final MethodHandle INTS = find(IntVector.class);
    /** {@code ShortVector.selectFrom(Vector, Vector)}: {@code (ShortVector, Vector, Vector) ShortVector}, or null. */
    static final MethodHandle SHORTS = find(ShortVector.class);
    /** {@code ByteVector.selectFrom(Vector, Vector)}: {@code (ByteVector, Vector, Vector) ByteVector}, or null. */
    static final MethodHandle BYTES = find(ByteVector.class);
    /** {@code LongVector.selectFrom(Vector, Vector)}: {@code (LongVector, Vector, Vector) LongVector}, or null. */
    static final MethodHandle LONGS = find(LongVector.class);

    /** Whether the running JDK has the two-vector {@code selectFrom}. */
    static final boolean AVAILABLE = BYTES != null && INTS != null && SHORTS != null && LONGS != null;

    private TwoVectorSelect() {
    }

    private static MethodHandle find(Class<?> vectorClass) {
        try {
            return MethodHandles.publicLookup().findVirtual(vectorClass, "selectFrom",
                    MethodType.methodType(vectorClass, Vector.class, Vector.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * An index vector for the selects: lane {@code t} holds {@code lane.applyAsInt(t)}, for the byte, short, int and
     * long species the kernels use.
     */
    static <E> Vector<E> indexes(VectorSpecies<E> species, IntUnaryOperator lane) {
        int n = species.length();
        Object values = Array.newInstance(species.elementType(), n);
        for (int t = 0; t < n; t++) {
            int v = lane.applyAsInt(t);
            switch (values) {
                case byte[] b -> b[t] = (byte) v;
                case short[] s -> s[t] = (short) v;
                case int[] i -> i[t] = v;
                case long[] l -> l[t] = v;
                default -> throw new IllegalArgumentException("no index vectors of " + species);
            }
        }
        return species.fromArray(values, 0);
    }

    /**
     * What a call through {@link #INTS}, {@link #SHORTS} or {@link #LONGS} threw, as an unchecked exception to
     * rethrow.
     */
    static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
