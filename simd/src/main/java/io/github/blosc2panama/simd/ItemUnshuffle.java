package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Undoes the byte shuffle or the bit shuffle for a run of elements of a block only, for readers that need a few
 * items of a block (a column of an array touches one item per block row): the cost is that of the items, not of
 * the block. The bytes written are exactly those {@link Shuffle#unshuffle} or {@link BitShuffle#bitunshuffle} would
 * write for the same elements.
 */
final class ItemUnshuffle {
    /** Elements below which the per-element scalar gather beats setting up the vector kernels. */
    private static final long VECTOR_MIN = 64;

    private ItemUnshuffle() {
    }

    /**
     * Checks the arguments shared by both filters for {@code rows} runs of {@code count} elements, run r starting
     * at element {@code first + r * itemStep} and written at {@code dstOffset + r * dstStep}; returns nel, the
     * block's whole elements.
     */
    private static long check(MemorySegment src, long length, int typesize, long first, long count, long rows,
                              long itemStep, MemorySegment dst, long dstOffset, long dstStep) {
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        if (typesize < 1) {
            throw new IllegalArgumentException("typesize " + typesize + " must be at least 1");
        }
        if (length < 0 || length > src.byteSize()) {
            throw new IllegalArgumentException("block length " + length + " is negative or exceeds the source's "
                    + src.byteSize() + " bytes");
        }
        if (rows < 0 || itemStep < 0 || dstStep < 0) {
            throw new IllegalArgumentException("rows " + rows + ", item step " + itemStep + " and destination step "
                    + dstStep + " must not be negative");
        }
        long nel = length / typesize;
        long lastFirst = lastStart(first, rows, itemStep);
        if (first < 0 || count < 0 || first > nel || count > nel - first || lastFirst < 0 || lastFirst > nel
                || count > nel - lastFirst) {
            throw new IllegalArgumentException(rows + " runs of elements [" + first + " + r * " + itemStep + ", + "
                    + count + ") are not among the block's " + nel + " whole elements");
        }
        long bytes = count * typesize;
        long lastOffset = lastStart(dstOffset, rows, dstStep);
        if (dstOffset < 0 || lastOffset < 0 || lastOffset > dst.byteSize() || bytes > dst.byteSize() - lastOffset) {
            throw new IllegalArgumentException(rows + " runs of " + bytes + " bytes at offset " + dstOffset
                    + " + r * " + dstStep + " do not fit in the " + dst.byteSize() + "-byte destination");
        }
        if (rows > 0 && KernelChecks.overlap(src, 0, length, dst, dstOffset, lastOffset - dstOffset + bytes)
                != KernelChecks.DISJOINT) {
            throw new IllegalArgumentException("src and dst overlap");
        }
        return nel;
    }

    /** {@code start + (rows - 1) * step} for rows >= 1 (start itself for none), -1 when that overflows. */
    private static long lastStart(long start, long rows, long step) {
        if (rows <= 1) {
            return start;
        }
        try {
            return Math.addExact(start, Math.multiplyExact(rows - 1, step));
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /**
     * Undoes the byte shuffle ({@code bits} false) or the bit shuffle for {@code rows} runs of {@code count}
     * elements: run r takes the elements from {@code first + r * itemStep} and writes them at
     * {@code dstOffset + r * dstStep}.
     */
    static void unshuffleRows(boolean bits, MemorySegment src, long length, int typesize, long first, long count,
                              long rows, long itemStep, MemorySegment dst, long dstOffset, long dstStep) {
        long nel = check(src, length, typesize, first, count, rows, itemStep, dst, dstOffset, dstStep);
        for (long r = 0; r < rows; r++) {
            if (bits) {
                bitunshuffleRun(src, nel, typesize, first + r * itemStep, count, dst, dstOffset + r * dstStep);
            } else {
                unshuffleRun(src, nel, typesize, first + r * itemStep, count, dst, dstOffset + r * dstStep);
            }
        }
    }

    private static void unshuffleRun(MemorySegment src, long nel, int typesize, long first, long count,
                                     MemorySegment dst, long dstOffset) {
        if (typesize == 1) {
            MemorySegment.copy(src, first, dst, dstOffset, count);
        } else if (SimdSupport.VECTOR && count >= VECTOR_MIN && src.isNative() && dst.isNative()) {
            ShuffleVector.unshuffleElements(src, first, nel, dst, dstOffset, count, typesize);
        } else {
            for (long i = 0; i < count; i++) {
                long to = dstOffset + i * typesize;
                for (int j = 0; j < typesize; j++) {
                    dst.set(JAVA_BYTE, to + j, src.get(JAVA_BYTE, j * nel + first + i));
                }
            }
        }
    }

    private static void bitunshuffleRun(MemorySegment src, long nel, int typesize, long first, long count,
                                        MemorySegment dst, long dstOffset) {
        long nel8 = nel - nel % 8;
        long stop = first + count;
        long rowStride = nel8 / 8;
        // elements in whole groups of 8 are un-transposed group by group, byte by byte
        for (long g = first / 8; g * 8 < Math.min(stop, nel8); g++) {
            long lo = Math.max(first, 8 * g);
            long hi = Math.min(stop, 8 * g + 8);
            for (int j = 0; j < typesize; j++) {
                long x = 0;
                long at = 8L * j * rowStride + g;
                for (int b = 0; b < 8; b++, at += rowStride) {
                    x |= (src.get(JAVA_BYTE, at) & 0xFFL) << (8 * b);
                }
                x = BitShuffleScalar.transpose8x8(x);
                for (long e = lo; e < hi; e++) {
                    dst.set(JAVA_BYTE, dstOffset + (e - first) * typesize + j, (byte) (x >>> (8 * (e - 8 * g))));
                }
            }
        }
        // the leftover elements after the last whole group are stored as they are
        if (stop > nel8) {
            long from = Math.max(first, nel8);
            MemorySegment.copy(src, from * typesize, dst, dstOffset + (from - first) * typesize,
                    (stop - from) * typesize);
        }
    }
}
