package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * Bit shuffle on the Vector API, bit-identical to {@link BitShuffleScalar}. Only loaded when
 * {@link SimdSupport#VECTOR}.
 *
 * <p>Works on tiles of elements (a multiple of 64: up to 32768 elements and 256 KiB with {@link BitMatrixVector},
 * else about 16 KiB). Forward: the tile is byte-shuffled ({@link ShuffleVector}) into a per-thread scratch segment that
 * stays in cache, so byte {@code j} of the tile's elements is one contiguous run (typesize 1 reads the source
 * directly); each vector of {@code N} of those bytes gives, per bit {@code b}, a lane mask ({@code and},
 * {@code compare(NE, 0)}) whose {@code toLong()} is exactly the {@code N / 8} bytes of row {@code 8j + b} at that
 * place, stored straight into dst. Backward: each vector of {@code N} bytes is rebuilt from the 8 row pieces
 * ({@code VectorMask.fromLong}, masked {@code or}) into the scratch (or dst for typesize 1), and the tile is
 * byte-unshuffled into dst. With 512-bit vectors, JDK 24's two-vector
 * selects and AVX-512 VBMI ({@link BitMatrixVector#USABLE}), whole groups of 512 bytes of a byte row go through
 * {@link BitMatrixVector} instead, which needs half the instructions (bit pass of typesize 1 in cache: 9.6 to 13.5
 * GB/s forward, 7 to 13.4 backward). Groups of 8 elements after the last whole vector use the scalar 8x8 bit
 * transpose. Where {@link BitMatrixVector#USABLE}, typesizes 2, 4 and 8 skip the tile's byte shuffle: forward,
 * {@link BitMatrixVector} bit transposes the elements themselves into 8 planes in the scratch, and a byte shuffle of
 * each plane writes the bit rows, backward the reverse ({@link #byPlanes}): the same instructions less one permute
 * per 64 bytes for typesize 8, and the source read once, by the compute-bound pass (256 KiB pieces of 4 MiB in L3,
 * in turns with C-Blosc2: bitshuffle of typesize 8 from 1.45-1.46 of its rate to 1.59-1.60, typesize 4 from
 * 1.39-1.43 to 1.43-1.46; 1.64-1.65 and 1.52-1.53 with the regroup folded into the selects). Heap segments are
 * staged through native buffers ({@link NativeStaging}).
 *
 * <p>{@code N} is the lane count of the preferred byte species (or {@code -Dblosc2.simd.bits}); typesizes above
 * {@link ShuffleScalar#MAX_TILED_TYPESIZE} run on the scalar twin.
 */
final class BitShuffleVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LE);
    static final VectorSpecies<Byte> BITS = bitSpecies();
    private static final int N = BITS.length();
    /**
     * Most elements per tile with {@link BitMatrixVector}. Tiles this large run its bit unshuffle of typesize 8 at
     * 13-15 GB/s in cache, tiles of 2048 elements at 11-12 (each bit row is read in runs of 1 KiB instead of 256
     * bytes) on Intel Emerald Rapids; on AMD Zen 5, typesize 8 in 4 MiB blocks, bitshuffle 20.8 GB/s and bit
     * unshuffle 22.3 with tiles of 8192 elements, 23.1 and 23.5 with these (a 256 KiB block in one tile), 22.9 and
     * 23.6 with 65536.
     */
    private static final int TILE_ELEMENTS = 32768;
    /** Most bytes per tile with {@link BitMatrixVector}, which bounds the scratch of large typesizes. */
    private static final int TILE_BYTES = 256 * 1024;
    /**
     * Bytes per tile with the per-bit masks, whose tile then stays in L1 (with {@link #TILE_ELEMENTS} they ran slower:
     * 256-bit vectors, typesizes 2 to 8).
     */
    private static final int MASKS_TILE_BYTES = 16 * 1024;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private BitShuffleVector() {
    }

    private static VectorSpecies<Byte> bitSpecies() {
        String forced = System.getProperty("blosc2.simd.bits", "");
        return forced.isBlank() ? ByteVector.SPECIES_PREFERRED
                : VectorSpecies.of(byte.class, VectorShape.forBitSize(Integer.parseInt(forced.trim())));
    }

    /** Per-thread native scratch for the tile's byte rows, grown on demand (steady-state calls allocate nothing). */
    private static final class Scratch {
        MemorySegment bytes = MemorySegment.NULL;

        MemorySegment ensure(long size) {
            if (bytes.byteSize() < size) {
                bytes = Arena.ofAuto().allocate(size, 64);
            }
            return bytes;
        }
    }

    static void bitshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            BitShuffleScalar.bitshuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitshuffle src and dst");
        MemorySegment s = NativeStaging.copyIn(src, length, 0);
        MemorySegment d = NativeStaging.room(dst, length, 1);
        long nel = length / typesize;
        long nel8 = nel - nel % 8;
        if (nel8 > 0) {
            forward(s, d, nel8, typesize);
        }
        long body = nel8 * typesize;
        MemorySegment.copy(s, body, d, body, length - body);
        NativeStaging.copyOut(d, dst, length);
    }

    static void bitunshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            BitShuffleScalar.bitunshuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitunshuffle src and dst");
        MemorySegment s = NativeStaging.copyIn(src, length, 0);
        MemorySegment d = NativeStaging.room(dst, length, 1);
        long nel = length / typesize;
        long nel8 = nel - nel % 8;
        if (nel8 > 0) {
            backward(s, d, nel8, typesize);
        }
        long body = nel8 * typesize;
        MemorySegment.copy(s, body, d, body, length - body);
        NativeStaging.copyOut(d, dst, length);
    }

    /** Elements per tile: a multiple of 64, at least 64 (see {@link #TILE_ELEMENTS}, {@link #MASKS_TILE_BYTES}). */
    private static int tileElements(int typesize) {
        int most = BitMatrixVector.USABLE ? Math.min(TILE_ELEMENTS, TILE_BYTES / typesize)
                : MASKS_TILE_BYTES / typesize;
        return Math.max(64, most & ~63);
    }

    private static void forward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        long rowStride = nel8 / 8;
        long start = byPlanes(true, src, dst, nel8, typesize);
        if (start == nel8) {
            return;
        }
        int tile = (int) Math.min(tileElements(typesize), nel8 - start);
        long tileBytes = (long) tile * typesize;
        MemorySegment scratch = typesize == 1 ? src : SCRATCH.get().ensure(tileBytes);
        for (long first = start; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            long base = first;
            if (typesize > 1) {
                ShuffleVector.shuffleElements(src, first * typesize, scratch, 0, n, n, typesize);
                base = 0;
            }
            for (int j = 0; j < typesize; j++) {
                bitRowsForward(scratch, base + (long) j * n, dst, 8 * j * rowStride + first / 8, rowStride, n);
            }
        }
    }

    /**
     * The whole groups of {@link BitMatrixVector#GROUP} bytes of the block by planes, where {@link BitMatrixVector}
     * runs and the typesize is 2, 4 or 8. Forward: each tile of elements is bit transposed into 8 planes in the
     * scratch ({@link BitMatrixVector#forward(MemorySegment, long, int, MemorySegment, long, long, int)}), and each
     * plane {@code b} byte-shuffled into the bit rows {@code 8j + b}; backward the reverse. Returns the elements done
     * (0 where this does not run; the rest, fewer than a group's, takes the tile path).
     */
    private static long byPlanes(boolean forward, MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        if (!BitMatrixVector.USABLE || (typesize != 2 && typesize != 4 && typesize != 8)) {
            return 0;
        }
        long rowStride = nel8 / 8;
        long done = nel8 - nel8 % (BitMatrixVector.GROUP / typesize);
        if (done == 0) {
            return 0;
        }
        int tile = (int) Math.min(TILE_BYTES / typesize, done);
        // planes a line apart more than their length: planes a multiple of 4 KiB apart made the stores of a group
        // fall in one L1 set
        long planeStride = (long) tile * typesize / 8 + 64;
        MemorySegment scratch = SCRATCH.get().ensure(8 * planeStride);
        for (long first = 0; first < done; first += tile) {
            int n = (int) Math.min(tile, done - first);
            int groups = n * typesize / BitMatrixVector.GROUP;
            long row = first / 8;
            if (forward) {
                BitMatrixVector.forward(src, first * typesize, typesize, scratch, 0, planeStride, groups);
                for (int b = 0; b < 8; b++) {
                    ShuffleVector.shuffleElements(scratch, b * planeStride, dst, row + b * rowStride, 8 * rowStride,
                            n / 8, typesize);
                }
            } else {
                for (int b = 0; b < 8; b++) {
                    ShuffleVector.unshuffleElements(src, row + b * rowStride, 8 * rowStride, scratch, b * planeStride,
                            n / 8, typesize);
                }
                BitMatrixVector.backward(scratch, 0, planeStride, typesize, dst, first * typesize, groups);
            }
        }
        return done;
    }

    private static void backward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        long rowStride = nel8 / 8;
        long start = byPlanes(false, src, dst, nel8, typesize);
        if (start == nel8) {
            return;
        }
        int tile = (int) Math.min(tileElements(typesize), nel8 - start);
        long tileBytes = (long) tile * typesize;
        MemorySegment scratch = typesize == 1 ? dst : SCRATCH.get().ensure(tileBytes);
        for (long first = start; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            long base = typesize == 1 ? first : 0;
            // one call per byte row, not one per tile with a loop inside: C2 compiles the kernels once they have
            // been called often enough, and a call per tile left them in slower code for the first seconds
            // (blosc2 bench's short runs, f64_noise lz4-5-bitshuffle decompression: 0.80-0.90 of C, against 1.32)
            for (int j = 0; j < typesize; j++) {
                bitRowsBackward(src, 8 * j * rowStride + first / 8, rowStride, scratch, base + (long) j * n, n);
            }
            if (typesize > 1) {
                ShuffleVector.unshuffleElements(scratch, 0, n, dst, first * typesize, n, typesize);
            }
        }
    }

    /**
     * One byte row of n bytes at {@code in[from..]} (byte j of n elements) becomes 8 bit-row pieces of n / 8 bytes at
     * {@code out[to + b * rowStride]}.
     */
    private static void bitRowsForward(MemorySegment in, long from, MemorySegment out, long to, long rowStride,
                                       int n) {
        in = NativeSegments.typed(in);
        out = NativeSegments.typed(out);
        int done = 0;
        if (BitMatrixVector.USABLE) {
            int groups = n / BitMatrixVector.GROUP;
            BitMatrixVector.forward(in, from, out, to, rowStride, groups);
            done = groups * BitMatrixVector.GROUP;
        }
        int whole = n - n % N;
        for (int c = done; c < whole; c += N) {
            ByteVector v = ByteVector.fromMemorySegment(BITS, in, from + c, LE);
            long at = to + c / 8;
            put(out, at, v.and((byte) 0x01).compare(VectorOperators.NE, 0).toLong());
            put(out, at + rowStride, v.and((byte) 0x02).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 2 * rowStride, v.and((byte) 0x04).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 3 * rowStride, v.and((byte) 0x08).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 4 * rowStride, v.and((byte) 0x10).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 5 * rowStride, v.and((byte) 0x20).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 6 * rowStride, v.and((byte) 0x40).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 7 * rowStride, v.and((byte) 0x80).compare(VectorOperators.NE, 0).toLong());
        }
        for (int c = whole; c < n; c += 8) {
            long x = BitShuffleScalar.transpose8x8(in.get(LONG, from + c));
            long at = to + c / 8;
            for (int b = 0; b < 8; b++) {
                out.set(JAVA_BYTE, at + b * rowStride, (byte) (x >>> (8 * b)));
            }
        }
    }

    /**
     * Inverse of {@link #bitRowsForward}: the 8 bit-row pieces at {@code in[from + b * rowStride]} back to n bytes at
     * {@code out[to..]}.
     */
    private static void bitRowsBackward(MemorySegment in, long from, long rowStride, MemorySegment out, long to,
                                        int n) {
        in = NativeSegments.typed(in);
        out = NativeSegments.typed(out);
        int done = 0;
        if (BitMatrixVector.USABLE) {
            int groups = n / BitMatrixVector.GROUP;
            BitMatrixVector.backward(in, from, rowStride, out, to, groups);
            done = groups * BitMatrixVector.GROUP;
        }
        int whole = n - n % N;
        for (int c = done; c < whole; c += N) {
            long at = from + c / 8;
            ByteVector v = ByteVector.zero(BITS);
            v = v.lanewise(VectorOperators.OR, (byte) 0x01, VectorMask.fromLong(BITS, get(in, at)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x02, VectorMask.fromLong(BITS, get(in, at + rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x04, VectorMask.fromLong(BITS, get(in, at + 2 * rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x08, VectorMask.fromLong(BITS, get(in, at + 3 * rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x10, VectorMask.fromLong(BITS, get(in, at + 4 * rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x20, VectorMask.fromLong(BITS, get(in, at + 5 * rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x40, VectorMask.fromLong(BITS, get(in, at + 6 * rowStride)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x80, VectorMask.fromLong(BITS, get(in, at + 7 * rowStride)));
            v.intoMemorySegment(out, to + c, LE);
        }
        for (int c = whole; c < n; c += 8) {
            long x = 0;
            long at = from + c / 8;
            for (int b = 0; b < 8; b++) {
                x |= (in.get(JAVA_BYTE, at + b * rowStride) & 0xFFL) << (8 * b);
            }
            out.set(LONG, to + c, BitShuffleScalar.transpose8x8(x));
        }
    }

    /** Stores the N / 8 low bytes of bits at out[at], little-endian. */
    private static void put(MemorySegment out, long at, long bits) {
        switch (N) {
            case 64 -> out.set(LONG, at, bits);
            case 32 -> out.set(INT, at, (int) bits);
            case 16 -> out.set(SHORT, at, (short) bits);
            default -> out.set(JAVA_BYTE, at, (byte) bits);
        }
    }

    /** Reads N / 8 bytes at in[at], little-endian. */
    private static long get(MemorySegment in, long at) {
        return switch (N) {
            case 64 -> in.get(LONG, at);
            case 32 -> in.get(INT, at) & 0xFFFFFFFFL;
            case 16 -> in.get(SHORT, at) & 0xFFFFL;
            default -> in.get(JAVA_BYTE, at) & 0xFFL;
        };
    }
}
