package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The blocks of a chunk's output, each as a segment of the destination (the filters write whole segments).
 * Slicing the destination allocates, so the views are kept and handed out again while a thread keeps
 * decompressing chunks of the same block layout into the very same destination segment, the steady state
 * of a decompression loop. This keeps the last destination reachable until the thread decompresses again.
 */
final class BlockViews {
    private MemorySegment[] views = new MemorySegment[0];
    private MemorySegment out;   // the destination the views were cut from, null when they are stale
    private int nbytes;
    private int blocksize;
    private int nblocks;

    /** The views of the {@code decoder.nblocks()} blocks of {@code out}: index j is block j. */
    MemorySegment[] of(MemorySegment out, ChunkHeader h, BlockDecoder decoder) {
        boolean same = out == this.out && !decoder.vlBlocks() && h.nbytes == nbytes && h.blocksize == blocksize
                && h.nblocks == nblocks;
        if (!same) {
            cut(out, h, decoder);
        }
        return views;
    }

    private void cut(MemorySegment out, ChunkHeader h, BlockDecoder decoder) {
        int n = decoder.nblocks();
        if (views.length < n) {
            views = new MemorySegment[n];
        } else {
            Arrays.fill(views, n, views.length, null);
        }
        for (int j = 0; j < n; j++) {
            views[j] = out.asSlice(decoder.blockOffset(j), decoder.blockSize(j));
        }
        // VL-block layouts are not compared block by block: they are cut again every time.
        this.out = decoder.vlBlocks() ? null : out;
        nbytes = h.nbytes;
        blocksize = h.blocksize;
        nblocks = n;
    }
}
