package io.github.blosc2panama.simd;

import static io.github.blosc2panama.simd.TwoVectorSelect.BYTES;
import static io.github.blosc2panama.simd.TwoVectorSelect.INTS;
import static io.github.blosc2panama.simd.TwoVectorSelect.LONGS;
import static io.github.blosc2panama.simd.TwoVectorSelect.SHORTS;
import static io.github.blosc2panama.simd.TwoVectorSelect.indexes;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The byte unshuffle of typesize 16 in one pass, 64 elements a step: the 16 byte rows zipped into the two long
 * halves of the elements as {@link LongRowTranspose} zips 8 rows into longs (bytes, shorts, then ints, by 512-bit
 * two-vector selects), and the two halves zipped into the 16-byte elements by long selects before they are stored.
 * Through two long streams in a scratch and a second pass that zips them ({@code LaneTranspose.zipLongs}) it ran at
 * 0.82 of C-Blosc2's rate (that pass took a third of the time).
 *
 * <p>Used by {@link ShuffleVector} when {@link #USABLE}. Native segments only, a multiple of {@link #STEP} elements;
 * no argument checks: callers have done them.
 */
final class PairRowTranspose {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** Whether this runs here: 512-bit kernel vectors, two-vector selects, AVX-512 VBMI. */
    static final boolean USABLE = LongRowTranspose.BYTE_SELECTS;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
    private static final VectorSpecies<Short> S = ShortVector.SPECIES_512;
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_512;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_512;
    /** Elements per step: the lanes of a byte vector. */
    static final int STEP = B.length();

    // Two-vector selects over the concatenation (a, b): zips of the first and of the second halves
    private static final ByteVector ZIP_BYTES_LO = (ByteVector) indexes(B, t -> (t % 2) * 64 + t / 2);
    private static final ByteVector ZIP_BYTES_HI = (ByteVector) indexes(B, t -> (t % 2) * 64 + t / 2 + 32);
    private static final ShortVector ZIP_SHORTS_LO = (ShortVector) indexes(S, t -> (t % 2) * 32 + t / 2);
    private static final ShortVector ZIP_SHORTS_HI = (ShortVector) indexes(S, t -> (t % 2) * 32 + t / 2 + 16);
    private static final IntVector ZIP_INTS_LO = (IntVector) indexes(I, t -> (t % 2) * 16 + t / 2);
    private static final IntVector ZIP_INTS_HI = (IntVector) indexes(I, t -> (t % 2) * 16 + t / 2 + 8);
    private static final LongVector ZIP_LONGS_LO = (LongVector) indexes(L, t -> (t % 2) * 8 + t / 2);
    private static final LongVector ZIP_LONGS_HI = (LongVector) indexes(L, t -> (t % 2) * 8 + t / 2 + 4);

    private PairRowTranspose() {
    }

    /**
     * The 16-byte elements at {@code d[to + 16i]} whose byte {@code k} is {@code s[from + k * stride + i]}, for
     * {@code whole} elements (a multiple of {@link #STEP}).
     */
    static void rowsToPairs(MemorySegment s, long from, long stride, MemorySegment d, long to, int whole) {
        s = NativeSegments.typed(s);
        d = NativeSegments.typed(d);
        try {
            for (int i = 0; i < whole; i += STEP) {
                long at = from + i;
                long o = to + 16L * i;
                // elements i .. i + 31: the first half of each row
                Vector<Byte> ar0 = ByteVector.fromMemorySegment(B, s, at, LE);
                Vector<Byte> ar1 = ByteVector.fromMemorySegment(B, s, at + 1 * stride, LE);
                Vector<Byte> ar2 = ByteVector.fromMemorySegment(B, s, at + 2 * stride, LE);
                Vector<Byte> ar3 = ByteVector.fromMemorySegment(B, s, at + 3 * stride, LE);
                Vector<Byte> ar4 = ByteVector.fromMemorySegment(B, s, at + 4 * stride, LE);
                Vector<Byte> ar5 = ByteVector.fromMemorySegment(B, s, at + 5 * stride, LE);
                Vector<Byte> ar6 = ByteVector.fromMemorySegment(B, s, at + 6 * stride, LE);
                Vector<Byte> ar7 = ByteVector.fromMemorySegment(B, s, at + 7 * stride, LE);
                Vector<Short> ap0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, ar0, ar1)).reinterpretAsShorts();
                Vector<Short> ap1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, ar2, ar3)).reinterpretAsShorts();
                Vector<Short> ap2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, ar4, ar5)).reinterpretAsShorts();
                Vector<Short> ap3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, ar6, ar7)).reinterpretAsShorts();
                Vector<Integer> alo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, ap0, ap1)).reinterpretAsInts();
                Vector<Integer> alo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, ap0, ap1)).reinterpretAsInts();
                Vector<Integer> ahi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, ap2, ap3)).reinterpretAsInts();
                Vector<Integer> ahi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, ap2, ap3)).reinterpretAsInts();
                Vector<Long> a0 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, alo0, ahi0)).reinterpretAsLongs();
                Vector<Long> a1 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, alo0, ahi0)).reinterpretAsLongs();
                Vector<Long> a2 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, alo1, ahi1)).reinterpretAsLongs();
                Vector<Long> a3 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, alo1, ahi1)).reinterpretAsLongs();
                Vector<Byte> br0 = ByteVector.fromMemorySegment(B, s, at + 8 * stride, LE);
                Vector<Byte> br1 = ByteVector.fromMemorySegment(B, s, at + 9 * stride, LE);
                Vector<Byte> br2 = ByteVector.fromMemorySegment(B, s, at + 10 * stride, LE);
                Vector<Byte> br3 = ByteVector.fromMemorySegment(B, s, at + 11 * stride, LE);
                Vector<Byte> br4 = ByteVector.fromMemorySegment(B, s, at + 12 * stride, LE);
                Vector<Byte> br5 = ByteVector.fromMemorySegment(B, s, at + 13 * stride, LE);
                Vector<Byte> br6 = ByteVector.fromMemorySegment(B, s, at + 14 * stride, LE);
                Vector<Byte> br7 = ByteVector.fromMemorySegment(B, s, at + 15 * stride, LE);
                Vector<Short> bp0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, br0, br1)).reinterpretAsShorts();
                Vector<Short> bp1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, br2, br3)).reinterpretAsShorts();
                Vector<Short> bp2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, br4, br5)).reinterpretAsShorts();
                Vector<Short> bp3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_LO, br6, br7)).reinterpretAsShorts();
                Vector<Integer> blo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, bp0, bp1)).reinterpretAsInts();
                Vector<Integer> blo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, bp0, bp1)).reinterpretAsInts();
                Vector<Integer> bhi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, bp2, bp3)).reinterpretAsInts();
                Vector<Integer> bhi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, bp2, bp3)).reinterpretAsInts();
                Vector<Long> b0 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, blo0, bhi0)).reinterpretAsLongs();
                Vector<Long> b1 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, blo0, bhi0)).reinterpretAsLongs();
                Vector<Long> b2 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, blo1, bhi1)).reinterpretAsLongs();
                Vector<Long> b3 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, blo1, bhi1)).reinterpretAsLongs();
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, a0, b0)).intoMemorySegment(d, o, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, a0, b0)).intoMemorySegment(d, o + 64, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, a1, b1)).intoMemorySegment(d, o + 128, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, a1, b1)).intoMemorySegment(d, o + 192, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, a2, b2)).intoMemorySegment(d, o + 256, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, a2, b2)).intoMemorySegment(d, o + 320, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, a3, b3)).intoMemorySegment(d, o + 384, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, a3, b3)).intoMemorySegment(d, o + 448, LE);
                o += 512;
                // elements i + 32 .. i + 63: the second half of each row, loaded again (16 rows do not stay in
                // registers)
                Vector<Byte> cr0 = ByteVector.fromMemorySegment(B, s, at, LE);
                Vector<Byte> cr1 = ByteVector.fromMemorySegment(B, s, at + 1 * stride, LE);
                Vector<Byte> cr2 = ByteVector.fromMemorySegment(B, s, at + 2 * stride, LE);
                Vector<Byte> cr3 = ByteVector.fromMemorySegment(B, s, at + 3 * stride, LE);
                Vector<Byte> cr4 = ByteVector.fromMemorySegment(B, s, at + 4 * stride, LE);
                Vector<Byte> cr5 = ByteVector.fromMemorySegment(B, s, at + 5 * stride, LE);
                Vector<Byte> cr6 = ByteVector.fromMemorySegment(B, s, at + 6 * stride, LE);
                Vector<Byte> cr7 = ByteVector.fromMemorySegment(B, s, at + 7 * stride, LE);
                Vector<Short> cp0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, cr0, cr1)).reinterpretAsShorts();
                Vector<Short> cp1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, cr2, cr3)).reinterpretAsShorts();
                Vector<Short> cp2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, cr4, cr5)).reinterpretAsShorts();
                Vector<Short> cp3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, cr6, cr7)).reinterpretAsShorts();
                Vector<Integer> clo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, cp0, cp1)).reinterpretAsInts();
                Vector<Integer> clo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, cp0, cp1)).reinterpretAsInts();
                Vector<Integer> chi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, cp2, cp3)).reinterpretAsInts();
                Vector<Integer> chi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, cp2, cp3)).reinterpretAsInts();
                Vector<Long> c0 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, clo0, chi0)).reinterpretAsLongs();
                Vector<Long> c1 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, clo0, chi0)).reinterpretAsLongs();
                Vector<Long> c2 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, clo1, chi1)).reinterpretAsLongs();
                Vector<Long> c3 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, clo1, chi1)).reinterpretAsLongs();
                Vector<Byte> er0 = ByteVector.fromMemorySegment(B, s, at + 8 * stride, LE);
                Vector<Byte> er1 = ByteVector.fromMemorySegment(B, s, at + 9 * stride, LE);
                Vector<Byte> er2 = ByteVector.fromMemorySegment(B, s, at + 10 * stride, LE);
                Vector<Byte> er3 = ByteVector.fromMemorySegment(B, s, at + 11 * stride, LE);
                Vector<Byte> er4 = ByteVector.fromMemorySegment(B, s, at + 12 * stride, LE);
                Vector<Byte> er5 = ByteVector.fromMemorySegment(B, s, at + 13 * stride, LE);
                Vector<Byte> er6 = ByteVector.fromMemorySegment(B, s, at + 14 * stride, LE);
                Vector<Byte> er7 = ByteVector.fromMemorySegment(B, s, at + 15 * stride, LE);
                Vector<Short> ep0 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, er0, er1)).reinterpretAsShorts();
                Vector<Short> ep1 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, er2, er3)).reinterpretAsShorts();
                Vector<Short> ep2 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, er4, er5)).reinterpretAsShorts();
                Vector<Short> ep3 = ((ByteVector) BYTES.invokeExact(ZIP_BYTES_HI, er6, er7)).reinterpretAsShorts();
                Vector<Integer> elo0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, ep0, ep1)).reinterpretAsInts();
                Vector<Integer> elo1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, ep0, ep1)).reinterpretAsInts();
                Vector<Integer> ehi0 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_LO, ep2, ep3)).reinterpretAsInts();
                Vector<Integer> ehi1 = ((ShortVector) SHORTS.invokeExact(ZIP_SHORTS_HI, ep2, ep3)).reinterpretAsInts();
                Vector<Long> e0 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, elo0, ehi0)).reinterpretAsLongs();
                Vector<Long> e1 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, elo0, ehi0)).reinterpretAsLongs();
                Vector<Long> e2 = ((IntVector) INTS.invokeExact(ZIP_INTS_LO, elo1, ehi1)).reinterpretAsLongs();
                Vector<Long> e3 = ((IntVector) INTS.invokeExact(ZIP_INTS_HI, elo1, ehi1)).reinterpretAsLongs();
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, c0, e0)).intoMemorySegment(d, o, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, c0, e0)).intoMemorySegment(d, o + 64, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, c1, e1)).intoMemorySegment(d, o + 128, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, c1, e1)).intoMemorySegment(d, o + 192, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, c2, e2)).intoMemorySegment(d, o + 256, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, c2, e2)).intoMemorySegment(d, o + 320, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_LO, c3, e3)).intoMemorySegment(d, o + 384, LE);
                ((LongVector) LONGS.invokeExact(ZIP_LONGS_HI, c3, e3)).intoMemorySegment(d, o + 448, LE);
            }
        } catch (Throwable t) {
            throw TwoVectorSelect.unchecked(t);
        }
    }
}
