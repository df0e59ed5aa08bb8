package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.LimitExceededException;
import io.github.blosc2panama.core.Limits;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.chunk.SpecialChunks;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Changes an array's shape at its end in every dimension, like {@code b2nd_resize} without a
 * start: chunks that fall outside the new shape are deleted, chunks the new shape adds are
 * inserted as special zero chunks at their place in the C-order chunk grid, and the part of a
 * surviving edge chunk that the new shape exposes is zeroed (so shrinking then growing never
 * brings old values back).
 */
public final class Resize {
    private Resize() {
    }

    /**
     * Resizes in one commit, which {@code rebuild} makes (see {@code SChunk.rebuild}: new chunk k is old chunk
     * {@code from[k]}, or the next fresh chunk where that is -1), and returns the new geometry (the caller updates
     * the metalayer).
     */
    public static Geometry apply(SuperChunk sc, Geometry old, long[] newShape, CParams cparams,
                                 BiConsumer<int[], List<MemorySegment>> rebuild) {
        int nd = old.ndim;
        if (newShape.length != nd) {
            throw new InvalidArgumentException("the new shape needs " + nd + " dimensions, got " + newShape.length);
        }
        long[] mid = new long[nd];
        for (int i = 0; i < nd; i++) {
            if (newShape[i] < 0) {
                throw new InvalidArgumentException("new shape[" + i + "] is negative (" + newShape[i] + ")");
            }
            if (newShape[i] > 0 && old.chunkshape[i] == 0) {
                throw new InvalidArgumentException("dimension " + i + " has chunkshape 0 and cannot grow");
            }
            mid[i] = Math.min(old.shape[i], newShape[i]);
        }
        Geometry g = new Geometry(newShape, old.chunkshape, old.blockshape, old.typesize, "resize");
        Geometry gm = new Geometry(mid, old.chunkshape, old.blockshape, old.typesize, "resize");
        // The new grid's chunks in C order: one inside the intermediate grid is the old chunk at the same grid
        // position, with what the growth exposes zeroed when it is not a zero chunk already; any other is a zero
        // chunk. Old chunks outside the intermediate grid go.
        if (g.nchunks > Limits.MAX_NCHUNKS) {
            throw new LimitExceededException("resize: " + g.nchunks + " chunks exceed the " + Limits.MAX_NCHUNKS
                    + " a frame can index");
        }
        int[] from = new int[(int) g.nchunks];
        List<MemorySegment> fresh = new ArrayList<>();
        MemorySegment zero = null;
        long[] c = new long[nd];
        for (long ci = 0; ci < g.nchunks; ci++) {
            unravel(ci, g.chunkGrid, c);
            boolean inside = gm.nchunks > 0;
            boolean exposes = false;
            for (int i = 0; i < nd && inside; i++) {
                inside = c[i] < gm.chunkGrid[i];
                exposes |= newShape[i] > mid[i] && (c[i] + 1) * gm.chunkshape[i] > mid[i];
            }
            if (!inside) {
                if (zero == null) {
                    zero = MemorySegment.ofArray(SpecialChunks.make(SpecialValue.ZERO,
                            g.chunkNbytes(), cparams, null));
                }
                from[(int) ci] = -1;
                fresh.add(zero);
                continue;
            }
            int stored = (int) ravel(c, old.chunkGrid);
            if (exposes) {
                SpecialValue special = Blosc2.info(sc.chunk(stored)).special();
                if (special != SpecialValue.ZERO && special != SpecialValue.UNINIT) {
                    from[(int) ci] = -1;
                    fresh.add(MemorySegment.ofArray(
                            SliceIO.zeroOutside(sc, gm, (int) ravel(c, gm.chunkGrid), stored, mid, cparams)));
                    continue;
                }
            }
            from[(int) ci] = stored;
        }
        rebuild.accept(from, fresh);
        return g;
    }

    static long ravel(long[] c, long[] grid) {
        long ci = 0;
        for (int i = 0; i < grid.length; i++) {
            ci = ci * grid[i] + c[i];
        }
        return ci;
    }

    static void unravel(long ci, long[] grid, long[] out) {
        long rem = ci;
        for (int i = grid.length - 1; i >= 0; i--) {
            out[i] = rem % grid[i];
            rem /= grid[i];
        }
    }
}
