package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.NativeLibraryException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import io.github.blosc2panama.ffm.Libdeflate;
import io.github.blosc2panama.ffm.NativeLibraries;
import io.github.blosc2panama.ffm.NativeLibraries.Library;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import io.github.blosc2panama.ffm.Zlib;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

/**
 * The zlib codec as C-Blosc2 3.3 uses it: {@code compress2} at the Blosc2 clevel (1..9), streams in the zlib
 * format. zlib has no dictionary support in Blosc2.
 *
 * <p>Both directions run libdeflate when it is installed, else zlib ({@code compress2}, {@code uncompress}).
 * libdeflate inflates several times faster than zlib 1.2, in the league of the zlib-ng C-Blosc2 bundles, and
 * deflates about 1.5x faster at the same level (1..9, as zlib's) with about the same ratio (not on text: the 16 MiB
 * of the text dataset, shuffled, deflate 4.24 to 1 at level 5 where C-Blosc2's zlib-ng reaches 4.60; libdeflate's
 * level 6 reaches 4.63, at 0.8 of zlib-ng's speed); its streams are other bytes than zlib's (as zlib-ng's are), in
 * the same zlib format. One compressor per level and one
 * decompressor per thread. A stream with a stretch of noise in it is compressed by zlib even then, the noise
 * in stored blocks, which inflate at copy speed, where libdeflate Huffman-codes it ({@link NoiseProbe},
 * {@link ZlibWithNoise}). A stream that repeats itself in long stretches (runs, shuffled counters: {@link
 * RepeatProbe}) is written by our own {@link DeflateEncoder}, several times faster there than either library.
 */
final class ZlibCodec implements BlockCodec {
    static final ZlibCodec INSTANCE = new ZlibCodec(Libdeflate.isAvailable());

