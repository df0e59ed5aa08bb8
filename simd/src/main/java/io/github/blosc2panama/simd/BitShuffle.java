package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 bit shuffle (filter id 2), bit-identical to C-Blosc2's {@code blosc2_bitshuffle} /
 * {@code blosc2_bitunshuffle} and, for chunk format version 2, to its legacy bitunshuffle.
 *
 * <p>Layout for a block of {@code length} bytes with {@code nel = length / typesize} elements: only the first
 * {@code nel8 = nel - nel % 8} elements are transposed. They form {@code 8 * typesize} rows of {@code R = nel8 / 8}
 * bytes; row {@code 8 * j + b} holds bit {@code b} (least significant first) of byte {@code j} of every element, and
 * bit {@code k} of byte {@code m} of that row is the bit of element {@code 8 * m + k}. Everything from
 * {@code nel8 * typesize} to the end (leftover elements and the partial element) is copied unchanged.
 * {@code src} and {@code dst} must not overlap.
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
 */
public final class BitShuffle {
    private BitShuffle() {
    }

    /**
     * Bit-shuffles the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void bitshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.BITSHUFFLE, typesize, length)) {
            BitShuffleVector.bitshuffle(src, dst, length, typesize);
        } else {
            BitShuffleScalar.bitshuffle(src, dst, length, typesize);
        }
    }

    /**
     * Inverse of {@link #bitshuffle} for chunks of format version 3 and later (what {@code blosc2_bitunshuffle}
     * does): the first {@code nel8 * typesize} bytes are un-transposed, the rest copied unchanged.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void bitunshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.BITUNSHUFFLE, typesize, length)) {
            BitShuffleVector.bitunshuffle(src, dst, length, typesize);
        } else {
            BitShuffleScalar.bitunshuffle(src, dst, length, typesize);
        }
    }

    /**
     * Bit-unshuffle as C-Blosc 1.18+ does it for chunks whose header version byte is 2 (written by Blosc 1.x): when
     * {@code nel = length / typesize} is not a multiple of 8 the whole block was stored unshuffled and is copied
     * unchanged; otherwise all {@code nel} elements are un-transposed (same layout as {@link #bitunshuffle}).
     *
     * <p>When {@code nel} is a multiple of 8 but {@code length % typesize != 0}, the trailing partial-element bytes
     * are copied from {@code src}, as C-Blosc 1.18 and later do (their writers store them there); C-Blosc2 3.x leaves
     * them unwritten.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void bitunshuffleLegacy(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        long nel = length / typesize;
        if (nel % 8 != 0) {
            KernelChecks.checkDisjoint(src, dst, length, "bitunshuffle src and dst");
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        // nel is a multiple of 8: exactly the version 3 bitunshuffle
        bitunshuffle(src, dst, length, typesize);
    }

    /**
     * {@link #bitunshuffle} (format version 3 and later) of the elements {@code [first, first + count)} of the
     * block of {@code length} bytes in {@code src} only, writing their {@code count * typesize} bytes to {@code dst}
     * at {@code dstOffset}: the same bytes {@link #bitunshuffle} writes at offset {@code first * typesize}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the elements are not among the block's
     *                                  {@code length / typesize} whole elements, the destination is too small, or
     *                                  the segments overlap
     */
    public static void bitunshuffleItems(MemorySegment src, long length, int typesize, long first, long count,
                                         MemorySegment dst, long dstOffset) {
        ItemUnshuffle.unshuffleRows(true, src, length, typesize, first, count, 1, 0, dst, dstOffset, 0);
    }

    /**
     * {@link #bitunshuffleItems} for {@code rows} runs of {@code count} elements at once: run r takes the elements
     * {@code [first + r * itemStep, + count)} and writes them to {@code dst} at {@code dstOffset + r * dstStep} (a
     * column of a box inside a block, checked once for all its rows).
     *
     * @throws IllegalArgumentException as {@link #bitunshuffleItems} does, for any of the runs, or if
     *                                  {@code rows} or a step is negative
     */
    public static void bitunshuffleItemRows(MemorySegment src, long length, int typesize, long first, long count,
            long rows, long itemStep, MemorySegment dst, long dstOffset, long dstStep) {
        ItemUnshuffle.unshuffleRows(true, src, length, typesize, first, count, rows, itemStep, dst, dstOffset,
                dstStep);
    }
}
