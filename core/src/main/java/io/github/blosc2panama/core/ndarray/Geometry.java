package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.util.Arrays;

/**
 * The two-level partition of a b2nd array: the array (padded up to whole chunks, {@code extshape})
 * is cut into chunks stored in C order of the chunk grid; each chunk (padded up to whole blocks,
 * {@code extchunkshape}) is cut into blocks stored in C order of the block grid, and the items of
 * each block are in C order of {@code blockshape}. A block is therefore a contiguous byte range
 * of its chunk: block {@code b} starts at {@code b * blockNitems * typesize}.
 */
public final class Geometry {
    final int ndim;
    final long[] shape;
    final int[] chunkshape;
    final int[] blockshape;
    final long[] extshape;
    final int[] extchunkshape;
    /** Chunks per dimension. */
    final long[] chunkGrid;
    /** Blocks per dimension inside a chunk. */
    final int[] blockGrid;
    final long nitems;
    final long nchunks;
    final int chunkNitems;
    final int blockNitems;
    final int nblocks;
    final int typesize;

    /** Checks the partition; {@code src} names where it came from in messages. */
    public Geometry(long[] shape, int[] chunkshape, int[] blockshape, int typesize, String src) {
        this.ndim = shape.length;
        if (chunkshape.length != ndim || blockshape.length != ndim) {
            throw new InvalidArgumentException(src + ": shape, chunkshape and blockshape need the same number of"
                    + " dimensions (" + ndim + ", " + chunkshape.length + ", " + blockshape.length + ")");
        }
        if (ndim > B2ndMeta.MAX_DIM) {
            throw new InvalidArgumentException(src + ": ndim " + ndim + " exceeds " + B2ndMeta.MAX_DIM);
        }
        if (typesize < 1) {
            throw new CorruptDataException(src + ": typesize " + typesize + " must be positive");
        }
        new B2ndMeta(ndim, shape, chunkshape, blockshape, "", 0, 7).validate(src);
        this.shape = shape.clone();
        this.chunkshape = chunkshape.clone();
        this.blockshape = blockshape.clone();
        this.typesize = typesize;
        extshape = new long[ndim];
        extchunkshape = new int[ndim];
        chunkGrid = new long[ndim];
        blockGrid = new int[ndim];
        long n = 1;
        long chunks = 1;
        long cn = 1;
        long bn = 1;
        for (int i = 0; i < ndim; i++) {
            n *= shape[i];
            // as C-Blosc2's update_shape: a chunk is rounded up to whole blocks whatever the shape (an empty
            // array's too: its frame's chunksize is that of the chunks a resize adds)
            if (shape[i] == 0) {
                extshape[i] = 0;
                chunkGrid[i] = 0;
            } else {
                chunkGrid[i] = ceilDiv(shape[i], chunkshape[i]);
                extshape[i] = chunkGrid[i] * chunkshape[i];
            }
            if (blockshape[i] == 0) {
                blockGrid[i] = 0;
                extchunkshape[i] = chunkshape[i];
            } else {
                blockGrid[i] = ceilDivInt(chunkshape[i], blockshape[i]);
                long ext = (long) blockGrid[i] * blockshape[i];
                if (ext > Integer.MAX_VALUE) {
                    throw new CorruptDataException(src + ": chunkshape[" + i + "] rounded up to blocks is too large");
                }
                extchunkshape[i] = (int) ext;
            }
            chunks = mul(chunks, chunkGrid[i], src);
            cn = mul(cn, extchunkshape[i], src);
            bn = mul(bn, blockshape[i], src);
        }
        this.nitems = n;
        this.nchunks = n == 0 ? 0 : chunks;
        if (cn * typesize > Blosc2.MAX_BUFFERSIZE) {
            throw new CorruptDataException(src + ": a chunk of " + Arrays.toString(extchunkshape) + " items of "
                    + typesize + " bytes exceeds the largest chunk (" + Blosc2.MAX_BUFFERSIZE + " bytes)");
        }
        if (nchunks > Integer.MAX_VALUE) {
            throw new CorruptDataException(src + ": " + nchunks + " chunks are too many");
        }
        this.chunkNitems = (int) cn;
        this.blockNitems = (int) bn;
        long nb = 1;
        for (int i = 0; i < ndim; i++) {
            nb *= blockGrid[i];
        }
        this.nblocks = (int) nb;
    }

    private static long mul(long a, long b, String src) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new CorruptDataException(src + ": shape product overflows");
        }
    }

    static long ceilDiv(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }

    static int ceilDivInt(int a, int b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }

    /** Uncompressed bytes of one (padded) chunk. */
    public int chunkNbytes() {
        return chunkNitems * typesize;
    }

    public int blockNbytes() {
        return (int) Math.min(Integer.MAX_VALUE, (long) blockNitems * typesize);
    }

    public long nchunks() {
        return nchunks;
    }

    public long nitems() {
        return nitems;
    }

    public long[] shape() {
        return shape.clone();
    }

    public int[] chunkshape() {
        return chunkshape.clone();
    }

    public int[] blockshape() {
        return blockshape.clone();
    }

    public int typesize() {
        return typesize;
    }

    /** Checks {@code [start, stop)} against the shape and returns the region's shape. */
    long[] checkRegion(long[] start, long[] stop) {
        if (start.length != ndim || stop.length != ndim) {
            throw new InvalidArgumentException("start and stop need " + ndim + " entries, got " + start.length + " and "
                    + stop.length);
        }
        long[] out = new long[ndim];
        for (int i = 0; i < ndim; i++) {
            if (start[i] < 0 || stop[i] < start[i] || stop[i] > shape[i]) {
                throw new InvalidArgumentException("dimension " + i + ": [" + start[i] + ", " + stop[i]
                        + ") is not inside [0, " + shape[i] + "]");
            }
            out[i] = stop[i] - start[i];
        }
        return out;
    }

    static long product(long[] dims) {
        long n = 1;
        for (long d : dims) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }
}
