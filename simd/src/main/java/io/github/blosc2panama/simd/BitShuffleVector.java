package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * <p>Works on tiles of about 16 KiB of elements (a multiple of 64 elements). Forward: the tile is byte-shuffled into
 * a heap scratch array that stays in L1 ({@link ShuffleVector}), so byte {@code j} of the tile's elements is one contiguous run; each vector of {@code N} of those bytes
 * gives, per bit {@code b}, a lane mask ({@code and}, {@code compare(NE, 0)}) whose {@code toLong()} is exactly the
 * {@code N / 8} output bytes of row {@code 8j + b}. The tile's rows go to a second scratch array, then are copied to
 * their places in dst. Backward: the tile's row pieces are gathered into scratch, each vector of {@code N} bytes is
 * rebuilt from 8 masks ({@code VectorMask.fromLong}, masked {@code or}), and the tile is byte-unshuffled into dst.
 * Groups of 8 elements left after the last whole vector use the scalar 8x8 bit transpose.
 *
 * <p>{@code N} is the lane count of the preferred byte species (or {@code -Dblosc2.simd.bits}); typesizes above
 * {@link ShuffleScalar#MAX_TILED_TYPESIZE} run on the scalar twin.
 */
final class BitShuffleVector {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    static final VectorSpecies<Byte> BITS = bitSpecies();
    private static final int N = BITS.length();
    private static final int TILE_BYTES = 16 * 1024;
    private static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class, LE);
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private BitShuffleVector() {
    }

    private static VectorSpecies<Byte> bitSpecies() {
        String forced = System.getProperty("blosc2.simd.bits", "");
        return forced.isBlank() ? ByteVector.SPECIES_PREFERRED
                : VectorSpecies.of(byte.class, VectorShape.forBitSize(Integer.parseInt(forced.trim())));
    }

    /** Per-thread scratch arrays and their segment views, grown on demand (so steady-state calls allocate nothing). */
    private static final class Scratch {
        byte[] a = new byte[0];
        byte[] b = new byte[0];
        MemorySegment aSeg = MemorySegment.ofArray(a);
        MemorySegment bSeg = MemorySegment.ofArray(b);

        void ensure(int n) {
            if (a.length < n) {
                a = new byte[n];
                b = new byte[n];
                aSeg = MemorySegment.ofArray(a);
                bSeg = MemorySegment.ofArray(b);
            }
        }
    }

    static void bitshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            BitShuffleScalar.bitshuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitshuffle src and dst");
        long nel = length / typesize;
        long nel8 = nel - nel % 8;
        if (nel8 > 0) {
            forward(src, dst, nel8, typesize);
        }
        long body = nel8 * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    static void bitunshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (typesize > ShuffleScalar.MAX_TILED_TYPESIZE) {
            BitShuffleScalar.bitunshuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "bitunshuffle src and dst");
        long nel = length / typesize;
        long nel8 = nel - nel % 8;
        if (nel8 > 0) {
            backward(src, dst, nel8, typesize);
        }
        long body = nel8 * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /** Elements per tile: a multiple of 64, about {@link #TILE_BYTES} bytes, at least 64. */
    private static int tileElements(int typesize) {
        return Math.max(64, (TILE_BYTES / typesize) & ~63);
    }

    private static void forward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        long rowStride = nel8 / 8;
        int tile = (int) Math.min(tileElements(typesize), nel8);
        Scratch scratch = SCRATCH.get();
        scratch.ensure(tile * typesize);
        byte[] bytes = scratch.a;
        byte[] out = scratch.b;
        MemorySegment bytesSeg = scratch.aSeg;
        for (long first = 0; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            int rowLen = n / 8;
            ShuffleVector.shuffleElements(src, first * typesize, bytesSeg, 0, n, n, typesize);
            for (int j = 0; j < typesize; j++) {
                bitRowsForward(bytes, j * n, out, 8 * j * rowLen, n);
            }
            for (int r = 0; r < 8 * typesize; r++) {
                MemorySegment.copy(out, r * rowLen, dst, JAVA_BYTE, r * rowStride + first / 8, rowLen);
            }
        }
    }

    private static void backward(MemorySegment src, MemorySegment dst, long nel8, int typesize) {
        long rowStride = nel8 / 8;
        int tile = (int) Math.min(tileElements(typesize), nel8);
        Scratch scratch = SCRATCH.get();
        scratch.ensure(tile * typesize);
        byte[] in = scratch.a;
        byte[] bytes = scratch.b;
        MemorySegment bytesSeg = scratch.bSeg;
        for (long first = 0; first < nel8; first += tile) {
            int n = (int) Math.min(tile, nel8 - first);
            int rowLen = n / 8;
            for (int r = 0; r < 8 * typesize; r++) {
                MemorySegment.copy(src, JAVA_BYTE, r * rowStride + first / 8, in, r * rowLen, rowLen);
            }
            for (int j = 0; j < typesize; j++) {
                bitRowsBackward(in, 8 * j * rowLen, bytes, j * n, n);
            }
            ShuffleVector.unshuffleElements(bytesSeg, 0, n, dst, first * typesize, n, typesize);
        }
    }

    /**
     * One byte row of n bytes at bytes[from..] (byte j of n elements) becomes 8 bit rows of n / 8 bytes at
     * out[to + b * n / 8].
     */
    private static void bitRowsForward(byte[] bytes, int from, byte[] out, int to, int n) {
        int rowLen = n / 8;
        int whole = n - n % N;
        for (int c = 0; c < whole; c += N) {
            ByteVector v = ByteVector.fromArray(BITS, bytes, from + c);
            int at = to + c / 8;
            put(out, at, v.and((byte) 0x01).compare(VectorOperators.NE, 0).toLong());
            put(out, at + rowLen, v.and((byte) 0x02).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 2 * rowLen, v.and((byte) 0x04).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 3 * rowLen, v.and((byte) 0x08).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 4 * rowLen, v.and((byte) 0x10).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 5 * rowLen, v.and((byte) 0x20).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 6 * rowLen, v.and((byte) 0x40).compare(VectorOperators.NE, 0).toLong());
            put(out, at + 7 * rowLen, v.and((byte) 0x80).compare(VectorOperators.NE, 0).toLong());
        }
        for (int c = whole; c < n; c += 8) {
            long x = BitShuffleScalar.transpose8x8((long) ShuffleScalar.LONG_LE.get(bytes, from + c));
            for (int b = 0, at = to + c / 8; b < 8; b++, at += rowLen) {
                out[at] = (byte) (x >>> (8 * b));
            }
        }
    }

    /** Inverse of {@link #bitRowsForward}: 8 bit rows of n / 8 bytes at in[from..] back to n bytes at bytes[to]. */
    private static void bitRowsBackward(byte[] in, int from, byte[] bytes, int to, int n) {
        int rowLen = n / 8;
        int whole = n - n % N;
        for (int c = 0; c < whole; c += N) {
            int at = from + c / 8;
            ByteVector v = ByteVector.zero(BITS);
            v = v.lanewise(VectorOperators.OR, (byte) 0x01, VectorMask.fromLong(BITS, get(in, at)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x02, VectorMask.fromLong(BITS, get(in, at + rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x04, VectorMask.fromLong(BITS, get(in, at + 2 * rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x08, VectorMask.fromLong(BITS, get(in, at + 3 * rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x10, VectorMask.fromLong(BITS, get(in, at + 4 * rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x20, VectorMask.fromLong(BITS, get(in, at + 5 * rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x40, VectorMask.fromLong(BITS, get(in, at + 6 * rowLen)));
            v = v.lanewise(VectorOperators.OR, (byte) 0x80, VectorMask.fromLong(BITS, get(in, at + 7 * rowLen)));
            v.intoArray(bytes, to + c);
        }
        for (int c = whole; c < n; c += 8) {
            long x = 0;
            for (int b = 0, at = from + c / 8; b < 8; b++, at += rowLen) {
                x |= (in[at] & 0xFFL) << (8 * b);
            }
            ShuffleScalar.LONG_LE.set(bytes, to + c, BitShuffleScalar.transpose8x8(x));
        }
    }

    /** Stores the N / 8 low bytes of bits at out[at], little-endian. */
    private static void put(byte[] out, int at, long bits) {
        switch (N) {
            case 64 -> ShuffleScalar.LONG_LE.set(out, at, bits);
            case 32 -> ShuffleScalar.INT_LE.set(out, at, (int) bits);
            case 16 -> SHORT_LE.set(out, at, (short) bits);
            default -> out[at] = (byte) bits;
        }
    }

    /** Reads N / 8 bytes at in[at], little-endian. */
    private static long get(byte[] in, int at) {
        return switch (N) {
            case 64 -> (long) ShuffleScalar.LONG_LE.get(in, at);
            case 32 -> (int) ShuffleScalar.INT_LE.get(in, at) & 0xFFFFFFFFL;
            case 16 -> (short) SHORT_LE.get(in, at) & 0xFFFFL;
            default -> in[at] & 0xFFL;
        };
    }
}
