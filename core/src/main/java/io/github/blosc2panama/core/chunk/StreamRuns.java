package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * Streams made of one repeated byte, which are stored as a run instead of being compressed: detecting them when
 * writing, filling them back when reading.
 */
final class StreamRuns {
    private StreamRuns() {
    }

    /**
     * Whether every byte of {@code stream} is the same: the stream against itself one byte on, by the JDK's
     * vectorized {@link MemorySegment#mismatch} rather than a loop over longs (half the time in a profile).
     */
    static boolean isRun(MemorySegment stream) {
        long n = stream.byteSize();
        return n <= 1 || MemorySegment.mismatch(stream, 0, n - 1, stream, 1, n) < 0;
    }

    /**
     * Writes {@code value} over {@code out[offset, offset + length)}. Unlike {@code out.asSlice(..).fill(..)} it makes
     * no slice: a few bytes by hand, then the filled prefix doubled with {@link MemorySegment#copy}.
     */
    static void fill(MemorySegment out, long offset, long length, byte value) {
        Objects.checkFromIndexSize(offset, length, out.byteSize());
        long head = Math.min(length, 64);
        long word = (value & 0xFFL) * 0x0101010101010101L;
        long i = 0;
        for (; i + 8 <= head; i += 8) {
            out.set(ValueLayout.JAVA_LONG_UNALIGNED, offset + i, word);
        }
        for (; i < head; i++) {
            out.set(ValueLayout.JAVA_BYTE, offset + i, value);
        }
        for (long filled = head; filled < length; ) {
            long n = Math.min(filled, length - filled);
            MemorySegment.copy(out, offset, out, offset + filled, n);
            filled += n;
        }
    }
}
