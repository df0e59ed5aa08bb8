package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 byte shuffle (filter id 1), bit-identical to C-Blosc2's {@code blosc2_shuffle} / {@code blosc2_unshuffle}.
 *
 * <p>For a block of {@code length} bytes holding {@code nel = length / typesize} elements, shuffle writes byte
 * {@code j} of element {@code i} to {@code dst[j * nel + i]} (all first bytes, then all second bytes, ...). The last
 * {@code length % typesize} bytes, which belong to no whole element, are copied unchanged to the same position.
 * Unshuffle is the exact inverse. {@code src} and {@code dst} must not overlap. Any typesize >= 1 is accepted
 * (C accepts 1..256).
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
 */
public final class Shuffle {
    private Shuffle() {
    }

    /**
     * Shuffles the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void shuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.SHUFFLE, typesize, length)) {
            ShuffleVector.shuffle(src, dst, length, typesize);
        } else {
            ShuffleScalar.shuffle(src, dst, length, typesize);
        }
    }

    /**
     * Inverse of {@link #shuffle}: gathers byte {@code j} of element {@code i} from {@code src[j * nel + i]}; the last
     * {@code length % typesize} bytes are copied unchanged.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void unshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.UNSHUFFLE, typesize, length)) {
            ShuffleVector.unshuffle(src, dst, length, typesize);
        } else {
            ShuffleScalar.unshuffle(src, dst, length, typesize);
        }
    }

    /**
     * {@link #unshuffle} of a block whose byte rows lie in two places: row {@code j} (byte {@code j} of each of the
     * {@code nel} items) is the {@code nel} bytes at {@code low[lowFrom + j * lowStride]} for the lower half of the
     * rows ({@code j < typesize / 2}), at {@code high[highFrom + (j - typesize / 2) * highStride]} for the others.
     * Writes the {@code nel * typesize} bytes {@link #unshuffle} writes for the rows laid end to end, at
     * {@code dst[dstOffset]}. A decompressor reads the low-byte streams a chunk stores raw (one after another, each
     * after its 4-byte size) where they lie this way, without copying them next to the decoded streams first.
     *
     * <p>As fast as {@link #unshuffle} where {@link #unshufflesSplitRowsFast} says so; else a loop over bytes.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code nel} or a stride is negative, a row or the
     *                                  output is not inside its segment, or a row overlaps the output
     */
    public static void unshuffleSplitRows(int typesize, MemorySegment low, long lowFrom, long lowStride,
            MemorySegment high, long highFrom, long highStride, long nel, MemorySegment dst, long dstOffset) {
        KernelChecks.checkSplitRows(typesize, low, lowFrom, lowStride, high, highFrom, highStride, nel, dst,
                dstOffset);
        if (unshufflesSplitRowsFast(typesize) && low.isNative() && high.isNative() && dst.isNative()) {
            ShuffleVector.unshuffleSplitRows(typesize, low, lowFrom, lowStride, high, highFrom, highStride, nel, dst,
                    dstOffset);
        } else {
            ShuffleScalar.unshuffleSplitRows(typesize, low, lowFrom, lowStride, high, highFrom, highStride, 0, nel,
                    dst, dstOffset);
        }
    }

    /**
     * Whether {@link #unshuffleSplitRows} runs a vector kernel for {@code typesize} on native segments, as fast as
     * {@link #unshuffle}: typesizes 4 and 8 (8 with vectors of 128 bits or more). Elsewhere it runs a loop over bytes,
     * and copying the rows end to end for {@link #unshuffle} is faster.
     */
    public static boolean unshufflesSplitRowsFast(int typesize) {
        return VectorWarmup.useVector(VectorWarmup.Kernel.UNSHUFFLE, typesize, 0)
                && ShuffleVector.hasSplitRowsKernel(typesize);
    }

    /**
     * Unshuffles only the elements {@code [first, first + count)} of the shuffled block of {@code length} bytes in
     * {@code src}, writing their {@code count * typesize} bytes to {@code dst} at {@code dstOffset}: the same bytes
     * {@link #unshuffle} writes at offset {@code first * typesize}, for the cost of those elements only.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the elements are not among the block's
     *                                  {@code length / typesize} whole elements, the destination is too small, or
     *                                  the segments overlap
     */
    public static void unshuffleItems(MemorySegment src, long length, int typesize, long first, long count,
                                      MemorySegment dst, long dstOffset) {
        ItemUnshuffle.unshuffleRows(false, src, length, typesize, first, count, 1, 0, dst, dstOffset, 0);
    }

    /**
     * {@link #unshuffleItems} for {@code rows} runs of {@code count} elements at once: run r takes the elements
     * {@code [first + r * itemStep, + count)} and writes them to {@code dst} at {@code dstOffset + r * dstStep} (a
     * column of a box inside a block, checked once for all its rows).
     *
     * @throws IllegalArgumentException as {@link #unshuffleItems} does, for any of the runs, or if
     *                                  {@code rows} or a step is negative
     */
    public static void unshuffleItemRows(MemorySegment src, long length, int typesize, long first, long count,
            long rows, long itemStep, MemorySegment dst, long dstOffset, long dstStep) {
        ItemUnshuffle.unshuffleRows(false, src, length, typesize, first, count, rows, itemStep, dst, dstOffset,
                dstStep);
    }
}
