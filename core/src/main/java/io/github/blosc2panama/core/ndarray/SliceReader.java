package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.chunk.BlockParts;
import java.lang.foreign.MemorySegment;

/**
 * Reads the region {@code [start, stop)} of a b2nd array into a C-order buffer, one intersecting chunk at
 * a time, decoding only the blocks the region touches:
 * <ul>
 *   <li>a zero or uninitialized chunk zeroes its part of the region, without decoding;</li>
 *   <li>when the chunk's block layout is plain C order of its padded shape (blocks split only the first
 *       dimension that is not 1) and the region's part of the chunk is one contiguous byte range both in the
 *       chunk and in the destination, the chunk is decoded straight into the destination (whole, or only
 *       the blocks covering that range);</li>
 *   <li>when the region holds a small part of the blocks it touches, in few runs, and the chunk's one filter to
 *       undo is a byte or bit shuffle, each needed block's streams are decoded and only the region's runs of
 *       items are unshuffled, straight into the destination ({@link BlockParts});</li>
 *   <li>otherwise the needed blocks are decoded in runs of consecutive blocks, at most {@link #RUN_BUDGET}
 *       bytes at a time (so the copy reads blocks still in cache), into a per-thread scratch, and each block's
 *       part of the region is copied out with the longest contiguous runs {@link BoxCopy} can find;</li>
 *   <li>chunks that cannot be cut by blocks (DELTA needs block 0 again on every cut, a header blocksize
 *       other than the array's, or a block not a whole number of the header's items) are decoded whole when
 *       all their blocks are needed, else one run of blocks at a time.</li>
 * </ul>
 * One instance per read; not thread-safe.
 */
final class SliceReader {
    /** Most bytes of consecutive blocks decoded at once before their items are copied out (well inside L2). */
    static final long RUN_BUDGET = 256 * 1024;
    /**
     * The region takes blocks by parts ({@link BlockParts}: streams decoded, only its items unshuffled) when it holds
     * fewer than 1 / PART_FRACTION of the items of the blocks it touches.
     */
    static final long PART_FRACTION = 4;
    /** Bytes of whole-block unshuffle that cost about as much as one run of items read by parts. */
    static final long PART_RUN_BYTES = 512;

    private final SuperChunk sc;
    private final Geometry g;
    private final long[] start;
    private final long[] rshape;
    private final MemorySegment dst;
    private final int nd;
    private final int ts;
    private final long blockBytes;
    private final long[] blockShape;
    private final long[] extChunkShape;
    /** Whether every chunk's bytes are the C-order items of {@code extchunkshape}. */
    private final boolean cOrderChunks;
    private final BlockParts parts = new BlockParts();

    // The current chunk: its origin, the region's box in it (array coordinates [lo, hi), chunk coordinates
    // inChunk, region coordinates inRegion, size count) and the box of blocks it touches.
    private final long[] origin;
    private final long[] lo;
    private final long[] hi;
    private final long[] inChunk;
    private final long[] inRegion;
    private final long[] count;
    private final int[] bLo;
    private final int[] bCount;
    // The current block's part of the region: coordinates in the block grid, in the block, in the region, size.
    private final int[] bb;
    private final long[] inBlock;
    private final long[] bInRegion;
    private final long[] bCountItems;

    private SliceReader(SuperChunk sc, Geometry g, long[] start, long[] rshape, MemorySegment dst) {
        this.sc = sc;
        this.g = g;
        this.start = start;
        this.rshape = rshape;
        this.dst = dst;
        this.nd = g.ndim;
        this.ts = g.typesize;
        this.blockBytes = (long) g.blockNitems * g.typesize;
        this.blockShape = SliceIO.toLong(g.blockshape);
        this.extChunkShape = SliceIO.toLong(g.extchunkshape);
        this.cOrderChunks = blocksInCOrder(g.blockshape, g.blockGrid);
        origin = new long[nd];
        lo = new long[nd];
        hi = new long[nd];
        inChunk = new long[nd];
        inRegion = new long[nd];
        count = new long[nd];
        bLo = new int[nd];
        bCount = new int[nd];
        bb = new int[nd];
        inBlock = new long[nd];
        bInRegion = new long[nd];
        bCountItems = new long[nd];
    }

    /** Copies {@code [start, stop)} (already checked, shape {@code rshape}, ndim >= 1, not empty) into {@code dst}. */
    static void read(SuperChunk sc, Geometry g, long[] start, long[] stop, long[] rshape, MemorySegment dst) {
        new SliceReader(sc, g, start, rshape, dst).run(stop);
    }

