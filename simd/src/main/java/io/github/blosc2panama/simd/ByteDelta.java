package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 BYTEDELTA filter (plugin filter id 35, the fixed version), scalar reference implementation, bit-identical to
 * C-Blosc2 3.3's {@code bytedelta_forward} / {@code bytedelta_backward}.
 *
 * <p>It runs after a byte shuffle: the block is seen as {@code typesize} consecutive streams of
 * {@code len = length / typesize} bytes each. Within each stream every byte is replaced by its difference (mod 256)
 * from the previous byte of the same stream, the first byte from 0. Decoding is the running sum. The trailing
 * {@code length % typesize} bytes are copied unchanged both ways. The typesize C uses is the filter's meta byte, or
 * the super-chunk's typesize when the meta is 0 (the caller resolves that). {@code src} and {@code dst} must not
 * overlap.
 *
 * <p>Not implemented here: the old, buggy variant (filter id 34, {@code bytedelta_buggy}).
 */
public final class ByteDelta {
    /** Bytes staged through a heap array per step, to keep the inner loops free of segment accesses. */
    private static final int STAGE_BYTES = 16 * 1024;

    private ByteDelta() {
    }

    /**
     * Byte-delta encodes the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the length does not fit a segment, or the segments
     *                                  overlap
     */
    public static void encode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        run(src, dst, length, typesize, true);
    }

    /**
     * Inverse of {@link #encode}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, the length does not fit a segment, or the segments
     *                                  overlap
     */
    public static void decode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        run(src, dst, length, typesize, false);
    }

    private static void run(MemorySegment src, MemorySegment dst, long length, int typesize, boolean encode) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "BYTEDELTA src and dst");
        long streamLen = length / typesize;
        byte[] stage = new byte[(int) Math.min(STAGE_BYTES, Math.max(1, streamLen))];
        for (long stream = 0; stream < typesize; stream++) {
            long base = stream * streamLen;
            byte previous = 0;
            for (long done = 0; done < streamLen; ) {
                int n = (int) Math.min(stage.length, streamLen - done);
                MemorySegment.copy(src, JAVA_BYTE, base + done, stage, 0, n);
                if (encode) {
                    for (int i = 0; i < n; i++) {
                        byte v = stage[i];
                        stage[i] = (byte) (v - previous);
                        previous = v;
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        previous = (byte) (stage[i] + previous);
                        stage[i] = previous;
                    }
                }
                MemorySegment.copy(stage, 0, dst, JAVA_BYTE, base + done, n);
                done += n;
            }
        }
        long body = streamLen * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }
}
