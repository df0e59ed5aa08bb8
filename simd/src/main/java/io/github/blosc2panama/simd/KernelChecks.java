package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** Argument checks shared by every kernel: lengths and typesizes are validated before any access. */
final class KernelChecks {
    private KernelChecks() {
    }

    /**
     * Throws unless {@code segment[offset, offset + length)} is a range inside {@code segment}.
     *
     * @throws IllegalArgumentException if it is not
     */
    static void checkRange(MemorySegment segment, long offset, long length) {
        Objects.requireNonNull(segment, "segment");
        if (offset < 0 || length < 0 || offset > segment.byteSize() || length > segment.byteSize() - offset) {
            throw new IllegalArgumentException(length + " bytes at offset " + offset + " are not inside the "
                    + segment.byteSize() + "-byte segment");
        }
    }

    static void check(MemorySegment src, MemorySegment dst, long length, int typesize) {
        if (typesize < 1) {
            throw new IllegalArgumentException("typesize must be >= 1, got " + typesize);
        }
        if (length < 0 || length > src.byteSize() || length > dst.byteSize()) {
            throw new IllegalArgumentException("length " + length + " does not fit src (" + src.byteSize()
                    + " bytes) and dst (" + dst.byteSize() + " bytes)");
        }
    }

    /** The checks of {@link Shuffle#unshuffleSplitRows}. */
    static void checkSplitRows(int typesize, MemorySegment low, long lowFrom, long lowStride, MemorySegment high,
                               long highFrom, long highStride, long nel, MemorySegment dst, long dstOffset) {
        if (typesize < 1) {
            throw new IllegalArgumentException("typesize must be >= 1, got " + typesize);
        }
        if (nel < 0 || nel > Long.MAX_VALUE / typesize || lowStride < 0 || highStride < 0) {
            throw new IllegalArgumentException("element count " + nel + " or a stride (" + lowStride + ", "
                    + highStride + ") is negative or too large");
        }
        long length = nel * typesize;
        checkRange(dst, dstOffset, length);
        int half = typesize / 2;
        for (int k = 0; k < typesize; k++) {
            MemorySegment row = k < half ? low : high;
            long from;
            try {
                from = k < half ? Math.addExact(lowFrom, Math.multiplyExact(k, lowStride))
                        : Math.addExact(highFrom, Math.multiplyExact(k - half, highStride));
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("row " + k + " lies past any segment");
            }
            checkRange(row, from, nel);
            if (overlap(row, from, nel, dst, dstOffset, length) != DISJOINT) {
                throw new IllegalArgumentException("row " + k + " overlaps the output");
            }
        }
    }

    /** Throws when the first {@code length} bytes of {@code a} and {@code b} share any memory. */
    static void checkDisjoint(MemorySegment a, MemorySegment b, long length, String what) {
        if (overlap(a, b, length) != DISJOINT) {
            throw new IllegalArgumentException(what + " must not overlap");
        }
    }

    /**
     * Throws unless the first {@code length} bytes of {@code a} and {@code b} are either disjoint or exactly the same
     * memory (element-wise kernels may run in place).
     */
    static void checkDisjointOrSame(MemorySegment a, MemorySegment b, long length, String what) {
        if (overlap(a, b, length) == PARTIAL) {
            throw new IllegalArgumentException(what + " must be disjoint or the same memory");
        }
    }

    /** {@link #overlap}: no shared byte. */
    static final int DISJOINT = 0;
    /** {@link #overlap}: the very same memory. */
    static final int SAME = 1;
    /** {@link #overlap}: some bytes shared, not all. */
    static final int PARTIAL = 2;

    /**
     * How the first {@code length} bytes of {@code a} and {@code b} relate: {@link #DISJOINT}, {@link #SAME} or
     * {@link #PARTIAL}. Segments are compared by array and address (nothing allocated once inlined); read-only heap
     * segments through {@code asOverlappingSlice}.
     */
    static int overlap(MemorySegment a, MemorySegment b, long length) {
        return overlap(a, 0, length, b, 0, length);
    }

    /**
     * How {@code a[aFrom, aFrom + aLength)} and {@code b[bFrom, bFrom + bLength)} relate: {@link #SAME} when they are
     * the very same bytes, {@link #PARTIAL} when they share some, else {@link #DISJOINT}. The ranges lie inside their
     * segments (callers have checked).
     */
    static int overlap(MemorySegment a, long aFrom, long aLength, MemorySegment b, long bFrom, long bLength) {
        if (aLength <= 0 || bLength <= 0 || a.isNative() != b.isNative()) {
            return DISJOINT;
        }
        if (!a.isNative() && a != b && a.asOverlappingSlice(b).isEmpty()) {
            // Heap segments of two arrays, or apart in one: their ranges share nothing. When the segments do share
            // bytes they share the array, and the offsets below compare. (Not heapBase(): an Optional a call, which
            // C2 did not always scalar-replace, and none for read-only segments; Optional.empty() is a constant.)
            return DISJOINT;
        }
        long x = a.address() + aFrom; // for heap segments, the offset in the array
        long y = b.address() + bFrom;
        if (x == y && aLength == bLength) {
            return SAME;
        }
        return x < y + bLength && y < x + aLength ? PARTIAL : DISJOINT;
    }

    /**
     * Reads a filters_meta style signed byte given as an int: values -128..255 are accepted and interpreted as the
     * two's complement byte, exactly as C casts {@code (int8_t) meta}.
     */
    static int signedMeta(int meta, String what) {
        if (meta < -128 || meta > 255) {
            throw new IllegalArgumentException(what + " must fit in one byte (-128..255), got " + meta);
        }
        return (byte) meta;
    }
}