    /**
     * Whether blocks of {@code blockshape} laid out in C order of the block grid {@code grid} put the chunk's
     * items in plain C order: every dimension before the last one cut into several blocks has blocks of 1.
     */
    static boolean blocksInCOrder(int[] blockshape, int[] grid) {
        int last = -1;
        for (int i = 0; i < grid.length; i++) {
            if (grid[i] > 1) {
                last = i;
            }
        }
        for (int i = 0; i < last; i++) {
            if (blockshape[i] != 1) {
                return false;
            }
        }
        return true;
    }

    /** Whether a box of {@code count} items inside a C-order buffer of {@code shape} is one contiguous run. */
    static boolean contiguous(long[] count, long[] shape) {
        int k = 0;
        while (k < count.length && count[k] == 1) {
            k++;
        }
        for (int i = k + 1; i < count.length; i++) {
            if (count[i] != shape[i]) {
                return false;
            }
        }
        return true;
    }

    /** The C-order index of {@code idx} in {@code shape}. */
    private static long linear(long[] idx, long[] shape) {
        long n = 0;
        for (int i = 0; i < idx.length; i++) {
            n = n * shape[i] + idx[i];
        }
        return n;
    }

    private void run(long[] stop) {
        long[] cLo = new long[nd];
        long[] cCount = new long[nd];
        for (int i = 0; i < nd; i++) {
            cLo[i] = start[i] / g.chunkshape[i];
            cCount[i] = Geometry.ceilDiv(stop[i], g.chunkshape[i]) - cLo[i];
        }
        long[] idx = new long[nd];
        while (true) {
            long ci = 0;
            for (int i = 0; i < nd; i++) {
                long c = cLo[i] + idx[i];
                ci = ci * g.chunkGrid[i] + c;
                origin[i] = c * g.chunkshape[i];
                lo[i] = Math.max(start[i], origin[i]);
                hi[i] = Math.min(stop[i], Math.min(origin[i] + g.chunkshape[i], g.shape[i]));
                inChunk[i] = lo[i] - origin[i];
                inRegion[i] = lo[i] - start[i];
                count[i] = hi[i] - lo[i];
                bLo[i] = (int) (inChunk[i] / g.blockshape[i]);
                bCount[i] = (int) Geometry.ceilDiv(hi[i] - origin[i], g.blockshape[i]) - bLo[i];
            }
            readChunk((int) ci);
            if (!SliceIO.advance(idx, cCount, nd - 1)) {
                return;
            }
        }
    }

    private void readChunk(int ci) {
        MemorySegment c = sc.chunk(ci);
        ChunkInfo info = SliceIO.check(Blosc2.info(c), g, ci);
        if (info.special() == SpecialValue.ZERO || info.special() == SpecialValue.UNINIT) {
            BoxCopy.zero(nd, ts, dst, rshape, inRegion, count);
            return;
        }
        if (cOrderChunks && readDirect(c, info)) {
            return;
        }
        int hts = info.typesize();
        boolean byBlocks = blockBytes % hts == 0 && info.blocksize() == blockBytes && !info.vlBlocks()
                && !info.filters().contains(Filter.DELTA.id());
        long needed = 1;
        for (int i = 0; i < nd; i++) {
            needed *= bCount[i];
        }
        if (!byBlocks && (needed == g.nblocks || blockBytes % hts != 0)) {
            MemorySegment buf = SliceIO.scratch(g.chunkNbytes());
            Blosc2.decompress(c, buf, DParams.defaults());
            SliceIO.CHUNKS_DECOMPRESSED.increment();
            SliceIO.BLOCKS_DECODED.add(g.nblocks);
            forEachRun(Long.MAX_VALUE, (first, n) -> copyBlocks(buf, 0, first, n));
            return;
        }
        if (byBlocks && hts == ts && byParts(needed) && parts.open(c)) {
            // the region is a small part of its blocks: decode their streams, unshuffle only the region's items
            try {
                forEachRun(Long.MAX_VALUE, (first, n) -> {
                    for (long b = first; b < first + n; b++) {
                        parts.load((int) b);
                        SliceIO.BLOCKS_DECODED.increment();
                        SliceIO.BLOCKS_BY_PARTS.increment();
                        copyBlockParts(b);
                    }
                });
            } finally {
                parts.close();
            }
            return;
        }
        long maxRun = byBlocks ? Math.max(1, RUN_BUDGET / blockBytes) : Long.MAX_VALUE;
        forEachRun(maxRun, (first, n) -> {
            MemorySegment buf = SliceIO.scratch(n * blockBytes);
            Blosc2.getItems(c, first * blockBytes / hts, n * blockBytes / hts, buf);
            SliceIO.BLOCKS_DECODED.add(n);
            copyBlocks(buf, first, first, n);
        });
    }

