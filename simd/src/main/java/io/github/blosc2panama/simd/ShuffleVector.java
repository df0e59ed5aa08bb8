package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Byte shuffle on the Vector API, bit-identical to {@link ShuffleScalar}. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>An element of typesize 2, 4 or 8 is one short, int or long lane, so unshuffle is a join of byte rows into wider
 * lanes and shuffle the split back ({@link LaneTranspose}): typesizes 2 and 4 go straight between the segments;
 * typesize 8 goes through 4 short streams held in an L1-sized per-thread scratch, one tile of
 * {@value #TILE} elements at a time (or in one pass, {@link LongRowTranspose}, when vectors are wide enough); typesize 16 makes two long streams that way and interleaves them with
 * two-vector rearranges. Any other typesize is cut into pieces of 8, 4, 2 and 1 bytes (16 = 8 + 8,
 * 12 = 8 + 4, 3 = 2 + 1, ...): each piece is one lane stream, gathered from (or scattered to) its place in the
 * elements with one wide load or store per element, and joined or split like the dedicated typesizes.
 */
final class ShuffleVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    /** Elements per tile for the scratch-staged typesizes. */
    static final int TILE = 1024;
    /** Elements per call of the direct typesizes (2 and 4): the lane loops count in ints. */
    private static final int RUN = 1 << 20;
    /** Per thread: four scratch areas of TILE longs (lane streams), allocated once. */
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(4L * 8 * TILE, 64));

    private ShuffleVector() {
    }

    static void shuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "shuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (nel > 1 && src.isNative() && dst.isNative()) {
            shuffleElements(src, 0, dst, 0, nel, nel, typesize);
        } else if (nel > 1) {
            HeapStaging.shuffle(src, dst, nel, typesize);
        } else {
            body = 0;
        }
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    static void unshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "unshuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (nel > 1 && src.isNative() && dst.isNative()) {
            unshuffleElements(src, 0, nel, dst, 0, nel, typesize);
        } else if (nel > 1) {
            HeapStaging.unshuffle(src, dst, nel, typesize);
        } else {
            body = 0;
        }
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * Shuffles {@code count} elements at {@code s[from]} into the rows {@code d[to + j * stride]} (byte {@code j} of
     * element {@code i} to {@code d[to + j * stride + i]}). Both segments must be native (see {@link LaneTranspose});
     * no argument checks: callers have done them.
     */
    static void shuffleElements(MemorySegment s, long from, MemorySegment d, long to, long stride, long count,
                                int typesize) {
        switch (typesize) {
            case 1 -> MemorySegment.copy(s, from, d, to, count);
            case 2, 4 -> {
                for (long first = 0; first < count; first += RUN) {
                    int n = (int) Math.min(RUN, count - first);
                    if (typesize == 2) {
                        LaneTranspose.shortsToRows(s, from + 2 * first, d, to + first, stride, n);
                    } else {
                        LaneTranspose.intsToRows(s, from + 4 * first, d, to + first, stride, n);
                    }
                }
            }
            case 8 -> {
                MemorySegment scratch = SCRATCH.get();
                int tile = LongRowTranspose.SPLIT_SUPPORTED ? RUN : TILE;
                for (long first = 0; first < count; first += tile) {
                    int n = (int) Math.min(tile, count - first);
                    longsToRows(s, from + 8 * first, scratch, 0, d, to + first, stride, n);
                }
            }
            case 16 -> {
                MemorySegment scratch = SCRATCH.get();
                long lanes = 8L * TILE;
                for (long first = 0; first < count; first += TILE) {
                    int n = (int) Math.min(TILE, count - first);
                    LaneTranspose.unzipLongs(s, from + 16 * first, scratch, 2 * lanes, lanes, n);
                    for (int half = 0; half < 2; half++) {
                        long row = to + 8 * half * stride + first;
                        longsToRows(scratch, (2 + half) * lanes, scratch, 0, d, row, stride, n);
                    }
                }
            }
            default -> shufflePieces(s, from, d, to, stride, count, typesize);
        }
    }

    /** Inverse of {@link #shuffleElements}: rows {@code s[from + j * stride]} back to {@code count} elements at d. */
    static void unshuffleElements(MemorySegment s, long from, long stride, MemorySegment d, long to, long count,
                                  int typesize) {
        switch (typesize) {
            case 1 -> MemorySegment.copy(s, from, d, to, count);
            case 2, 4 -> {
                for (long first = 0; first < count; first += RUN) {
                    int n = (int) Math.min(RUN, count - first);
                    if (typesize == 2) {
                        LaneTranspose.rowsToShorts(s, from + first, stride, d, to + 2 * first, n);
                    } else {
                        LaneTranspose.rowsToInts(s, from + first, stride, d, to + 4 * first, n);
                    }
                }
            }
            case 8 -> {
                MemorySegment scratch = SCRATCH.get();
                int tile = LongRowTranspose.SUPPORTED ? RUN : TILE;
                for (long first = 0; first < count; first += tile) {
                    int n = (int) Math.min(tile, count - first);
                    rowsToLongs(s, from + first, stride, scratch, 0, d, to + 8 * first, n);
                }
            }
            case 16 -> {
                long start = 0;
                if (PairRowTranspose.USABLE) {
                    start = count - count % PairRowTranspose.STEP;
                    for (long first = 0; first < start; first += RUN) {
                        int n = (int) Math.min(RUN, start - first);
                        PairRowTranspose.rowsToPairs(s, from + first, stride, d, to + 16 * first, n);
                    }
                }
                MemorySegment scratch = SCRATCH.get();
                long lanes = 8L * TILE;
                for (long first = start; first < count; first += TILE) {
                    int n = (int) Math.min(TILE, count - first);
                    for (int half = 0; half < 2; half++) {
                        long row = from + 8 * half * stride + first;
                        rowsToLongs(s, row, stride, scratch, 0, scratch, (2 + half) * lanes, n);
                    }
                    LaneTranspose.zipLongs(scratch, 2 * lanes, lanes, d, to + 16 * first, n);
                }
            }
            default -> unshufflePieces(s, from, stride, d, to, count, typesize);
        }
    }

    /**
     * Whether {@link #unshuffleSplitRows} has a vector kernel for {@code typesize}: 4, and 8 where
     * {@link LongRowTranspose} runs (vectors of 128 bits or more).
     */
    static boolean hasSplitRowsKernel(int typesize) {
        return typesize == 4 || (typesize == 8 && LongRowTranspose.SUPPORTED);
    }

    /**
     * {@link Shuffle#unshuffleSplitRows} for a typesize {@link #hasSplitRowsKernel} takes, native segments only; no
     * argument checks: callers have done them.
     */
    static void unshuffleSplitRows(int typesize, MemorySegment a, long aFrom, long aStride, MemorySegment b,
            long bFrom, long bStride, long nel, MemorySegment d, long to) {
        for (long first = 0; first < nel; first += RUN) {
            int n = (int) Math.min(RUN, nel - first);
            long at = to + typesize * first;
            if (typesize == 8) {
                LongRowTranspose.rowsToLongs(a, aFrom + first, aStride, b, bFrom + first, bStride, d, at, n);
            } else {
                LaneTranspose.rowsToInts(a, aFrom + first, aStride, b, bFrom + first, bStride, d, at, n);
            }
        }
    }

    /**
     * The 8 byte rows at {@code s[from + k * stride]} joined into {@code n} longs at {@code d[to]}: in one pass
     * ({@link LongRowTranspose}) when the shape allows, else through 4 short streams at {@code scratch[streams..]}
     * (8 * TILE bytes).
     */
    private static void rowsToLongs(MemorySegment s, long from, long stride, MemorySegment scratch, long streams,
                                    MemorySegment d, long to, int n) {
        if (LongRowTranspose.SUPPORTED) {
            LongRowTranspose.rowsToLongs(s, from, stride, d, to, n);
            return;
        }
        for (int k = 0; k < 4; k++) {
            LaneTranspose.rowsToShorts(s, from + 2 * k * stride, stride, scratch, streams + 2L * TILE * k, n);
        }
        LaneTranspose.shortsToLongs(scratch, streams, 2L * TILE, d, to, n);
    }

    /** Inverse of {@link #rowsToLongs}: {@code n} longs at {@code s[from]} split into the 8 byte rows at d[to]. */
    private static void longsToRows(MemorySegment s, long from, MemorySegment scratch, long streams, MemorySegment d,
                                    long to, long stride, int n) {
        if (LongRowTranspose.SPLIT_SUPPORTED) {
            LongRowTranspose.longsToRows(s, from, d, to, stride, n);
            return;
        }
        LaneTranspose.longsToShorts(s, from, scratch, streams, 2L * TILE, n);
        for (int k = 0; k < 4; k++) {
            LaneTranspose.shortsToRows(scratch, streams + 2L * TILE * k, d, to + 2 * k * stride, stride, n);
        }
    }

    /** Width of the piece of an element that starts at byte {@code at}: 8, 4, 2 or 1 bytes. */
    private static int pieceWidth(int typesize, int at) {
        int left = typesize - at;
        return left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1;
    }

    private static void shufflePieces(MemorySegment s, long from, MemorySegment d, long to, long stride, long count,
                                      int typesize) {
        MemorySegment scratch = SCRATCH.get();
        long lanes = 8L * TILE;
        for (long first = 0; first < count; first += TILE) {
            int n = (int) Math.min(TILE, count - first);
            long elements = from + first * typesize;
            for (int at = 0; at < typesize; ) {
                int w = pieceWidth(typesize, at);
                long row = to + at * stride + first;
                long e = elements + at;
                switch (w) {
                    case 8 -> {
                        for (int i = 0; i < n; i++) {
                            scratch.set(LONG, 8 * i, s.get(LONG, e + i * typesize));
                        }
                        longsToRows(scratch, 0, scratch, lanes, d, row, stride, n);
                    }
                    case 4 -> {
                        for (int i = 0; i < n; i++) {
                            scratch.set(INT, 4 * i, s.get(INT, e + i * typesize));
                        }
                        LaneTranspose.intsToRows(scratch, 0, d, row, stride, n);
                    }
                    case 2 -> {
                        for (int i = 0; i < n; i++) {
                            scratch.set(SHORT, 2 * i, s.get(SHORT, e + i * typesize));
                        }
                        LaneTranspose.shortsToRows(scratch, 0, d, row, stride, n);
                    }
                    default -> {
                        for (int i = 0; i < n; i++) {
                            d.set(BYTE, row + i, s.get(BYTE, e + i * typesize));
                        }
                    }
                }
                at += w;
            }
        }
    }

    private static void unshufflePieces(MemorySegment s, long from, long stride, MemorySegment d, long to, long count,
                                        int typesize) {
        MemorySegment scratch = SCRATCH.get();
        long lanes = 8L * TILE;
        for (long first = 0; first < count; first += TILE) {
            int n = (int) Math.min(TILE, count - first);
            long elements = to + first * typesize;
            for (int at = 0; at < typesize; ) {
                int w = pieceWidth(typesize, at);
                long row = from + at * stride + first;
                long e = elements + at;
                switch (w) {
                    case 8 -> {
                        rowsToLongs(s, row, stride, scratch, lanes, scratch, 0, n);
                        for (int i = 0; i < n; i++) {
                            d.set(LONG, e + i * typesize, scratch.get(LONG, 8 * i));
                        }
                    }
                    case 4 -> {
                        LaneTranspose.rowsToInts(s, row, stride, scratch, 0, n);
                        for (int i = 0; i < n; i++) {
                            d.set(INT, e + i * typesize, scratch.get(INT, 4 * i));
                        }
                    }
                    case 2 -> {
                        LaneTranspose.rowsToShorts(s, row, stride, scratch, 0, n);
                        for (int i = 0; i < n; i++) {
                            d.set(SHORT, e + i * typesize, scratch.get(SHORT, 2 * i));
                        }
                    }
                    default -> {
                        for (int i = 0; i < n; i++) {
                            d.set(BYTE, e + i * typesize, s.get(BYTE, row + i));
                        }
                    }
                }
                at += w;
            }
        }
    }
}
