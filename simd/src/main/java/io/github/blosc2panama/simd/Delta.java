package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 DELTA filter (filter id 3), scalar reference implementation, bit-identical to C-Blosc2 3.3's
 * {@code delta_encoder} / {@code delta_decoder}.
 *
 * <p>The filter XORs (not subtracts) words of width {@code w}: {@code w = typesize} for typesize 1, 2, 4 and 8;
 * {@code w = 8} for other multiples of 8; {@code w = 1} for every other typesize. A block has
 * {@code n = length / w} whole words.
 * <ul>
 *   <li>The chunk's first block ({@code offset == 0}) is the reference: word 0 is kept and word {@code e >= 1}
 *       becomes {@code src[e] ^ dref[e - 1]}, where {@code dref} is the block's own unfiltered data (so each word is
 *       XORed with its predecessor).</li>
 *   <li>Every other block ({@code offset != 0}): word {@code e} becomes {@code src[e] ^ dref[e]}, {@code dref} being
 *       the chunk's first block of unfiltered data.</li>
 *   <li>The trailing {@code length % w} bytes are not part of any word. C leaves them unencoded (its destination
 *       keeps whatever it held, the known C quirk "delta-trailing-bytes"); {@link #encode} copies them unchanged from
 *       {@code src} and {@link #decode} leaves them untouched, which is exactly what C's decoder does with them.</li>
 * </ul>
 * Only whether {@code offset} is zero matters, as in C.
 */
public final class Delta {
    private Delta() {
    }

    /**
     * Delta-encodes one block.
     *
     * @param dref     the reference: for {@code offset == 0} the block's own unfiltered data (normally the same memory
     *                 as {@code src}), otherwise the chunk's first block of unfiltered data; at least {@code length}
     *                 bytes; it may overlap {@code src} but not {@code dst}
     * @param offset   the block's byte offset in the chunk (only zero / non-zero matters)
     * @param src      the block to encode
     * @param dst      where the encoded block goes; must not overlap {@code src} or {@code dref}
     * @param length   the block's length in bytes
     * @param typesize the chunk's typesize
     * @throws IllegalArgumentException for a negative offset, {@code typesize < 1}, a length that does not fit a
     *                                  segment, or overlapping segments
     */
    public static void encode(MemorySegment dref, long offset, MemorySegment src, MemorySegment dst, long length,
                              int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        checkReference(dref, offset, length);
        KernelChecks.checkDisjoint(src, dst, length, "delta src and dst");
        KernelChecks.checkDisjoint(dref, dst, length, "delta dref and dst");
        int w = wordWidth(typesize);
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

    /**
     * Delta-decodes one block in place, as C does.
     *
     * @param dref     the chunk's first block of already decoded output; for {@code offset == 0} this is normally
     *                 {@code buf} itself (C passes the same memory): words are then decoded in increasing order, each
     *                 XORed with the already decoded word before it. At least {@code length} bytes. For
     *                 {@code offset != 0} it must not overlap {@code buf}.
     * @param offset   the block's byte offset in the chunk (only zero / non-zero matters)
     * @param buf      the block, encoded on entry, decoded on return; the trailing {@code length % w} bytes are left
     *                 untouched
     * @param length   the block's length in bytes
     * @param typesize the chunk's typesize
     * @throws IllegalArgumentException for a negative offset, {@code typesize < 1}, a length that does not fit a
     *                                  segment, or a forbidden overlap
     */
    public static void decode(MemorySegment dref, long offset, MemorySegment buf, long length, int typesize) {
        KernelChecks.check(buf, buf, length, typesize);
        checkReference(dref, offset, length);
        int w = wordWidth(typesize);
        long n = length / w;
        if (offset != 0) {
            KernelChecks.checkDisjoint(dref, buf, length, "delta dref and buf (offset != 0)");
            xorBytes(buf, 0, dref, 0, buf, 0, n * w);
            return;
        }
        // Sequential on purpose: when dref is buf, word e-1 has just been decoded when word e reads it.
        switch (w) {
            case 1 -> {
                for (long e = 1; e < n; e++) {
                    buf.set(JAVA_BYTE, e, (byte) (buf.get(JAVA_BYTE, e) ^ dref.get(JAVA_BYTE, e - 1)));
                }
            }
            case 2 -> {
                for (long e = 1; e < n; e++) {
                    short v = (short) (buf.get(JAVA_SHORT_UNALIGNED, 2 * e) ^ dref.get(JAVA_SHORT_UNALIGNED, 2 * e - 2));
                    buf.set(JAVA_SHORT_UNALIGNED, 2 * e, v);
                }
            }
            case 4 -> {
                for (long e = 1; e < n; e++) {
                    int v = buf.get(JAVA_INT_UNALIGNED, 4 * e) ^ dref.get(JAVA_INT_UNALIGNED, 4 * e - 4);
                    buf.set(JAVA_INT_UNALIGNED, 4 * e, v);
                }
            }
            default -> {
                for (long e = 1; e < n; e++) {
                    long v = buf.get(JAVA_LONG_UNALIGNED, 8 * e) ^ dref.get(JAVA_LONG_UNALIGNED, 8 * e - 8);
                    buf.set(JAVA_LONG_UNALIGNED, 8 * e, v);
                }
            }
        }
    }

    /** The XOR word width C uses for a typesize: 1, 2, 4, 8 as is, 8 for other multiples of 8, else 1. */
    static int wordWidth(int typesize) {
        return switch (typesize) {
            case 1, 2, 4, 8 -> typesize;
            default -> typesize % 8 == 0 ? 8 : 1;
        };
    }

    private static void checkReference(MemorySegment dref, long offset, long length) {
        if (offset < 0) {
            throw new IllegalArgumentException("delta block offset must be >= 0, got " + offset);
        }
        if (length > dref.byteSize()) {
            throw new IllegalArgumentException("delta reference (" + dref.byteSize() + " bytes) is shorter than the "
                    + "block length " + length);
        }
    }

    /**
     * {@code c[cOff + k] = a[aOff + k] ^ b[bOff + k]} for {@code k < count}, front to back, eight bytes at a time
     * (XOR is byte-wise, so the word width does not matter here). {@code count <= 0} does nothing.
     */
    private static void xorBytes(MemorySegment a, long aOff, MemorySegment b, long bOff, MemorySegment c, long cOff,
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