    /** Per-thread {@code uLongf destLen} for {@code uncompress}, so that decompression allocates nothing. */
    private static final ThreadLocal<MemorySegment> DEST_LEN =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(ValueLayout.JAVA_LONG));
    private static final ThreadLocal<Libdeflate.Decompressor> DECOMPRESSOR =
            ThreadLocal.withInitial(Libdeflate.Decompressor::new);
    /** Per-thread libdeflate compressors, by clevel (made on first use). */
    private static final ThreadLocal<Libdeflate.Compressor[]> COMPRESSORS =
            ThreadLocal.withInitial(() -> new Libdeflate.Compressor[10]);

    private final boolean libdeflate;
    /** Whether streams with noise go to zlib: with libdeflate, when zlib is there too. */
    private final boolean zlibForNoise;

    /** @param libdeflate whether to run libdeflate (which must then be available) rather than zlib */
    ZlibCodec(boolean libdeflate) {
        this.libdeflate = libdeflate;
        this.zlibForNoise = libdeflate && Zlib.isAvailable();
    }

    /** Which library compresses and decompresses: "libdeflate" or "zlib". */
    String backend() {
        return libdeflate ? "libdeflate" : "zlib";
    }

    /** Where the libraries this codec runs on came from, as {@link NativeLibraries#describe} says. */
    String libraries() {
        if (!libdeflate) {
            return NativeLibraries.describe(Library.ZLIB);
        }
        return NativeLibraries.describe(Library.LIBDEFLATE)
                + (zlibForNoise ? "; " + NativeLibraries.describe(Library.ZLIB) + " for streams with noise" : "");
    }

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        CodecSupport.checkClevel(clevel, "zlib");
        noDict(dict);
        int srcSize = CodecSupport.size(src, "zlib", "source");
        int dstSize = CodecSupport.size(dst, "zlib", "destination");
        if (zlibForNoise && NoiseProbe.hasNoise(src)) {
            return ZlibWithNoise.compress(src, dst, clevel);
        }
        if (srcSize <= DeflateStreams.MAX_SOURCE && RepeatProbe.isRepetitive(src)) {
            return DeflateStreams.compress(src, dst, clevel);
        }
        if (libdeflate) {
            Libdeflate.Compressor[] byLevel = COMPRESSORS.get();
            if (byLevel[clevel] == null) {
                byLevel[clevel] = new Libdeflate.Compressor(clevel);
            }
            return (int) byLevel[clevel].zlibCompress(src, dst);
        }
        long[] destLen = {dstSize};
        int rc;
        try {
            rc = Zlib.compress2(dst, MemorySegment.ofArray(destLen), src, srcSize, clevel);
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zlib");
        }
        if (rc == Zlib.Z_MEM_ERROR) {
            throw new NativeLibraryException("zlib: compress2 ran out of memory (Z_MEM_ERROR)", null);
        }
        return rc == Zlib.Z_OK ? (int) destLen[0] : 0;
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        noDict(dict);
        if (libdeflate) {
            return decompressLibdeflate(src, srcOffset, srcSize, dst, dstOffset, dstSize);
        }
        MemorySegment destLen = DEST_LEN.get();
        destLen.set(ValueLayout.JAVA_LONG, 0, dstSize);
        NativeStaging staging = NativeStaging.get();
        int rc;
        try {
            rc = Zlib.uncompress(staging.output(dst, dstOffset, dstSize), destLen, staging.input(src, srcOffset, srcSize),
                    srcSize);
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zlib");
        }
        Reference.reachabilityFence(src);
        Reference.reachabilityFence(dst);
        long written = destLen.get(ValueLayout.JAVA_LONG, 0);
        if (rc != Zlib.Z_OK || written != dstSize) {
            throw failed(rc, srcSize, dstSize, written);
        }
        staging.finish(dst, dstOffset, dstSize);
        return dstSize;
    }

    /**
     * libdeflate decodes in a fast loop only while more than about 25 bytes of input are left (its
     * {@code FASTLOOP_MAX_BYTES_READ} on 64-bit platforms): the rest goes byte by byte, and the last bytes of a stream
     * that expands hundreds of times hold tens of KiB of runs (i32_arange's 256 KiB blocks: a third of the time spent
     * there on AMD Zen 5, where each byte takes a microcoded {@code movsb}). So the library is given this many more
     * bytes than the stream, which it may read ahead but not consume: {@link #decompressLibdeflate} refuses a stream
     * that would consume them.
     */
    static final int READ_AHEAD = 64;
    /**
     * A stream with fewer than {@link #READ_AHEAD} bytes after it in its segment (the last of a chunk) is copied, with
     * zeros after it, when it is at most this long; a longer one expands less, so its last bytes hold less output.
     */
    static final int COPY_FOR_READ_AHEAD = 16 << 10;

    private static int decompressLibdeflate(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst,
            long dstOffset, int dstSize) {
        NativeStaging staging = NativeStaging.get();
        long out = staging.output(dst, dstOffset, dstSize);
        boolean aheadInPlace = src.isNative() && src.byteSize() - srcOffset - srcSize >= READ_AHEAD;
        boolean aheadInCopy = !aheadInPlace && (!src.isNative() || srcSize <= COPY_FOR_READ_AHEAD);
        long in = aheadInCopy ? staging.paddedInput(src, srcOffset, srcSize, READ_AHEAD)
                : staging.input(src, srcOffset, srcSize);
        int inBytes = aheadInPlace || aheadInCopy ? srcSize + READ_AHEAD : srcSize;
        Libdeflate.Decompressor decompressor = DECOMPRESSOR.get();
        int rc = decompressor.zlibDecompressEx(in, inBytes, out, dstSize);
        Reference.reachabilityFence(src);
        Reference.reachabilityFence(dst);
        if (rc == Libdeflate.LIBDEFLATE_SUCCESS && decompressor.streamBytes() > srcSize) {
            throw new CorruptDataException("zlib: stream of " + srcSize + " bytes is cut short (it goes on for "
                    + decompressor.streamBytes() + " bytes)");
        }
        if (rc != Libdeflate.LIBDEFLATE_SUCCESS) {
            throw new CorruptDataException("zlib: stream of " + srcSize + " bytes " + switch (rc) {
                case Libdeflate.LIBDEFLATE_SHORT_OUTPUT -> "decodes to fewer than";
                case Libdeflate.LIBDEFLATE_INSUFFICIENT_SPACE -> "decodes to more than";
                default -> "is malformed (libdeflate result " + rc + "), expected";
            } + " " + dstSize + " bytes");
        }
        staging.finish(dst, dstOffset, dstSize);
        return dstSize;
    }

    private static RuntimeException failed(int rc, int srcSize, int dstSize, long written) {
        if (rc == Zlib.Z_MEM_ERROR) {
            return new NativeLibraryException("zlib: uncompress ran out of memory (Z_MEM_ERROR)", null);
        }
        return new CorruptDataException("zlib: stream of " + srcSize + " bytes "
                + (rc != Zlib.Z_OK ? "is malformed (zlib error " + rc + ")" : "decodes to " + written + " bytes")
                + ", expected " + dstSize + " bytes");
    }

    private static void noDict(MemorySegment dict) {
        if (dict != null) {
            throw new UnsupportedFeatureException("zlib: Blosc2 dictionaries are only for zstd, lz4 and lz4hc");
        }
    }
}
