package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/**
 * Scalar twin of {@link ByteDelta}; see there for the semantics. Each stream is staged through a per-thread heap
 * array (allocated once per thread, so steady-state calls allocate nothing), to keep the inner loops free of segment
 * accesses.
 */
final class ByteDeltaScalar {
    /** Bytes staged through the heap array per step. */
    private static final int STAGE_BYTES = 16 * 1024;
    private static final ThreadLocal<byte[]> STAGE = ThreadLocal.withInitial(() -> new byte[STAGE_BYTES]);

    private ByteDeltaScalar() {
    }

    /** See {@link ByteDelta#encode}. */
    static void encode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        run(src, dst, length, typesize, true);
    }

    /** See {@link ByteDelta#decode}. */
    static void decode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        run(src, dst, length, typesize, false);
    }

    private static void run(MemorySegment src, MemorySegment dst, long length, int typesize, boolean encode) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "BYTEDELTA src and dst");
        long streamLen = length / typesize;
        byte[] stage = STAGE.get();
        for (long stream = 0; stream < typesize; stream++) {
            long base = stream * streamLen;
            if (encode) {
                encodeStream(src, dst, base, streamLen, stage);
            } else {
                decodeStream(src, dst, base, streamLen, stage);
            }
        }
        long body = streamLen * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /** Encodes the stream of {@code count} bytes at {@code at}. */
    private static void encodeStream(MemorySegment src, MemorySegment dst, long at, long count, byte[] stage) {
        byte previous = 0;
        for (long done = 0; done < count; ) {
            int n = (int) Math.min(stage.length, count - done);
            MemorySegment.copy(src, JAVA_BYTE, at + done, stage, 0, n);
            for (int i = 0; i < n; i++) {
                byte v = stage[i];
                stage[i] = (byte) (v - previous);
                previous = v;
            }
            MemorySegment.copy(stage, 0, dst, JAVA_BYTE, at + done, n);
            done += n;
        }
    }

    /** Decodes the stream of {@code count} bytes at {@code at}. */
    private static void decodeStream(MemorySegment src, MemorySegment dst, long at, long count, byte[] stage) {
        byte previous = 0;
        for (long done = 0; done < count; ) {
            int n = (int) Math.min(stage.length, count - done);
            MemorySegment.copy(src, JAVA_BYTE, at + done, stage, 0, n);
            for (int i = 0; i < n; i++) {
                previous = (byte) (stage[i] + previous);
                stage[i] = previous;
            }
            MemorySegment.copy(stage, 0, dst, JAVA_BYTE, at + done, n);
            done += n;
        }
    }
}
