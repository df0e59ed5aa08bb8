package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.NativeLibraryException;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** Checks and conversions shared by the native codec wrappers. */
final class CodecSupport {
    private CodecSupport() {
    }

    /** The size of {@code segment} as an int (codec streams are int-sized in Blosc2). */
    static int size(MemorySegment segment, String codec, String what) {
        Objects.requireNonNull(segment, what);
        if (segment.byteSize() > Integer.MAX_VALUE) {
            throw new InvalidArgumentException(codec + ": " + what + " of " + segment.byteSize()
                    + " bytes exceeds the 2 GiB limit of a Blosc2 stream");
        }
        return (int) segment.byteSize();
    }

    static void checkClevel(int clevel, String codec) {
        if (clevel < 1 || clevel > 9) {
            throw new InvalidArgumentException(codec + ": clevel " + clevel + " is not in 1..9");
        }
    }

    static NativeLibraryException missing(NativeLibraryNotFoundException e, String codec) {
        return new NativeLibraryException(codec + " codec unavailable: " + e.getMessage(), e);
    }

    /** {@code segment} itself when native, else a copy in {@code arena} (of its bytes when {@code input}). */
    static MemorySegment nativeOf(MemorySegment segment, Arena arena, boolean input) {
        if (segment.isNative()) {
            return segment;
        }
        MemorySegment copy = arena.allocate(Math.max(1, segment.byteSize())).asSlice(0, segment.byteSize());
        return input ? copy.copyFrom(segment) : copy;
    }
}
