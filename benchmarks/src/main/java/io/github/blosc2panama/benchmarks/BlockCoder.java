package io.github.blosc2panama.benchmarks;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.github.blosc2panama.ffm.Lz4;
import io.github.blosc2panama.ffm.Zstd;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4JNIFastResetCompressor;
import net.jpountz.lz4.LZ4JNIHCFastResetCompressor;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * One codec at one Blosc2 clevel, called through one binding, on the blocks of a {@link CodecBlocks}:
 * {@link #compress(int)} writes block i into its slot, {@link #decompress(int)} decodes slot i into the
 * output. The clevel is mapped as C-Blosc2 3.3 maps it: LZ4 acceleration {@code 10 - clevel}, LZ4HC level
 * {@code clevel}, zstd level {@code clevel < 9 ? 2 * clevel - 1 : 22}. Each returns the size written, or
 * the library's error (negative, or zstd's error code).
 */
abstract class BlockCoder implements AutoCloseable {
    final CodecBlocks b;

    BlockCoder(CodecBlocks b) {
        this.b = b;
    }

    abstract long compress(int i);

    abstract long decompress(int i);

    @Override
    public void close() {
    }

    static int lz4Acceleration(int clevel) {
        return 10 - clevel;
    }

    static int zstdLevel(int clevel) {
        return clevel < 9 ? 2 * clevel - 1 : 22;
    }

    /** {@code codec} (lz4, lz4hc, zstd) through {@code impl} (ffm: our bindings; jni: lz4-java, zstd-jni). */
    static BlockCoder of(String codec, String impl, int clevel, CodecBlocks b) {
        if (clevel < 1 || clevel > 9) {
            throw new IllegalArgumentException("clevel must be 1..9, got " + clevel);
        }
        return switch (impl + "/" + codec) {
            case "ffm/lz4" -> new FfmLz4(b, false, lz4Acceleration(clevel));
            case "ffm/lz4hc" -> new FfmLz4(b, true, clevel);
            case "ffm/zstd" -> new FfmZstd(b, zstdLevel(clevel));
            case "jni/lz4" -> {
                LZ4JNIFastResetCompressor c = LZ4Factory.nativeInstance().fastResetCompressor(lz4Acceleration(clevel));
                yield new JniLz4(b, c::compress, c::compress, c::close);
            }
            case "jni/lz4hc" -> {
                LZ4JNIHCFastResetCompressor c = LZ4Factory.nativeInstance().highFastResetCompressor(clevel);
                yield new JniLz4(b, c::compress, c::compress, c::close);
            }
            case "jni/zstd" -> new JniZstd(b, zstdLevel(clevel));
            default -> throw new IllegalArgumentException("unknown impl/codec " + impl + "/" + codec);
        };
    }

    /** io.github.blosc2panama.ffm.Lz4: LZ4_compress_fast / LZ4_compress_HC, LZ4_decompress_safe. */
    static final class FfmLz4 extends BlockCoder {
        private final boolean hc;
        private final int level;

        FfmLz4(CodecBlocks b, boolean hc, int level) {
            super(b);
            this.hc = hc;
            this.level = level;
        }

        @Override
        long compress(int i) {
            return hc ? Lz4.LZ4_compress_HC(b.src[i], b.slot[i], b.blockSize, b.capacity, level)
                    : Lz4.LZ4_compress_fast(b.src[i], b.slot[i], b.blockSize, b.capacity, level);
        }

        @Override
        long decompress(int i) {
            return Lz4.LZ4_decompress_safe(b.slot[i], b.out, b.csize[i], b.blockSize);
        }
    }

    /** io.github.blosc2panama.ffm.Zstd: ZSTD_compressCCtx / ZSTD_decompressDCtx with contexts made once. */
    static final class FfmZstd extends BlockCoder {
        private final int level;
        private final MemorySegment cctx = Zstd.ZSTD_createCCtx();
        private final MemorySegment dctx = Zstd.ZSTD_createDCtx();

        FfmZstd(CodecBlocks b, int level) {
            super(b);
            this.level = level;
        }

        @Override
        long compress(int i) {
            return Zstd.ZSTD_compressCCtx(cctx, b.slot[i], b.capacity, b.src[i], b.blockSize, level);
        }

        @Override
        long decompress(int i) {
            return Zstd.ZSTD_decompressDCtx(dctx, b.out, b.blockSize, b.slot[i], b.csize[i]);
        }

        @Override
        public void close() {
            Zstd.ZSTD_freeCCtx(cctx);
            Zstd.ZSTD_freeDCtx(dctx);
        }
    }

    /** lz4-java's JNI instance: fast-reset compressors (LZ4_compress_fast_extState_fastReset / HC), safe decompressor. */
    static final class JniLz4 extends BlockCoder {
        /** lz4-java's compress(byte[] src, srcOff, srcLen, byte[] dst, dstOff, maxDstLen). */
        interface ArrayCompress {
            int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);
        }

        /** The same over ByteBuffers. */
        interface BufferCompress {
            int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int maxDstLen);
        }

        private final ArrayCompress arrays;
        private final BufferCompress buffers;
        private final Runnable closer;
        private final LZ4SafeDecompressor decompressor = LZ4Factory.nativeInstance().safeDecompressor();

        JniLz4(CodecBlocks b, ArrayCompress arrays, BufferCompress buffers, Runnable closer) {
            super(b);
            this.arrays = arrays;
            this.buffers = buffers;
            this.closer = closer;
        }

        @Override
        long compress(int i) {
            return b.heap
                    ? arrays.compress(b.dataArray, i * b.blockSize, b.blockSize, b.slotArray, i * b.capacity,
                            b.capacity)
                    : buffers.compress(b.dataBuffer, i * b.blockSize, b.blockSize, b.slotBuffer, i * b.capacity,
                            b.capacity);
        }

        @Override
        long decompress(int i) {
            return b.heap
                    ? decompressor.decompress(b.slotArray, i * b.capacity, b.csize[i], b.outArray, 0, b.blockSize)
                    : decompressor.decompress(b.slotBuffer, i * b.capacity, b.csize[i], b.outBuffer, 0, b.blockSize);
        }

        @Override
        public void close() {
            closer.run();
        }
    }

    /** zstd-jni: ZstdCompressCtx / ZstdDecompressCtx made once, byte-array or direct-buffer calls. */
    static final class JniZstd extends BlockCoder {
        private final ZstdCompressCtx cctx = new ZstdCompressCtx();
        private final ZstdDecompressCtx dctx = new ZstdDecompressCtx();

        JniZstd(CodecBlocks b, int level) {
            super(b);
            cctx.setLevel(level);
        }

        @Override
        long compress(int i) {
            return b.heap
                    ? cctx.compressByteArray(b.slotArray, i * b.capacity, b.capacity, b.dataArray, i * b.blockSize,
                            b.blockSize)
                    : cctx.compressDirectByteBuffer(b.slotBuffer, i * b.capacity, b.capacity, b.dataBuffer,
                            i * b.blockSize, b.blockSize);
        }

        @Override
        long decompress(int i) {
            return b.heap
                    ? dctx.decompressByteArray(b.outArray, 0, b.blockSize, b.slotArray, i * b.capacity, b.csize[i])
                    : dctx.decompressDirectByteBuffer(b.outBuffer, 0, b.blockSize, b.slotBuffer, i * b.capacity,
                            b.csize[i]);
        }

        @Override
        public void close() {
            cctx.close();
            dctx.close();
        }
    }
}
