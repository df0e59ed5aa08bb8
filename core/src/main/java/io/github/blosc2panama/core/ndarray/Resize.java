package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;

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

    /** Resizes and returns the new geometry (the caller updates the metalayer). */
    public static Geometry apply(SuperChunk sc, Geometry old, long[] newShape, CParams cparams) {
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
        // 1. shrink: delete chunks of the old grid outside the intermediate grid (from the end).
        if (old.nchunks > 0) {
            long[] c = new long[nd];
            for (long ci = old.nchunks - 1; ci >= 0; ci--) {
                unravel(ci, old.chunkGrid, c);
                boolean outside = gm.nchunks == 0;
                for (int i = 0; i < nd && !outside; i++) {
                    outside = c[i] >= gm.chunkGrid[i];
                }
                if (outside) {
                    sc.deleteChunk((int) ci);
                }
            }
        }
        // 2. zero what the growth exposes inside surviving edge chunks.
        if (gm.nchunks > 0) {
            long[] c = new long[nd];
            for (long ci = 0; ci < gm.nchunks; ci++) {
                unravel(ci, gm.chunkGrid, c);
                boolean exposes = false;
                for (int i = 0; i < nd; i++) {
                    long end = (c[i] + 1) * gm.chunkshape[i];
                    exposes |= newShape[i] > mid[i] && end > mid[i];
                }
                if (exposes) {
                    ChunkInfo info = Blosc2.info(sc.chunk((int) ci));
                    if (info.special() != SpecialValue.ZERO && info.special() != SpecialValue.UNINIT) {
                        sc.updateChunk((int) ci, SliceIO.zeroOutside(sc, gm, (int) ci, mid, cparams));
                    }
                }
            }
        }
        // 3. grow: insert zero chunks where the new grid has chunks the intermediate one lacks.
        if (g.nchunks > gm.nchunks) {
            long[] c = new long[nd];
            byte[] zero = io.github.blosc2panama.core.chunk.SpecialChunks.make(SpecialValue.ZERO, g.chunkNbytes(), cparams,
                    null);
            for (long ci = 0; ci < g.nchunks; ci++) {
                unravel(ci, g.chunkGrid, c);
                boolean isNew = gm.nchunks == 0;
                for (int i = 0; i < nd && !isNew; i++) {
                    isNew = c[i] >= gm.chunkGrid[i];
                }
                if (isNew) {
                    sc.insertChunk((int) ci, zero);
                }
            }
        }
        return g;
    }

    static void unravel(long ci, long[] grid, long[] out) {
        long rem = ci;
        for (int i = grid.length - 1; i >= 0; i--) {
            out[i] = rem % grid[i];
            rem /= grid[i];
        }
    }
}
