package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import io.github.blosc2panama.ffm.Zstd;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

/**
 * The zstd codec as C-Blosc2 3.3 uses it.
 *
 * <ul>
 *   <li>Level: {@link #zstdLevel}: {@code clevel < 9 ? 2*clevel - 1 : ZSTD_maxCLevel()} (1, 3, ..., 15, then 22).
 *       C then tests the <em>mapped</em> level for 8 (to use {@code maxCLevel - 2}); a mapped level is never 8,
 *       so that branch never fires, and neither does it here.</li>
 *   <li>Without a dictionary: {@code ZSTD_compressCCtx} / {@code ZSTD_decompressDCtx} on per-thread contexts.</li>
 *   <li>With a dictionary: {@code ZSTD_compress_usingCDict} with a CDict made at level 1 whatever the clevel (as C
 *       does), and {@code ZSTD_decompress_usingDDict}. Each thread keeps the last dictionary it digested (compared
 *       by content, so a dictionary is digested once per thread per chunk, not once per block).</li>
 * </ul>
 * Contexts and digested dictionaries live in a per-thread holder; each owns its native object through a cleaner
 * in ffm-bindings, so they are freed once the thread (and its thread-local map) is gone.
 */
final class ZstdCodec implements BlockCodec {
    static final ZstdCodec INSTANCE = new ZstdCodec();

    /** The compression level C-Blosc2 gives the CDict of a dictionary chunk. */
    static final int DICT_LEVEL = 1;

    private static final ThreadLocal<PerThread> STATE = ThreadLocal.withInitial(PerThread::new);

    private ZstdCodec() {
    }

    /** C-Blosc2's mapping of a Blosc2 clevel (1..9) to a zstd level. */
    static int zstdLevel(int clevel, int maxCLevel) {
        int level = clevel < 9 ? clevel * 2 - 1 : maxCLevel;
        if (level == 8) { // mirrors C, which tests the mapped level; unreachable for clevel 1..9
            level = maxCLevel - 2;
        }
        return level;
    }

    @Override
    public int compress(MemorySegment src, MemorySegment dst, int clevel, MemorySegment dict) {
        CodecSupport.checkClevel(clevel, "zstd");
        CodecSupport.size(src, "zstd", "source");
        CodecSupport.size(dst, "zstd", "destination");
        try {
            PerThread state = STATE.get();
            long code = dict == null
                    ? state.cctx().compress(dst, src, zstdLevel(clevel, Zstd.maxCLevel()))
                    : state.cctx().compress(dst, src, state.cdict(dict));
            return Zstd.isError(code) ? 0 : (int) code;
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zstd");
        }
    }

    @Override
    public int decompress(MemorySegment src, long srcOffset, int srcSize, MemorySegment dst, long dstOffset,
            int dstSize, MemorySegment dict) {
        long code;
        try {
            PerThread state = STATE.get();
            if (dict == null) {
                NativeStaging staging = NativeStaging.get();
                long out = staging.output(dst, dstOffset, dstSize);
                code = state.dctx().decompress(out, dstSize, staging.input(src, srcOffset, srcSize), srcSize);
                Reference.reachabilityFence(src);
                Reference.reachabilityFence(dst);
                if (code == dstSize) {
                    staging.finish(dst, dstOffset, dstSize);
                }
            } else {
                code = state.dctx().decompress(dst.asSlice(dstOffset, dstSize), src.asSlice(srcOffset, srcSize),
                        state.ddictOrCorrupt(dict));
            }
            if (Zstd.isError(code)) {
                throw malformed(srcSize, dstSize, code, dict);
            }
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zstd");
        }
        if (code != dstSize) {
            throw new CorruptDataException("zstd: stream of " + srcSize + " bytes decodes to " + code
                    + " bytes, expected " + dstSize + " bytes");
        }
        return dstSize;
    }

    private static CorruptDataException malformed(int srcSize, int dstSize, long code, MemorySegment dict) {
        return new CorruptDataException("zstd: stream of " + srcSize + " bytes is malformed ("
                + Zstd.errorName(code) + "), expected " + dstSize + " bytes"
                + (dict != null ? " (with a " + dict.byteSize() + "-byte dictionary)" : ""));
    }

    /** One thread's zstd contexts and its last digested dictionaries, made on first need. */
    private static final class PerThread {
        private Zstd.CompressionContext cctx;
        private Zstd.DecompressionContext dctx;
        private byte[] cdictBytes;
        private Zstd.CompressionDictionary cdict;
        private byte[] ddictBytes;
        private Zstd.DecompressionDictionary ddict;

        Zstd.CompressionContext cctx() {
            if (cctx == null) {
                cctx = new Zstd.CompressionContext();
            }
            return cctx;
        }

        Zstd.DecompressionContext dctx() {
            if (dctx == null) {
                dctx = new Zstd.DecompressionContext();
            }
            return dctx;
        }

        Zstd.CompressionDictionary cdict(MemorySegment dict) {
            if (cdict == null || !sameBytes(cdictBytes, dict)) {
                byte[] bytes = dict.toArray(ValueLayout.JAVA_BYTE);
                Zstd.CompressionDictionary fresh = new Zstd.CompressionDictionary(MemorySegment.ofArray(bytes),
                        DICT_LEVEL);
                if (cdict != null) {
                    cdict.close();
                }
                cdict = fresh;
                cdictBytes = bytes;
            }
            return cdict;
        }

        /** The digested {@code dict}; a dictionary zstd refuses makes the chunk corrupt. */
        Zstd.DecompressionDictionary ddictOrCorrupt(MemorySegment dict) {
            try {
                return ddict(dict);
            } catch (IllegalArgumentException e) {
                throw new CorruptDataException("zstd: the chunk's " + dict.byteSize()
                        + "-byte dictionary is refused by zstd: " + e.getMessage(), e);
            }
        }

        Zstd.DecompressionDictionary ddict(MemorySegment dict) {
            if (ddict == null || !sameBytes(ddictBytes, dict)) {
                byte[] bytes = dict.toArray(ValueLayout.JAVA_BYTE);
                Zstd.DecompressionDictionary fresh = new Zstd.DecompressionDictionary(MemorySegment.ofArray(bytes));
                if (ddict != null) {
                    ddict.close();
                }
                ddict = fresh;
                ddictBytes = bytes;
            }
            return ddict;
        }

        private static boolean sameBytes(byte[] cached, MemorySegment dict) {
            return cached.length == dict.byteSize() && MemorySegment.ofArray(cached).mismatch(dict) == -1;
        }
    }
}
