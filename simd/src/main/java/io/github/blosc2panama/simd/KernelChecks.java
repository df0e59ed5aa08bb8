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
}
