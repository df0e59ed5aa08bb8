package io.github.blosc2panama.ffm;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** Argument checks run before every native call: no native function ever sees an unchecked length. */
final class Checks {
    private Checks() {
    }

    /** Checks that {@code length} bytes fit in {@code segment}, and that the length is not negative. */
    static void fits(MemorySegment segment, long length, String what) {
        Objects.requireNonNull(segment, what);
        if (length < 0) {
            throw new IllegalArgumentException(what + ": negative length " + length);
        }
        if (length > segment.byteSize()) {
            throw new IndexOutOfBoundsException(
                    what + ": length " + length + " exceeds the segment's " + segment.byteSize() + " bytes");
        }
    }

    /** As {@link #fits}, for functions taking a C {@code int} length. */
    static void fitsInt(MemorySegment segment, int length, String what) {
        fits(segment, length, what);
    }

    /** Checks that {@code segment} is off-heap, for functions linked without heap access. */
    static MemorySegment nativeSegment(MemorySegment segment, String what) {
        Objects.requireNonNull(segment, what);
        if (!segment.isNative()) {
            throw new IllegalArgumentException(what + " must be a native (off-heap) segment");
        }
        return segment;
    }

    /** Checks that a pointer to a native object (a context, a stream, a dictionary) is not NULL. */
    static MemorySegment pointer(MemorySegment pointer, String what) {
        Objects.requireNonNull(pointer, what);
        if (pointer.equals(MemorySegment.NULL) || !pointer.isNative()) {
            throw new IllegalArgumentException(what + " is NULL or not a native pointer");
        }
        return pointer;
    }

    /** Checks that {@code segment} holds at least one value of {@code bytes} bytes (an out-parameter). */
    static void holds(MemorySegment segment, long bytes, String what) {
        Objects.requireNonNull(segment, what);
        if (segment.byteSize() < bytes) {
            throw new IndexOutOfBoundsException(what + " must hold " + bytes + " bytes, has " + segment.byteSize());
        }
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("native call failed", t);
    }
}
