package io.github.blosc2panama.simd;

import static io.github.blosc2panama.simd.TwoVectorSelect.BYTES;
import static io.github.blosc2panama.simd.TwoVectorSelect.LONGS;
import static io.github.blosc2panama.simd.TwoVectorSelect.indexes;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The bit transpose of bit shuffle on 512-bit vectors, 512 bytes at a time: one byte row of 512 bytes (byte
 * {@code j} of 512 consecutive elements) to the 64 bytes each of its 8 bit rows, and back; forward also straight from
 * 512 bytes of elements of typesize 2, 4 or 8, to 8 planes that a byte shuffle of each then turns into bit rows.
 *
 * <p>Forward: the 8 vectors are regrouped so that vector {@code k} holds, in lane {@code m}, the byte (or bytes) of
 * element {@code 8m + k} (a regroup of the elements inside each vector, then a long transpose across the 8
 * vectors; the regroup is folded into the first round of the long transpose, one byte select per vector); then the 8
 * vectors are 8 rows of a bit matrix per byte, and three rounds of block swaps (shift, xor, and, as in the 8x8
 * transpose of Hacker's Delight, but between vectors) leave in vector {@code b}, lane {@code m}, bit {@code k}: bit
 * {@code b} of element {@code 8m + k}, which for a byte row is byte {@code m} of bit row {@code b}. Each vector is
 * stored whole. Every step is its own inverse, so backward (byte rows) runs them in the reverse order.
 *
 * <p>About 11 vector instructions per 64 bytes forward (8 byte selects, 16 long selects, 60 shift/logic operations
 * that C2 partly fuses into {@code vpternlog}, per 512 bytes; 12 before the regroup was folded into the selects)
 * against 24 for the per-bit masks of {@link BitShuffleVector} (and, compare, mask to register, for each bit of each
 * 64 bytes), on the two ports AVX-512 runs them on. Used by {@link BitShuffleVector} when {@link #USABLE}: 512-bit
 * byte vectors, JDK 24's two-vector selects and AVX-512 VBMI.
 *
 * <p>Both directions are written out in full, in one method each: the same steps behind helper methods were not
 * inlined once C2's node count for the method passed its cutoff ({@code NodeCountInliningCutoff}), and each vector
 * was then boxed (3.9 instead of 13 GB/s). Native segments only; no argument checks: callers have done them.
 */
final class BitMatrixVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_512;
    /** Elements (and bytes of a byte row) per step. */
    static final int GROUP = 512;

    // The first round of the long transpose after a regroup, by typesize (firstRound)
    private static final ByteVector LOW_1_OF_BYTES = firstRoundOf(1, false);
    private static final ByteVector HIGH_1_OF_BYTES = firstRoundOf(1, true);
    private static final ByteVector LOW_1_OF_SHORTS = firstRoundOf(2, false);
    private static final ByteVector HIGH_1_OF_SHORTS = firstRoundOf(2, true);
    private static final ByteVector LOW_1_OF_INTS = firstRoundOf(4, false);
    private static final ByteVector HIGH_1_OF_INTS = firstRoundOf(4, true);
    private static final ByteVector LOW_1_OF_LONGS = firstRoundOf(8, false);
    private static final ByteVector HIGH_1_OF_LONGS = firstRoundOf(8, true);
    // The last round of the long transpose back, then the regroup back, by typesize (lastRound)
    private static final ByteVector LOW_4_OF_BYTES = lastRoundOf(1, false);
    private static final ByteVector HIGH_4_OF_BYTES = lastRoundOf(1, true);
    private static final ByteVector LOW_4_OF_SHORTS = lastRoundOf(2, false);
    private static final ByteVector HIGH_4_OF_SHORTS = lastRoundOf(2, true);
    private static final ByteVector LOW_4_OF_INTS = lastRoundOf(4, false);
    private static final ByteVector HIGH_4_OF_INTS = lastRoundOf(4, true);
    private static final ByteVector LOW_4_OF_LONGS = lastRoundOf(8, false);
    private static final ByteVector HIGH_4_OF_LONGS = lastRoundOf(8, true);
    // Two-vector selects over the concatenation (a, b) that swap bit d of the vector number with bit d of the lane
    private static final LongVector LOW_1 = (LongVector) indexes(L, l -> (l & 1) == 0 ? l : 8 + l - 1);
    private static final LongVector HIGH_1 = (LongVector) indexes(L, l -> (l & 1) == 0 ? l + 1 : 8 + l);
    private static final LongVector LOW_2 = (LongVector) indexes(L, l -> (l & 2) == 0 ? l : 8 + l - 2);
    private static final LongVector HIGH_2 = (LongVector) indexes(L, l -> (l & 2) == 0 ? l + 2 : 8 + l);
    private static final LongVector LOW_4 = (LongVector) indexes(L, l -> (l & 4) == 0 ? l : 8 + l - 4);
    private static final LongVector HIGH_4 = (LongVector) indexes(L, l -> (l & 4) == 0 ? l + 4 : 8 + l);
    private static final long NIBBLES = 0x0F0F0F0F0F0F0F0FL;
    private static final long PAIRS = 0x3333333333333333L;
    private static final long BITS = 0x5555555555555555L;

    /**
     * Whether this runs here: the kernels' byte vectors are 512 bits, the two-vector selects exist, and the CPU has
     * AVX-512 VBMI, without which C2 does not compile the 512-bit byte rearrange of the regroup at all (it would run
     * in the Vector API's Java fallback; AVX-512 CPUs without VBMI, such as Skylake-SP and Cascade Lake, keep the
     * per-bit masks).
     */
    static final boolean USABLE = TwoVectorSelect.AVAILABLE && BitShuffleVector.BITS.vectorBitSize() == 512
            && CpuFlags.AVX512_VBMI;

    private BitMatrixVector() {
    }

    /**
     * The first round of the long transpose of {@link #forward(MemorySegment, long, int, MemorySegment, long, long,
     * int)} (the {@code LOW_1} or {@code HIGH_1} select of longs) with each vector regrouped first, as byte selects:
     * the regroup of elements of {@code typesize} bytes puts in long {@code k} elements {@code 8i + k}
     * ({@code i < 8 / typesize}), so that the long transpose and the bit transpose then gather bit {@code b} of 8
     * consecutive elements into one byte (typesize 8: none; typesize 1: an 8x8 byte transpose, lane {@code 8k + m}
     * taking lane {@code 8m + k}).
     *
     * <p>A switch over constant fields, here and in {@link #lastRound}: the same tables taken from arrays by typesize
     * ({@code a12f96c}, reverted) left C2 compiling code that allocated 80 bytes a call (one 512-bit vector) for long
     * stretches; {@code DecompressAllocationTest} took 200-286 s instead of 0.7 in CI and failed once.
     */
    private static ByteVector firstRound(int typesize, boolean high) {
        return switch (typesize) {
            case 1 -> high ? HIGH_1_OF_BYTES : LOW_1_OF_BYTES;
            case 2 -> high ? HIGH_1_OF_SHORTS : LOW_1_OF_SHORTS;
            case 4 -> high ? HIGH_1_OF_INTS : LOW_1_OF_INTS;
            case 8 -> high ? HIGH_1_OF_LONGS : LOW_1_OF_LONGS;
            default -> throw new IllegalArgumentException("no bit matrix of typesize " + typesize);
        };
    }

    /** The byte select of {@link #firstRound}: lane {@code 8l + y} of the concatenation of two vectors. */
    private static ByteVector firstRoundOf(int t, boolean high) {
        return (ByteVector) indexes(B, p -> {
            int l = p / 8;
            int y = p % 8;
            int lane = high ? ((l & 1) == 0 ? l + 1 : l) : ((l & 1) == 0 ? l : l - 1);
            return 64 * (l & 1) + regrouped(t, 8 * lane + y);
        });
    }

    /**
     * The last round of the long transpose back in
     * {@link #backward(MemorySegment, long, long, int, MemorySegment, long, int)} (the {@code LOW_4} or
     * {@code HIGH_4} select of longs) followed by the inverse of the regroup of {@link #firstRound}, as byte selects.
     */
    private static ByteVector lastRound(int typesize, boolean high) {
        return switch (typesize) {
            case 1 -> high ? HIGH_4_OF_BYTES : LOW_4_OF_BYTES;
            case 2 -> high ? HIGH_4_OF_SHORTS : LOW_4_OF_SHORTS;
            case 4 -> high ? HIGH_4_OF_INTS : LOW_4_OF_INTS;
            case 8 -> high ? HIGH_4_OF_LONGS : LOW_4_OF_LONGS;
            default -> throw new IllegalArgumentException("no bit matrix of typesize " + typesize);
        };
    }

    /** The byte select of {@link #lastRound}: byte {@code q} of the element vector, from the two vectors it selects. */
    private static ByteVector lastRoundOf(int t, boolean high) {
        int[] regroupedFrom = new int[64];
        for (int p = 0; p < 64; p++) {
            regroupedFrom[regrouped(t, p)] = p;
        }
        return (ByteVector) indexes(B, q -> {
            int p = regroupedFrom[q];
            int l = p / 8;
            int y = p % 8;
            int lane = high ? ((l & 4) == 0 ? l + 4 : l) : ((l & 4) == 0 ? l : l - 4);
            return 64 * ((l & 4) >> 2) + 8 * lane + y;
        });
    }

    /** Which byte of a vector of elements of t bytes goes to byte {@code p = 8k + t * i + x}: {@code t(8i + k) + x}. */
    private static int regrouped(int t, int p) {
        int k = p / 8;
        int i = (p % 8) / t;
        int x = p % t;
        return t * (8 * i + k) + x;
    }

    /**
     * Bit rows of {@code groups * 512} bytes of one byte row at {@code in[from..]}: bit row {@code b} gets
     * {@code groups * 64} bytes at {@code out[to + b * rowStride..]}.
     */
    static void forward(MemorySegment in, long from, MemorySegment out, long to, long rowStride, int groups) {
        forward(in, from, 1, out, to, rowStride, groups);
    }

    /**
     * The bit transpose of {@code groups * 512} bytes of elements of {@code typesize} 1, 2, 4 or 8 at
     * {@code in[from..]}, into 8 planes of {@code groups * 64} bytes at {@code out[to + b * planeStride..]}. Plane
     * {@code b}, read as elements of the same typesize, holds in element {@code m} the bytes of bit {@code b} of
     * elements {@code 8m..8m+7}: byte {@code j} of element {@code m} is byte {@code m} of bit row {@code 8j + b}. So
     * the byte shuffle of plane {@code b} into rows {@code 8j + b} gives the bit shuffle (typesize 1: the planes are
     * the bit rows).
     *
     * <p>Each vector's elements are first regrouped so that long {@code k} holds elements {@code 8i + k}
     * ({@code i < 8 / typesize}; see {@link #firstRound}).
     */
    static void forward(MemorySegment in, long from, int typesize, MemorySegment out, long to, long planeStride,
                        int groups) {
        in = NativeSegments.typed(in);
        out = NativeSegments.typed(out);
        ByteVector low = firstRound(typesize, false);
        ByteVector high = firstRound(typesize, true);
        try {
            for (int g = 0; g < groups; g++) {
                long at = from + (long) g * GROUP;
                Vector<Byte> v0 = ByteVector.fromMemorySegment(B, in, at, LE);
                Vector<Byte> v1 = ByteVector.fromMemorySegment(B, in, at + 64, LE);
                Vector<Byte> v2 = ByteVector.fromMemorySegment(B, in, at + 128, LE);
                Vector<Byte> v3 = ByteVector.fromMemorySegment(B, in, at + 192, LE);
                Vector<Byte> v4 = ByteVector.fromMemorySegment(B, in, at + 256, LE);
                Vector<Byte> v5 = ByteVector.fromMemorySegment(B, in, at + 320, LE);
                Vector<Byte> v6 = ByteVector.fromMemorySegment(B, in, at + 384, LE);
                Vector<Byte> v7 = ByteVector.fromMemorySegment(B, in, at + 448, LE);
                // the regroup and the first round of the long transpose (vector k, lane i <- vector i, lane k) in one
                // select per vector
                LongVector q0 = ((ByteVector) BYTES.invokeExact(low, v0, v1)).reinterpretAsLongs();
                LongVector q1 = ((ByteVector) BYTES.invokeExact(high, v0, v1)).reinterpretAsLongs();
                LongVector q2 = ((ByteVector) BYTES.invokeExact(low, v2, v3)).reinterpretAsLongs();
                LongVector q3 = ((ByteVector) BYTES.invokeExact(high, v2, v3)).reinterpretAsLongs();
                LongVector q4 = ((ByteVector) BYTES.invokeExact(low, v4, v5)).reinterpretAsLongs();
                LongVector q5 = ((ByteVector) BYTES.invokeExact(high, v4, v5)).reinterpretAsLongs();
                LongVector q6 = ((ByteVector) BYTES.invokeExact(low, v6, v7)).reinterpretAsLongs();
                LongVector q7 = ((ByteVector) BYTES.invokeExact(high, v6, v7)).reinterpretAsLongs();
                LongVector r0 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q0, (Vector<Long>) q2);
                LongVector r2 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q0, (Vector<Long>) q2);
                LongVector r1 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q1, (Vector<Long>) q3);
                LongVector r3 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q1, (Vector<Long>) q3);
                LongVector r4 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q4, (Vector<Long>) q6);
                LongVector r6 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q4, (Vector<Long>) q6);
                LongVector r5 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q5, (Vector<Long>) q7);
                LongVector r7 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q5, (Vector<Long>) q7);
                LongVector a0 = (LongVector) LONGS.invokeExact(LOW_4, (Vector<Long>) r0, (Vector<Long>) r4);
                LongVector a4 = (LongVector) LONGS.invokeExact(HIGH_4, (Vector<Long>) r0, (Vector<Long>) r4);
                LongVector a1 = (LongVector) LONGS.invokeExact(LOW_4, (Vector<Long>) r1, (Vector<Long>) r5);
                LongVector a5 = (LongVector) LONGS.invokeExact(HIGH_4, (Vector<Long>) r1, (Vector<Long>) r5);
                LongVector a2 = (LongVector) LONGS.invokeExact(LOW_4, (Vector<Long>) r2, (Vector<Long>) r6);
                LongVector a6 = (LongVector) LONGS.invokeExact(HIGH_4, (Vector<Long>) r2, (Vector<Long>) r6);
                LongVector a3 = (LongVector) LONGS.invokeExact(LOW_4, (Vector<Long>) r3, (Vector<Long>) r7);
                LongVector a7 = (LongVector) LONGS.invokeExact(HIGH_4, (Vector<Long>) r3, (Vector<Long>) r7);
                // bit matrix transpose between the vectors: swap blocks of 4, 2, 1 bits
                LongVector t;
                t = a0.lanewise(LSHR, 4).lanewise(XOR, a4).and(NIBBLES);
                a4 = a4.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a1.lanewise(LSHR, 4).lanewise(XOR, a5).and(NIBBLES);
                a5 = a5.lanewise(XOR, t);
                a1 = a1.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a2.lanewise(LSHR, 4).lanewise(XOR, a6).and(NIBBLES);
                a6 = a6.lanewise(XOR, t);
                a2 = a2.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a3.lanewise(LSHR, 4).lanewise(XOR, a7).and(NIBBLES);
                a7 = a7.lanewise(XOR, t);
                a3 = a3.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a0.lanewise(LSHR, 2).lanewise(XOR, a2).and(PAIRS);
                a2 = a2.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a1.lanewise(LSHR, 2).lanewise(XOR, a3).and(PAIRS);
                a3 = a3.lanewise(XOR, t);
                a1 = a1.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a4.lanewise(LSHR, 2).lanewise(XOR, a6).and(PAIRS);
                a6 = a6.lanewise(XOR, t);
                a4 = a4.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a5.lanewise(LSHR, 2).lanewise(XOR, a7).and(PAIRS);
                a7 = a7.lanewise(XOR, t);
                a5 = a5.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a0.lanewise(LSHR, 1).lanewise(XOR, a1).and(BITS);
                a1 = a1.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a2.lanewise(LSHR, 1).lanewise(XOR, a3).and(BITS);
                a3 = a3.lanewise(XOR, t);
                a2 = a2.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a4.lanewise(LSHR, 1).lanewise(XOR, a5).and(BITS);
                a5 = a5.lanewise(XOR, t);
                a4 = a4.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a6.lanewise(LSHR, 1).lanewise(XOR, a7).and(BITS);
                a7 = a7.lanewise(XOR, t);
                a6 = a6.lanewise(XOR, t.lanewise(LSHL, 1));
                long o = to + (long) g * (GROUP / 8);
                a0.intoMemorySegment(out, o, LE);
                a1.intoMemorySegment(out, o + planeStride, LE);
                a2.intoMemorySegment(out, o + 2 * planeStride, LE);
                a3.intoMemorySegment(out, o + 3 * planeStride, LE);
                a4.intoMemorySegment(out, o + 4 * planeStride, LE);
                a5.intoMemorySegment(out, o + 5 * planeStride, LE);
                a6.intoMemorySegment(out, o + 6 * planeStride, LE);
                a7.intoMemorySegment(out, o + 7 * planeStride, LE);
            }
        } catch (Throwable e) {
            throw TwoVectorSelect.unchecked(e);
        }
    }

    /**
     * Inverse of {@link #forward}: {@code groups * 64} bytes of each of the 8 bit rows at
     * {@code in[from + b * rowStride..]} back to {@code groups * 512} bytes of one byte row at {@code out[to..]}.
     */
    static void backward(MemorySegment in, long from, long rowStride, MemorySegment out, long to, int groups) {
        backward(in, from, rowStride, 1, out, to, groups);
    }

    /**
     * Inverse of {@link #forward(MemorySegment, long, int, MemorySegment, long, long, int)}: {@code groups * 64} bytes
     * of each of the 8 planes at {@code in[from + b * planeStride..]} back to {@code groups * 512} bytes of elements
     * of {@code typesize} 1, 2, 4 or 8 at {@code out[to..]}.
     */
    static void backward(MemorySegment in, long from, long planeStride, int typesize, MemorySegment out, long to,
                         int groups) {
        in = NativeSegments.typed(in);
        out = NativeSegments.typed(out);
        ByteVector low = lastRound(typesize, false);
        ByteVector high = lastRound(typesize, true);
        try {
            for (int g = 0; g < groups; g++) {
                long at = from + (long) g * (GROUP / 8);
                LongVector a0 = LongVector.fromMemorySegment(L, in, at, LE);
                LongVector a1 = LongVector.fromMemorySegment(L, in, at + planeStride, LE);
                LongVector a2 = LongVector.fromMemorySegment(L, in, at + 2 * planeStride, LE);
                LongVector a3 = LongVector.fromMemorySegment(L, in, at + 3 * planeStride, LE);
                LongVector a4 = LongVector.fromMemorySegment(L, in, at + 4 * planeStride, LE);
                LongVector a5 = LongVector.fromMemorySegment(L, in, at + 5 * planeStride, LE);
                LongVector a6 = LongVector.fromMemorySegment(L, in, at + 6 * planeStride, LE);
                LongVector a7 = LongVector.fromMemorySegment(L, in, at + 7 * planeStride, LE);
                LongVector t;
                t = a0.lanewise(LSHR, 4).lanewise(XOR, a4).and(NIBBLES);
                a4 = a4.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a1.lanewise(LSHR, 4).lanewise(XOR, a5).and(NIBBLES);
                a5 = a5.lanewise(XOR, t);
                a1 = a1.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a2.lanewise(LSHR, 4).lanewise(XOR, a6).and(NIBBLES);
                a6 = a6.lanewise(XOR, t);
                a2 = a2.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a3.lanewise(LSHR, 4).lanewise(XOR, a7).and(NIBBLES);
                a7 = a7.lanewise(XOR, t);
                a3 = a3.lanewise(XOR, t.lanewise(LSHL, 4));
                t = a0.lanewise(LSHR, 2).lanewise(XOR, a2).and(PAIRS);
                a2 = a2.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a1.lanewise(LSHR, 2).lanewise(XOR, a3).and(PAIRS);
                a3 = a3.lanewise(XOR, t);
                a1 = a1.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a4.lanewise(LSHR, 2).lanewise(XOR, a6).and(PAIRS);
                a6 = a6.lanewise(XOR, t);
                a4 = a4.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a5.lanewise(LSHR, 2).lanewise(XOR, a7).and(PAIRS);
                a7 = a7.lanewise(XOR, t);
                a5 = a5.lanewise(XOR, t.lanewise(LSHL, 2));
                t = a0.lanewise(LSHR, 1).lanewise(XOR, a1).and(BITS);
                a1 = a1.lanewise(XOR, t);
                a0 = a0.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a2.lanewise(LSHR, 1).lanewise(XOR, a3).and(BITS);
                a3 = a3.lanewise(XOR, t);
                a2 = a2.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a4.lanewise(LSHR, 1).lanewise(XOR, a5).and(BITS);
                a5 = a5.lanewise(XOR, t);
                a4 = a4.lanewise(XOR, t.lanewise(LSHL, 1));
                t = a6.lanewise(LSHR, 1).lanewise(XOR, a7).and(BITS);
                a7 = a7.lanewise(XOR, t);
                a6 = a6.lanewise(XOR, t.lanewise(LSHL, 1));
                // long transpose back: vector i, lane k <- vector k, lane i
                LongVector q0 = (LongVector) LONGS.invokeExact(LOW_1, (Vector<Long>) a0, (Vector<Long>) a1);
                LongVector q1 = (LongVector) LONGS.invokeExact(HIGH_1, (Vector<Long>) a0, (Vector<Long>) a1);
                LongVector q2 = (LongVector) LONGS.invokeExact(LOW_1, (Vector<Long>) a2, (Vector<Long>) a3);
                LongVector q3 = (LongVector) LONGS.invokeExact(HIGH_1, (Vector<Long>) a2, (Vector<Long>) a3);
                LongVector q4 = (LongVector) LONGS.invokeExact(LOW_1, (Vector<Long>) a4, (Vector<Long>) a5);
                LongVector q5 = (LongVector) LONGS.invokeExact(HIGH_1, (Vector<Long>) a4, (Vector<Long>) a5);
                LongVector q6 = (LongVector) LONGS.invokeExact(LOW_1, (Vector<Long>) a6, (Vector<Long>) a7);
                LongVector q7 = (LongVector) LONGS.invokeExact(HIGH_1, (Vector<Long>) a6, (Vector<Long>) a7);
                LongVector r0 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q0, (Vector<Long>) q2);
                LongVector r2 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q0, (Vector<Long>) q2);
                LongVector r1 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q1, (Vector<Long>) q3);
                LongVector r3 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q1, (Vector<Long>) q3);
                LongVector r4 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q4, (Vector<Long>) q6);
                LongVector r6 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q4, (Vector<Long>) q6);
                LongVector r5 = (LongVector) LONGS.invokeExact(LOW_2, (Vector<Long>) q5, (Vector<Long>) q7);
                LongVector r7 = (LongVector) LONGS.invokeExact(HIGH_2, (Vector<Long>) q5, (Vector<Long>) q7);
                // the last round of the long transpose back and the regroup back, in one select per vector
                Vector<Byte> b0 = r0.reinterpretAsBytes();
                Vector<Byte> b1 = r1.reinterpretAsBytes();
                Vector<Byte> b2 = r2.reinterpretAsBytes();
                Vector<Byte> b3 = r3.reinterpretAsBytes();
                Vector<Byte> b4 = r4.reinterpretAsBytes();
                Vector<Byte> b5 = r5.reinterpretAsBytes();
                Vector<Byte> b6 = r6.reinterpretAsBytes();
                Vector<Byte> b7 = r7.reinterpretAsBytes();
                long o = to + (long) g * GROUP;
                ((ByteVector) BYTES.invokeExact(low, b0, b4)).intoMemorySegment(out, o, LE);
                ((ByteVector) BYTES.invokeExact(low, b1, b5)).intoMemorySegment(out, o + 64, LE);
                ((ByteVector) BYTES.invokeExact(low, b2, b6)).intoMemorySegment(out, o + 128, LE);
                ((ByteVector) BYTES.invokeExact(low, b3, b7)).intoMemorySegment(out, o + 192, LE);
                ((ByteVector) BYTES.invokeExact(high, b0, b4)).intoMemorySegment(out, o + 256, LE);
                ((ByteVector) BYTES.invokeExact(high, b1, b5)).intoMemorySegment(out, o + 320, LE);
                ((ByteVector) BYTES.invokeExact(high, b2, b6)).intoMemorySegment(out, o + 384, LE);
                ((ByteVector) BYTES.invokeExact(high, b3, b7)).intoMemorySegment(out, o + 448, LE);
            }
        } catch (Throwable e) {
            throw TwoVectorSelect.unchecked(e);
        }
    }
}
