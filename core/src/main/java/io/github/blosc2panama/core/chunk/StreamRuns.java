package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.simd.ByteFill;
import java.lang.foreign.MemorySegment;
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
     * Writes {@code value} over {@code out[offset, offset + length)}, by the simd module's {@link ByteFill}: stores
     * only, where doubling the filled prefix with {@code MemorySegment.copy} read half of what it wrote (a quarter
     * of the samples of a BloscLZ decode of i64_walk, whose upper byte streams are runs of zeros).
     */
    static void fill(MemorySegment out, long offset, long length, byte value) {
        Objects.checkFromIndexSize(offset, length, out.byteSize());
        ByteFill.fill(out, offset, length, value);
    }
}
