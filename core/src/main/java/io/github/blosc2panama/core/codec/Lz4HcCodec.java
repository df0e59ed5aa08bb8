package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.ffm.Lz4;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The LZ4HC codec as C-Blosc2 3.3 uses it: {@code LZ4_compress_HC} at the Blosc2 clevel itself (1..9). With a
 * dictionary, a per-thread {@code LZ4_streamHC_t} is reset to the clevel ({@code LZ4_resetStreamHC_fast}), loaded
 * with the dictionary ({@code LZ4_loadDictHC}) before every stream and used with {@code LZ4_compress_HC_continue}.
 * Decompression is plain LZ4's.
 */
final class Lz4HcCodec implements BlockCodec {
    static final Lz4HcCodec INSTANCE = new Lz4HcCodec();

    private static final ThreadLocal<Lz4.StreamHC> STREAM = ThreadLocal.withInitial(Lz4.StreamHC::new);

    private Lz4HcCodec() {
    }

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        CodecSupport.checkClevel(clevel, "lz4hc");
        int srcSize = CodecSupport.size(src, "lz4hc", "source");
        int dstSize = CodecSupport.size(dst, "lz4hc", "destination");
        try {
            if (dict == null) {
                return Math.max(0, Lz4.LZ4_compress_HC(src, dst, srcSize, dstSize, clevel));
            }
            int dictSize = CodecSupport.size(dict, "lz4hc", "dictionary");
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment d = CodecSupport.nativeOf(dict, arena, true);
                MemorySegment s = CodecSupport.nativeOf(src, arena, true);
                MemorySegment o = CodecSupport.nativeOf(dst, arena, false);
                Lz4.StreamHC stream = STREAM.get();
                Lz4.LZ4_resetStreamHC_fast(stream.pointer(), clevel);
                Lz4.LZ4_loadDictHC(stream.pointer(), d, dictSize);
                int n = Lz4.LZ4_compress_HC_continue(stream.pointer(), s, o, srcSize, dstSize);
                if (n > 0 && o != dst) {
                    MemorySegment.copy(o, 0, dst, 0, n);
                }
                return Math.max(0, n);
            }
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "lz4hc");
        }
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        return Lz4Codec.decompressLz4(src, srcOffset, srcSize, dst, dstOffset, dstSize, 0, dict, "lz4hc");
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, int spare, MemorySegment dict) {
        return Lz4Codec.decompressLz4(src, srcOffset, srcSize, dst, dstOffset, dstSize,
                Lz4CarefulPath.SLOW ? spare : 0, dict, "lz4hc");
    }
}