    /**
     * Decodes the region's part of a C-order chunk straight into the destination when it is one contiguous
     * range in both; returns false when it is not (or is not a whole number of the header's items).
     */
    private boolean readDirect(MemorySegment c, ChunkInfo info) {
        if (!contiguous(count, extChunkShape) || !contiguous(count, rshape)) {
            return false;
        }
        long n = ts;
        for (int i = 0; i < nd; i++) {
            n *= count[i];
        }
        long from = linear(inChunk, extChunkShape) * ts;
        MemorySegment out = dst.asSlice(linear(inRegion, rshape) * ts, n);
        if (n == g.chunkNbytes()) {
            Blosc2.decompress(c, out, DParams.defaults());
            SliceIO.CHUNKS_DECOMPRESSED.increment();
            SliceIO.BLOCKS_DECODED.add(g.nblocks);
            return true;
        }
        int hts = info.typesize();
        if (from % hts != 0 || n % hts != 0) {
            return false;
        }
        Blosc2.getItems(c, from / hts, n / hts, out);
        SliceIO.BLOCKS_DECODED.add((from + n - 1) / blockBytes - from / blockBytes + 1);
        return true;
    }

    private interface RunAction {
        /** Blocks {@code [first, first + n)} of the chunk (C order of the block grid). */
        void run(long first, long n);
    }

    /**
     * Calls {@code action} for the runs of consecutive needed blocks of the current chunk, in order, each cut
     * into pieces of at most {@code maxRun} blocks. Trailing dimensions whose blocks are all needed merge
     * into one run with the dimension before them.
     */
    private void forEachRun(long maxRun, RunAction action) {
        int inner = nd - 1;
        long runLen = bCount[inner];
        while (inner > 0 && bCount[inner] == g.blockGrid[inner]) {
            inner--;
            runLen *= bCount[inner];
        }
        int[] outer = new int[nd];
        while (true) {
            long first = 0;
            for (int i = 0; i < nd; i++) {
                long b = i < inner ? bLo[i] + outer[i] : (i == inner ? bLo[i] : 0);
                first = first * g.blockGrid[i] + b;
            }
            for (long done = 0; done < runLen; done += maxRun) {
                action.run(first + done, Math.min(maxRun, runLen - done));
            }
            if (inner == 0 || !SliceIO.advance(outer, bCount, inner - 1)) {
                return;
            }
        }
    }

    /**
     * Whether reading the region's part of the {@code needed} blocks of the current chunk by parts should beat
     * decoding them whole: the region holds a small part of their items, in few enough runs (each run of items is
     * one kernel call, worth about {@link #PART_RUN_BYTES} bytes of a whole-block unshuffle).
     */
    private boolean byParts(long needed) {
        long items = regionItems();
        long runLen = Math.min(count[nd - 1], g.blockshape[nd - 1]);
        long runs = items / Math.max(1, runLen);
        return items * PART_FRACTION < needed * g.blockNitems && runs * PART_RUN_BYTES <= needed * blockBytes;
    }

    /** The number of the region's items in the current chunk. */
    private long regionItems() {
        long n = 1;
        for (int i = 0; i < nd; i++) {
            n *= count[i];
        }
        return n;
    }

    /** Sets {@link #bb}, {@link #inBlock}, {@link #bInRegion} and {@link #bCountItems} for block b; false if empty. */
    private boolean blockPart(long b) {
        long rem = b;
        for (int i = nd - 1; i >= 0; i--) {
            bb[i] = (int) (rem % g.blockGrid[i]);
            rem /= g.blockGrid[i];
        }
        return SliceIO.blockPart(g, bb, origin, lo, hi, start, inBlock, bInRegion, bCountItems);
    }

    /** Copies the region's part of block b, loaded in {@link #parts}, unshuffling only its runs of items. */
    private void copyBlockParts(long b) {
        if (blockPart(b)) {
            BoxCopy.forEachRows(nd, ts, blockShape, inBlock, rshape, bInRegion, bCountItems,
                    (srcOff, dstOff, bytes, rows, srcStep, dstStep) -> parts.itemRows(srcOff / ts, bytes / ts, rows,
                            srcStep / ts, dst, dstOff, dstStep));
        }
    }

    /**
     * Copies the region's part of the blocks {@code [first, first + n)} out of {@code buf}, which holds block
     * {@code bufFirst} at offset 0 and the following blocks after it.
     */
    private void copyBlocks(MemorySegment buf, long bufFirst, long first, long n) {
        for (long b = first; b < first + n; b++) {
            if (blockPart(b)) {
                BoxCopy.copy(nd, ts, buf, (b - bufFirst) * blockBytes, blockShape, inBlock, dst, 0, rshape, bInRegion,
                        bCountItems);
            }
        }
    }
}
