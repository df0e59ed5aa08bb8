package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 bit shuffle (filter id 2), scalar reference implementation, bit-identical to C-Blosc2's
 * {@code blosc2_bitshuffle} / {@code blosc2_bitunshuffle} and, for chunk format version 2, to its legacy
 * bitunshuffle.
 *
 * <p>Layout for a block of {@code length} bytes with {@code nel = length / typesize} elements: only the first
 * {@code nel8 = nel - nel % 8} elements are transposed. They form {@code 8 * typesize} rows of {@code R = nel8 / 8}
 * bytes; row {@code 8 * j + b} holds bit {@code b} (least significant first) of byte {@code j} of every element, and
 * bit {@code k} of byte {@code m} of that row is the bit of element {@code 8 * m + k}. Everything from
 * {@code nel8 * typesize} to the end (leftover elements and the partial element) is copied unchanged.
 * {@code src} and {@code dst} must not overlap.
 */
final class BitShuffleScalar {
    /** Target size in bytes of one tile of elements transposed through heap scratch arrays. */
    private static final int TILE_BYTES = 16 * 1024;
    /** Smallest tile in elements (a multiple of 8), so that row copies move at least 8 bytes. */
    private static final int MIN_TILE_ELEMENTS = 64;

    private BitShuffleScalar() {
    }

    /**
     * Bit-shuffles the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    static void bitshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitshuffle src and dst");
        long nel8 = wholeOctets(length, typesize);
        transposeForward(src, dst, nel8, typesize);
        long body = nel8 * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * Inverse of {@link #bitshuffle} for chunks of format version 3 and later (what {@code blosc2_bitunshuffle}
     * does): the first {@code nel8 * typesize} bytes are un-transposed, the rest copied unchanged.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    static void bitunshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitunshuffle src and dst");
        long nel8 = wholeOctets(length, typesize);
        transposeBackward(src, dst, nel8, typesize);
        long body = nel8 * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * Bit-unshuffle as C-Blosc2 does it for chunks whose header version byte is 2 (written by Blosc 1.x): when
     * {@code nel = length / typesize} is not a multiple of 8 the whole block was stored unshuffled and is copied
     * unchanged; otherwise all {@code nel} elements are un-transposed (same layout as {@link #bitunshuffle}).
     *
     * <p>Difference from C: when {@code nel} is a multiple of 8 but {@code length % typesize != 0}, C leaves the
     * trailing partial-element bytes of the destination unwritten (whatever it held before); this method copies
     * them from {@code src}, which restores the original data for the upstream Blosc 1.x vectors.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    static void bitunshuffleLegacy(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitunshuffle src and dst");
        long nel = length / typesize;
        if (nel % 8 != 0) {
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        transposeBackward(src, dst, nel, typesize);
        long body = nel * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /** Number of elements handled by the bit transpose: whole elements rounded down to a multiple of 8. */
    private static long wholeOctets(long length, int typesize) {
        long nel = length / typesize;
        return nel - nel % 8;
    }

    /** Elements per tile: a multiple of 8, about {@link #TILE_BYTES} bytes, at most {@code nel8}. */
    private static int tileElements(long nel8, int typesize) {
        long tile = Math.max(MIN_TILE_ELEMENTS, (TILE_BYTES / typesize) & ~7L);
        return (int) Math.min(tile, nel8);
    }

