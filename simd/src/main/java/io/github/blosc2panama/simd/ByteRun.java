package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Whether a range of a segment is one byte repeated: the check a Blosc2 writer makes on every stream before
 * compressing it, since such a stream is stored as a run. On the Vector API the range is compared with the
 * broadcast first byte a few vectors at a time; the scalar twin compares 8-byte words. Both give the same answer.
 */
public final class ByteRun {
    private ByteRun() {
    }

    /**
     * Whether every byte of {@code segment[offset, offset + length)} equals the first (true for 0 or 1 bytes).
     *
     * @throws IllegalArgumentException if the range is not inside {@code segment}
     */
    public static boolean isRun(MemorySegment segment, long offset, long length) {
        KernelChecks.checkRange(segment, offset, length);
        if (SimdSupport.VECTOR && segment.isNative() && length >= ByteRunVector.STEP
                && VectorWarmup.useVector(VectorWarmup.Kernel.BYTE_RUN, 0, length)) {
            return ByteRunVector.isRun(segment, offset, length);
        }
        return ByteRunScalar.isRun(segment, offset, length);
    }
}
