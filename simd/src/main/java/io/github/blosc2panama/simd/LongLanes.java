package io.github.blosc2panama.simd;

import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Constants shared by the DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC vector kernels, which compute in long lanes
 * ({@link VectorWidth#SHAPE}). Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>Rules those kernels follow, each measured on JDK 25 (C2):
 * <ul>
 *   <li>Memory is read and written as byte vectors, reinterpreted as longs ({@code reinterpretAsLongs} /
 *       {@code reinterpretAsBytes}, free): long-vector stores into heap {@code byte[]} segments are not intrinsified
 *       and ran 10x slower than scalar code.</li>
 *   <li>No helper method takes or returns a vector: once such a helper is compiled on its own, C2 may refuse to inline
 *       it (its code is "already compiled into a medium method") and every vector crossing the call is boxed, which
 *       made the kernels 50x slower than scalar. Loop bodies are written out in full.</li>
 *   <li>Lanes move across the vector with the constant shuffles and masks below ({@code rearrange(UP1, FROM1)}: lane
 *       {@code i} gets lane {@code i - 1}, lane 0 gets 0), one permute each; {@code unslice} measured about ten times
 *       slower.</li>
 * </ul>
 */
final class LongLanes {
    static final VectorSpecies<Long> LONGS = VectorSpecies.of(long.class, VectorWidth.SHAPE);
    static final VectorSpecies<Byte> BYTES = VectorSpecies.of(byte.class, VectorWidth.SHAPE);
    /** Long lanes per vector: 1, 2, 4 or 8. */
    static final int L = LONGS.length();
    /** Vector width in bytes. */
    static final int VB = LONGS.vectorByteSize();

    /** With {@link #FROM1}: lane {@code i} = lane {@code i - 1}, lane 0 = 0 (for 2 lanes or more). */
    static final VectorShuffle<Long> UP1 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 1));
    /** With {@link #FROM2}: lane {@code i} = lane {@code i - 2}, lanes 0, 1 = 0 (for 4 lanes or more). */
    static final VectorShuffle<Long> UP2 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 2));
    /** With {@link #FROM4}: lane {@code i} = lane {@code i - 4}, lanes 0..3 = 0 (for 8 lanes). */
    static final VectorShuffle<Long> UP4 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 4));
    static final VectorMask<Long> FROM1 = VectorMask.fromLong(LONGS, -1L << 1);
    static final VectorMask<Long> FROM2 = VectorMask.fromLong(LONGS, -1L << 2);
    static final VectorMask<Long> FROM4 = VectorMask.fromLong(LONGS, -1L << 4);
    /** Every lane = the last lane. */
    static final VectorShuffle<Long> LAST = VectorShuffle.fromOp(LONGS, i -> L - 1);

    private LongLanes() {
    }
}
