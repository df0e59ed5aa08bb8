package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The long-lane vectors ({@link VectorWidth#SHAPE}) of the DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC kernels, and
 * what they share:
 * <ul>
 *   <li>loads and stores through byte vectors: C2 (JDK 25) does not intrinsify long-vector stores into heap
 *       {@code byte[]} segments (measured 10x slower than scalar), byte-vector ones it does, and the reinterpretation
 *       costs nothing;</li>
 *   <li>cross-lane moves for the running-XOR and running-sum kernels: lanes shifted towards higher indices with zeros
 *       shifted in, and the last lane repeated, from constant shuffles and masks ({@code rearrange(shuffle, mask)},
 *       one permute); {@code unslice} measured about ten times slower.</li>
 * </ul>
 * Only loaded when {@link SimdSupport#VECTOR}.
 */
final class LongLanes {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    static final VectorSpecies<Long> LONGS = VectorSpecies.of(long.class, VectorWidth.SHAPE);
    private static final VectorSpecies<Byte> BYTES = VectorSpecies.of(byte.class, VectorWidth.SHAPE);
    /** Long lanes per vector: 1, 2, 4 or 8. */
    static final int L = LONGS.length();
    /** Vector width in bytes. */
    static final int VB = LONGS.vectorByteSize();

    private static final VectorShuffle<Long> UP1 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 1));
    private static final VectorShuffle<Long> UP2 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 2));
    private static final VectorShuffle<Long> UP4 = VectorShuffle.fromOp(LONGS, i -> Math.max(0, i - 4));
    private static final VectorMask<Long> FROM1 = VectorMask.fromLong(LONGS, -1L << 1);
    private static final VectorMask<Long> FROM2 = VectorMask.fromLong(LONGS, -1L << 2);
    private static final VectorMask<Long> FROM4 = VectorMask.fromLong(LONGS, -1L << 4);
    private static final VectorShuffle<Long> LAST = VectorShuffle.fromOp(LONGS, i -> L - 1);

    private LongLanes() {
    }

    /** The {@link #VB} bytes of {@code s} at byte offset {@code at} (any alignment), little-endian longs. */
    static LongVector load(MemorySegment s, long at) {
        return ByteVector.fromMemorySegment(BYTES, s, at, LE).reinterpretAsLongs();
    }

    /** Stores {@code v} little-endian at byte offset {@code at} of {@code s} (any alignment). */
    static void store(LongVector v, MemorySegment s, long at) {
        v.reinterpretAsBytes().intoMemorySegment(s, at, LE);
    }

    /** Lane {@code i} = lane {@code i - 1} of {@code v}, lane 0 = 0 (all zero when there is one lane). */
    static LongVector up1(LongVector v) {
        return L >= 2 ? v.rearrange(UP1, FROM1) : LongVector.zero(LONGS);
    }

    /** Lane {@code i} = lane {@code i - 2} of {@code v}, lanes 0, 1 = 0 (only for 4 or more lanes). */
    static LongVector up2(LongVector v) {
        return v.rearrange(UP2, FROM2);
    }

    /** Lane {@code i} = lane {@code i - 4} of {@code v}, lanes 0..3 = 0 (only for 8 lanes). */
    static LongVector up4(LongVector v) {
        return v.rearrange(UP4, FROM4);
    }

    /** Every lane = the last lane of {@code v}. */
    static LongVector last(LongVector v) {
        return v.rearrange(LAST);
    }
}
