package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/** Argument checks shared by every kernel: lengths and typesizes are validated before any access. */
final class KernelChecks {
    private KernelChecks() {
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
        if (length <= 0 || a.isNative() != b.isNative()) {
            return DISJOINT;
        }
        if (a.isNative()) {
            long x = a.address();
            long y = b.address();
            return x == y ? SAME : x < y + length && y < x + length ? PARTIAL : DISJOINT;
        }
        Object baseA = a.heapBase().orElse(null);
        Object baseB = b.heapBase().orElse(null);
        if (baseA != null && baseB != null) {
            if (baseA != baseB) {
                return DISJOINT;
            }
            long x = a.address(); // the offset in the array, for heap segments
            long y = b.address();
            return x == y ? SAME : x < y + length && y < x + length ? PARTIAL : DISJOINT;
        }
        // read-only heap segments do not reveal their array
        var shared = a.asSlice(0, length).asOverlappingSlice(b.asSlice(0, length));
        return shared.isEmpty() ? DISJOINT : shared.get().byteSize() == length ? SAME : PARTIAL;
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
