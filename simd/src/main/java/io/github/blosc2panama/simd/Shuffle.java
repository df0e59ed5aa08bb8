package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/**
 * Blosc2 byte shuffle (filter id 1), scalar reference implementation, bit-identical to C-Blosc2's
 * {@code blosc2_shuffle} / {@code blosc2_unshuffle}.
 *
 * <p>For a block of {@code length} bytes holding {@code nel = length / typesize} elements, shuffle writes byte
 * {@code j} of element {@code i} to {@code dst[j * nel + i]} (all first bytes, then all second bytes, ...). The last
 * {@code length % typesize} bytes, which belong to no whole element, are copied unchanged to the same position.
 * Unshuffle is the exact inverse. {@code src} and {@code dst} must not overlap.
 *
 * <p>The chunk pipeline passes {@code filters_meta} as the typesize when it is non-zero (byte-stream grouping); this
 * kernel does not care where the typesize comes from. Any typesize >= 1 is accepted (C accepts 1..256).
 */
public final class Shuffle {
    /** Target size in bytes of one tile of elements transposed through heap scratch arrays. */
    private static final int TILE_BYTES = 16 * 1024;
    /** Smallest tile in elements, so that every output row copy moves at least this many bytes. */
    private static final int MIN_TILE_ELEMENTS = 64;
    /** Typesizes above this skip the scratch arrays (which would grow with the typesize) and work in place. */
    static final int MAX_TILED_TYPESIZE = 4096;

    private Shuffle() {
    }

    /**
     * Shuffles the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void shuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "shuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (typesize == 1 || nel <= 1) {
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        if (typesize > MAX_TILED_TYPESIZE) {
            for (int j = 0; j < typesize; j++) {
                for (long i = 0; i < nel; i++) {
                    dst.set(JAVA_BYTE, j * nel + i, src.get(JAVA_BYTE, i * typesize + j));
                }
            }
            MemorySegment.copy(src, body, dst, body, length - body);
            return;
        }
        int tile = tileElements(nel, typesize);
        byte[] in = new byte[tile * typesize];
        byte[] out = new byte[tile * typesize];
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            MemorySegment.copy(src, JAVA_BYTE, first * typesize, in, 0, n * typesize);
            for (int j = 0; j < typesize; j++) {
                int row = j * n;
                for (int i = 0, from = j; i < n; i++, from += typesize) {
                    out[row + i] = in[from];
                }
            }
            for (int j = 0; j < typesize; j++) {
                MemorySegment.copy(out, j * n, dst, JAVA_BYTE, j * nel + first, n);
            }
        }
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * Inverse of {@link #shuffle}: gathers byte {@code j} of element {@code i} from {@code src[j * nel + i]}; the last
     * {@code length % typesize} bytes are copied unchanged.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    public static void unshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "unshuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (typesize == 1 || nel <= 1) {
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        if (typesize > MAX_TILED_TYPESIZE) {
            for (int j = 0; j < typesize; j++) {
                for (long i = 0; i < nel; i++) {
                    dst.set(JAVA_BYTE, i * typesize + j, src.get(JAVA_BYTE, j * nel + i));
                }
            }
            MemorySegment.copy(src, body, dst, body, length - body);
            return;
        }
        int tile = tileElements(nel, typesize);
        byte[] in = new byte[tile * typesize];
        byte[] out = new byte[tile * typesize];
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            for (int j = 0; j < typesize; j++) {
                MemorySegment.copy(src, JAVA_BYTE, j * nel + first, in, j * n, n);
            }
            for (int j = 0; j < typesize; j++) {
                int row = j * n;
                for (int i = 0, to = j; i < n; i++, to += typesize) {
                    out[to] = in[row + i];
                }
            }
            MemorySegment.copy(out, 0, dst, JAVA_BYTE, first * typesize, n * typesize);
        }
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /** Elements per tile: about {@link #TILE_BYTES} bytes, at least {@link #MIN_TILE_ELEMENTS}, at most nel. */
    private static int tileElements(long nel, int typesize) {
        long tile = Math.max(MIN_TILE_ELEMENTS, TILE_BYTES / typesize);
        return (int) Math.min(tile, nel);
    }
}
