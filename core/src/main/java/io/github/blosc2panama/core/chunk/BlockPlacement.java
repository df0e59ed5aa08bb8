package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;

/**
 * Places the blocks of a chunk encoded on several threads into the chunk, in block order: the thread that
 * finishes the block the chunk is waiting for copies it there, with every later block already finished, while
 * their bytes are still in cache and the other threads go on encoding. (Placing them all once every block is
 * encoded made one thread copy the whole chunk while the others waited.)
 */
final class BlockPlacement {
    private final MemorySegment staging;
    private final long[] at;
    private final MemorySegment dst;
    private final int destsize;
    private final int[] sizes;
    private final boolean[] done;
    private int next;
    private int ntbytes;
    private boolean overflow;

    /**
     * @param staging where block {@code j} is encoded, at {@code at[j]}
     * @param streamsStart where the first block goes in {@code dst}
     * @param destsize how many bytes of {@code dst} the chunk may take
     */
    BlockPlacement(MemorySegment staging, long[] at, MemorySegment dst, int streamsStart, int destsize) {
        this.staging = staging;
        this.at = at;
        this.dst = dst;
        this.destsize = destsize;
        this.sizes = new int[at.length - 1];
        this.done = new boolean[at.length - 1];
        this.ntbytes = streamsStart;
    }

    /** Block {@code j} is encoded, {@code size} bytes at {@code at[j]} of the staging area. */
    synchronized void finished(int j, int size) {
        sizes[j] = size;
        done[j] = true;
        while (!overflow && next < done.length && done[next]) {
            place(next++);
        }
    }

    private void place(int j) {
        if ((long) ntbytes + sizes[j] > destsize) {
            overflow = true;
            return;
        }
        dst.set(Le.I32, ChunkHeader.EXTENDED_HEADER_LENGTH + 4L * j, ntbytes);
        MemorySegment.copy(staging, at[j], dst, ntbytes, sizes[j]);
        ntbytes += sizes[j];
    }

    /** The chunk's size once every block is placed, or 0 when they do not fit in the destination. */
    synchronized int chunkSize() {
        if (!overflow && next != done.length) {
            throw new IllegalStateException("only " + next + " of " + done.length + " blocks were placed");
        }
        return overflow ? 0 : ntbytes;
    }
}
