package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.Lz4;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

/**
 * The LZ4 codec as C-Blosc2 3.3 uses it: {@code LZ4_compress_fast} with acceleration {@code 10 - clevel}.
 * With a dictionary, a per-thread {@code LZ4_stream_t} is loaded with the dictionary before every stream
 * ({@code LZ4_loadDict}) and the stream compressed with {@code LZ4_compress_fast_continue}, so each stream depends
 * on the dictionary only. Decompression ({@code LZ4_decompress_safe[_usingDict]}) is shared with LZ4HC, whose
 * chunks carry the same format code.
 */
final class Lz4Codec implements BlockCodec {
    static final Lz4Codec INSTANCE = new Lz4Codec();

    /** Per-thread stream for the dictionary path; freed by its cleaner when the thread's map lets go of it. */
    private static final ThreadLocal<Lz4.Stream> STREAM = ThreadLocal.withInitial(Lz4.Stream::new);

    /**
     * Streams that expand at least this many times go to our {@link Lz4Decoder}, the others to the LZ4 library. At
     * such ratios a sequence writes 192 bytes or more on average (each takes at least 3 bytes of input), and the
     * streams seen are long runs and long matches far back, which our decoder writes 1.05-3.3x faster
     * (vector fills, doubling copies) than the library's 8- to 32-byte copies; on streams of short sequences it
     * is 0.3-0.9x the library. Measured per stream on those of DATASETS.md (benchmarks/RESULTS.md, session 17);
     * 48 was slower than 64 in whole chunks (i32_arange lz4-5-shuffle). Session 22 measured again: streams under
     * 64 take ours 2-3.4 times the library's time (one kind 8 times), but for i64_walk's LZ4HC blocks (0.85).
     * Session 26, against LZ4 1.11 (the decoder build, {@code Library.LZ4_DECOMPRESSION}): on streams of 64 and more
     * ours took 1.45-1.52x its time on i64_walk and i32_arange but half on f64_noise, and whole chunks with every
     * stream on the library moved within noise; kept.
     */
    static final int JAVA_MIN_RATIO = 64;
    /**
     * Blocks that expand less than this are not walked for the room after the output: they are made of many short
     * sequences, which the walk would take as long as the library takes to decode (f64_noise's LZ4HC blocks, ratio
     * 1.6: 15 us a block against 23 us to decode it).
     */
    static final int WALK_MIN_RATIO = 4;
    /**
     * Nor are blocks that expand this much or more (those of {@link #JAVA_MIN_RATIO} and more go to our decoder
     * anyway). Measured, not derived: i32_arange's bit-shuffled blocks (ratio 34) end in a 64 KiB match too, yet the
     * library decodes them no faster with room after the output, and walking their 1,000 sequences a block, to give
     * up at the budget, cost 9 % (ours/C 1.65 -> 1.47 in {@code Alternating}); i64_walk's blocks, ratios 7.6 and 8.7,
     * gain (ours/C: LZ4HC 0.98 -> 1.51-1.56, LZ4 with bit shuffle 1.22-1.28 -> 1.39-1.48).
     */
    static final int WALK_MAX_RATIO = 16;
    /**
     * The walk gives up after one sequence per this many bytes of output: i64_walk's LZ4HC blocks have one per
     * 400 bytes, those of its bit shuffle one per 380.
     */
    static final int WALK_BYTES_PER_SEQUENCE = 256;

    private Lz4Codec() {
    }

