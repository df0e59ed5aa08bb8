package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.simd.ByteFill;
import io.github.blosc2panama.simd.ByteRun;
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
     * Whether every byte of {@code stream} is the same: the simd module's {@link ByteRun}, vectors compared with the
     * broadcast first byte (the JDK's {@code MemorySegment.mismatch} of the stream against itself one byte on, used
     * before, read it twice and took a fifth of our compression of i64_walk, whose upper streams are zeros).
     */
    static boolean isRun(MemorySegment stream) {
        return ByteRun.isRun(stream, 0, stream.byteSize());
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