    /** Bit-transposes {@code nel8} (a multiple of 8) elements of src into rows of dst. */
    private static void transposeForward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        if (nel8 == 0) {
            return;
        }
        long rowStride = nel8 / 8;
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            for (int j = 0; j < typesize; j++) {
                for (long m = 0; m < rowStride; m++) {
                    long x = 0;
                    for (int k = 0; k < 8; k++) {
                        x |= (src.get(JAVA_BYTE, (8 * m + k) * typesize + j) & 0xFFL) << (8 * k);
                    }
                    x = transpose8x8(x);
                    for (int b = 0; b < 8; b++) {
                        dst.set(JAVA_BYTE, (8L * j + b) * rowStride + m, (byte) (x >>> (8 * b)));
                    }
                }
            }
            return;
        }
        int tile = tileElements(nel8, typesize);
        TileArrays arrays = TileArrays.get(tile * typesize);
        byte[] in = arrays.first();
        byte[] bytes = arrays.second();
        byte[] out = arrays.third();
        for (long first = 0; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            int rowLen = n / 8;
            MemorySegment.copy(src, JAVA_BYTE, first * typesize, in, 0, n * typesize);
            // byte-shuffle first: byte j of elements 8m..8m+7 becomes the 8 consecutive bytes at j*n + 8m
            ShuffleScalar.shuffleTile(in, bytes, n, typesize);
            for (int j = 0; j < typesize; j++) {
                for (int m = 0; m < rowLen; m++) {
                    long x = transpose8x8((long) ShuffleScalar.LONG_LE.get(bytes, j * n + 8 * m));
                    int to = 8 * j * rowLen + m;
                    for (int b = 0; b < 8; b++, to += rowLen) {
                        out[to] = (byte) (x >>> (8 * b));
                    }
                }
            }
            for (int r = 0; r < 8 * typesize; r++) {
                MemorySegment.copy(out, r * rowLen, dst, JAVA_BYTE, r * rowStride + first / 8, rowLen);
            }
        }
    }

    /** Inverse of {@link #transposeForward}: rebuilds {@code nel8} elements of dst from the bit rows of src. */
    private static void transposeBackward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        if (nel8 == 0) {
            return;
        }
        long rowStride = nel8 / 8;
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            for (int j = 0; j < typesize; j++) {
                for (long m = 0; m < rowStride; m++) {
                    long x = 0;
                    for (int b = 0; b < 8; b++) {
                        x |= (src.get(JAVA_BYTE, (8L * j + b) * rowStride + m) & 0xFFL) << (8 * b);
                    }
                    x = transpose8x8(x);
                    for (int k = 0; k < 8; k++) {
                        dst.set(JAVA_BYTE, (8 * m + k) * typesize + j, (byte) (x >>> (8 * k)));
                    }
                }
            }
            return;
        }
        int tile = tileElements(nel8, typesize);
        TileArrays arrays = TileArrays.get(tile * typesize);
        byte[] in = arrays.first();
        byte[] bytes = arrays.second();
        byte[] out = arrays.third();
        for (long first = 0; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            int rowLen = n / 8;
            for (int r = 0; r < 8 * typesize; r++) {
                MemorySegment.copy(src, JAVA_BYTE, r * rowStride + first / 8, in, r * rowLen, rowLen);
            }
            // rebuild the byte-shuffled tile (8 consecutive bytes per row j and group m), then unshuffle it
            for (int j = 0; j < typesize; j++) {
                for (int m = 0; m < rowLen; m++) {
                    int from = 8 * j * rowLen + m;
                    long x = 0;
                    for (int b = 0; b < 8; b++, from += rowLen) {
                        x |= (in[from] & 0xFFL) << (8 * b);
                    }
                    ShuffleScalar.LONG_LE.set(bytes, j * n + 8 * m, transpose8x8(x));
                }
            }
            ShuffleScalar.unshuffleTile(bytes, out, n, typesize);
            MemorySegment.copy(out, 0, dst, JAVA_BYTE, first * typesize, n * typesize);
        }
    }

    /**
     * Transposes the 8x8 bit matrix held in {@code x}, where bit {@code 8 * r + c} is row {@code r}, column
     * {@code c}: afterwards bit {@code 8 * c + r} holds what was at {@code 8 * r + c}. Three rounds swap 1x1, 2x2 and
     * 4x4 sub-blocks across the diagonal. The matrix is its own inverse under this operation.
     */
    static long transpose8x8(long x) {
        long t = (x ^ (x >>> 7)) & 0x00AA00AA00AA00AAL;
        x = x ^ t ^ (t << 7);
        t = (x ^ (x >>> 14)) & 0x0000CCCC0000CCCCL;
        x = x ^ t ^ (t << 14);
        t = (x ^ (x >>> 28)) & 0x00000000F0F0F0F0L;
        x = x ^ t ^ (t << 28);
        return x;
    }
}
