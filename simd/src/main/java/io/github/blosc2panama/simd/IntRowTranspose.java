package io.github.blosc2panama.simd;

import static io.github.blosc2panama.simd.TwoVectorSelect.BYTES;
import static io.github.blosc2panama.simd.TwoVectorSelect.SHORTS;
import static io.github.blosc2panama.simd.TwoVectorSelect.indexes;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The byte shuffle of typesizes 2 and 4 by 512-bit two-vector selects, 64 elements a step: byte rows zipped into
 * shorts (two rows) and those into ints (four rows), and the ints and shorts split back into rows by their even and
 * odd shorts and bytes. On AVX-512 VBMI each select is one instruction, where {@link LaneTranspose}'s widening and
 * narrowing conversions need a conversion and a shift per row per vector: the unshuffle of typesize 4 does 8
 * instructions per 256 bytes instead of about 16. Used by {@link LaneTranspose} when {@link #USABLE} (the same
 * condition as {@link LongRowTranspose#BYTE_SELECTS}).
 *
 * <p>{@link #intsToRows} takes two steps a turn ({@link #INT_STEP} elements): written one step a turn (and unrolled
 * by C2 all the same), it shuffled 256 KiB pieces at 49-50 GB/s in every JVM against 55-57. Not the other three:
 * {@link #rowsToInts} two steps a turn unshuffled the same pieces faster (56-58 GB/s against 48-58) but decompressed
 * typesize-4 chunks 2-4 % slower, whichever way the two steps were written; typesize 2 gained nothing.
 *
 * <p>Callers pass native segments and a multiple of {@link #STEP} elements ({@link #INT_STEP} to
 * {@link #intsToRows}); no argument checks: callers have done them.
 */
final class IntRowTranspose {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** Whether this runs here: 512-bit kernel vectors, two-vector selects, AVX-512 VBMI. */
    static final boolean USABLE = LongRowTranspose.BYTE_SELECTS;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
    private static final VectorSpecies<Short> S = ShortVector.SPECIES_512;
    /** Elements per step: the lanes of a byte vector. */
    static final int STEP = B.length();
    /** Elements per turn of {@link #intsToRows}: two steps (see the class comment). */
    static final int INT_STEP = 2 * STEP;

    // Two-vector selects over the concatenation (a, b): zips of the first and of the second halves, even and odd lanes
    private static final ByteVector ZIP_BYTES_LO = (ByteVector) indexes(B, t -> (t % 2) * STEP + t / 2);
    private static final ByteVector ZIP_BYTES_HI = (ByteVector) indexes(B, t -> (t % 2) * STEP + t / 2 + STEP / 2);
    private static final ByteVector EVEN_BYTES = (ByteVector) indexes(B, t -> 2 * t);
    private static final ByteVector ODD_BYTES = (ByteVector) indexes(B, t -> 2 * t + 1);
    private static final ShortVector ZIP_SHORTS_LO = (ShortVector) indexes(S, t -> (t % 2) * (STEP / 2) + t / 2);
    private static final ShortVector ZIP_SHORTS_HI
            = (ShortVector) indexes(S, t -> (t % 2) * (STEP / 2) + t / 2 + STEP / 4);
    private static final ShortVector EVEN_SHORTS = (ShortVector) indexes(S, t -> 2 * t);
    private static final ShortVector ODD_SHORTS = (ShortVector) indexes(S, t -> 2 * t + 1);

    private IntRowTranspose() {
    }

    /** Shorts {@code r0[i] | r1[i] << 8} at {@code d[to + 2i]}, rows at {@code s[from]}, {@code s[from + stride]}. */
    static void rowsToShorts(MemorySegment s, long from, long stride, MemorySegment d, long to, int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += STEP) {
                Vector<Byte> r0 = ByteVector.fromMemorySegment(B, s, from + i, LE);
                Vector<Byte> r1 = ByteVector.fromMemorySegment(B, s, from + stride + i, LE);
                long o = to + 2L * i;
                ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, r0, r1)).intoMemorySegment(d, o, LE);
                ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, r0, r1)).intoMemorySegment(d, o + STEP, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /** Inverse of {@link #rowsToShorts}: shorts at {@code s[from + 2i]} to the 2 byte rows at {@code d[to]}. */
    static void shortsToRows(MemorySegment s, long from, MemorySegment d, long to, long stride, int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += STEP) {
                long at = from + 2L * i;
                Vector<Byte> v0 = ByteVector.fromMemorySegment(B, s, at, LE);
                Vector<Byte> v1 = ByteVector.fromMemorySegment(B, s, at + STEP, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, v0, v1)).intoMemorySegment(d, to + i, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, v0, v1)).intoMemorySegment(d, to + stride + i, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /**
     * Ints from 4 byte rows in two places at {@code d[to + 4i]}: rows 0-1 at {@code a[aFrom + k * aStride]}, rows 2-3
     * at {@code b[bFrom + (k - 2) * bStride]} (two segments at most: see {@code LongRowTranspose}).
     */
    static void rowsToInts(MemorySegment a, long aFrom, long aStride, MemorySegment b, long bFrom, long bStride,
                           MemorySegment d, long to, int whole) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += STEP) {
                long at = aFrom + i;
                long bt = bFrom + i;
                Vector<Byte> r0 = ByteVector.fromMemorySegment(B, a, at, LE);
                Vector<Byte> r1 = ByteVector.fromMemorySegment(B, a, at + aStride, LE);
                Vector<Byte> r2 = ByteVector.fromMemorySegment(B, b, bt, LE);
                Vector<Byte> r3 = ByteVector.fromMemorySegment(B, b, bt + bStride, LE);
                Vector<Short> lo0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, r0, r1)).reinterpretAsShorts();
                Vector<Short> lo1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, r0, r1)).reinterpretAsShorts();
                Vector<Short> hi0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, r2, r3)).reinterpretAsShorts();
                Vector<Short> hi1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, r2, r3)).reinterpretAsShorts();
                long o = to + 4L * i;
                ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, lo0, hi0)).intoMemorySegment(d, o, LE);
                ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, lo0, hi0)).intoMemorySegment(d, o + STEP, LE);
                ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, lo1, hi1)).intoMemorySegment(d, o + 2 * STEP, LE);
                ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, lo1, hi1)).intoMemorySegment(d, o + 3 * STEP, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }

    /** Inverse of {@link #rowsToInts}: ints at {@code s[from + 4i]} to the 4 byte rows at {@code d[to]}. */
    static void intsToRows(MemorySegment s, long from, MemorySegment d, long to, long stride, int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += INT_STEP) {
                long at = from + 4L * i;
                Vector<Short> v0 = ShortVector.fromMemorySegment(S, s, at, LE);
                Vector<Short> v1 = ShortVector.fromMemorySegment(S, s, at + STEP, LE);
                Vector<Short> v2 = ShortVector.fromMemorySegment(S, s, at + 2 * STEP, LE);
                Vector<Short> v3 = ShortVector.fromMemorySegment(S, s, at + 3 * STEP, LE);
                at += 4 * STEP;
                Vector<Short> w0 = ShortVector.fromMemorySegment(S, s, at, LE);
                Vector<Short> w1 = ShortVector.fromMemorySegment(S, s, at + STEP, LE);
                Vector<Short> w2 = ShortVector.fromMemorySegment(S, s, at + 2 * STEP, LE);
                Vector<Short> w3 = ShortVector.fromMemorySegment(S, s, at + 3 * STEP, LE);
                Vector<Byte> lo0 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, v0, v1)).reinterpretAsBytes();
                Vector<Byte> hi0 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, v0, v1)).reinterpretAsBytes();
                Vector<Byte> lo1 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, v2, v3)).reinterpretAsBytes();
                Vector<Byte> hi1 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, v2, v3)).reinterpretAsBytes();
                long row = to + i;
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, lo0, lo1)).intoMemorySegment(d, row, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, lo0, lo1)).intoMemorySegment(d, row + stride, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, hi0, hi1)).intoMemorySegment(d, row + 2 * stride, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, hi0, hi1)).intoMemorySegment(d, row + 3 * stride, LE);
                lo0 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, w0, w1)).reinterpretAsBytes();
                hi0 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, w0, w1)).reinterpretAsBytes();
                lo1 = ((ShortVector) SHORTS.invokeExact(EVEN_SHORTS, w2, w3)).reinterpretAsBytes();
                hi1 = ((ShortVector) SHORTS.invokeExact(ODD_SHORTS, w2, w3)).reinterpretAsBytes();
                row += STEP;
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, lo0, lo1)).intoMemorySegment(d, row, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, lo0, lo1)).intoMemorySegment(d, row + stride, LE);
                ((ByteVector) BYTES.invokeExact(EVEN_BYTES, hi0, hi1)).intoMemorySegment(d, row + 2 * stride, LE);
                ((ByteVector) BYTES.invokeExact(ODD_BYTES, hi0, hi1)).intoMemorySegment(d, row + 3 * stride, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }
}
