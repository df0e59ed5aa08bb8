package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.util.Native;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * {@link Zstd}'s contexts on the zstd library bundled in zstd-jni, through zstd-jni's Java API (its native
 * library exports no {@code ZSTD_*} symbols for FFM). Heap segments are staged through temporary native memory,
 * since zstd-jni's buffer functions take direct buffers. Error results are turned back into zstd's
 * {@code size_t} codes ({@code -errorCode}), so callers see the same codes as on the FFM path.
 */
final class ZstdJniBackend extends ZstdBackend {

    /** A compression context: one plain {@code ZSTD_CCtx}, one that a dictionary is referenced into. */
    private record CCtx(ZstdCompressCtx plain, ZstdCompressCtx withDict) {
    }

    private record DCtx(ZstdDecompressCtx plain, ZstdDecompressCtx withDict) {
    }

    private record CDict(ZstdDictCompress dict, int level) {
    }

    private ZstdJniBackend() {
    }

    /** Loads zstd-jni's native library; throws when zstd-jni is absent or its library cannot load. */
    static ZstdBackend tryCreate() {
        Native.load();
        return new ZstdJniBackend();
    }

    @Override
    String description() {
        return "zstd-jni " + com.github.luben.zstd.util.ZstdVersion.VERSION + " (bundled zstd, JNI)";
    }

    @Override
    boolean isError(long code) {
        return com.github.luben.zstd.Zstd.isError(code);
    }

    @Override
    String errorName(long code) {
        return com.github.luben.zstd.Zstd.getErrorName(code);
    }

    @Override
    int maxCLevel() {
        return com.github.luben.zstd.Zstd.maxCompressionLevel();
    }

    @Override
    long trainFromBuffer(MemorySegment dictBuffer, MemorySegment samples, long[] sampleSizes) {
        int[] sizes = new int[sampleSizes.length];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = Math.toIntExact(sampleSizes[i]);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = staged(arena, dictBuffer, false);
            MemorySegment s = staged(arena, samples, true);
            long code;
            try {
                code = com.github.luben.zstd.Zstd.trainFromBufferDirect(s.asByteBuffer(), sizes, d.asByteBuffer(),
                        false);
            } catch (ZstdException e) {
                return -e.getErrorCode();
            }
            if (!isError(code) && d != dictBuffer) {
                MemorySegment.copy(d, 0, dictBuffer, 0, code);
            }
            return code;
        }
    }

    @Override
    Object createCCtx() {
        return new CCtx(new ZstdCompressCtx(), new ZstdCompressCtx());
    }

    @Override
    Runnable freeCCtx(Object cctx) {
        CCtx c = (CCtx) cctx;
        return () -> {
            c.plain().close();
            c.withDict().close();
        };
    }

    @Override
    long compress(Object cctx, MemorySegment dst, MemorySegment src, int level, Object cdict) {
        CCtx c = (CCtx) cctx;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = staged(arena, dst, false);
            MemorySegment s = staged(arena, src, true);
            ByteBuffer db = d.asByteBuffer();
            ByteBuffer sb = s.asByteBuffer();
            int n;
            try {
                if (cdict == null) {
                    n = c.plain().setLevel(level).compressDirectByteBuffer(db, 0, db.capacity(), sb, 0, sb.capacity());
                } else {
                    // zstd-jni keeps a loaded dictionary locked (unclosable) until another is loaded: unload it
                    CDict cd = (CDict) cdict;
                    try {
                        n = c.withDict().loadDict(cd.dict()).setLevel(cd.level())
                                .compressDirectByteBuffer(db, 0, db.capacity(), sb, 0, sb.capacity());
                    } finally {
                        c.withDict().reset(); // closes a frame left open by a failure, which refuses loadDict
                        c.withDict().loadDict((ZstdDictCompress) null);
                    }
                }
            } catch (ZstdException e) {
                return -e.getErrorCode();
            }
            if (d != dst) {
                MemorySegment.copy(d, 0, dst, 0, n);
            }
            return n;
        }
    }

    @Override
    Object createDCtx() {
        return new DCtx(new ZstdDecompressCtx(), new ZstdDecompressCtx());
    }

    @Override
    Runnable freeDCtx(Object dctx) {
        DCtx c = (DCtx) dctx;
        return () -> {
            c.plain().close();
            c.withDict().close();
        };
    }

    @Override
    long decompress(Object dctx, MemorySegment dst, MemorySegment src, Object ddict) {
        DCtx c = (DCtx) dctx;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = staged(arena, dst, false);
            MemorySegment s = staged(arena, src, true);
            ByteBuffer db = d.asByteBuffer();
            ByteBuffer sb = s.asByteBuffer();
            int n;
            try {
                if (ddict == null) {
                    n = c.plain().decompressDirectByteBuffer(db, 0, db.capacity(), sb, 0, sb.capacity());
                } else {
                    // as for compression: unload the dictionary, so that it can be closed
                    try {
                        n = c.withDict().loadDict((ZstdDictDecompress) ddict)
                                .decompressDirectByteBuffer(db, 0, db.capacity(), sb, 0, sb.capacity());
                    } finally {
                        c.withDict().reset();
                        c.withDict().loadDict((ZstdDictDecompress) null);
                    }
                }
            } catch (ZstdException e) {
                return -e.getErrorCode();
            }
            if (d != dst) {
                MemorySegment.copy(d, 0, dst, 0, n);
            }
            return n;
        }
    }

    @Override
    Object createCDict(MemorySegment dict, int level) {
        try {
            return new CDict(new ZstdDictCompress(dict.toArray(JAVA_BYTE), level), level);
        } catch (ZstdException | IllegalStateException e) {
            throw new IllegalArgumentException("zstd-jni rejected the dictionary: " + e.getMessage(), e);
        }
    }

    @Override
    Runnable freeCDict(Object cdict) {
        ZstdDictCompress d = ((CDict) cdict).dict();
        return d::close;
    }

    @Override
    Object createDDict(MemorySegment dict) {
        try {
            return new ZstdDictDecompress(dict.toArray(JAVA_BYTE));
        } catch (ZstdException | IllegalStateException e) {
            throw new IllegalArgumentException("zstd-jni rejected the dictionary: " + e.getMessage(), e);
        }
    }

    @Override
    Runnable freeDDict(Object ddict) {
        ZstdDictDecompress d = (ZstdDictDecompress) ddict;
        return d::close;
    }

    /** {@code segment} itself when native, else a native copy (of its bytes when {@code input}). */
    private static MemorySegment staged(Arena arena, MemorySegment segment, boolean input) {
        if (segment.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("zstd-jni takes buffers up to 2 GiB; got " + segment.byteSize());
        }
        if (segment.isNative()) {
            return segment;
        }
        MemorySegment copy = arena.allocate(Math.max(1, segment.byteSize())).asSlice(0, segment.byteSize());
        if (input) {
            copy.copyFrom(segment);
        }
        return copy;
    }
}
