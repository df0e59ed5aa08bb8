package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.simd.BitShuffle;
import io.github.blosc2panama.simd.Shuffle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Reads parts of single blocks, for readers that need a few items of a block (a column of an array needs one item
 * per block row): a block's streams are decoded once ({@link #load}), then the byte or bit shuffle is undone only
 * for the runs of items asked for ({@link #itemRows}). Works on chunks whose one filter to undo is a SHUFFLE of the
 * header's typesize or a BITSHUFFLE (format version 3 and later), with blocks of a fixed size; {@link #open}
 * says whether a chunk is one. Not thread-safe: one instance per reader; the decoded streams live in a per-thread
 * buffer, so two instances must not take turns loading blocks on one thread.
 */
public final class BlockParts {
    private final ChunkHeader h = new ChunkHeader();
    private final BlockDecoder decoder = new BlockDecoder();
    /** Per thread, the decoded streams of one block, grown on demand (slice reads come and go; this stays). */
    private static final ThreadLocal<MemorySegment[]> STREAMS = ThreadLocal.withInitial(() -> new MemorySegment[1]);
    private MemorySegment streams = MemorySegment.NULL;
    private boolean bits;
    private int loaded = -1;
    private int loadedSize;

    /**
     * Prepares to read parts of the blocks of {@code chunk}; returns false (and reads nothing) when the chunk is not
     * of the kind described above.
     *
     * @throws io.github.blosc2panama.core.CorruptDataException when the chunk's header is invalid
     */
    public boolean open(MemorySegment chunk) {
        close();
        h.read(chunk);
        if (h.special != SpecialValue.NONE || h.memcpyed() || h.vlBlocks() || h.nbytes == 0) {
            return false;
        }
        int undone = -1;
        for (int i = 0; i < 6; i++) {
            if (!FilterPipeline.undoneOnDecompression(h.filters[i])) {
                continue;
            }
            if (undone >= 0) {
                return false;
            }
            undone = i;
        }
        if (undone < 0) {
            return false;
        }
        int f = h.filters[undone];
        int meta = h.filtersMeta[undone];
        if (f == Filter.SHUFFLE.id() && (meta == 0 || meta == h.typesize)) {
            bits = false;
        } else if (f == Filter.BITSHUFFLE.id() && h.version != ChunkHeader.VERSION_FORMAT_BLOSC1) {
            bits = true;
        } else {
            return false;
        }
        decoder.reset(h, chunk);
        MemorySegment[] mine = STREAMS.get();
        if (mine[0] == null || mine[0].byteSize() < h.blocksize) {
            mine[0] = Arena.ofAuto().allocate(h.blocksize, 64);
        }
        streams = mine[0];
        return true;
    }

    /** Decodes the streams of block {@code j} of the opened chunk (still shuffled). */
    public void load(int j) {
        if (j < 0 || j >= decoder.nblocks()) {
            throw new IndexOutOfBoundsException("block " + j + " of a chunk of " + decoder.nblocks() + " blocks");
        }
        loadedSize = decoder.blockSize(j);
        decoder.decodeRaw(j, streams);
        loaded = j;
    }

    /**
     * Writes {@code rows} runs of {@code count} items of the loaded block (its own item numbers, in the chunk's header
     * typesize) to {@code dst}: run r takes the items {@code [first + r * itemStep, + count)} and goes to
     * {@code dstOffset + r * dstStep}, the bytes a full decode of the block has there.
     */
    public void itemRows(long first, long count, long rows, long itemStep, MemorySegment dst, long dstOffset,
            long dstStep) {
        if (loaded < 0) {
            throw new IllegalStateException("no block loaded");
        }
        if (bits) {
            BitShuffle.bitunshuffleItemRows(streams, loadedSize, h.typesize, first, count, rows, itemStep, dst,
                    dstOffset, dstStep);
        } else {
            Shuffle.unshuffleItemRows(streams, loadedSize, h.typesize, first, count, rows, itemStep, dst, dstOffset,
                    dstStep);
        }
    }

    /** Forgets the chunk. */
    public void close() {
        decoder.clear();
        loaded = -1;
    }
}
