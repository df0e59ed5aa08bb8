package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * BYTEDELTA on the Vector API, bit-identical to {@link ByteDeltaScalar}. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>Encoding subtracts, byte-wise, the run starting one byte earlier from the run itself (two unaligned loads per
 * vector). Decoding is a running byte sum per stream: each vector gets an in-lane prefix sum (the 64-bit lane shifted
 * by 8, 16, 32 bits and added byte-wise), a cross-lane prefix of the lane totals (the lane's top byte, as a plain long)
 * by {@code log2(lanes)} lane shifts (see {@link LongLanes}), plus the running sum of the previous vectors
 * ({@code carry}); the low byte of that sum, repeated in all bytes of the lane, is added byte-wise. The loop-carried
 * dependency is one long add per vector. What is left of a stream after its last whole vector is done byte by byte.
 * See {@link LongLanes} for how the loops are written.
 */
final class ByteDeltaVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VectorSpecies<Long> LONGS = LongLanes.LONGS;
    private static final VectorSpecies<Byte> BYTES = LongLanes.BYTES;
    private static final int L = LongLanes.L;
    /** Vector width in bytes. */
    private static final int VB = LongLanes.VB;
    /** Multiplying a byte value by this repeats it in all 8 bytes of a long. */
    private static final long REPEAT_BYTE = 0x0101_0101_0101_0101L;

    private ByteDeltaVector() {
    }

    /** See {@link ByteDelta#encode}. */
    static void encode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "BYTEDELTA src and dst");
        MemorySegment s = NativeStaging.copyIn(src, length, 0);
        MemorySegment d = NativeStaging.room(dst, length, 1);
        long streamLen = length / typesize;
        if (streamLen > 0) {
            for (long stream = 0; stream < typesize; stream++) {
                encodeStream(s, d, stream * streamLen, streamLen);
            }
        }
        long body = streamLen * typesize;
        MemorySegment.copy(s, body, d, body, length - body);
        NativeStaging.copyOut(d, dst, length);
    }

    /** See {@link ByteDelta#decode}. */
    static void decode(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "BYTEDELTA src and dst");
        MemorySegment s = NativeStaging.copyIn(src, length, 0);
        MemorySegment d = NativeStaging.room(dst, length, 1);
        long streamLen = length / typesize;
        if (streamLen > 0) {
            for (long stream = 0; stream < typesize; stream++) {
                decodeStream(s, d, stream * streamLen, streamLen);
            }
        }
        long body = streamLen * typesize;
        MemorySegment.copy(s, body, d, body, length - body);
        NativeStaging.copyOut(d, dst, length);
    }

    /** One stream of {@code n >= 1} bytes at {@code base}. */
    private static void encodeStream(MemorySegment src, MemorySegment dst, long base, long n) {
        src = NativeSegments.typed(src);
        dst = NativeSegments.typed(dst);
        dst.set(JAVA_BYTE, base, src.get(JAVA_BYTE, base));
        long i = 1;
        for (; i + 2L * VB <= n; i += 2L * VB) {
            long at = base + i;
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, src, at, LE);
            ByteVector a1 = ByteVector.fromMemorySegment(BYTES, src, at + VB, LE);
            ByteVector p0 = ByteVector.fromMemorySegment(BYTES, src, at - 1, LE);
            ByteVector p1 = ByteVector.fromMemorySegment(BYTES, src, at + VB - 1, LE);
            a0.sub(p0).intoMemorySegment(dst, at, LE);
            a1.sub(p1).intoMemorySegment(dst, at + VB, LE);
        }
        for (; i + VB <= n; i += VB) {
            long at = base + i;
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, src, at, LE);
            ByteVector p0 = ByteVector.fromMemorySegment(BYTES, src, at - 1, LE);
            a0.sub(p0).intoMemorySegment(dst, at, LE);
        }
        for (; i < n; i++) {
            dst.set(JAVA_BYTE, base + i, (byte) (src.get(JAVA_BYTE, base + i) - src.get(JAVA_BYTE, base + i - 1)));
        }
    }

    /** One stream of {@code n >= 1} bytes at {@code base}. */
    private static void decodeStream(MemorySegment src, MemorySegment dst, long base, long n) {
        src = NativeSegments.typed(src);
        dst = NativeSegments.typed(dst);
        // the running sum before this vector, in the low byte of every lane (higher bits are garbage)
        LongVector carry = LongVector.zero(LONGS);
        long i = 0;
        for (; i + VB <= n; i += VB) {
            ByteVector v = ByteVector.fromMemorySegment(BYTES, src, base + i, LE);
            // in-lane running sum: add the lane shifted by 1, 2, 4 bytes, byte-wise
            v = v.add(v.reinterpretAsLongs().lanewise(LSHL, 8).reinterpretAsBytes());
            v = v.add(v.reinterpretAsLongs().lanewise(LSHL, 16).reinterpretAsBytes());
            v = v.add(v.reinterpretAsLongs().lanewise(LSHL, 32).reinterpretAsBytes());
            // lane totals (top bytes) summed across the lanes as plain longs (at most 8 * 255 each)
            LongVector t = v.reinterpretAsLongs().lanewise(LSHR, 56);
            if (L >= 2) {
                t = t.add(t.rearrange(LongLanes.UP1, LongLanes.FROM1));
            }
            if (L >= 4) {
                t = t.add(t.rearrange(LongLanes.UP2, LongLanes.FROM2));
            }
            if (L >= 8) {
                t = t.add(t.rearrange(LongLanes.UP4, LongLanes.FROM4));
            }
            // what comes before each lane: the lanes before it and the previous vectors, its low byte in every byte
            LongVector before = carry;
            if (L >= 2) {
                before = before.add(t.rearrange(LongLanes.UP1, LongLanes.FROM1));
            }
            before = before.and(0xFFL).mul(REPEAT_BYTE);
            v.add(before.reinterpretAsBytes()).intoMemorySegment(dst, base + i, LE);
            carry = carry.add(t.rearrange(LongLanes.LAST));
        }
        byte previous = i == 0 ? 0 : dst.get(JAVA_BYTE, base + i - 1);
        for (; i < n; i++) {
            previous = (byte) (src.get(JAVA_BYTE, base + i) + previous);
            dst.set(JAVA_BYTE, base + i, previous);
        }
    }
}
