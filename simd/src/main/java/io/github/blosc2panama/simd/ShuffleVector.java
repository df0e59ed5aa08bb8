package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.Vector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Byte shuffle on the Vector API, bit-identical to {@link ShuffleScalar}. Only loaded when {@link SimdSupport#VECTOR}.
 *
 * <p>Dedicated paths for typesizes 2, 4, 8 and 16 (when the typesize is at most the vector width in bytes): each step
 * loads {@code typesize} vectors of {@code W} bytes ({@code W} whole elements), regroups the bytes inside every vector
 * so that it holds {@code typesize} units of {@code g = W / typesize} bytes (unit {@code j} = byte {@code j} of the
 * vector's {@code g} elements), then transposes the {@code typesize x typesize} matrix of units across the vectors in
 * {@code log2(typesize)} rounds of even/odd splits (two-vector rearranges in lanes as wide as a unit, up to longs),
 * so that vector {@code j} ends up holding byte {@code j} of all {@code W} elements and is stored whole into row
 * {@code j}. Unshuffle runs the same steps backwards (zips, then the inverse regrouping). Elements after the last
 * whole step are done one by one; other typesizes run on the scalar twin's tiled path.
 *
 * <p>The width {@code W}: {@code -Dblosc2.simd.bits=64|128|256|512} forces it (tests); otherwise the preferred shape,
 * at most 256 bits, because 512-bit byte rearranges need AVX-512 VBMI (which many AVX-512 CPUs, this project's
 * benchmark machine included, lack) and otherwise fall back to slow Java code.
 */
final class ShuffleVector {
    static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** Species of the byte vectors of this class. */
    static final VectorSpecies<Byte> BYTES = byteSpecies();
    /** Vector width in bytes. */
    static final int W = BYTES.length();

    @SuppressWarnings("rawtypes")
    private static final VectorSpecies SP2 = laneSpecies(2), SP4 = laneSpecies(4), SP8 = laneSpecies(8),
            SP16 = laneSpecies(16);
    @SuppressWarnings("rawtypes")
    private static final VectorShuffle EV2 = split(2, 0), EV4 = split(4, 0), EV8 = split(8, 0), EV16 = split(16, 0),
            OD2 = split(2, 1), OD4 = split(4, 1), OD8 = split(8, 1), OD16 = split(16, 1),
            LO2 = zip(2, 0), LO4 = zip(4, 0), LO8 = zip(8, 0), LO16 = zip(16, 0),
            HI2 = zip(2, 1), HI4 = zip(4, 1), HI8 = zip(8, 1), HI16 = zip(16, 1);
    private static final VectorShuffle<Byte> GROUP2 = group(2), GROUP4 = group(4), GROUP8 = group(8),
            GROUP16 = group(16), UNGROUP2 = ungroup(2), UNGROUP4 = ungroup(4), UNGROUP8 = ungroup(8),
            UNGROUP16 = ungroup(16);

    private ShuffleVector() {
    }

    static VectorSpecies<Byte> byteSpecies() {
        String forced = System.getProperty("blosc2.simd.bits", "");
        int bits = forced.isBlank() ? Math.min(256, ByteVector.SPECIES_PREFERRED.vectorBitSize())
                : Integer.parseInt(forced.trim());
        return VectorSpecies.of(byte.class, VectorShape.forBitSize(bits));
    }

    /** True when typesize has a dedicated path at this width. */
    static boolean dedicated(int typesize) {
        return (typesize == 2 || typesize == 4 || typesize == 8 || typesize == 16) && typesize <= W;
    }

    /**
     * True when the vector path is measured faster than the scalar twin on the benchmark machine and is the one the
     * public API uses: today typesize 4 only (the 2-, 8- and 16-byte transposes, in 128-bit-unit, int and short
     * lanes, are correct and tested but not yet compiled well by C2; see the report of the vector branch).
     */
    static boolean preferred(int typesize) {
        return typesize == 4 && dedicated(typesize);
    }

    /**
     * Same for unshuffle: none today (JMH showed the typesize-4 zip path collapsing to ~12 MiB/s in steady state, far
     * below the scalar twin), so the public API and {@link BitShuffleVector} unshuffle on the scalar twin.
     */
    static boolean preferredInverse(int typesize) {
        return false;
    }

    /** Lanes as wide as one unit of {@code W / typesize} bytes, at most 8 bytes. */
    private static VectorSpecies<?> laneSpecies(int typesize) {
        int g = Math.max(1, W / typesize);
        Class<?> lane = g >= 8 ? long.class : g == 4 ? int.class : g == 2 ? short.class : byte.class;
        return VectorSpecies.of(lane, BYTES.vectorShape());
    }

    /** Lanes per unit for typesize, and lanes per vector. */
    private static int unitLanes(int typesize) {
        int g = Math.max(1, W / typesize);
        return g / Math.min(g, 8);
    }

    /** Even (parity 0) or odd (parity 1) units of the concatenation of two vectors. */
    private static VectorShuffle<?> split(int typesize, int parity) {
        VectorSpecies<?> sp = laneSpecies(typesize);
        int u = unitLanes(typesize);
        return VectorShuffle.fromOp(sp, t -> (2 * (t / u) + parity) * u + t % u);
    }

    /** First (half 0) or second (half 1) half of the interleaving of the units of two vectors. */
    private static VectorShuffle<?> zip(int typesize, int half) {
        VectorSpecies<?> sp = laneSpecies(typesize);
        int u = unitLanes(typesize);
        int lanes = sp.length();
        int units = lanes / u;
        return VectorShuffle.fromOp(sp, t -> {
            int k = t / u + half * units;
            return (k % 2) * lanes + (k / 2) * u + t % u;
        });
    }

    /** Inside one vector of g = W / typesize elements: byte t comes from byte (t % g) * typesize + t / g. */
    private static VectorShuffle<Byte> group(int typesize) {
        int g = Math.max(1, W / typesize);
        return VectorShuffle.fromOp(BYTES, t -> (t % g) * typesize + t / g);
    }

    private static VectorShuffle<Byte> ungroup(int typesize) {
        int g = Math.max(1, W / typesize);
        return VectorShuffle.fromOp(BYTES, t -> (t % typesize) * g + t / typesize);
    }

    static void shuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (!dedicated(typesize)) {
            ShuffleScalar.shuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "shuffle src and dst");
        long nel = length / typesize;
        shuffleElements(src, dst, nel, typesize, 0, nel);
        long body = nel * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    static void unshuffle(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (!dedicated(typesize)) {
            ShuffleScalar.unshuffle(src, dst, length, typesize);
            return;
        }
        KernelChecks.check(src, dst, length, typesize);
        KernelChecks.checkDisjoint(src, dst, length, "unshuffle src and dst");
        long nel = length / typesize;
        unshuffleElements(src, dst, nel, typesize, 0, nel);
        long body = nel * typesize;
        MemorySegment.copy(src, body, dst, body, length - body);
    }

    /**
     * Shuffles elements {@code first .. first+count} of src (whose rows are {@code nel} bytes apart in dst); a
     * dedicated typesize only. Used for whole blocks and for the tiles of {@link BitShuffleVector}.
     */
    @SuppressWarnings("unchecked")
    static void shuffleElements(MemorySegment s, MemorySegment d, long nel, int typesize, long first, long count) {
        long whole = count - count % W;
        switch (typesize) {
            case 2 -> shuffle2(s, d, nel, first, whole);
            case 4 -> shuffle4(s, d, nel, first, whole);
            case 8 -> shuffle8(s, d, nel, first, whole);
            default -> shuffle16(s, d, nel, first, whole);
        }
        for (long i = first + whole, end = first + count; i < end; i++) {
            for (int j = 0; j < typesize; j++) {
                d.set(JAVA_BYTE, j * nel + i, s.get(JAVA_BYTE, i * typesize + j));
            }
        }
    }

    /** Inverse of {@link #shuffleElements}. */
    @SuppressWarnings("unchecked")
    static void unshuffleElements(MemorySegment s, MemorySegment d, long nel, int typesize, long first, long count) {
        long whole = count - count % W;
        switch (typesize) {
            case 2 -> unshuffle2(s, d, nel, first, whole);
            case 4 -> unshuffle4(s, d, nel, first, whole);
            case 8 -> unshuffle8(s, d, nel, first, whole);
            default -> unshuffle16(s, d, nel, first, whole);
        }
        for (long i = first + whole, end = first + count; i < end; i++) {
            for (int j = 0; j < typesize; j++) {
                d.set(JAVA_BYTE, i * typesize + j, s.get(JAVA_BYTE, j * nel + i));
            }
        }
    }

    // ---- generated: unrolled loop bodies per typesize (kept small and free of arrays on purpose) ----

    /** Shuffles {@code count} elements (a multiple of W) of typesize 2 at element {@code first}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void shuffle2(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            long at = i * 2;
            Vector a0 = ByteVector.fromMemorySegment(BYTES, s, at + 0L * W, LE).rearrange(GROUP2).reinterpretShape(SP2, 0);
            Vector a1 = ByteVector.fromMemorySegment(BYTES, s, at + 1L * W, LE).rearrange(GROUP2).reinterpretShape(SP2, 0);
            Vector r0_0 = a0.rearrange(EV2, a1);
            Vector r0_1 = a0.rearrange(OD2, a1);
            r0_0.reinterpretAsBytes().intoMemorySegment(d, 0L * nel + i, LE);
            r0_1.reinterpretAsBytes().intoMemorySegment(d, 1L * nel + i, LE);
        }
    }

    /** Shuffles {@code count} elements (a multiple of W) of typesize 4 at element {@code first}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void shuffle4(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            long at = i * 4;
            Vector a0 = ByteVector.fromMemorySegment(BYTES, s, at + 0L * W, LE).rearrange(GROUP4).reinterpretShape(SP4, 0);
            Vector a1 = ByteVector.fromMemorySegment(BYTES, s, at + 1L * W, LE).rearrange(GROUP4).reinterpretShape(SP4, 0);
            Vector a2 = ByteVector.fromMemorySegment(BYTES, s, at + 2L * W, LE).rearrange(GROUP4).reinterpretShape(SP4, 0);
            Vector a3 = ByteVector.fromMemorySegment(BYTES, s, at + 3L * W, LE).rearrange(GROUP4).reinterpretShape(SP4, 0);
            Vector r0_0 = a0.rearrange(EV4, a1);
            Vector r0_1 = a2.rearrange(EV4, a3);
            Vector r0_2 = a0.rearrange(OD4, a1);
            Vector r0_3 = a2.rearrange(OD4, a3);
            Vector r1_0 = r0_0.rearrange(EV4, r0_1);
            Vector r1_1 = r0_2.rearrange(EV4, r0_3);
            Vector r1_2 = r0_0.rearrange(OD4, r0_1);
            Vector r1_3 = r0_2.rearrange(OD4, r0_3);
            r1_0.reinterpretAsBytes().intoMemorySegment(d, 0L * nel + i, LE);
            r1_1.reinterpretAsBytes().intoMemorySegment(d, 1L * nel + i, LE);
            r1_2.reinterpretAsBytes().intoMemorySegment(d, 2L * nel + i, LE);
            r1_3.reinterpretAsBytes().intoMemorySegment(d, 3L * nel + i, LE);
        }
    }

    /** Shuffles {@code count} elements (a multiple of W) of typesize 8 at element {@code first}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void shuffle8(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            long at = i * 8;
            Vector a0 = ByteVector.fromMemorySegment(BYTES, s, at + 0L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a1 = ByteVector.fromMemorySegment(BYTES, s, at + 1L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a2 = ByteVector.fromMemorySegment(BYTES, s, at + 2L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a3 = ByteVector.fromMemorySegment(BYTES, s, at + 3L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a4 = ByteVector.fromMemorySegment(BYTES, s, at + 4L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a5 = ByteVector.fromMemorySegment(BYTES, s, at + 5L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a6 = ByteVector.fromMemorySegment(BYTES, s, at + 6L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector a7 = ByteVector.fromMemorySegment(BYTES, s, at + 7L * W, LE).rearrange(GROUP8).reinterpretShape(SP8, 0);
            Vector r0_0 = a0.rearrange(EV8, a1);
            Vector r0_1 = a2.rearrange(EV8, a3);
            Vector r0_2 = a4.rearrange(EV8, a5);
            Vector r0_3 = a6.rearrange(EV8, a7);
            Vector r0_4 = a0.rearrange(OD8, a1);
            Vector r0_5 = a2.rearrange(OD8, a3);
            Vector r0_6 = a4.rearrange(OD8, a5);
            Vector r0_7 = a6.rearrange(OD8, a7);
            Vector r1_0 = r0_0.rearrange(EV8, r0_1);
            Vector r1_1 = r0_2.rearrange(EV8, r0_3);
            Vector r1_2 = r0_4.rearrange(EV8, r0_5);
            Vector r1_3 = r0_6.rearrange(EV8, r0_7);
            Vector r1_4 = r0_0.rearrange(OD8, r0_1);
            Vector r1_5 = r0_2.rearrange(OD8, r0_3);
            Vector r1_6 = r0_4.rearrange(OD8, r0_5);
            Vector r1_7 = r0_6.rearrange(OD8, r0_7);
            Vector r2_0 = r1_0.rearrange(EV8, r1_1);
            Vector r2_1 = r1_2.rearrange(EV8, r1_3);
            Vector r2_2 = r1_4.rearrange(EV8, r1_5);
            Vector r2_3 = r1_6.rearrange(EV8, r1_7);
            Vector r2_4 = r1_0.rearrange(OD8, r1_1);
            Vector r2_5 = r1_2.rearrange(OD8, r1_3);
            Vector r2_6 = r1_4.rearrange(OD8, r1_5);
            Vector r2_7 = r1_6.rearrange(OD8, r1_7);
            r2_0.reinterpretAsBytes().intoMemorySegment(d, 0L * nel + i, LE);
            r2_1.reinterpretAsBytes().intoMemorySegment(d, 1L * nel + i, LE);
            r2_2.reinterpretAsBytes().intoMemorySegment(d, 2L * nel + i, LE);
            r2_3.reinterpretAsBytes().intoMemorySegment(d, 3L * nel + i, LE);
            r2_4.reinterpretAsBytes().intoMemorySegment(d, 4L * nel + i, LE);
            r2_5.reinterpretAsBytes().intoMemorySegment(d, 5L * nel + i, LE);
            r2_6.reinterpretAsBytes().intoMemorySegment(d, 6L * nel + i, LE);
            r2_7.reinterpretAsBytes().intoMemorySegment(d, 7L * nel + i, LE);
        }
    }

    /** Shuffles {@code count} elements (a multiple of W) of typesize 16 at element {@code first}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void shuffle16(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            long at = i * 16;
            Vector a0 = ByteVector.fromMemorySegment(BYTES, s, at + 0L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a1 = ByteVector.fromMemorySegment(BYTES, s, at + 1L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a2 = ByteVector.fromMemorySegment(BYTES, s, at + 2L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a3 = ByteVector.fromMemorySegment(BYTES, s, at + 3L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a4 = ByteVector.fromMemorySegment(BYTES, s, at + 4L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a5 = ByteVector.fromMemorySegment(BYTES, s, at + 5L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a6 = ByteVector.fromMemorySegment(BYTES, s, at + 6L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a7 = ByteVector.fromMemorySegment(BYTES, s, at + 7L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a8 = ByteVector.fromMemorySegment(BYTES, s, at + 8L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a9 = ByteVector.fromMemorySegment(BYTES, s, at + 9L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a10 = ByteVector.fromMemorySegment(BYTES, s, at + 10L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a11 = ByteVector.fromMemorySegment(BYTES, s, at + 11L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a12 = ByteVector.fromMemorySegment(BYTES, s, at + 12L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a13 = ByteVector.fromMemorySegment(BYTES, s, at + 13L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a14 = ByteVector.fromMemorySegment(BYTES, s, at + 14L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector a15 = ByteVector.fromMemorySegment(BYTES, s, at + 15L * W, LE).rearrange(GROUP16).reinterpretShape(SP16, 0);
            Vector r0_0 = a0.rearrange(EV16, a1);
            Vector r0_1 = a2.rearrange(EV16, a3);
            Vector r0_2 = a4.rearrange(EV16, a5);
            Vector r0_3 = a6.rearrange(EV16, a7);
            Vector r0_4 = a8.rearrange(EV16, a9);
            Vector r0_5 = a10.rearrange(EV16, a11);
            Vector r0_6 = a12.rearrange(EV16, a13);
            Vector r0_7 = a14.rearrange(EV16, a15);
            Vector r0_8 = a0.rearrange(OD16, a1);
            Vector r0_9 = a2.rearrange(OD16, a3);
            Vector r0_10 = a4.rearrange(OD16, a5);
            Vector r0_11 = a6.rearrange(OD16, a7);
            Vector r0_12 = a8.rearrange(OD16, a9);
            Vector r0_13 = a10.rearrange(OD16, a11);
            Vector r0_14 = a12.rearrange(OD16, a13);
            Vector r0_15 = a14.rearrange(OD16, a15);
            Vector r1_0 = r0_0.rearrange(EV16, r0_1);
            Vector r1_1 = r0_2.rearrange(EV16, r0_3);
            Vector r1_2 = r0_4.rearrange(EV16, r0_5);
            Vector r1_3 = r0_6.rearrange(EV16, r0_7);
            Vector r1_4 = r0_8.rearrange(EV16, r0_9);
            Vector r1_5 = r0_10.rearrange(EV16, r0_11);
            Vector r1_6 = r0_12.rearrange(EV16, r0_13);
            Vector r1_7 = r0_14.rearrange(EV16, r0_15);
            Vector r1_8 = r0_0.rearrange(OD16, r0_1);
            Vector r1_9 = r0_2.rearrange(OD16, r0_3);
            Vector r1_10 = r0_4.rearrange(OD16, r0_5);
            Vector r1_11 = r0_6.rearrange(OD16, r0_7);
            Vector r1_12 = r0_8.rearrange(OD16, r0_9);
            Vector r1_13 = r0_10.rearrange(OD16, r0_11);
            Vector r1_14 = r0_12.rearrange(OD16, r0_13);
            Vector r1_15 = r0_14.rearrange(OD16, r0_15);
            Vector r2_0 = r1_0.rearrange(EV16, r1_1);
            Vector r2_1 = r1_2.rearrange(EV16, r1_3);
            Vector r2_2 = r1_4.rearrange(EV16, r1_5);
            Vector r2_3 = r1_6.rearrange(EV16, r1_7);
            Vector r2_4 = r1_8.rearrange(EV16, r1_9);
            Vector r2_5 = r1_10.rearrange(EV16, r1_11);
            Vector r2_6 = r1_12.rearrange(EV16, r1_13);
            Vector r2_7 = r1_14.rearrange(EV16, r1_15);
            Vector r2_8 = r1_0.rearrange(OD16, r1_1);
            Vector r2_9 = r1_2.rearrange(OD16, r1_3);
            Vector r2_10 = r1_4.rearrange(OD16, r1_5);
            Vector r2_11 = r1_6.rearrange(OD16, r1_7);
            Vector r2_12 = r1_8.rearrange(OD16, r1_9);
            Vector r2_13 = r1_10.rearrange(OD16, r1_11);
            Vector r2_14 = r1_12.rearrange(OD16, r1_13);
            Vector r2_15 = r1_14.rearrange(OD16, r1_15);
            Vector r3_0 = r2_0.rearrange(EV16, r2_1);
            Vector r3_1 = r2_2.rearrange(EV16, r2_3);
            Vector r3_2 = r2_4.rearrange(EV16, r2_5);
            Vector r3_3 = r2_6.rearrange(EV16, r2_7);
            Vector r3_4 = r2_8.rearrange(EV16, r2_9);
            Vector r3_5 = r2_10.rearrange(EV16, r2_11);
            Vector r3_6 = r2_12.rearrange(EV16, r2_13);
            Vector r3_7 = r2_14.rearrange(EV16, r2_15);
            Vector r3_8 = r2_0.rearrange(OD16, r2_1);
            Vector r3_9 = r2_2.rearrange(OD16, r2_3);
            Vector r3_10 = r2_4.rearrange(OD16, r2_5);
            Vector r3_11 = r2_6.rearrange(OD16, r2_7);
            Vector r3_12 = r2_8.rearrange(OD16, r2_9);
            Vector r3_13 = r2_10.rearrange(OD16, r2_11);
            Vector r3_14 = r2_12.rearrange(OD16, r2_13);
            Vector r3_15 = r2_14.rearrange(OD16, r2_15);
            r3_0.reinterpretAsBytes().intoMemorySegment(d, 0L * nel + i, LE);
            r3_1.reinterpretAsBytes().intoMemorySegment(d, 1L * nel + i, LE);
            r3_2.reinterpretAsBytes().intoMemorySegment(d, 2L * nel + i, LE);
            r3_3.reinterpretAsBytes().intoMemorySegment(d, 3L * nel + i, LE);
            r3_4.reinterpretAsBytes().intoMemorySegment(d, 4L * nel + i, LE);
            r3_5.reinterpretAsBytes().intoMemorySegment(d, 5L * nel + i, LE);
            r3_6.reinterpretAsBytes().intoMemorySegment(d, 6L * nel + i, LE);
            r3_7.reinterpretAsBytes().intoMemorySegment(d, 7L * nel + i, LE);
            r3_8.reinterpretAsBytes().intoMemorySegment(d, 8L * nel + i, LE);
            r3_9.reinterpretAsBytes().intoMemorySegment(d, 9L * nel + i, LE);
            r3_10.reinterpretAsBytes().intoMemorySegment(d, 10L * nel + i, LE);
            r3_11.reinterpretAsBytes().intoMemorySegment(d, 11L * nel + i, LE);
            r3_12.reinterpretAsBytes().intoMemorySegment(d, 12L * nel + i, LE);
            r3_13.reinterpretAsBytes().intoMemorySegment(d, 13L * nel + i, LE);
            r3_14.reinterpretAsBytes().intoMemorySegment(d, 14L * nel + i, LE);
            r3_15.reinterpretAsBytes().intoMemorySegment(d, 15L * nel + i, LE);
        }
    }

    /** Inverse of shuffle2. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void unshuffle2(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            Vector b0 = ByteVector.fromMemorySegment(BYTES, s, 0L * nel + i, LE).reinterpretShape(SP2, 0);
            Vector b1 = ByteVector.fromMemorySegment(BYTES, s, 1L * nel + i, LE).reinterpretShape(SP2, 0);
            Vector z0_0 = b0.rearrange(LO2, b1);
            Vector z0_1 = b0.rearrange(HI2, b1);
            long at = i * 2;
            z0_0.reinterpretAsBytes().rearrange(UNGROUP2).intoMemorySegment(d, at + 0L * W, LE);
            z0_1.reinterpretAsBytes().rearrange(UNGROUP2).intoMemorySegment(d, at + 1L * W, LE);
        }
    }

    /** Inverse of shuffle4. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void unshuffle4(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            Vector b0 = ByteVector.fromMemorySegment(BYTES, s, 0L * nel + i, LE).reinterpretShape(SP4, 0);
            Vector b1 = ByteVector.fromMemorySegment(BYTES, s, 1L * nel + i, LE).reinterpretShape(SP4, 0);
            Vector b2 = ByteVector.fromMemorySegment(BYTES, s, 2L * nel + i, LE).reinterpretShape(SP4, 0);
            Vector b3 = ByteVector.fromMemorySegment(BYTES, s, 3L * nel + i, LE).reinterpretShape(SP4, 0);
            Vector z0_0 = b0.rearrange(LO4, b2);
            Vector z0_1 = b0.rearrange(HI4, b2);
            Vector z0_2 = b1.rearrange(LO4, b3);
            Vector z0_3 = b1.rearrange(HI4, b3);
            Vector z1_0 = z0_0.rearrange(LO4, z0_2);
            Vector z1_1 = z0_0.rearrange(HI4, z0_2);
            Vector z1_2 = z0_1.rearrange(LO4, z0_3);
            Vector z1_3 = z0_1.rearrange(HI4, z0_3);
            long at = i * 4;
            z1_0.reinterpretAsBytes().rearrange(UNGROUP4).intoMemorySegment(d, at + 0L * W, LE);
            z1_1.reinterpretAsBytes().rearrange(UNGROUP4).intoMemorySegment(d, at + 1L * W, LE);
            z1_2.reinterpretAsBytes().rearrange(UNGROUP4).intoMemorySegment(d, at + 2L * W, LE);
            z1_3.reinterpretAsBytes().rearrange(UNGROUP4).intoMemorySegment(d, at + 3L * W, LE);
        }
    }

    /** Inverse of shuffle8. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void unshuffle8(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            Vector b0 = ByteVector.fromMemorySegment(BYTES, s, 0L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b1 = ByteVector.fromMemorySegment(BYTES, s, 1L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b2 = ByteVector.fromMemorySegment(BYTES, s, 2L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b3 = ByteVector.fromMemorySegment(BYTES, s, 3L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b4 = ByteVector.fromMemorySegment(BYTES, s, 4L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b5 = ByteVector.fromMemorySegment(BYTES, s, 5L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b6 = ByteVector.fromMemorySegment(BYTES, s, 6L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector b7 = ByteVector.fromMemorySegment(BYTES, s, 7L * nel + i, LE).reinterpretShape(SP8, 0);
            Vector z0_0 = b0.rearrange(LO8, b4);
            Vector z0_1 = b0.rearrange(HI8, b4);
            Vector z0_2 = b1.rearrange(LO8, b5);
            Vector z0_3 = b1.rearrange(HI8, b5);
            Vector z0_4 = b2.rearrange(LO8, b6);
            Vector z0_5 = b2.rearrange(HI8, b6);
            Vector z0_6 = b3.rearrange(LO8, b7);
            Vector z0_7 = b3.rearrange(HI8, b7);
            Vector z1_0 = z0_0.rearrange(LO8, z0_4);
            Vector z1_1 = z0_0.rearrange(HI8, z0_4);
            Vector z1_2 = z0_1.rearrange(LO8, z0_5);
            Vector z1_3 = z0_1.rearrange(HI8, z0_5);
            Vector z1_4 = z0_2.rearrange(LO8, z0_6);
            Vector z1_5 = z0_2.rearrange(HI8, z0_6);
            Vector z1_6 = z0_3.rearrange(LO8, z0_7);
            Vector z1_7 = z0_3.rearrange(HI8, z0_7);
            Vector z2_0 = z1_0.rearrange(LO8, z1_4);
            Vector z2_1 = z1_0.rearrange(HI8, z1_4);
            Vector z2_2 = z1_1.rearrange(LO8, z1_5);
            Vector z2_3 = z1_1.rearrange(HI8, z1_5);
            Vector z2_4 = z1_2.rearrange(LO8, z1_6);
            Vector z2_5 = z1_2.rearrange(HI8, z1_6);
            Vector z2_6 = z1_3.rearrange(LO8, z1_7);
            Vector z2_7 = z1_3.rearrange(HI8, z1_7);
            long at = i * 8;
            z2_0.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 0L * W, LE);
            z2_1.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 1L * W, LE);
            z2_2.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 2L * W, LE);
            z2_3.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 3L * W, LE);
            z2_4.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 4L * W, LE);
            z2_5.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 5L * W, LE);
            z2_6.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 6L * W, LE);
            z2_7.reinterpretAsBytes().rearrange(UNGROUP8).intoMemorySegment(d, at + 7L * W, LE);
        }
    }

    /** Inverse of shuffle16. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void unshuffle16(MemorySegment s, MemorySegment d, long nel, long first, long count) {
        for (long i = first, end = first + count; i < end; i += W) {
            Vector b0 = ByteVector.fromMemorySegment(BYTES, s, 0L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b1 = ByteVector.fromMemorySegment(BYTES, s, 1L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b2 = ByteVector.fromMemorySegment(BYTES, s, 2L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b3 = ByteVector.fromMemorySegment(BYTES, s, 3L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b4 = ByteVector.fromMemorySegment(BYTES, s, 4L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b5 = ByteVector.fromMemorySegment(BYTES, s, 5L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b6 = ByteVector.fromMemorySegment(BYTES, s, 6L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b7 = ByteVector.fromMemorySegment(BYTES, s, 7L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b8 = ByteVector.fromMemorySegment(BYTES, s, 8L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b9 = ByteVector.fromMemorySegment(BYTES, s, 9L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b10 = ByteVector.fromMemorySegment(BYTES, s, 10L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b11 = ByteVector.fromMemorySegment(BYTES, s, 11L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b12 = ByteVector.fromMemorySegment(BYTES, s, 12L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b13 = ByteVector.fromMemorySegment(BYTES, s, 13L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b14 = ByteVector.fromMemorySegment(BYTES, s, 14L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector b15 = ByteVector.fromMemorySegment(BYTES, s, 15L * nel + i, LE).reinterpretShape(SP16, 0);
            Vector z0_0 = b0.rearrange(LO16, b8);
            Vector z0_1 = b0.rearrange(HI16, b8);
            Vector z0_2 = b1.rearrange(LO16, b9);
            Vector z0_3 = b1.rearrange(HI16, b9);
            Vector z0_4 = b2.rearrange(LO16, b10);
            Vector z0_5 = b2.rearrange(HI16, b10);
            Vector z0_6 = b3.rearrange(LO16, b11);
            Vector z0_7 = b3.rearrange(HI16, b11);
            Vector z0_8 = b4.rearrange(LO16, b12);
            Vector z0_9 = b4.rearrange(HI16, b12);
            Vector z0_10 = b5.rearrange(LO16, b13);
            Vector z0_11 = b5.rearrange(HI16, b13);
            Vector z0_12 = b6.rearrange(LO16, b14);
            Vector z0_13 = b6.rearrange(HI16, b14);
            Vector z0_14 = b7.rearrange(LO16, b15);
            Vector z0_15 = b7.rearrange(HI16, b15);
            Vector z1_0 = z0_0.rearrange(LO16, z0_8);
            Vector z1_1 = z0_0.rearrange(HI16, z0_8);
            Vector z1_2 = z0_1.rearrange(LO16, z0_9);
            Vector z1_3 = z0_1.rearrange(HI16, z0_9);
            Vector z1_4 = z0_2.rearrange(LO16, z0_10);
            Vector z1_5 = z0_2.rearrange(HI16, z0_10);
            Vector z1_6 = z0_3.rearrange(LO16, z0_11);
            Vector z1_7 = z0_3.rearrange(HI16, z0_11);
            Vector z1_8 = z0_4.rearrange(LO16, z0_12);
            Vector z1_9 = z0_4.rearrange(HI16, z0_12);
            Vector z1_10 = z0_5.rearrange(LO16, z0_13);
            Vector z1_11 = z0_5.rearrange(HI16, z0_13);
            Vector z1_12 = z0_6.rearrange(LO16, z0_14);
            Vector z1_13 = z0_6.rearrange(HI16, z0_14);
            Vector z1_14 = z0_7.rearrange(LO16, z0_15);
            Vector z1_15 = z0_7.rearrange(HI16, z0_15);
            Vector z2_0 = z1_0.rearrange(LO16, z1_8);
            Vector z2_1 = z1_0.rearrange(HI16, z1_8);
            Vector z2_2 = z1_1.rearrange(LO16, z1_9);
            Vector z2_3 = z1_1.rearrange(HI16, z1_9);
            Vector z2_4 = z1_2.rearrange(LO16, z1_10);
            Vector z2_5 = z1_2.rearrange(HI16, z1_10);
            Vector z2_6 = z1_3.rearrange(LO16, z1_11);
            Vector z2_7 = z1_3.rearrange(HI16, z1_11);
            Vector z2_8 = z1_4.rearrange(LO16, z1_12);
            Vector z2_9 = z1_4.rearrange(HI16, z1_12);
            Vector z2_10 = z1_5.rearrange(LO16, z1_13);
            Vector z2_11 = z1_5.rearrange(HI16, z1_13);
            Vector z2_12 = z1_6.rearrange(LO16, z1_14);
            Vector z2_13 = z1_6.rearrange(HI16, z1_14);
            Vector z2_14 = z1_7.rearrange(LO16, z1_15);
            Vector z2_15 = z1_7.rearrange(HI16, z1_15);
            Vector z3_0 = z2_0.rearrange(LO16, z2_8);
            Vector z3_1 = z2_0.rearrange(HI16, z2_8);
            Vector z3_2 = z2_1.rearrange(LO16, z2_9);
            Vector z3_3 = z2_1.rearrange(HI16, z2_9);
            Vector z3_4 = z2_2.rearrange(LO16, z2_10);
            Vector z3_5 = z2_2.rearrange(HI16, z2_10);
            Vector z3_6 = z2_3.rearrange(LO16, z2_11);
            Vector z3_7 = z2_3.rearrange(HI16, z2_11);
            Vector z3_8 = z2_4.rearrange(LO16, z2_12);
            Vector z3_9 = z2_4.rearrange(HI16, z2_12);
            Vector z3_10 = z2_5.rearrange(LO16, z2_13);
            Vector z3_11 = z2_5.rearrange(HI16, z2_13);
            Vector z3_12 = z2_6.rearrange(LO16, z2_14);
            Vector z3_13 = z2_6.rearrange(HI16, z2_14);
            Vector z3_14 = z2_7.rearrange(LO16, z2_15);
            Vector z3_15 = z2_7.rearrange(HI16, z2_15);
            long at = i * 16;
            z3_0.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 0L * W, LE);
            z3_1.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 1L * W, LE);
            z3_2.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 2L * W, LE);
            z3_3.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 3L * W, LE);
            z3_4.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 4L * W, LE);
            z3_5.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 5L * W, LE);
            z3_6.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 6L * W, LE);
            z3_7.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 7L * W, LE);
            z3_8.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 8L * W, LE);
            z3_9.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 9L * W, LE);
            z3_10.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 10L * W, LE);
            z3_11.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 11L * W, LE);
            z3_12.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 12L * W, LE);
            z3_13.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 13L * W, LE);
            z3_14.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 14L * W, LE);
            z3_15.reinterpretAsBytes().rearrange(UNGROUP16).intoMemorySegment(d, at + 15L * W, LE);
        }
    }

}
