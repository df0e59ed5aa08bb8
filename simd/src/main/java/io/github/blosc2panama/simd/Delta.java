package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 DELTA filter (filter id 3), bit-identical to C-Blosc2 3.3's {@code delta_encoder} / {@code delta_decoder}.
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
 *
 * <p>Runs on the Vector API when {@code jdk.incubator.vector} is in the boot layer, else on the scalar twin; both
 * produce the same bytes.
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
        if (VectorWarmup.useVector(VectorWarmup.Kernel.DELTA_ENCODE, typesize, length)) {
            DeltaVector.encode(dref, offset, src, dst, length, typesize);
        } else {
            DeltaScalar.encode(dref, offset, src, dst, length, typesize);
        }
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
        if (VectorWarmup.useVector(VectorWarmup.Kernel.DELTA_DECODE, typesize, length)) {
            DeltaVector.decode(dref, offset, buf, length, typesize);
        } else {
            DeltaScalar.decode(dref, offset, buf, length, typesize);
        }
    }

    /** The XOR word width C uses for a typesize: 1, 2, 4, 8 as is, 8 for other multiples of 8, else 1. */
    static int wordWidth(int typesize) {
        return switch (typesize) {
            case 1, 2, 4, 8 -> typesize;
            default -> typesize % 8 == 0 ? 8 : 1;
        };
    }

    /** Checks the reference and the offset shared by both twins. */
    static void checkReference(MemorySegment dref, long offset, long length) {
        if (offset < 0) {
            throw new IllegalArgumentException("delta block offset must be >= 0, got " + offset);
        }
        if (length > dref.byteSize()) {
            throw new IllegalArgumentException("delta reference (" + dref.byteSize() + " bytes) is shorter than the "
                    + "block length " + length);
        }
    }
}
