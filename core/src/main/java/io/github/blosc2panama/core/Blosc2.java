package io.github.blosc2panama.core;

import io.github.blosc2panama.core.chunk.ChunkCompressor;
import io.github.blosc2panama.core.chunk.ChunkDecompressor;
import io.github.blosc2panama.core.chunk.ChunkHeader;
import io.github.blosc2panama.core.chunk.SpecialChunks;
import io.github.blosc2panama.core.codec.NativeCodecs;
import java.lang.foreign.MemorySegment;

/**
 * One-shot chunk operations, in the spirit of C-Blosc2's {@code blosc2_compress_ctx},
 * {@code blosc2_decompress_ctx} and {@code blosc2_getitem_ctx}. Every call works on
 * {@link MemorySegment}s (heap or native) and on {@code byte[]}.
 *
 * <p>A native segment must stay open until the call that was given it returns. The call checks once that it is
 * alive and that this thread may use it; the codecs then read and write it by address, as native code does, so a
 * shared arena closed by another thread during the call is not noticed (as with any memory, the application must not
 * free what another thread is still using).
 *
 * <pre>{@code
 * byte[] chunk = Blosc2.compress(data, CParams.builder().typesize(4).build());
 * byte[] back = Blosc2.decompress(chunk);
 * }</pre>
 */
public final class Blosc2 {
    /** The most a chunk can grow over its data: the extended header (BLOSC2_MAX_OVERHEAD). */
    public static final int MAX_OVERHEAD = 32;
    /** The largest nbytes a chunk can hold (BLOSC2_MAX_BUFFERSIZE). */
    public static final int MAX_BUFFERSIZE = Integer.MAX_VALUE - MAX_OVERHEAD;

    private Blosc2() {
    }

    /** The destination size that always suffices to compress {@code nbytes} bytes. */
    public static long maxCompressedSize(long nbytes) {
        if (nbytes < 0 || nbytes > MAX_BUFFERSIZE) {
            throw new InvalidArgumentException("nbytes must be 0.." + MAX_BUFFERSIZE + ", got " + nbytes);
        }
        return nbytes + MAX_OVERHEAD;
    }

    // ---- compress

    public static byte[] compress(byte[] src, CParams params) {
        return compress(MemorySegment.ofArray(src), params);
    }

    public static byte[] compress(MemorySegment src, CParams params) {
        return ChunkCompressor.compressToArray(src, params);
    }

    /**
     * Compresses {@code src} into {@code dst} and returns the chunk's size.
     * {@code dst} must hold at least {@link #maxCompressedSize(long)} bytes.
     */
    public static long compress(MemorySegment src, MemorySegment dst, CParams params) {
        return ChunkCompressor.compress(src, dst, params);
    }

    // ---- decompress

    public static byte[] decompress(byte[] chunk) {
        return decompress(MemorySegment.ofArray(chunk), DParams.defaults());
    }

    public static byte[] decompress(byte[] chunk, DParams params) {
        return decompress(MemorySegment.ofArray(chunk), params);
    }

    public static byte[] decompress(MemorySegment chunk, DParams params) {
        return ChunkDecompressor.decompressToArray(chunk, params);
    }

    /** Decompresses {@code chunk} into {@code dst} (at least nbytes long) and returns nbytes. */
    public static long decompress(MemorySegment chunk, MemorySegment dst, DParams params) {
        return ChunkDecompressor.decompress(chunk, dst, params);
    }

    // ---- getitem

    /** Decodes items {@code [start, start + nitems)} (in units of the header's typesize), touching only the blocks that hold them. */
    public static byte[] getItems(byte[] chunk, long start, long nitems) {
        return ChunkDecompressor.getItemsToArray(MemorySegment.ofArray(chunk), start, nitems);
    }

    /** Like {@link #getItems(byte[], long, long)}, into {@code dst}; returns the number of bytes written. */
    public static long getItems(MemorySegment chunk, long start, long nitems, MemorySegment dst) {
        return ChunkDecompressor.getItems(chunk, start, nitems, dst);
    }

    // ---- info

    public static ChunkInfo info(byte[] chunk) {
        return info(MemorySegment.ofArray(chunk));
    }

    /** Parses and validates the chunk's header against the chunk's length. */
    public static ChunkInfo info(MemorySegment chunk) {
        return ChunkHeader.parse(chunk).toInfo();
    }

    /**
     * Which native library serves each codec here and where it was loaded from, one line per codec role
     * ({@code "zstd: zstd 1.5.7 from zstd-jni ..."}), or why one could not be loaded. The versions decide how fast
     * the codecs run and which bytes they write (LZ4 compresses as C-Blosc2 3.3 does on LZ4 1.10). Loads the
     * libraries if need be; never throws.
     */
    public static String nativeLibraries() {
        return NativeCodecs.libraries();
    }

    // ---- special chunks (header only, no data stored)

    /** A chunk of {@code nbytes} zero bytes. */
    public static byte[] zeros(long nbytes, int typesize) {
        return SpecialChunks.make(SpecialValue.ZERO, nbytes, typesize, null);
    }

    /** A chunk of NaNs ({@code typesize} 4 for float32, 8 for float64). */
    public static byte[] nans(long nbytes, int typesize) {
        return SpecialChunks.make(SpecialValue.NAN, nbytes, typesize, null);
    }

    /** A chunk whose content is left uninitialized (decompresses to whatever the destination held; zeros into a new array). */
    public static byte[] uninit(long nbytes, int typesize) {
        return SpecialChunks.make(SpecialValue.UNINIT, nbytes, typesize, null);
    }

    /** A chunk repeating {@code value} (one item of {@code value.length} bytes). */
    public static byte[] repeatValue(long nbytes, byte[] value) {
        return SpecialChunks.make(SpecialValue.VALUE, nbytes, value.length, value);
    }
}
