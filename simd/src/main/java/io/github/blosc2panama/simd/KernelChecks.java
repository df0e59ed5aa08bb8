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
        if (length <= 0 || a.isNative() != b.isNative()) {
            return; // nothing to share, or native memory against a heap array
        }
        if (a.isNative()) {
            // by address, without the slices and Optional of asOverlappingSlice (this runs once per block)
            long x = a.address();
            long y = b.address();
            if (x < y + length && y < x + length) {
                throw new IllegalArgumentException(what + " must not overlap");
            }
            return;
        }
        if (a.asSlice(0, length).asOverlappingSlice(b.asSlice(0, length)).isPresent()) {
            throw new IllegalArgumentException(what + " must not overlap");
        }
    }

    /**
     * Throws unless the first {@code length} bytes of {@code a} and {@code b} are either disjoint or exactly the same
     * memory (element-wise kernels may run in place).
     */
    static void checkDisjointOrSame(MemorySegment a, MemorySegment b, long length, String what) {
        if (length == 0 || a.isNative() != b.isNative()) {
            return;
        }
        if (a.isNative()) {
            long x = a.address();
            long y = b.address();
            if (x != y && x < y + length && y < x + length) {
                throw new IllegalArgumentException(what + " must be disjoint or the same memory");
            }
            return;
        }
        MemorySegment sa = a.asSlice(0, length);
        MemorySegment sb = b.asSlice(0, length);
        // both slices have length bytes, so an intersection of length bytes means the very same memory
        var overlap = sa.asOverlappingSlice(sb);
        if (overlap.isPresent() && !(overlap.get().byteSize() == length)) {
            throw new IllegalArgumentException(what + " must be disjoint or the same memory");
        }
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
