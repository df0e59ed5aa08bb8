package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Child-JVM entry for {@link FilterScalarFallbackTest}: started without {@code jdk.incubator.vector}, runs the public
 * DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC entry points and prints hashes of what they produced.
 */
public final class FilterFallbackMain {
    static final int LENGTH = 1003;

    private FilterFallbackMain() {
    }

    public static void main(String[] args) {
        System.out.println("vector=" + SimdSupport.VECTOR);
        for (int ts : new int[] {1, 2, 4, 8}) {
            System.out.println("ts" + ts + "=" + run(ts, false));
        }
    }

    /** Runs the public entry points ({@code twins == false}) or the scalar twins and hashes all the outputs. */
    static String run(int ts, boolean twins) {
        byte[] data = TestData.random(7 + ts, LENGTH);
        MemorySegment src = MemorySegment.ofArray(data);
        MemorySegment[] out = new MemorySegment[6];
        for (int i = 0; i < out.length; i++) {
            out[i] = MemorySegment.ofArray(new byte[LENGTH]);
        }
        if (twins) {
            DeltaScalar.encode(src, 0, src, out[0], LENGTH, ts);
            MemorySegment.copy(src, 0, out[1], 0, LENGTH);
            DeltaScalar.decode(out[1], 0, out[1], LENGTH, ts);
            ByteDeltaScalar.encode(src, out[2], LENGTH, ts);
            ByteDeltaScalar.decode(src, out[3], LENGTH, ts);
            IntTruncScalar.truncate(src, out[4], LENGTH, ts, -3);
            if (ts >= 4) {
                TruncPrecScalar.truncate(src, out[5], LENGTH, ts, 9);
            }
        } else {
            Delta.encode(src, 0, src, out[0], LENGTH, ts);
            MemorySegment.copy(src, 0, out[1], 0, LENGTH);
            Delta.decode(out[1], 0, out[1], LENGTH, ts);
            ByteDelta.encode(src, out[2], LENGTH, ts);
            ByteDelta.decode(src, out[3], LENGTH, ts);
            IntTrunc.truncate(src, out[4], LENGTH, ts, -3);
            if (ts >= 4) {
                TruncPrec.truncate(src, out[5], LENGTH, ts, 9);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (MemorySegment s : out) {
            sb.append(TestData.sha256(TestData.bytes(s)), 0, 16);
        }
        return sb.toString();
    }
}
