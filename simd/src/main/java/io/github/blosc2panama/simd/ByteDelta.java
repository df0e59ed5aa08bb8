package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 BYTEDELTA filter (plugin filter id 35, the fixed version), bit-identical to C-Blosc2 3.3's
 * {@code bytedelta_forward} / {@code bytedelta_backward}.
 *
 * <p>It runs after a byte shuffle: the block is seen as {@code typesize} consecutive streams of
 * {@code len = length / typesize} bytes each. Within each stream every byte is replaced by its difference (mod 256)
 * from the previous byte of the same stream, the first byte from 0. Decoding is the running sum. The trailing
 * {@code length % typesize} bytes are copied unchanged both ways. The typesize C uses is the filter's meta byte, or
 * the super-chunk's typesize when the meta is 0 (the caller resolves that). {@code src} and {@code dst} must not
 * overlap.
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
 *
 * <p>Not implemented here: the old, buggy variant (filter id 34, {@code bytedelta_buggy}).
 */
public final class ByteDelta {
    private ByteDelta() {
    }

    /**
     * Byte-delta encodes the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the length does not fit a segment, or the segments
     *                                  overlap
     */
    public static void encode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.BYTEDELTA_ENCODE, typesize, length)) {
            ByteDeltaVector.encode(src, dst, length, typesize);
        } else {
            ByteDeltaScalar.encode(src, dst, length, typesize);
        }
    }

    /**
     * Inverse of {@link #encode}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the length does not fit a segment, or the segments
     *                                  overlap
     */
    public static void decode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (VectorWarmup.useVector(VectorWarmup.Kernel.BYTEDELTA_DECODE, typesize, length)) {
            ByteDeltaVector.decode(src, dst, length, typesize);
        } else {
            ByteDeltaScalar.decode(src, dst, length, typesize);
        }
    }
}