    /** C-Blosc2's {@code get_accel} for LZ4. */
    static int acceleration(int clevel) {
        return 10 - clevel;
    }

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        CodecSupport.checkClevel(clevel, "lz4");
        int srcSize = CodecSupport.size(src, "lz4", "source");
        int dstSize = CodecSupport.size(dst, "lz4", "destination");
        try {
            if (dict == null) {
                return Math.max(0, Lz4.LZ4_compress_fast(src, dst, srcSize, dstSize, acceleration(clevel)));
            }
            int dictSize = CodecSupport.size(dict, "lz4", "dictionary");
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment d = CodecSupport.nativeOf(dict, arena, true);
                MemorySegment s = CodecSupport.nativeOf(src, arena, true);
                MemorySegment o = CodecSupport.nativeOf(dst, arena, false);
                Lz4.Stream stream = STREAM.get();
                Lz4.LZ4_loadDict(stream.pointer(), d, dictSize);
                int n = Lz4.LZ4_compress_fast_continue(stream.pointer(), s, o, srcSize, dstSize,
                        acceleration(clevel));
                if (n > 0 && o != dst) {
                    MemorySegment.copy(o, 0, dst, 0, n);
                }
                return Math.max(0, n);
            }
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "lz4");
        }
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        return decompressLz4(src, srcOffset, srcSize, dst, dstOffset, dstSize, 0, dict, "lz4");
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, int spare, MemorySegment dict) {
        return decompressLz4(src, srcOffset, srcSize, dst, dstOffset, dstSize, Lz4CarefulPath.SLOW ? spare : 0, dict,
                "lz4");
    }

    /**
     * LZ4 (and LZ4HC) decompression: the stream must fill {@code dstSize} bytes exactly. With {@code spare} bytes of
     * the caller's scratch after the output ({@link BlockCodec#SPARE} or more), a block the library decodes may get
     * them as room ({@link #decodesWithRoom}); the codecs pass them only where {@link Lz4CarefulPath#SLOW}.
     */
    static int decompressLz4(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, int spare, MemorySegment dict, String codec) {
        int n;
        try {
            if (dict == null && (long) srcSize * JAVA_MIN_RATIO <= dstSize) {
                n = Lz4Decoder.decompress(src, srcOffset, srcSize, dst, dstOffset, dstSize);
            } else if (dict == null) {
                NativeStaging staging = NativeStaging.get();
                long in = staging.input(src, srcOffset, srcSize);
                long out = staging.output(dst, dstOffset, dstSize);
                int capacity = decodesWithRoom(src, srcOffset, srcSize, dst, dstOffset, dstSize, spare)
                        ? dstSize + SPARE : dstSize;
                n = Lz4.LZ4_decompress_safe(in, out, srcSize, capacity);
                Reference.reachabilityFence(src);
                Reference.reachabilityFence(dst);
                if (n == dstSize) {
                    staging.finish(dst, dstOffset, n);
                }
            } else {
                n = Lz4.LZ4_decompress_safe_usingDict(src.asSlice(srcOffset, srcSize), dst.asSlice(dstOffset, dstSize),
                        srcSize, dstSize, dict, CodecSupport.size(dict, codec, "dictionary"));
            }
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, codec);
        }
        if (n != dstSize) {
            throw malformed(codec, srcSize, dstSize, n, dict);
        }
        return n;
    }

    /**
     * Whether the library may decode the block with {@link BlockCodec#SPARE} bytes of room after the output: the
     * caller has them as scratch, the block expands {@link #WALK_MIN_RATIO} to {@link #WALK_MAX_RATIO} times, its last
     * match looks long ({@link Lz4BlockEnd#endsInLongMatch}), and it ends as LZ4 requires for the output's own size
     * ({@link Lz4BlockEnd#holds}), so that the room changes neither the output nor what is refused.
     */
    private static boolean decodesWithRoom(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst,
            long dstOffset, int dstSize, int spare) {
        return spare >= SPARE && dst.isNative() && dst.byteSize() - dstOffset - dstSize >= SPARE
                && (long) srcSize * WALK_MIN_RATIO <= dstSize && (long) srcSize * WALK_MAX_RATIO > dstSize
                && Lz4BlockEnd.endsInLongMatch(src, srcOffset, srcSize)
                && Lz4BlockEnd.holds(src, srcOffset, srcSize, dstSize, dstSize / WALK_BYTES_PER_SEQUENCE);
    }

    private static CorruptDataException malformed(String codec, int srcSize, int dstSize, int n, MemorySegment dict) {
        return new CorruptDataException(codec + ": stream of " + srcSize + " bytes "
                + (n < 0 ? "is malformed (LZ4 error " + n + ")" : "decodes to " + n + " bytes")
                + ", expected " + dstSize + " bytes" + (dict != null ? " (with a " + dict.byteSize()
                + "-byte dictionary)" : ""));
    }
}
