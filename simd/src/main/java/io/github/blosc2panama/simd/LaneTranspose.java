package io.github.blosc2panama.simd;

import static jdk.incubator.vector.VectorOperators.I2B;
import static jdk.incubator.vector.VectorOperators.L2S;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.S2B;
import static jdk.incubator.vector.VectorOperators.ZERO_EXTEND_B2I;
import static jdk.incubator.vector.VectorOperators.ZERO_EXTEND_B2S;
import static jdk.incubator.vector.VectorOperators.ZERO_EXTEND_S2L;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API building blocks of the byte shuffle: rows of narrow lanes joined into a stream of wider lanes
 * (zero-extending conversions, shifts and ors), and the inverse split (shifts and truncating conversions). For
 * example {@link #rowsToInts} turns 4 byte rows {@code r0..r3} into the little-endian ints
 * {@code r0[i] | r1[i] << 8 | r2[i] << 16 | r3[i] << 24}, which is exactly an unshuffle of typesize 4.
 *
 * <p>Every method works on {@code n} items at any offsets (rows or streams {@code stride} bytes apart) and finishes
 * the items after the last whole vector step with scalar code. The wide vectors have the kernel shape
 * ({@link #SHAPE}); the narrow side needs at least 64 bits, so below 256 bits one narrow vector may cover several
 * wide ones: those widths take the {@code *Parts} loops ({@code convertShape} parts), the others the plain loops.
 * The loops are small, int-counted and separate on purpose: that is what C2 compiles to straight vector code.
 * Callers pass native segments only: short, int and long vector accesses to heap segments over {@code byte[]} are
 * not intrinsified (about 40x slower), and going through byte vectors plus reinterpretation costs native segments 3x
 * ({@link ShuffleVector} stages heap data through native scratch instead). Each loop types its segments as native
 * for the compiler ({@link NativeSegments}). With 512-bit vectors and AVX-512 VBMI, the byte rows of typesizes 2 and
 * 4 go through {@link IntRowTranspose}'s selects instead.
 */
final class LaneTranspose {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** Shape of the wide vectors: {@code -Dblosc2.simd.bits} when set (tests), else the preferred shape. */
    static final VectorShape SHAPE = shape();

    private static final VectorSpecies<Short> S = ShortVector.SPECIES_64.withShape(SHAPE);
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_64.withShape(SHAPE);
    private static final VectorSpecies<Long> L = LongVector.SPECIES_64.withShape(SHAPE);
    /** Narrow species holding at least one wide vector's lanes, and how many wide vectors that is. */
    private static final VectorSpecies<Byte> BS = narrow(byte.class, S.length());
    private static final VectorSpecies<Byte> BI = narrow(byte.class, I.length());
    private static final VectorSpecies<Short> SL = narrow(short.class, L.length());
    private static final int PBS = BS.length() / S.length();
    private static final int PBI = BI.length() / I.length();
    private static final int PSL = SL.length() / L.length();

    /** Interleaving of two long vectors (first and second half) and its inverse (even and odd lanes). */
    private static final VectorShuffle<Long> ZIP_LO = VectorShuffle.fromOp(L, t -> (t % 2) * L.length() + t / 2);
    private static final VectorShuffle<Long> ZIP_HI =
            VectorShuffle.fromOp(L, t -> (t % 2) * L.length() + t / 2 + L.length() / 2);
    private static final VectorShuffle<Long> EVEN = VectorShuffle.fromOp(L, t -> 2 * t);
    private static final VectorShuffle<Long> ODD = VectorShuffle.fromOp(L, t -> 2 * t + 1);

    private LaneTranspose() {
    }

    private static VectorShape shape() {
        String forced = System.getProperty("blosc2.simd.bits", "");
        return forced.isBlank() ? VectorShape.preferredShape()
                : VectorShape.forBitSize(Integer.parseInt(forced.trim()));
    }

    private static <E> VectorSpecies<E> narrow(Class<E> lane, int lanes) {
        int bits = lanes * (lane == byte.class ? 8 : 16);
        return VectorSpecies.of(lane, VectorShape.forBitSize(Math.max(64, bits)));
    }

    // ---- rows of bytes -> shorts ----

    /** Shorts {@code r0[i] | r1[i] << 8} at {@code d[to + 2i]}; rows at {@code s[from]} and {@code s[from + stride]}. */
    static void rowsToShorts(MemorySegment s, long from, long stride, MemorySegment d, long to, int n) {
        int whole;
        if (IntRowTranspose.USABLE) {
            whole = n - n % IntRowTranspose.STEP;
            IntRowTranspose.rowsToShorts(s, from, stride, d, to, whole);
        } else if (PBS == 1) {
            whole = n - n % BS.length();
            rowsToShortsVectors(s, from, stride, d, to, whole);
        } else {
            whole = n - n % BS.length();
            rowsToShortsParts(s, from, stride, d, to, whole);
        }
        for (int i = whole; i < n; i++) {
            int v = (s.get(BYTE, from + i) & 0xFF) | (s.get(BYTE, from + stride + i) & 0xFF) << 8;
            d.set(SHORT, to + 2L * i, (short) v);
        }
    }

    private static void rowsToShortsVectors(MemorySegment s, long from, long stride, MemorySegment d, long to,
                                            int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BS.length()) {
            ShortVector x = (ShortVector) ByteVector.fromMemorySegment(BS, s, from + i, LE)
                    .convertShape(ZERO_EXTEND_B2S, S, 0);
            ShortVector y = (ShortVector) ByteVector.fromMemorySegment(BS, s, from + stride + i, LE)
                    .convertShape(ZERO_EXTEND_B2S, S, 0);
            x.or(y.lanewise(LSHL, 8)).intoMemorySegment(d, to + 2L * i, LE);
        }
    }

    private static void rowsToShortsParts(MemorySegment s, long from, long stride, MemorySegment d, long to,
                                          int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BS.length()) {
            ByteVector a = ByteVector.fromMemorySegment(BS, s, from + i, LE);
            ByteVector b = ByteVector.fromMemorySegment(BS, s, from + stride + i, LE);
            for (int p = 0; p < PBS; p++) {
                ShortVector x = (ShortVector) a.convertShape(ZERO_EXTEND_B2S, S, p);
                ShortVector y = (ShortVector) b.convertShape(ZERO_EXTEND_B2S, S, p);
                x.or(y.lanewise(LSHL, 8)).intoMemorySegment(d, to + 2L * (i + p * S.length()), LE);
            }
        }
    }

    // ---- rows of bytes -> ints ----

    /** Ints from the 4 byte rows at {@code s[from + k * stride]} (k = 0..3) at {@code d[to + 4i]}. */
    static void rowsToInts(MemorySegment s, long from, long stride, MemorySegment d, long to, int n) {
        rowsToInts(s, from, stride, s, from + 2 * stride, stride, d, to, n);
    }

    /**
     * Ints from 4 byte rows in two places at {@code d[to + 4i]}: rows 0-1 at {@code a[aFrom + k * aStride]}, rows 2-3
     * at {@code b[bFrom + (k - 2) * bStride]} (two segments at most: see {@link LongRowTranspose}).
     */
    static void rowsToInts(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom, long bStride,
                           MemorySegment d, long to, int n) {
        int whole;
        if (IntRowTranspose.USABLE) {
            whole = n - n % IntRowTranspose.STEP;
            IntRowTranspose.rowsToInts(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        } else if (PBI == 1) {
            whole = n - n % BI.length();
            rowsToIntsVectors(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        } else {
            whole = n - n % BI.length();
            rowsToIntsParts(a, aFrom, aStride, b, bFrom, bStride, d, to, whole);
        }
        ShuffleScalar.unshuffleSplitRows(4, a, aFrom, aStride, b, bFrom, bStride, whole, n - whole, d, to + 4L * whole);
    }

    private static void rowsToIntsVectors(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom,
                                          long bStride, MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BI.length()) {
            IntVector w = (IntVector) ByteVector.fromMemorySegment(BI, a, aFrom + i, LE)
                    .convertShape(ZERO_EXTEND_B2I, I, 0);
            IntVector x = (IntVector) ByteVector.fromMemorySegment(BI, a, aFrom + aStride + i, LE)
                    .convertShape(ZERO_EXTEND_B2I, I, 0);
            IntVector y = (IntVector) ByteVector.fromMemorySegment(BI, b, bFrom + i, LE)
                    .convertShape(ZERO_EXTEND_B2I, I, 0);
            IntVector z = (IntVector) ByteVector.fromMemorySegment(BI, b, bFrom + bStride + i, LE)
                    .convertShape(ZERO_EXTEND_B2I, I, 0);
            w.or(x.lanewise(LSHL, 8)).or(y.lanewise(LSHL, 16)).or(z.lanewise(LSHL, 24))
                    .intoMemorySegment(d, to + 4L * i, LE);
        }
    }

    private static void rowsToIntsParts(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom,
                                        long bStride, MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BI.length()) {
            ByteVector r0 = ByteVector.fromMemorySegment(BI, a, aFrom + i, LE);
            ByteVector r1 = ByteVector.fromMemorySegment(BI, a, aFrom + aStride + i, LE);
            ByteVector r2 = ByteVector.fromMemorySegment(BI, b, bFrom + i, LE);
            ByteVector r3 = ByteVector.fromMemorySegment(BI, b, bFrom + bStride + i, LE);
            for (int p = 0; p < PBI; p++) {
                IntVector w = (IntVector) r0.convertShape(ZERO_EXTEND_B2I, I, p);
                IntVector x = (IntVector) r1.convertShape(ZERO_EXTEND_B2I, I, p);
                IntVector y = (IntVector) r2.convertShape(ZERO_EXTEND_B2I, I, p);
                IntVector z = (IntVector) r3.convertShape(ZERO_EXTEND_B2I, I, p);
                w.or(x.lanewise(LSHL, 8)).or(y.lanewise(LSHL, 16)).or(z.lanewise(LSHL, 24))
                        .intoMemorySegment(d, to + 4L * (i + p * I.length()), LE);
            }
        }
    }

    // ---- short streams -> longs ----

    /** Longs from the 4 short streams at {@code s[from + k * stride]} (k = 0..3) at {@code d[to + 8i]}. */
    static void shortsToLongs(MemorySegment s, long from, long stride, MemorySegment d, long to, int n) {
        int whole = n - n % SL.length();
        if (PSL == 1) {
            shortsToLongsVectors(s, from, stride, d, to, whole);
        } else {
            shortsToLongsParts(s, from, stride, d, to, whole);
        }
        for (int i = whole; i < n; i++) {
            long v = (s.get(SHORT, from + 2L * i) & 0xFFFFL) | (s.get(SHORT, from + stride + 2L * i) & 0xFFFFL) << 16
                    | (s.get(SHORT, from + 2 * stride + 2L * i) & 0xFFFFL) << 32
                    | (s.get(SHORT, from + 3 * stride + 2L * i) & 0xFFFFL) << 48;
            d.set(LONG, to + 8L * i, v);
        }
    }

    private static void shortsToLongsVectors(MemorySegment s, long from, long stride, MemorySegment d, long to,
                                             int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += SL.length()) {
            LongVector w = (LongVector) ShortVector.fromMemorySegment(SL, s, from + 2L * i, LE)
                    .convertShape(ZERO_EXTEND_S2L, L, 0);
            LongVector x = (LongVector) ShortVector.fromMemorySegment(SL, s, from + stride + 2L * i, LE)
                    .convertShape(ZERO_EXTEND_S2L, L, 0);
            LongVector y = (LongVector) ShortVector.fromMemorySegment(SL, s, from + 2 * stride + 2L * i, LE)
                    .convertShape(ZERO_EXTEND_S2L, L, 0);
            LongVector z = (LongVector) ShortVector.fromMemorySegment(SL, s, from + 3 * stride + 2L * i, LE)
                    .convertShape(ZERO_EXTEND_S2L, L, 0);
            w.or(x.lanewise(LSHL, 16)).or(y.lanewise(LSHL, 32)).or(z.lanewise(LSHL, 48))
                    .intoMemorySegment(d, to + 8L * i, LE);
        }
    }

    private static void shortsToLongsParts(MemorySegment s, long from, long stride, MemorySegment d, long to,
                                           int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += SL.length()) {
            ShortVector a = ShortVector.fromMemorySegment(SL, s, from + 2L * i, LE);
            ShortVector b = ShortVector.fromMemorySegment(SL, s, from + stride + 2L * i, LE);
            ShortVector c = ShortVector.fromMemorySegment(SL, s, from + 2 * stride + 2L * i, LE);
            ShortVector e = ShortVector.fromMemorySegment(SL, s, from + 3 * stride + 2L * i, LE);
            for (int p = 0; p < PSL; p++) {
                LongVector w = (LongVector) a.convertShape(ZERO_EXTEND_S2L, L, p);
                LongVector x = (LongVector) b.convertShape(ZERO_EXTEND_S2L, L, p);
                LongVector y = (LongVector) c.convertShape(ZERO_EXTEND_S2L, L, p);
                LongVector z = (LongVector) e.convertShape(ZERO_EXTEND_S2L, L, p);
                w.or(x.lanewise(LSHL, 16)).or(y.lanewise(LSHL, 32)).or(z.lanewise(LSHL, 48))
                        .intoMemorySegment(d, to + 8L * (i + p * L.length()), LE);
            }
        }
    }

    // ---- shorts -> rows of bytes ----

    /** Inverse of {@link #rowsToShorts}: shorts at {@code s[from + 2i]} to the byte rows at {@code d[to]}. */
    static void shortsToRows(MemorySegment s, long from, MemorySegment d, long to, long stride, int n) {
        int whole;
        if (IntRowTranspose.USABLE) {
            whole = n - n % IntRowTranspose.STEP;
            IntRowTranspose.shortsToRows(s, from, d, to, stride, whole);
        } else if (PBS == 1) {
            whole = n - n % BS.length();
            shortsToRowsVectors(s, from, d, to, stride, whole);
        } else {
            whole = n - n % BS.length();
            shortsToRowsParts(s, from, d, to, stride, whole);
        }
        for (int i = whole; i < n; i++) {
            short v = s.get(SHORT, from + 2L * i);
            d.set(BYTE, to + i, (byte) v);
            d.set(BYTE, to + stride + i, (byte) (v >>> 8));
        }
    }

    private static void shortsToRowsVectors(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                            int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BS.length()) {
            ShortVector v = ShortVector.fromMemorySegment(S, s, from + 2L * i, LE);
            v.convertShape(S2B, BS, 0).intoMemorySegment(d, to + i, LE);
            v.lanewise(LSHR, 8).convertShape(S2B, BS, 0).intoMemorySegment(d, to + stride + i, LE);
        }
    }

    private static void shortsToRowsParts(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                          int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BS.length()) {
            ByteVector lo = ByteVector.zero(BS);
            ByteVector hi = ByteVector.zero(BS);
            for (int p = 0; p < PBS; p++) {
                ShortVector v = ShortVector.fromMemorySegment(S, s, from + 2L * (i + p * S.length()), LE);
                lo = lo.or((ByteVector) v.convertShape(S2B, BS, -p));
                hi = hi.or((ByteVector) v.lanewise(LSHR, 8).convertShape(S2B, BS, -p));
            }
            lo.intoMemorySegment(d, to + i, LE);
            hi.intoMemorySegment(d, to + stride + i, LE);
        }
    }

    // ---- ints -> rows of bytes ----

    /** Inverse of {@link #rowsToInts}: ints at {@code s[from + 4i]} to the 4 byte rows at {@code d[to]}. */
    static void intsToRows(MemorySegment s, long from, MemorySegment d, long to, long stride, int n) {
        int whole;
        if (IntRowTranspose.USABLE) {
            whole = n - n % IntRowTranspose.INT_STEP;
            IntRowTranspose.intsToRows(s, from, d, to, stride, whole);
        } else if (PBI == 1) {
            whole = n - n % BI.length();
            intsToRowsVectors(s, from, d, to, stride, whole);
        } else {
            whole = n - n % BI.length();
            intsToRowsParts(s, from, d, to, stride, whole);
        }
        for (int i = whole; i < n; i++) {
            int v = s.get(INT, from + 4L * i);
            d.set(BYTE, to + i, (byte) v);
            d.set(BYTE, to + stride + i, (byte) (v >>> 8));
            d.set(BYTE, to + 2 * stride + i, (byte) (v >>> 16));
            d.set(BYTE, to + 3 * stride + i, (byte) (v >>> 24));
        }
    }

    private static void intsToRowsVectors(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                          int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BI.length()) {
            IntVector v = IntVector.fromMemorySegment(I, s, from + 4L * i, LE);
            v.convertShape(I2B, BI, 0).intoMemorySegment(d, to + i, LE);
            v.lanewise(LSHR, 8).convertShape(I2B, BI, 0).intoMemorySegment(d, to + stride + i, LE);
            v.lanewise(LSHR, 16).convertShape(I2B, BI, 0).intoMemorySegment(d, to + 2 * stride + i, LE);
            v.lanewise(LSHR, 24).convertShape(I2B, BI, 0).intoMemorySegment(d, to + 3 * stride + i, LE);
        }
    }

    private static void intsToRowsParts(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                        int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += BI.length()) {
            ByteVector b0 = ByteVector.zero(BI);
            ByteVector b1 = ByteVector.zero(BI);
            ByteVector b2 = ByteVector.zero(BI);
            ByteVector b3 = ByteVector.zero(BI);
            for (int p = 0; p < PBI; p++) {
                IntVector v = IntVector.fromMemorySegment(I, s, from + 4L * (i + p * I.length()), LE);
                b0 = b0.or((ByteVector) v.convertShape(I2B, BI, -p));
                b1 = b1.or((ByteVector) v.lanewise(LSHR, 8).convertShape(I2B, BI, -p));
                b2 = b2.or((ByteVector) v.lanewise(LSHR, 16).convertShape(I2B, BI, -p));
                b3 = b3.or((ByteVector) v.lanewise(LSHR, 24).convertShape(I2B, BI, -p));
            }
            b0.intoMemorySegment(d, to + i, LE);
            b1.intoMemorySegment(d, to + stride + i, LE);
            b2.intoMemorySegment(d, to + 2 * stride + i, LE);
            b3.intoMemorySegment(d, to + 3 * stride + i, LE);
        }
    }

    // ---- longs -> short streams ----

    /** Inverse of {@link #shortsToLongs}: longs at {@code s[from + 8i]} to the 4 short streams at {@code d[to]}. */
    static void longsToShorts(MemorySegment s, long from, MemorySegment d, long to, long stride, int n) {
        int whole = n - n % SL.length();
        if (PSL == 1) {
            longsToShortsVectors(s, from, d, to, stride, whole);
        } else {
            longsToShortsParts(s, from, d, to, stride, whole);
        }
        for (int i = whole; i < n; i++) {
            long v = s.get(LONG, from + 8L * i);
            d.set(SHORT, to + 2L * i, (short) v);
            d.set(SHORT, to + stride + 2L * i, (short) (v >>> 16));
            d.set(SHORT, to + 2 * stride + 2L * i, (short) (v >>> 32));
            d.set(SHORT, to + 3 * stride + 2L * i, (short) (v >>> 48));
        }
    }

    private static void longsToShortsVectors(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                             int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += SL.length()) {
            LongVector v = LongVector.fromMemorySegment(L, s, from + 8L * i, LE);
            v.convertShape(L2S, SL, 0).intoMemorySegment(d, to + 2L * i, LE);
            v.lanewise(LSHR, 16).convertShape(L2S, SL, 0).intoMemorySegment(d, to + stride + 2L * i, LE);
            v.lanewise(LSHR, 32).convertShape(L2S, SL, 0).intoMemorySegment(d, to + 2 * stride + 2L * i, LE);
            v.lanewise(LSHR, 48).convertShape(L2S, SL, 0).intoMemorySegment(d, to + 3 * stride + 2L * i, LE);
        }
    }

    private static void longsToShortsParts(MemorySegment s, long from, MemorySegment d, long to, long stride,
                                           int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        for (int i = 0; i < whole; i += SL.length()) {
            ShortVector q0 = ShortVector.zero(SL);
            ShortVector q1 = ShortVector.zero(SL);
            ShortVector q2 = ShortVector.zero(SL);
            ShortVector q3 = ShortVector.zero(SL);
            for (int p = 0; p < PSL; p++) {
                LongVector v = LongVector.fromMemorySegment(L, s, from + 8L * (i + p * L.length()), LE);
                q0 = q0.or((ShortVector) v.convertShape(L2S, SL, -p));
                q1 = q1.or((ShortVector) v.lanewise(LSHR, 16).convertShape(L2S, SL, -p));
                q2 = q2.or((ShortVector) v.lanewise(LSHR, 32).convertShape(L2S, SL, -p));
                q3 = q3.or((ShortVector) v.lanewise(LSHR, 48).convertShape(L2S, SL, -p));
            }
            q0.intoMemorySegment(d, to + 2L * i, LE);
            q1.intoMemorySegment(d, to + stride + 2L * i, LE);
            q2.intoMemorySegment(d, to + 2 * stride + 2L * i, LE);
            q3.intoMemorySegment(d, to + 3 * stride + 2L * i, LE);
        }
    }

    // ---- two long streams <-> 16-byte items ----

    /** 16-byte items {@code a[i], b[i]} (longs at {@code s[from + 8i]} and {@code s[from + stride + 8i]}) at d[to]. */
    static void zipLongs(MemorySegment s, long from, long stride, MemorySegment d, long to, int n) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        int k = L.length();
        int whole = k < 2 ? 0 : n - n % k;
        for (int i = 0; i < whole; i += k) {
            LongVector x = LongVector.fromMemorySegment(L, s, from + 8L * i, LE);
            LongVector y = LongVector.fromMemorySegment(L, s, from + stride + 8L * i, LE);
            x.rearrange(ZIP_LO, y).intoMemorySegment(d, to + 16L * i, LE);
            x.rearrange(ZIP_HI, y).intoMemorySegment(d, to + 16L * i + 8L * k, LE);
        }
        for (int i = whole; i < n; i++) {
            d.set(LONG, to + 16L * i, s.get(LONG, from + 8L * i));
            d.set(LONG, to + 16L * i + 8, s.get(LONG, from + stride + 8L * i));
        }
    }

    /** Inverse of {@link #zipLongs}: 16-byte items at s[from] to the two long streams at {@code d[to]}. */
    static void unzipLongs(MemorySegment s, long from, MemorySegment d, long to, long stride, int n) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        int k = L.length();
        int whole = k < 2 ? 0 : n - n % k;
        for (int i = 0; i < whole; i += k) {
            LongVector p = LongVector.fromMemorySegment(L, s, from + 16L * i, LE);
            LongVector q = LongVector.fromMemorySegment(L, s, from + 16L * i + 8L * k, LE);
            p.rearrange(EVEN, q).intoMemorySegment(d, to + 8L * i, LE);
            p.rearrange(ODD, q).intoMemorySegment(d, to + stride + 8L * i, LE);
        }
        for (int i = whole; i < n; i++) {
            d.set(LONG, to + 8L * i, s.get(LONG, from + 16L * i));
            d.set(LONG, to + stride + 8L * i, s.get(LONG, from + 16L * i + 8));
        }
    }
}
