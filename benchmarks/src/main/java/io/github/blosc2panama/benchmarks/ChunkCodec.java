package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.core.CParams;
import java.lang.foreign.MemorySegment;

/** One implementation of chunk compression as the benchmarks drive it: ours ({@code java}) or C-Blosc2 ({@code c}). */
interface ChunkCodec extends AutoCloseable {
    /** Compresses all of {@code src} into {@code dst} (at least src + 32 bytes); returns the chunk size. */
    long compress(MemorySegment src, MemorySegment dst);

    /** Decompresses the chunk {@code chunk} into {@code dst}; returns the number of bytes written. */
    long decompress(MemorySegment chunk, MemorySegment dst);

    @Override
    void close();

    /** The implementation named {@code impl} ({@code java} or {@code c}) for {@code params}. */
    static ChunkCodec of(String impl, CParams params) {
        return switch (impl) {
            case "java" -> new JavaChunkCodec(params);
            case "c" -> new CChunkCodec(params);
            default -> throw new IllegalArgumentException("unknown impl '" + impl + "' (expected java or c)");
        };
    }
}
