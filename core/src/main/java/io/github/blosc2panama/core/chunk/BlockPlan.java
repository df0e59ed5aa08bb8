package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SplitMode;

/**
 * How a buffer is cut into blocks and whether blocks are split into one stream per byte of the
 * type: C-Blosc2's automatic blocksize ({@code blosc_stune_next_blocksize}) and split rule
 * ({@code split_block}), reproduced so that our chunks have the reference's geometry.
 *
 * @param typesize  the typesize stored in the header (a requested typesize above 255 becomes 1)
 * @param blocksize the size of every block but maybe the last
 * @param nblocks   the number of blocks
 * @param leftover  the size of a shorter last block, or 0
 * @param split     whether full blocks are split into {@code typesize} streams
 */
record BlockPlan(int typesize, int blocksize, int nblocks, int leftover, boolean split) {
    /** L1 cache size the reference's sizing starts from. */
    static final int L1 = 32 * 1024;
    /** Most streams a block is split into (MAX_STREAMS). */
    static final int MAX_STREAMS = 16;
    /** Buffers smaller than this are stored uncompressed (BLOSC_MIN_BUFFERSIZE). */
    static final int MIN_BUFFERSIZE = 32;

    /** The size of block {@code j}: the blocksize, or the leftover for a shorter last block. */
    int blockSize(int j) {
        return isLeftover(j) ? leftover : blocksize;
    }

    /** Whether block {@code j} is a shorter last block (never split). */
    boolean isLeftover(int j) {
        return j == nblocks - 1 && leftover > 0;
    }

    /** The number of streams block {@code j} is stored in. */
    int streams(int j) {
        return split && !isLeftover(j) ? typesize : 1;
    }

    static BlockPlan of(CParams p, int nbytes) {
        int requestedTypesize = p.typesize();
        int blocksize = computeBlocksize(p, nbytes, requestedTypesize);
        if (blocksize > ChunkHeader.MAX_BLOCKSIZE) {
            // C-Blosc2 writes such a chunk and then refuses to read it, as we do
            throw new InvalidArgumentException("blocksize " + blocksize + " (forced " + p.blocksize() + ", for "
                    + nbytes + " bytes) exceeds the " + ChunkHeader.MAX_BLOCKSIZE + " bytes a chunk's reader accepts");
        }
        int typesize = requestedTypesize > 255 ? 1 : requestedTypesize;
        int nblocks = nbytes / blocksize;
        int leftover = nbytes % blocksize;
        if (leftover > 0) {
            nblocks++;
        }
        // A block that is not whole items (a blocksize below the typesize) cannot be cut into typesize streams of
        // equal size: such chunks are written unsplit (C-Blosc2 ends up storing them memcpyed).
        boolean split = splits(p.splitMode(), p.codec(), p.clevel(), hasShuffle(p), typesize, blocksize)
                && blocksize % typesize == 0;
        return new BlockPlan(typesize, blocksize, nblocks, leftover, split);
    }

    static boolean hasShuffle(CParams p) {
        return p.filters().contains(Filter.SHUFFLE);
    }

    /** split_block: ALWAYS and NEVER are what they say; AUTO and FORWARD_COMPAT split fast codecs on shuffled data. */
    static boolean splits(SplitMode mode, Codec codec, int clevel, boolean shuffle, long typesize, int blocksize) {
        return switch (mode) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO, FORWARD_COMPAT -> (codec == Codec.BLOSCLZ || codec == Codec.LZ4
                    || (codec == Codec.ZSTD && clevel <= 5))
                    && shuffle
                    && typesize <= MAX_STREAMS
                    && blocksize / typesize >= MIN_BUFFERSIZE;
        };
    }

    /** High compression ratio codecs get larger blocks. */
    private static boolean isHcr(Codec codec) {
        return codec == Codec.LZ4HC || codec == Codec.ZLIB || codec == Codec.ZSTD;
    }

    private static int computeBlocksize(CParams p, int nbytes, int typesize) {
        if (nbytes < typesize) {
            return 1;
        }
        int clevel = p.clevel();
        int blocksize = nbytes;
        // The reference asks split_block with the whole buffer as the block.
        boolean splitmode = splits(p.splitMode(), p.codec(), clevel, hasShuffle(p), typesize, nbytes);
        if (p.blocksize() > 0) {
            blocksize = p.blocksize();
        } else {
            if (nbytes >= L1) {
                blocksize = L1;
                if (isHcr(p.codec())) {
                    blocksize *= 2;
                }
                switch (clevel) {
                    case 0 -> blocksize /= 4;
                    case 1 -> blocksize /= 2;
                    case 2 -> { }
                    case 3 -> blocksize *= 2;
                    case 4, 5 -> blocksize *= 4;
                    case 6, 7, 8 -> blocksize *= 8;
                    default -> {
                        blocksize *= 8;
                        if (isHcr(p.codec())) {
                            blocksize *= 2;
                        }
                    }
                }
            }
            if (clevel > 0 && splitmode) {
                long bs = switch (clevel) {
                    case 1, 2, 3 -> 32 * 1024;
                    case 4, 5, 6 -> 64 * 1024;
                    case 7 -> 128 * 1024;
                    case 8 -> 256 * 1024;
                    default -> 512 * 1024;
                };
                bs *= typesize;
                bs = Math.min(bs, 4 * 1024 * 1024);
                bs = Math.max(bs, 32 * 1024);
                blocksize = (int) bs;
            }
        }
        if (blocksize > nbytes) {
            blocksize = nbytes;
        }
        if (blocksize > typesize) {
            blocksize = blocksize / typesize * typesize;
        }
        return blocksize;
    }
}
