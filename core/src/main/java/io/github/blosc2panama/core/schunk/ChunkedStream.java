package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.util.function.IntUnaryOperator;

/**
 * The uncompressed bytes of a super-chunk as one stream laid out by its chunks, for reading a range of it. As in
 * C-Blosc2, a chunk is found from the chunksize (every chunk but the last holds that many bytes); a frame whose
 * chunks do not follow it is read by summing the chunks' sizes.
 */
final class ChunkedStream {
    /** Reads bytes {@code [from, from + dst.byteSize())} of chunk {@code chunk}, which holds {@code nbytes}. */
    interface PartReader {
        void read(int chunk, long from, long nbytes, MemorySegment dst);
    }

    private final int chunksize;
    private final long nbytes;
    private final int nchunks;
    private final IntUnaryOperator chunkNbytes;
    private final String source;
    /** The bytes the chunks hold, summed, when they do not follow the chunksize; else -1. */
    private final long summed;

    /**
     * The stream of {@code nchunks} chunks of {@code chunkNbytes.applyAsInt(i)} bytes each, whose header gives
     * {@code chunksize} (0 or less when variable) and {@code nbytes} in all; {@code source} names it in exceptions.
     */
    ChunkedStream(int chunksize, long nbytes, int nchunks, IntUnaryOperator chunkNbytes, String source) {
        this.chunksize = chunksize;
        this.nbytes = nbytes;
        this.nchunks = nchunks;
        this.chunkNbytes = chunkNbytes;
        this.source = source;
        this.summed = regular() ? -1 : sum();
    }

    /** Whether the chunks follow the chunksize, as the header tells: all but the last hold chunksize bytes. */
    private boolean regular() {
        int n = nchunks;
        return chunksize > 0 && (n == 0 ? nbytes == 0 : nbytes > (long) (n - 1) * chunksize
                && nbytes <= (long) n * chunksize);
    }

    /** The bytes of all chunks (one pass over their sizes; no array: an index of one repeated value is any length). */
    private long sum() {
        long total = 0;
        for (int i = 0; i < nchunks; i++) {
            total += chunkNbytes.applyAsInt(i);
        }
        return total;
    }

    /** Checks that {@code [start, stop)} lies in the stream. */
    void checkRange(long start, long stop) {
        long total = summed < 0 ? nbytes : summed;
        if (start < 0 || stop < start || stop > total) {
            throw new InvalidArgumentException("slice [" + start + ", " + stop + ") outside of [0, " + total + ")");
        }
    }

    /** Reads the bytes {@code [start, stop)} (checked) into {@code dst}, of exactly that size, chunk part by part. */
    void read(long start, long stop, MemorySegment dst, PartReader parts) {
        if (summed >= 0) {
            readBySizes(start, stop, dst, parts);
            return;
        }
        for (long pos = start; pos < stop; ) {
            int i = (int) (pos / chunksize);
            long cStart = (long) i * chunksize;
            long cLen = Math.min(chunksize, nbytes - cStart);
            if (chunkNbytes.applyAsInt(i) != cLen) {
                // a chunk of another size than the chunksize says
                readBySizes(start, stop, dst, parts);
                return;
            }
            long to = Math.min(cStart + cLen, stop);
            parts.read(i, pos - cStart, cLen, dst.asSlice(pos - start, to - pos));
            pos = to;
        }
    }

    /** {@link #read} for chunks that do not follow the chunksize: walks their sizes from the first. */
    private void readBySizes(long start, long stop, MemorySegment dst, PartReader parts) {
        long cStart = 0;
        long pos = start;
        for (int i = 0; i < nchunks && pos < stop; i++) {
            long cLen = chunkNbytes.applyAsInt(i);
            long cEnd = cStart + cLen;
            if (cEnd > pos) {
                long to = Math.min(cEnd, stop);
                parts.read(i, pos - cStart, cLen, dst.asSlice(pos - start, to - pos));
                pos = to;
            }
            cStart = cEnd;
        }
        if (pos < stop) {
            throw new CorruptDataException(source + ": the header says nbytes = " + nbytes + " but the chunks hold "
                    + cStart + " bytes, fewer than the slice [" + start + ", " + stop + ") needs");
        }
    }
}
