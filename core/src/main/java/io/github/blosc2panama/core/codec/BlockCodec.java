package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;

/**
 * One codec of the Blosc2 format, as the chunk layer uses it on one data stream of a block.
 * Implementations are thread-safe; per-thread native state (contexts, hash tables) is kept by the
 * implementation and reused across calls.
 */
public interface BlockCodec {
    /**
     * How many spare bytes of scratch a caller of the decompress with spare bytes gives after the output, when it has
     * them: LZ4 needs at least 64 ({@code LZ4_decompress_safe}'s fast loop takes a match only while it ends 64 bytes
     * or more before the capacity).
     */
    int SPARE = 128;

    /**
     * Compresses all of {@code src} into {@code dst}.
     *
     * @param clevel the Blosc2 compression level, 1..9 (mapped to the codec's own scale as C-Blosc2 does)
     * @param dict   the dictionary bytes, or {@code null} for none
     * @return the compressed size, in 1..dst.byteSize(); or 0 when the result does not fit in {@code dst}
     *         (the chunk writer then stores the stream uncompressed)
     */
    int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict);

    /**
     * Decompresses all of {@code src} into {@code dst}, whose size is exactly the expected output size.
     *
     * @param dict the dictionary bytes, or {@code null} for none
     * @return the number of bytes written; any value other than {@code dst.byteSize()} means the stream is corrupt
     * @throws io.github.blosc2panama.core.CorruptDataException when the codec rejects the stream
     */
    default int decompress(MemorySegment src, MemorySegment dst, MemorySegment dict) {
        return decompress(src, 0, CodecSupport.size(src, "decompress", "source"), dst, 0,
                CodecSupport.size(dst, "decompress", "destination"), dict);
    }

    /**
     * Decompresses the {@code srcSize} bytes of {@code src} at {@code srcOffset} into the {@code dstSize} bytes of
     * {@code dst} at {@code dstOffset}, exactly the expected output size. The chunk reader calls this once per
     * stream; it allocates nothing in steady state (no slices cross a call that is not inlined).
     *
     * @param dict the dictionary bytes, or {@code null} for none
     * @return {@code dstSize}
     * @throws IndexOutOfBoundsException when a range does not lie inside its segment
     * @throws io.github.blosc2panama.core.CorruptDataException when the codec rejects the stream or it does not
     *         decode to exactly {@code dstSize} bytes
     */
    int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset, int dstSize,
            MemorySegment dict);

    /**
     * {@link #decompress(MemorySegment, long, int, MemorySegment, long, int, MemorySegment)} into a destination that
     * is followed by {@code spare} bytes of the caller's scratch, which the codec may overwrite with anything: LZ4
     * decodes its last sequences faster with room after the output. Accepts the same streams and writes the same
     * output; the default ignores the spare bytes.
     */
    default int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, int spare, MemorySegment dict) {
        return decompress(src, srcOffset, srcSize, dst, dstOffset, dstSize, dict);
    }
}
