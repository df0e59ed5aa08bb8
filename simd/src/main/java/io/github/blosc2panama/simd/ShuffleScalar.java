package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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
final class ShuffleScalar {
    /** Little-endian views of byte arrays, for wide loads and stores in the tile loops. */
    static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Target size in bytes of one tile of elements transposed through heap scratch arrays. */
    private static final int TILE_BYTES = 16 * 1024;
    /** Smallest tile in elements, so that every output row copy moves at least this many bytes. */
    private static final int MIN_TILE_ELEMENTS = 64;
    /** Typesizes above this skip the scratch arrays (which would grow with the typesize) and work in place. */
    static final int MAX_TILED_TYPESIZE = 4096;

    private ShuffleScalar() {
    }

    /**
     * Shuffles the first {@code length} bytes of {@code src} into {@code dst}.
     *
     * @throws IllegalArgumentException if {@code typesize < 1}, {@code length} is negative or exceeds either
     *                                  segment, or the segments overlap
     */
    static void shuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "shuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (typesize == 1 || nel <= 1) {
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        if (typesize == 8 || typesize == 4) {
            ByteTranspose.shuffle(src, dst, nel, typesize);
            MemorySegment.copy(src, body, dst, body, length - body);
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
        TileArrays arrays = TileArrays.get(tile * typesize);
        byte[] in = arrays.first();
        byte[] out = arrays.second();
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            MemorySegment.copy(src, JAVA_BYTE, first * typesize, in, 0, n * typesize);
            shuffleTile(in, out, n, typesize);
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
    static void unshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "unshuffle src and dst");
        long nel = length / typesize;
        long body = nel * typesize;
        if (typesize == 1 || nel <= 1) {
            MemorySegment.copy(src, 0, dst, 0, length);
            return;
        }
        if (typesize == 8 || typesize == 4) {
            ByteTranspose.unshuffle(src, dst, nel, typesize);
            MemorySegment.copy(src, body, dst, body, length - body);
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
        TileArrays arrays = TileArrays.get(tile * typesize);
        byte[] in = arrays.first();
        byte[] out = arrays.second();
        for (long first = 0; first < nel; first += tile) {
            int n = (int) Math.min(tile, nel - first);
            for (int j = 0; j < typesize; j++) {
                MemorySegment.copy(src, JAVA_BYTE, j * nel + first, in, j * n, n);
            }
            unshuffleTile(in, out, n, typesize);
            MemorySegment.copy(out, 0, dst, JAVA_BYTE, first * typesize, n * typesize);
        }
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * {@link Shuffle#unshuffleSplitRows} of items {@code first .. first + count - 1}, byte by byte, to
     * {@code d[to..]}. No argument checks: callers have done them.
     */
    static void unshuffleSplitRows(int typesize, MemorySegment a, long aFrom, long aStride, MemorySegment b,
            long bFrom, long bStride, long first, long count, MemorySegment d, long to) {
        int half = typesize / 2;
        for (int k = 0; k < typesize; k++) {
            MemorySegment row = k < half ? a : b;
            long from = (k < half ? aFrom + k * aStride : bFrom + (k - half) * bStride) + first;
            for (long i = 0; i < count; i++) {
                d.set(JAVA_BYTE, to + i * typesize + k, row.get(JAVA_BYTE, from + i));
            }
        }
    }

    /** Byte-shuffles {@code n} elements held in {@code in} into {@code typesize} rows of {@code n} bytes in out. */
    static void shuffleTile(byte[] in, byte[] out, int n, int typesize) {
        switch (typesize) {
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = in[2 * i];
                    out[n + i] = in[2 * i + 1];
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    int v = (int) INT_LE.get(in, 4 * i);
                    out[i] = (byte) v;
                    out[n + i] = (byte) (v >>> 8);
                    out[2 * n + i] = (byte) (v >>> 16);
                    out[3 * n + i] = (byte) (v >>> 24);
                }
            }
            case 8 -> {
                for (int i = 0; i < n; i++) {
                    long v = (long) LONG_LE.get(in, 8 * i);
                    for (int j = 0; j < 8; j++) {
                        out[j * n + i] = (byte) (v >>> (8 * j));
                    }
                }
            }
            default -> {
                for (int j = 0; j < typesize; j++) {
                    int row = j * n;
                    for (int i = 0, from = j; i < n; i++, from += typesize) {
                        out[row + i] = in[from];
                    }
                }
            }
        }
    }

    /** Inverse of {@link #shuffleTile}: {@code typesize} rows of {@code n} bytes in {@code in} back to elements. */
    static void unshuffleTile(byte[] in, byte[] out, int n, int typesize) {
        switch (typesize) {
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out[2 * i] = in[i];
                    out[2 * i + 1] = in[n + i];
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    int v = (in[i] & 0xFF) | (in[n + i] & 0xFF) << 8 | (in[2 * n + i] & 0xFF) << 16
                            | (in[3 * n + i] & 0xFF) << 24;
                    INT_LE.set(out, 4 * i, v);
                }
            }
            case 8 -> {
                for (int i = 0; i < n; i++) {
                    long v = 0;
                    for (int j = 0; j < 8; j++) {
                        v |= (in[j * n + i] & 0xFFL) << (8 * j);
                    }
                    LONG_LE.set(out, 8 * i, v);
                }
            }
            default -> {
                for (int j = 0; j < typesize; j++) {
                    int row = j * n;
                    for (int i = 0, to = j; i < n; i++, to += typesize) {
                        out[to] = in[row + i];
                    }
                }
            }
        }
    }

    /** Elements per tile: about {@link #TILE_BYTES} bytes, at least {@link #MIN_TILE_ELEMENTS}, at most nel. */
    private static int tileElements(long nel, int typesize) {
        long tile = Math.max(MIN_TILE_ELEMENTS, TILE_BYTES / typesize);
        return (int) Math.min(tile, nel);
    }
}
