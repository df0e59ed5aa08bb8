package io.github.blosc2panama.simd;

import static io.github.blosc2panama.simd.TwoVectorSelect.BYTES;
import static io.github.blosc2panama.simd.TwoVectorSelect.INTS;
import static io.github.blosc2panama.simd.TwoVectorSelect.SHORTS;
import static io.github.blosc2panama.simd.TwoVectorSelect.indexes;
import static jdk.incubator.vector.VectorOperators.L2B;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.S2B;
import static jdk.incubator.vector.VectorOperators.ZERO_EXTEND_B2S;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The byte shuffle of typesize 8 in one pass: 8 byte rows joined into longs (unshuffle), {@code m} elements per
 * step, {@code m} the short lane count of the kernel shape; and longs split into 8 rows (shuffle).
 *
 * <p>Rows {@code 2k} and {@code 2k + 1} make the short vector {@code p_k} (zero-extending conversion, shift, or:
 * byte pair {@code k} of each of the {@code m} elements). Two-vector rearranges then interleave shorts of
 * {@code p0, p1} (and {@code p2, p3}) into ints (bytes 0-3 and 4-7 of the elements), and ints of those into the
 * longs, four output vectors in element order. A two-vector rearrange is two permutes and a blend on AVX-512,
 * with no pass through memory: that makes this faster than going through short streams in a scratch. The same
 * steps backwards make the shuffle ({@link #longsToRows}) when JDK 24's single-instruction two-vector selects are
 * there ({@link TwoVectorSelect}); with the Java 22 rearranges they were no faster than a shift and a truncating
 * conversion per byte, which is what it does otherwise. Where the CPU also has AVX-512 VBMI ({@link #BYTE_SELECTS}),
 * the byte pairs are zipped, and split again, by two-vector byte selects too, 2m elements a step (in cache: the
 * unshuffle 30 -> 33 GB/s, the shuffle 21 -> 28-30).
 *
 * <p>Needs a shape of at least 128 bits ({@link #SUPPORTED}); callers fall back to {@link LaneTranspose} below it.
 * Native segments only (see {@link LaneTranspose}); no argument checks: callers have done them.
 */
final class LongRowTranspose {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private static final VectorSpecies<Short> S = ShortVector.SPECIES_64.withShape(LaneTranspose.SHAPE);
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_64.withShape(LaneTranspose.SHAPE);
    /** Elements per step: one short lane per element. */
    private static final int M = S.length();
    /** Whether the shape is wide enough: the byte side of a conversion to M shorts must be at least 64 bits. */
    static final boolean SUPPORTED = M >= 8;
    private static final VectorSpecies<Byte> B = SUPPORTED
            ? ByteVector.SPECIES_64.withShape(VectorShape.forBitSize(M * 8)) : null;

    private static final VectorSpecies<Long> L = LongVector.SPECIES_64.withShape(LaneTranspose.SHAPE);
    /** Whether {@link #longsToRows} runs: a long vector's lane count of bytes must make a byte vector (64 bits). */
    static final boolean SPLIT_SUPPORTED = L.length() >= 8;
    private static final VectorSpecies<Byte> BL = SPLIT_SUPPORTED
            ? ByteVector.SPECIES_64.withShape(VectorShape.forBitSize(L.length() * 8)) : null;

    // Two-vector rearranges a.rearrange(x, b): indexes below the lane count pick from a, the others from b.
    private static final VectorShuffle<Short> ZIP_SHORTS_LO = VectorShuffle.fromOp(S, t -> (t % 2) * M + t / 2);
    private static final VectorShuffle<Short> ZIP_SHORTS_HI =
            VectorShuffle.fromOp(S, t -> (t % 2) * M + t / 2 + M / 2);
    private static final VectorShuffle<Integer> ZIP_INTS_LO = VectorShuffle.fromOp(I, t -> (t % 2) * (M / 2) + t / 2);
    private static final VectorShuffle<Integer> ZIP_INTS_HI =
            VectorShuffle.fromOp(I, t -> (t % 2) * (M / 2) + t / 2 + M / 4);

    /**
     * Whether both directions use {@link TwoVectorSelect} (the shuffle then takes the steps of the unshuffle
     * backwards): on 512-bit shapes (AVX-512, where the selects are single instructions) of a JDK that has them.
     */
    static final boolean SELECTS = TwoVectorSelect.AVAILABLE && LaneTranspose.SHAPE.vectorBitSize() == 512;
    /** The same zips as select indexes, and the even and odd lanes of a two-vector concatenation. */
    private static final ShortVector ZIP_SHORTS_LO_INDEX = (ShortVector) indexes(S, t -> (t % 2) * M + t / 2);
    private static final ShortVector ZIP_SHORTS_HI_INDEX = (ShortVector) indexes(S, t -> (t % 2) * M + t / 2 + M / 2);
    private static final IntVector ZIP_INTS_LO_INDEX = (IntVector) indexes(I, t -> (t % 2) * (M / 2) + t / 2);
    private static final IntVector ZIP_INTS_HI_INDEX = (IntVector) indexes(I, t -> (t % 2) * (M / 2) + t / 2 + M / 4);
    private static final ShortVector EVEN_SHORTS = (ShortVector) indexes(S, t -> 2 * t);
    private static final ShortVector ODD_SHORTS = (ShortVector) indexes(S, t -> 2 * t + 1);
    private static final IntVector EVEN_INTS = (IntVector) indexes(I, t -> 2 * t);
    private static final IntVector ODD_INTS = (IntVector) indexes(I, t -> 2 * t + 1);

    /**
     * Whether both directions zip and split bytes by selects too ({@link #rowsToLongsByByteSelect},
     * {@link #longsToRowsByByteSelect}): {@link #SELECTS} and AVX-512 VBMI, without which the 512-bit byte select is
     * not one instruction.
     */
    static final boolean BYTE_SELECTS = SELECTS && CpuFlags.AVX512_VBMI;
    /** Byte vectors of the kernel shape, and the zips of two of them into shorts (first and second half). */
    private static final VectorSpecies<Byte> BW = ByteVector.SPECIES_64.withShape(LaneTranspose.SHAPE);
    private static final ByteVector ZIP_BYTES_LO_INDEX = (ByteVector) indexes(BW, t -> (t % 2) * 2 * M + t / 2);
    private static final ByteVector ZIP_BYTES_HI_INDEX = (ByteVector) indexes(BW, t -> (t % 2) * 2 * M + t / 2 + M);
    private static final ByteVector EVEN_BYTES = (ByteVector) indexes(BW, t -> 2 * t);
    private static final ByteVector ODD_BYTES = (ByteVector) indexes(BW, t -> 2 * t + 1);

    private LongRowTranspose() {
    }

    /**
     * The longs {@code r0[i] | r1[i] << 8 | ... | r7[i] << 56} at {@code d[to + 8i]}, row k at
     * {@code s[from + k * stride]}.
     */
    static void rowsToLongs(MemorySegment s, long from, long stride, MemorySegment d, long to, int n) {
        rowsToLongs(s, from, stride, s, from + 4 * stride, stride, d, to, n);
    }

    private static void rowsToLongsByRearrange(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom,
                                               long bStride, MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += M) {
            long at = aFrom + i;
            long bt = bFrom + i;
            ShortVector p0 = pair(a, at, aStride);
            ShortVector p1 = pair(a, at + 2 * aStride, aStride);
            ShortVector p2 = pair(b, bt, bStride);
            ShortVector p3 = pair(b, bt + 2 * bStride, bStride);
            IntVector lo0 = p0.rearrange(ZIP_SHORTS_LO, p1).reinterpretAsInts();
            IntVector lo1 = p0.rearrange(ZIP_SHORTS_HI, p1).reinterpretAsInts();
            IntVector hi0 = p2.rearrange(ZIP_SHORTS_LO, p3).reinterpretAsInts();
            IntVector hi1 = p2.rearrange(ZIP_SHORTS_HI, p3).reinterpretAsInts();
            long o = to + 8L * i;
            lo0.rearrange(ZIP_INTS_LO, hi0).intoMemorySegment(d, o, LE);
            lo0.rearrange(ZIP_INTS_HI, hi0).intoMemorySegment(d, o + 2 * M, LE);
            lo1.rearrange(ZIP_INTS_LO, hi1).intoMemorySegment(d, o + 4 * M, LE);
            lo1.rearrange(ZIP_INTS_HI, hi1).intoMemorySegment(d, o + 6 * M, LE);
        }
    }

    /** {@link #rowsToLongsByRearrange} with selects (called straight through the handles: see {@link TwoVectorSelect}). */
    private static void rowsToLongsBySelect(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom,
                                            long bStride, MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += M) {
                long at = aFrom + i;
                long bt = bFrom + i;
                Vector<Short> p0 = pair(a, at, aStride);
                Vector<Short> p1 = pair(a, at + 2 * aStride, aStride);
                Vector<Short> p2 = pair(b, bt, bStride);
                Vector<Short> p3 = pair(b, bt + 2 * bStride, bStride);
                Vector<Integer> lo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p0, p1)).reinterpretAsInts();
                Vector<Integer> lo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p0, p1)).reinterpretAsInts();
                Vector<Integer> hi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p2, p3)).reinterpretAsInts();
                Vector<Integer> hi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p2, p3)).reinterpretAsInts();
                long o = to + 8L * i;
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo0, hi0)).intoMemorySegment(d, o, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo0, hi0)).intoMemorySegment(d, o + 2 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo1, hi1)).intoMemorySegment(d, o + 4 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo1, hi1)).intoMemorySegment(d, o + 6 * M, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /**
     * The longs of {@link #rowsToLongs} from rows in two places: rows 0-3 at {@code a[aFrom + k * aStride]}, rows 4-7
     * at {@code b[bFrom + (k - 4) * bStride]}. Every kernel reads two segments at most: with a segment per row, C2
     * recompiled the loop over and over on failed profile predicates once hostile chunks had run through it, gave
     * up, and left it to C1, which allocates every vector.
     */
    static void rowsToLongs(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom, long bStride,
                            MemorySegment d, long to, int n) {
        int whole = n - n % M;
        if (BYTE_SELECTS) {
            whole = n - n % (2 * M);
            rowsToLongsByByteSelect(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        } else if (SELECTS) {
            rowsToLongsBySelect(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        } else {
            rowsToLongsByRearrange(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        }
        ShuffleScalar.unshuffleSplitRows(8, a, aFrom, aStride, b, bFrom, bStride, whole, n - whole, d, to + 8L * whole);
    }

    /**
     * {@link #rowsToLongsBySelect} with the byte pairs zipped by selects as well, 2M elements a step: rows 2k and
     * 2k + 1 (2M bytes each) make the short vectors of byte pair k of the first and of the second M elements. Rows 0-3
     * are at {@code a[aFrom + k * aStride]}, rows 4-7 at {@code b[bFrom + (k - 4) * bStride]}.
     */
    private static void rowsToLongsByByteSelect(MemorySegment a, long aFrom, long aStride, MemorySegment b,
                                                long bFrom, long bStride, MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += 2 * M) {
                long at = aFrom + i;
                long bt = bFrom + i;
                Vector<Byte> r0 = ByteVector.fromMemorySegment(BW, a, at, LE);
                Vector<Byte> r1 = ByteVector.fromMemorySegment(BW, a, at + aStride, LE);
                Vector<Byte> r2 = ByteVector.fromMemorySegment(BW, a, at + 2 * aStride, LE);
                Vector<Byte> r3 = ByteVector.fromMemorySegment(BW, a, at + 3 * aStride, LE);
                Vector<Byte> r4 = ByteVector.fromMemorySegment(BW, b, bt, LE);
                Vector<Byte> r5 = ByteVector.fromMemorySegment(BW, b, bt + bStride, LE);
                Vector<Byte> r6 = ByteVector.fromMemorySegment(BW, b, bt + 2 * bStride, LE);
                Vector<Byte> r7 = ByteVector.fromMemorySegment(BW, b, bt + 3 * bStride, LE);
                Vector<Short> p0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO_INDEX, r0, r1)).reinterpretAsShorts();
                Vector<Short> p1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO_INDEX, r2, r3)).reinterpretAsShorts();
                Vector<Short> p2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO_INDEX, r4, r5)).reinterpretAsShorts();
                Vector<Short> p3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO_INDEX, r6, r7)).reinterpretAsShorts();
                long o = to + 8L * i;
                Vector<Integer> lo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p0, p1)).reinterpretAsInts();
                Vector<Integer> lo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p0, p1)).reinterpretAsInts();
                Vector<Integer> hi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p2, p3)).reinterpretAsInts();
                Vector<Integer> hi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p2, p3)).reinterpretAsInts();
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo0, hi0)).intoMemorySegment(d, o, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo0, hi0)).intoMemorySegment(d, o + 2 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo1, hi1)).intoMemorySegment(d, o + 4 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo1, hi1)).intoMemorySegment(d, o + 6 * M, LE);
                p0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI_INDEX, r0, r1)).reinterpretAsShorts();
                p1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI_INDEX, r2, r3)).reinterpretAsShorts();
                p2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI_INDEX, r4, r5)).reinterpretAsShorts();
                p3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI_INDEX, r6, r7)).reinterpretAsShorts();
                o += 8L * M;
                lo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p0, p1)).reinterpretAsInts();
                lo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p0, p1)).reinterpretAsInts();
                hi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO_INDEX, p2, p3)).reinterpretAsInts();
                hi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI_INDEX, p2, p3)).reinterpretAsInts();
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo0, hi0)).intoMemorySegment(d, o, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo0, hi0)).intoMemorySegment(d, o + 2 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_LO_INDEX, lo1, hi1)).intoMemorySegment(d, o + 4 * M, LE);
                ((IntVector) INTS.invokeExact(ZIP_INTS_HI_INDEX, lo1, hi1)).intoMemorySegment(d, o + 6 * M, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /** Shorts {@code s[at + i] | s[at + stride + i] << 8} for the M elements at i = 0.. M - 1. */
    private static ShortVector pair(MemorySegment s, long at, long stride) {
        ShortVector x = (ShortVector) ByteVector.fromMemorySegment(B, s, at, LE).convertShape(ZERO_EXTEND_B2S, S, 0);
        ShortVector y = (ShortVector) ByteVector.fromMemorySegment(B, s, at + stride, LE)
                .convertShape(ZERO_EXTEND_B2S, S, 0);
        return x.or(y.lanewise(LSHL, 8));
    }

    /**
     * Inverse of {@link #rowsToLongs}: {@code n} longs at {@code s[from]} split into the 8 rows at {@code d[to]}. With
     * {@link #SELECTS}, by selects; else byte k of each long by a shift and a truncating conversion. Needs
     * {@link #SPLIT_SUPPORTED}.
     */
    static void longsToRows(MemorySegment s, long from, MemorySegment d, long to, long stride, int n) {
        int whole;
        if (BYTE_SELECTS) {
            whole = n - n % (2 * M);
            longsToRowsByByteSelect(s, from, d, to, stride, whole);
        } else if (SELECTS) {
            whole = n - n % M;
            longsToRowsBySelect(s, from, d, to, stride, whole);
        } else {
            whole = n - n % L.length();
            longsToRowsByShifts(s, from, d, to, stride, whole);
        }
        for (int i = whole; i < n; i++) {
            long v = s.get(LONG, from + 8L * i);
            for (int k = 0; k < 8; k++) {
                d.set(BYTE, to + k * stride + i, (byte) (v >>> (8 * k)));
            }
        }
    }

    /**
     * {@link #rowsToLongs} backwards, M longs a step: the even and odd ints of two long vectors are bytes 0-3 and 4-7
     * of their elements; the even and odd shorts of two of those, byte pairs 0-1 and 2-3 (or 4-5 and 6-7) of M
     * elements; each pair vector truncated, and shifted then truncated, makes two rows.
     */
    private static void longsToRowsBySelect(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                            int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        long vectorBytes = I.vectorByteSize();
        try {
            for (int i = 0; i < whole; i += M) {
                long at = from + 8L * i;
                Vector<Integer> o0 = IntVector.fromMemorySegment(I, s, at, LE);
                Vector<Integer> o1 = IntVector.fromMemorySegment(I, s, at + vectorBytes, LE);
                Vector<Integer> o2 = IntVector.fromMemorySegment(I, s, at + 2 * vectorBytes, LE);
                Vector<Integer> o3 = IntVector.fromMemorySegment(I, s, at + 3 * vectorBytes, LE);
                Vector<Short> lo0 = ((IntVector) INTS.invokeExact(EVEN_INTS, o0, o1)).reinterpretAsShorts();
                Vector<Short> hi0 = ((IntVector) INTS.invokeExact(ODD_INTS, o0, o1)).reinterpretAsShorts();
                Vector<Short> lo1 = ((IntVector) INTS.invokeExact(EVEN_INTS, o2, o3)).reinterpretAsShorts();
                Vector<Short> hi1 = ((IntVector) INTS.invokeExact(ODD_INTS, o2, o3)).reinterpretAsShorts();
                long row = to + i;
                twoRows((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, lo0, lo1), d, row, stride);
                twoRows((ShortVector) SHORTS.invokeExact(ODD_SHORTS, lo0, lo1), d, row + 2 * stride, stride);
                twoRows((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, hi0, hi1), d, row + 4 * stride, stride);
                twoRows((ShortVector) SHORTS.invokeExact(ODD_SHORTS, hi0, hi1), d, row + 6 * stride, stride);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /**
     * {@link #longsToRowsBySelect} with the rows split from the byte pairs by selects as well, 2M elements a step:
     * byte pair k of the first and of the second M elements (two short vectors) make rows 2k and 2k + 1, their even
     * and odd bytes.
     */
    private static void longsToRowsByByteSelect(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                                int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        long vectorBytes = I.vectorByteSize();
        try {
            for (int i = 0; i < whole; i += 2 * M) {
                long at = from + 8L * i;
                Vector<Integer> o0 = IntVector.fromMemorySegment(I, s, at, LE);
                Vector<Integer> o1 = IntVector.fromMemorySegment(I, s, at + vectorBytes, LE);
                Vector<Integer> o2 = IntVector.fromMemorySegment(I, s, at + 2 * vectorBytes, LE);
                Vector<Integer> o3 = IntVector.fromMemorySegment(I, s, at + 3 * vectorBytes, LE);
                Vector<Short> lo0 = ((IntVector) INTS.invokeExact(EVEN_INTS, o0, o1)).reinterpretAsShorts();
                Vector<Short> hi0 = ((IntVector) INTS.invokeExact(ODD_INTS, o0, o1)).reinterpretAsShorts();
                Vector<Short> lo1 = ((IntVector) INTS.invokeExact(EVEN_INTS, o2, o3)).reinterpretAsShorts();
                Vector<Short> hi1 = ((IntVector) INTS.invokeExact(ODD_INTS, o2, o3)).reinterpretAsShorts();
                Vector<Byte> a0 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, lo0, lo1)).reinterpretAsBytes();
                Vector<Byte> a1 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, lo0, lo1)).reinterpretAsBytes();
                Vector<Byte> a2 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, hi0, hi1)).reinterpretAsBytes();
                Vector<Byte> a3 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, hi0, hi1)).reinterpretAsBytes();
                at += 8L * M;
                o0 = IntVector.fromMemorySegment(I, s, at, LE);
                o1 = IntVector.fromMemorySegment(I, s, at + vectorBytes, LE);
                o2 = IntVector.fromMemorySegment(I, s, at + 2 * vectorBytes, LE);
                o3 = IntVector.fromMemorySegment(I, s, at + 3 * vectorBytes, LE);
                lo0 = ((IntVector) INTS.invokeExact(EVEN_INTS, o0, o1)).reinterpretAsShorts();
                hi0 = ((IntVector) INTS.invokeExact(ODD_INTS, o0, o1)).reinterpretAsShorts();
                lo1 = ((IntVector) INTS.invokeExact(EVEN_INTS, o2, o3)).reinterpretAsShorts();
                hi1 = ((IntVector) INTS.invokeExact(ODD_INTS, o2, o3)).reinterpretAsShorts();
                Vector<Byte> b0 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, lo0, lo1)).reinterpretAsBytes();
                Vector<Byte> b1 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, lo0, lo1)).reinterpretAsBytes();
                Vector<Byte> b2 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, hi0, hi1)).reinterpretAsBytes();
                Vector<Byte> b3 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, hi0, hi1)).reinterpretAsBytes();
                long row = to + i;
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, a0, b0)).intoMemorySegment(d, row, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, a0, b0)).intoMemorySegment(d, row + stride, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, a1, b1)).intoMemorySegment(d, row + 2 * stride, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, a1, b1)).intoMemorySegment(d, row + 3 * stride, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, a2, b2)).intoMemorySegment(d, row + 4 * stride, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, a2, b2)).intoMemorySegment(d, row + 5 * stride, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, a3, b3)).intoMemorySegment(d, row + 6 * stride, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, a3, b3)).intoMemorySegment(d, row + 7 * stride, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /** The low bytes of the shorts {@code p} at {@code d[at]}, their high bytes at {@code d[at + stride]}. */
    private static void twoRows(ShortVector p, MemorySegment d, long at, long stride) {
        p.convertShape(S2B, B, 0).intoMemorySegment(d, at, LE);
        p.lanewise(LSHR, 8).convertShape(S2B, B, 0).intoMemorySegment(d, at + stride, LE);
    }

    private static void longsToRowsByShifts(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                            int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        int step = L.length();
        for (int i = 0; i < whole; i += step) {
            LongVector x = LongVector.fromMemorySegment(L, s, from + 8L * i, LE);
            long at = to + i;
            x.convertShape(L2B, BL, 0).intoMemorySegment(d, at, LE);
            x.lanewise(LSHR, 8).convertShape(L2B, BL, 0).intoMemorySegment(d, at + stride, LE);
            x.lanewise(LSHR, 16).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 2 * stride, LE);
            x.lanewise(LSHR, 24).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 3 * stride, LE);
            x.lanewise(LSHR, 32).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 4 * stride, LE);
            x.lanewise(LSHR, 40).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 5 * stride, LE);
            x.lanewise(LSHR, 48).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 6 * stride, LE);
            x.lanewise(LSHR, 56).convertShape(L2B, BL, 0).intoMemorySegment(d, at + 7 * stride, LE);
        }
    }
}
