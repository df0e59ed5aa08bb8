package io.github.blosc2panama.simd;

import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * DELTA on the Vector API, bit-identical to {@link DeltaScalar}. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>Encoding and the decoding of blocks other than the first are byte-wise XORs of two runs (the word width only
 * decides where the runs start), done in byte lanes. Decoding the first block in place ({@code dref} is {@code buf})
 * is a running XOR over words: each vector gets an in-lane prefix XOR by shifts within its 64-bit lanes, a
 * cross-lane prefix of the lane totals by {@code log2(lanes)} lane shifts (see {@link LongLanes}), and the last
 * decoded word of the previous vector, repeated in every word ({@code carry}), so the loop-carried dependency is one
 * XOR per vector. See {@link LongLanes} for how the loops are written.
 * A first-block {@code dref} disjoint from {@code buf} makes it a plain XOR again; a partial overlap runs on the scalar
 * twin.
 */
final class DeltaVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VectorSpecies<Byte> BYTES = LongLanes.BYTES;
    private static final VectorSpecies<Long> LONGS = LongLanes.LONGS;
    private static final int L = LongLanes.L;
    /** Vector width in bytes. */
    private static final int VB = LongLanes.VB;

    private DeltaVector() {
    }

    /** See {@link Delta#encode}. */
    static void encode(MemorySegment dref, long offset, MemorySegment src, MemorySegment dst, long length,
                       int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        Delta.checkReference(dref, offset, length);
        KernelChecks.checkDisjoint(src, dst, length, "delta src and dst");
        KernelChecks.checkDisjoint(dref, dst, length, "delta dref and dst");
        MemorySegment s = NativeStaging.copyIn(src, length, 0);
        MemorySegment r = dref == src ? s : NativeStaging.copyIn(dref, length, 1);
        MemorySegment d = NativeStaging.room(dst, length, 2);
        int w = Delta.wordWidth(typesize);
        long body = length - length % w;
        long encoded = body;
        if (offset == 0) {
            long head = Math.min(w, length);
            MemorySegment.copy(r, 0, d, 0, head);
            xor(s, w, r, 0, d, w, body - head);
            encoded = Math.max(body, head);
        } else {
            xor(s, 0, r, 0, d, 0, body);
        }
        MemorySegment.copy(s, encoded, d, encoded, length - encoded);
        NativeStaging.copyOut(d, dst, length);
    }

    /** See {@link Delta#decode}. */
    static void decode(MemorySegment dref, long offset, MemorySegment buf, long length, int typesize) {
        KernelChecks.check(buf, buf, length, typesize);
        Delta.checkReference(dref, offset, length);
        int w = Delta.wordWidth(typesize);
        long n = length / w;
        if (offset != 0) {
            KernelChecks.checkDisjoint(dref, buf, length, "delta dref and buf (offset != 0)");
            MemorySegment b = NativeStaging.copyIn(buf, length, 0);
            xor(b, 0, NativeStaging.copyIn(dref, length, 1), 0, b, 0, n * w);
            NativeStaging.copyOut(b, buf, length);
            return;
        }
        if (n <= 1) {
            return;
        }
        int overlap = KernelChecks.overlap(dref, buf, length);
        if (overlap == KernelChecks.DISJOINT) {
            // word e ^= reference word e - 1, with the reference apart: in place, byte for byte
            MemorySegment b = NativeStaging.copyIn(buf, length, 0);
            xor(b, w, NativeStaging.copyIn(dref, length, 1), 0, b, w, (n - 1) * w);
            NativeStaging.copyOut(b, buf, length);
        } else if (overlap == KernelChecks.SAME) {
            // the very same memory (both slices have length bytes): a running XOR
            MemorySegment b = NativeStaging.copyIn(buf, length, 0);
            long done = switch (w) {
                case 1 -> scan1(b, n);
                case 2 -> scan2(b, n * 2);
                case 4 -> scan4(b, n * 4);
                default -> scan8(b, n * 8);
            };
            DeltaScalar.chain(b, b, w, Math.max(1, done / w), n);
            NativeStaging.copyOut(b, buf, length);
        } else {
            DeltaScalar.chain(dref, buf, w, 1, n);
        }
    }

    /**
     * {@code c[cOff + k] = a[aOff + k] ^ b[bOff + k]} for {@code k < count}, two vectors at a time; in place
     * ({@code a} and {@code c} the same memory at the same offset) is allowed. {@code count <= 0} does nothing.
     */
    private static void xor(MemorySegment a, long aOff, MemorySegment b, long bOff, MemorySegment c, long cOff,
                            long count) {
        a = NativeSegments.typed(a);
        b = NativeSegments.typed(b);
        c = NativeSegments.typed(c);
        long k = 0;
        for (; k + 2L * VB <= count; k += 2L * VB) {
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, a, aOff + k, LE);
            ByteVector a1 = ByteVector.fromMemorySegment(BYTES, a, aOff + k + VB, LE);
            ByteVector b0 = ByteVector.fromMemorySegment(BYTES, b, bOff + k, LE);
            ByteVector b1 = ByteVector.fromMemorySegment(BYTES, b, bOff + k + VB, LE);
            a0.lanewise(XOR, b0).intoMemorySegment(c, cOff + k, LE);
            a1.lanewise(XOR, b1).intoMemorySegment(c, cOff + k + VB, LE);
        }
        for (; k + VB <= count; k += VB) {
            ByteVector a0 = ByteVector.fromMemorySegment(BYTES, a, aOff + k, LE);
            ByteVector b0 = ByteVector.fromMemorySegment(BYTES, b, bOff + k, LE);
            a0.lanewise(XOR, b0).intoMemorySegment(c, cOff + k, LE);
        }
        if (k < count) {
            DeltaScalar.xorBytes(a, aOff + k, b, bOff + k, c, cOff + k, count - k);
        }
    }

    // Running XOR over the whole vectors at the start of buf, words of 1, 2, 4 or 8 bytes; each returns the bytes done
    // (a multiple of VB). The four loops differ only in the in-lane steps and in how a lane's total (its last word)
    // is repeated over the lane's words; the cross-lane part and the carry are finishStep.

    private static long scan1(MemorySegment buf, long bytes) {
        buf = NativeSegments.typed(buf);
        LongVector carry = LongVector.zero(LONGS);
        long k = 0;
        for (; k + VB <= bytes; k += VB) {
            LongVector x = ByteVector.fromMemorySegment(BYTES, buf, k, LE).reinterpretAsLongs();
            x = x.lanewise(XOR, x.lanewise(LSHL, 8));
            x = x.lanewise(XOR, x.lanewise(LSHL, 16));
            x = x.lanewise(XOR, x.lanewise(LSHL, 32));
            LongVector t = x.lanewise(LSHR, 56);
            t = t.lanewise(OR, t.lanewise(LSHL, 8));
            t = t.lanewise(OR, t.lanewise(LSHL, 16));
            t = t.lanewise(OR, t.lanewise(LSHL, 32));
            carry = finishStep(buf, k, x, t, carry);
        }
        return k;
    }

    private static long scan2(MemorySegment buf, long bytes) {
        buf = NativeSegments.typed(buf);
        LongVector carry = LongVector.zero(LONGS);
        long k = 0;
        for (; k + VB <= bytes; k += VB) {
            LongVector x = ByteVector.fromMemorySegment(BYTES, buf, k, LE).reinterpretAsLongs();
            x = x.lanewise(XOR, x.lanewise(LSHL, 16));
            x = x.lanewise(XOR, x.lanewise(LSHL, 32));
            LongVector t = x.lanewise(LSHR, 48);
            t = t.lanewise(OR, t.lanewise(LSHL, 16));
            t = t.lanewise(OR, t.lanewise(LSHL, 32));
            carry = finishStep(buf, k, x, t, carry);
        }
        return k;
    }

    private static long scan4(MemorySegment buf, long bytes) {
        buf = NativeSegments.typed(buf);
        LongVector carry = LongVector.zero(LONGS);
        long k = 0;
        for (; k + VB <= bytes; k += VB) {
            LongVector x = ByteVector.fromMemorySegment(BYTES, buf, k, LE).reinterpretAsLongs();
            x = x.lanewise(XOR, x.lanewise(LSHL, 32));
            LongVector t = x.lanewise(LSHR, 32);
            t = t.lanewise(OR, t.lanewise(LSHL, 32));
            carry = finishStep(buf, k, x, t, carry);
        }
        return k;
    }

    private static long scan8(MemorySegment buf, long bytes) {
        buf = NativeSegments.typed(buf);
        LongVector carry = LongVector.zero(LONGS);
        long k = 0;
        for (; k + VB <= bytes; k += VB) {
            LongVector x = ByteVector.fromMemorySegment(BYTES, buf, k, LE).reinterpretAsLongs();
            LongVector t = x;
            carry = finishStep(buf, k, x, t, carry);
        }
        return k;
    }

    /**
     * The cross-lane part of one step, the same for every word size: {@code x} holds the running XOR inside each long
     * lane, {@code t} each lane's total repeated over the lane's words. Makes {@code t} the running total across lanes,
     * XORs into each lane of {@code x} the total of the lanes before it and {@code carry} (the total of the vectors
     * before), stores the result at {@code buf[k]} and returns the carry for the next vector.
     */
    private static LongVector finishStep(MemorySegment buf, long k, LongVector x, LongVector t, LongVector carry) {
        if (L >= 2) {
            t = t.lanewise(XOR, t.rearrange(LongLanes.UP1, LongLanes.FROM1));
        }
        if (L >= 4) {
            t = t.lanewise(XOR, t.rearrange(LongLanes.UP2, LongLanes.FROM2));
        }
        if (L >= 8) {
            t = t.lanewise(XOR, t.rearrange(LongLanes.UP4, LongLanes.FROM4));
        }
        if (L >= 2) {
            x = x.lanewise(XOR, t.rearrange(LongLanes.UP1, LongLanes.FROM1));
        }
        x.lanewise(XOR, carry).reinterpretAsBytes().intoMemorySegment(buf, k, LE);
        return carry.lanewise(XOR, t.rearrange(LongLanes.LAST));
    }
}
