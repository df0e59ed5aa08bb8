package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.codec.Codecs;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes chunks with the extended (Blosc2) header, making the decisions C-Blosc2's
 * {@code blosc2_compress_ctx} makes: blocksize and split, memcpy for clevel 0, tiny or
 * incompressible input, zero and byte runs per stream, all-zero chunks as special chunks, and
 * dictionaries. Unlike C-Blosc2 3.3, the header's blocksize is always the one the blocks were cut
 * with.
 */
public final class ChunkCompressor {
    private ChunkCompressor() {
    }

    public static byte[] compressToArray(MemorySegment src, CParams params) {
        long n = src.byteSize();
        checkSize(n);
        byte[] out = new byte[(int) Blosc2.maxCompressedSize(n)];
        long cbytes = compress(src, MemorySegment.ofArray(out), params);
        return cbytes == out.length ? out : Arrays.copyOf(out, (int) cbytes);
    }

    public static long compress(MemorySegment src, MemorySegment dst, CParams params) {
        long n = src.byteSize();
        checkSize(n);
        if (dst.byteSize() < Blosc2.MAX_OVERHEAD) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes is smaller than "
                    + Blosc2.MAX_OVERHEAD + " bytes");
        }
        int destsize = (int) Math.min(dst.byteSize(), Integer.MAX_VALUE);
        return new ChunkWriter(src, dst, destsize, params).write();
    }

    private static void checkSize(long n) {
        if (n > Blosc2.MAX_BUFFERSIZE) {
            throw new InvalidArgumentException("a chunk holds at most " + Blosc2.MAX_BUFFERSIZE + " bytes, got " + n);
        }
    }

    /** The state of one compression call. */
    private static final class ChunkWriter {
        private final MemorySegment src;
        private final MemorySegment dst;
        private final int destsize;
        private final CParams p;
        private final int nbytes;
        private final BlockPlan plan;
        private final FilterPipeline pipeline;
        private final int[] filterIds = new int[6];
        private final int[] filterMeta = new int[6];
        private int flags;
        private int blosc2Flags;

        ChunkWriter(MemorySegment src, MemorySegment dst, int destsize, CParams p) {
            this.src = src;
            this.dst = dst;
            this.destsize = destsize;
            this.p = p;
            this.nbytes = (int) src.byteSize();
            this.plan = BlockPlan.of(p, nbytes);
            for (int i = 0; i < 6; i++) {
                filterIds[i] = p.filter(i).id();
                filterMeta[i] = Byte.toUnsignedInt(p.filterMeta(i));
                if (filterIds[i] == Filter.BYTEDELTA.id() && filterMeta[i] == 0) {
                    // Meta 0 means "the super-chunk's typesize", which C can only resolve inside a
                    // super-chunk; storing the typesize itself makes the chunk readable anywhere.
                    filterMeta[i] = plan.typesize();
                }
            }
            this.pipeline = new FilterPipeline(filterIds, filterMeta, plan.typesize(), ChunkHeader.VERSION_FORMAT_STABLE);
        }

        long write() {
            boolean useDict = p.useDict() && p.clevel() > 0;
            if (useDict && p.codec() != Codec.ZSTD && p.codec() != Codec.LZ4 && p.codec() != Codec.LZ4HC) {
                throw new InvalidArgumentException("use_dict is only supported by zstd, lz4 and lz4hc, not " + p.codec().lowerName());
            }
            flags = ChunkHeader.FLAG_SHUFFLE | ChunkHeader.FLAG_BITSHUFFLE; // marks the extended header
            boolean memcpyed = p.clevel() == 0 || nbytes < BlockPlan.MIN_BUFFERSIZE;
            int bstartsEnd = ChunkHeader.EXTENDED_HEADER_LENGTH + 4 * plan.nblocks();
            if (!memcpyed && bstartsEnd > destsize) {
                memcpyed = true;
            }
            if (!memcpyed) {
                if (hasFilter(Filter.DELTA)) {
                    flags |= ChunkHeader.FLAG_DELTA;
                }
                if (!plan.split()) {
                    flags |= ChunkHeader.FLAG_DONT_SPLIT;
                }
                flags |= p.codec().formatCode() << 5;
            }
            blosc2Flags = useDict ? ChunkHeader.BLOSC2_USEDICT : 0;
            int cbytes = 0;
            if (!memcpyed) {
                MemorySegment dict = null;
                int streamsStart = bstartsEnd;
                if (useDict) {
                    dict = DictionaryBuilder.build(p, plan, pipeline, src, nbytes);
                    if (dict == null) {
                        blosc2Flags &= ~ChunkHeader.BLOSC2_USEDICT;
                    } else if (bstartsEnd + 4L + dict.byteSize() <= destsize) {
                        dst.set(Le.I32, bstartsEnd, (int) dict.byteSize());
                        MemorySegment.copy(dict, 0, dst, bstartsEnd + 4L, dict.byteSize());
                        streamsStart = bstartsEnd + 4 + (int) dict.byteSize();
                    } else {
                        dict = null;
                        blosc2Flags &= ~ChunkHeader.BLOSC2_USEDICT;
                    }
                }
                cbytes = writeBlocks(streamsStart, dict);
                if (cbytes == 0) {
                    memcpyed = true;
                } else if (dict == null && cbytes == bstartsEnd + 4 * streamCount()) {
                    // Every stream is a run of zeros: the whole chunk is.
                    blosc2Flags |= SpecialValue.ZERO.code() << 4;
                    cbytes = ChunkHeader.EXTENDED_HEADER_LENGTH;
                }
            }
            if (memcpyed) {
                if ((long) nbytes + ChunkHeader.EXTENDED_HEADER_LENGTH > destsize) {
                    throw new InvalidArgumentException("destination of " + destsize + " bytes cannot hold the "
                            + (nbytes + ChunkHeader.EXTENDED_HEADER_LENGTH) + "-byte uncompressed chunk");
                }
                flags |= ChunkHeader.FLAG_MEMCPYED;
                blosc2Flags &= ~ChunkHeader.BLOSC2_USEDICT;
                MemorySegment.copy(src, 0, dst, ChunkHeader.EXTENDED_HEADER_LENGTH, nbytes);
                cbytes = nbytes + ChunkHeader.EXTENDED_HEADER_LENGTH;
            }
            writeHeader(cbytes);
            return cbytes;
        }

        private boolean hasFilter(Filter f) {
            for (int id : filterIds) {
                if (id == f.id()) {
                    return true;
                }
            }
            return false;
        }

        private int streamCount() {
            int n = 0;
            for (int j = 0; j < plan.nblocks(); j++) {
                n += plan.streams(j);
            }
            return n;
        }

        private void writeHeader(int cbytes) {
            dst.set(ValueLayout.JAVA_BYTE, 0, (byte) ChunkHeader.VERSION_FORMAT_STABLE);
            dst.set(ValueLayout.JAVA_BYTE, 1, (byte) 1);
            dst.set(ValueLayout.JAVA_BYTE, 2, (byte) flags);
            dst.set(ValueLayout.JAVA_BYTE, 3, (byte) plan.typesize());
            dst.set(Le.I32, 4, nbytes);
            int headerBlocksize = (nbytes > 0 && plan.blocksize() > nbytes) ? nbytes : plan.blocksize();
            dst.set(Le.I32, 8, headerBlocksize);
            dst.set(Le.I32, 12, cbytes);
            for (int i = 0; i < 6; i++) {
                dst.set(ValueLayout.JAVA_BYTE, 16 + i, (byte) filterIds[i]);
                dst.set(ValueLayout.JAVA_BYTE, 24 + i, (byte) filterMeta[i]);
            }
            dst.set(ValueLayout.JAVA_BYTE, 22, (byte) p.codec().id());
            dst.set(ValueLayout.JAVA_BYTE, 23, (byte) p.codecMeta());
            dst.set(ValueLayout.JAVA_BYTE, 30, (byte) 0);
            dst.set(ValueLayout.JAVA_BYTE, 31, (byte) blosc2Flags);
        }

        /** Compresses every block after the bstarts (and dictionary); returns the chunk size, or 0 when it does not fit. */
        private int writeBlocks(int streamsStart, MemorySegment dict) {
            BlockEncoder encoder = new BlockEncoder(src, plan, pipeline, Codecs.forCodec(p.codec()), p.clevel(), dict);
            int nblocks = plan.nblocks();
            int workers = Math.min(p.nthreads(), nblocks);
            if (workers > 1 && BlockRunner.shareable(src)) {
                return writeBlocksInParallel(encoder, streamsStart, workers);
            }
            Scratch scratch = Scratch.get();
            int ntbytes = streamsStart;
            for (int j = 0; j < nblocks; j++) {
                dst.set(Le.I32, ChunkHeader.EXTENDED_HEADER_LENGTH + 4L * j, ntbytes);
                long worst = encoder.worstCase(j);
                int size;
                if (destsize - ntbytes >= worst) {
                    size = encoder.encode(j, dst.asSlice(ntbytes, worst), scratch);
                } else {
                    MemorySegment staging = scratch.block(worst);
                    size = encoder.encode(j, staging, scratch);
                    if ((long) ntbytes + size > destsize) {
                        return 0;
                    }
                    MemorySegment.copy(staging, 0, dst, ntbytes, size);
                }
                ntbytes += size;
            }
            return ntbytes;
        }

        /** Encodes blocks on several threads into one staging area; each is placed as soon as all before it are. */
        private int writeBlocksInParallel(BlockEncoder encoder, int streamsStart, int workers) {
            int nblocks = plan.nblocks();
            long[] at = new long[nblocks + 1];
            for (int j = 0; j < nblocks; j++) {
                at[j + 1] = at[j] + encoder.worstCase(j);
            }
            MemorySegment staging = Scratch.get().staging(at[nblocks]);
            BlockPlacement placement = new BlockPlacement(staging, at, dst, streamsStart, destsize);
            AtomicInteger next = new AtomicInteger();
            BlockRunner.runOn(workers, () -> {
                Scratch scratch = Scratch.get();
                for (int j = next.getAndIncrement(); j < nblocks; j = next.getAndIncrement()) {
                    placement.finished(j, encoder.encode(j, staging.asSlice(at[j], at[j + 1] - at[j]), scratch));
                }
            });
            return placement.chunkSize();
        }
    }
}
