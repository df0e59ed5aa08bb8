package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Adler32} in int lanes. The range is read as rows of {@link #ROW} bytes, byte {@code l} of a row going to
 * lane {@code l} (four vectors of {@code ROW / 4} lanes). Per lane, {@code a} sums the lane's bytes and {@code b}
 * sums {@code a} after each row, so over {@code R} rows {@code b} weighs row {@code r}'s byte by {@code R - r}.
 * For those {@code n = R * ROW} bytes the checksum's sums grow by {@code sum(a)} and by
 * {@code n * s1 + ROW * sum(b) - sum(l * a[l])}: each byte weighed by how many bytes, itself included, follow it.
 * Blocks of {@link #BLOCK_ROWS} rows keep {@code b} within an int. What is left after the last whole row goes to the
 * scalar twin. Native segments, {@code length >= ROW}; no argument checks. Only loaded when
 * {@link SimdSupport#VECTOR}, only used when {@link #USABLE}.
 */
final class Adler32Vector {
    /** Whether the vector shape has room for it: at least 256 bits, so that a quarter row is a 64-bit load. */
    static final boolean USABLE = VectorWidth.SHAPE.vectorBitSize() >= 256;
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_64.withShape(
            VectorShape.forBitSize(USABLE ? Math.min(512, VectorWidth.SHAPE.vectorBitSize()) : 256));
    private static final int LANES = I.length();
    /** Bytes per lane vector: a quarter of a row, loaded as bytes and widened. */
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64.withShape(VectorShape.forBitSize(8 * LANES));
    /** Bytes per row; the least length this kernel takes. */
    static final int ROW = 4 * LANES;
    /**
     * Rows per block: a vector's lanes are summed in an int ({@code reduceLanesToLong} widens the sum, not the
     * lanes), and 16 lanes of {@code b <= 255 * R * (R + 1) / 2} stay below 2^31.
     */
    private static final int BLOCK_ROWS = 512;

    private Adler32Vector() {
    }

    /** Callers pass native segments only (see {@link NativeSegments}). */
    static int update(int adler, MemorySegment s, long offset, long length) {
        s = NativeSegments.typed(s);
        long s1 = adler & 0xFFFF;
        long s2 = adler >>> 16;
        IntVector lane = IntVector.zero(I).addIndex(1);
        long rows = length / ROW;
        long at = offset;
        while (rows > 0) {
            int blockRows = (int) Math.min(rows, BLOCK_ROWS);
            rows -= blockRows;
            IntVector a0 = IntVector.zero(I);
            IntVector a1 = a0;
            IntVector a2 = a0;
            IntVector a3 = a0;
            IntVector b0 = a0;
            IntVector b1 = a0;
            IntVector b2 = a0;
            IntVector b3 = a0;
            for (int r = 0; r < blockRows; r++, at += ROW) {
                a0 = a0.add(load(s, at));
                a1 = a1.add(load(s, at + LANES));
                a2 = a2.add(load(s, at + 2L * LANES));
                a3 = a3.add(load(s, at + 3L * LANES));
                b0 = b0.add(a0);
                b1 = b1.add(a1);
                b2 = b2.add(a2);
                b3 = b3.add(a3);
            }
            long sumA = a0.add(a1).add(a2).add(a3).reduceLanesToLong(VectorOperators.ADD);
            long sumB = b0.reduceLanesToLong(VectorOperators.ADD) + b1.reduceLanesToLong(VectorOperators.ADD)
                    + b2.reduceLanesToLong(VectorOperators.ADD) + b3.reduceLanesToLong(VectorOperators.ADD);
            // lane l's weight: l = k * LANES + lane index in vector k; a[l] <= 255 * 512, l < 64: no overflow
            long weighted = a0.mul(lane).reduceLanesToLong(VectorOperators.ADD)
                    + a1.mul(lane.add(LANES)).reduceLanesToLong(VectorOperators.ADD)
                    + a2.mul(lane.add(2 * LANES)).reduceLanesToLong(VectorOperators.ADD)
                    + a3.mul(lane.add(3 * LANES)).reduceLanesToLong(VectorOperators.ADD);
            long n = (long) blockRows * ROW;
            s2 = (s2 + n % Adler32Scalar.MOD * s1 + ROW * sumB - weighted) % Adler32Scalar.MOD;
            s1 = (s1 + sumA) % Adler32Scalar.MOD;
        }
        int carried = (int) ((s2 << 16) | s1);
        return Adler32Scalar.update(carried, s, at, offset + length - at);
    }

    private static IntVector load(MemorySegment s, long at) {
        return (IntVector) ByteVector.fromMemorySegment(B, s, at, ByteOrder.LITTLE_ENDIAN)
                .convertShape(VectorOperators.ZERO_EXTEND_B2I, I, 0);
    }
}
