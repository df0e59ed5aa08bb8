package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.MemorySegment;

/**
 * Scalar twin of {@link Delta} (the reference implementation the vector kernel is checked against); see {@link Delta}
 * for the semantics and the argument rules.
 */
final class DeltaScalar {
    private DeltaScalar() {
    }

    /** See {@link Delta#encode}. */
    static void encode(MemorySegment dref, long offset, MemorySegment src, MemorySegment dst, long length,
                       int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        Delta.checkReference(dref, offset, length);
        KernelChecks.checkDisjoint(src, dst, length, "delta src and dst");
        KernelChecks.checkDisjoint(dref, dst, length, "delta dref and dst");
        int w = Delta.wordWidth(typesize);
        long body = length - length % w;
        long encoded = body;
        if (offset == 0) {
            // word 0 comes from dref (C copies a whole word even past a shorter block; we stop at its end)
            long head = Math.min(w, length);
            MemorySegment.copy(dref, 0, dst, 0, head);
            // word e ^ word e-1 is, byte for byte, src[k] ^ dref[k - w]
            xorBytes(src, w, dref, 0, dst, w, body - head);
            encoded = Math.max(body, head);
        } else {
            xorBytes(src, 0, dref, 0, dst, 0, body);
        }
        MemorySegment.copy(src, encoded, dst, encoded, length - encoded);
    }

    /** See {@link Delta#decode}. */
    static void decode(MemorySegment dref, long offset, MemorySegment buf, long length, int typesize) {
        KernelChecks.check(buf, buf, length, typesize);
        Delta.checkReference(dref, offset, length);
        int w = Delta.wordWidth(typesize);
        long n = length / w;
        if (offset != 0) {
            KernelChecks.checkDisjoint(dref, buf, length, "delta dref and buf (offset != 0)");
            xorBytes(buf, 0, dref, 0, buf, 0, n * w);
            return;
        }
        chain(dref, buf, w, 1, n);
    }

    /**
     * Words {@code from..n-1} of an {@code offset == 0} block: word {@code e} ^= word {@code e - 1} of {@code dref}.
     * Sequential on purpose: when dref is buf, word e-1 has just been decoded when word e reads it.
     */
    static void chain(MemorySegment dref, MemorySegment buf, int w, long from, long n) {
        switch (w) {
            case 1 -> {
                for (long e = from; e < n; e++) {
                    buf.set(JAVA_BYTE, e, (byte) (buf.get(JAVA_BYTE, e) ^ dref.get(JAVA_BYTE, e - 1)));
                }
            }
            case 2 -> {
                for (long e = from; e < n; e++) {
                    short v = (short) (buf.get(JAVA_SHORT_UNALIGNED, 2 * e) ^ dref.get(JAVA_SHORT_UNALIGNED, 2 * e - 2));
                    buf.set(JAVA_SHORT_UNALIGNED, 2 * e, v);
                }
            }
            case 4 -> {
                for (long e = from; e < n; e++) {
                    int v = buf.get(JAVA_INT_UNALIGNED, 4 * e) ^ dref.get(JAVA_INT_UNALIGNED, 4 * e - 4);
                    buf.set(JAVA_INT_UNALIGNED, 4 * e, v);
                }
            }
            default -> {
                for (long e = from; e < n; e++) {
                    long v = buf.get(JAVA_LONG_UNALIGNED, 8 * e) ^ dref.get(JAVA_LONG_UNALIGNED, 8 * e - 8);
                    buf.set(JAVA_LONG_UNALIGNED, 8 * e, v);
                }
            }
        }
    }

    /**
     * {@code c[cOff + k] = a[aOff + k] ^ b[bOff + k]} for {@code k < count}, front to back, eight bytes at a time
     * (XOR is byte-wise, so the word width does not matter here). {@code count <= 0} does nothing.
     */
    static void xorBytes(MemorySegment a, long aOff, MemorySegment b, long bOff, MemorySegment c, long cOff,
                         long count) {
        long k = 0;
        for (; k + 8 <= count; k += 8) {
            c.set(JAVA_LONG_UNALIGNED, cOff + k,
                    a.get(JAVA_LONG_UNALIGNED, aOff + k) ^ b.get(JAVA_LONG_UNALIGNED, bOff + k));
        }
        for (; k < count; k++) {
            c.set(JAVA_BYTE, cOff + k, (byte) (a.get(JAVA_BYTE, aOff + k) ^ b.get(JAVA_BYTE, bOff + k)));
        }
    }
}
