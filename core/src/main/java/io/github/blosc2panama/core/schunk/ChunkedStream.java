package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
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
    /** The chunks' start offsets and the total at the end when the chunks do not follow the chunksize, else null. */
    private long[] starts;

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
        if (!regular()) {
            starts = starts();
        }
    }

    /** Whether the chunks follow the chunksize, as the header tells: all but the last hold chunksize bytes. */
    private boolean regular() {
        int n = nchunks;
        return chunksize > 0 && (n == 0 ? nbytes == 0 : nbytes > (long) (n - 1) * chunksize
                && nbytes <= (long) n * chunksize);
    }

    /** Start offsets of every chunk in the stream, plus the total at the end. */
    private long[] starts() {
        long[] st = new long[nchunks + 1];
        for (int i = 0; i < nchunks; i++) {
            st[i + 1] = st[i] + chunkNbytes.applyAsInt(i);
        }
        return st;
    }

    /** Checks that {@code [start, stop)} lies in the stream. */
    void checkRange(long start, long stop) {
        long total = starts == null ? nbytes : starts[starts.length - 1];
        if (start < 0 || stop < start || stop > total) {
            throw new InvalidArgumentException("slice [" + start + ", " + stop + ") outside of [0, " + total + ")");
        }
    }

    /** Reads the bytes {@code [start, stop)} (checked) into {@code dst}, of exactly that size, chunk part by part. */
    void read(long start, long stop, MemorySegment dst, PartReader parts) {
        if (starts != null) {
            readBySizes(start, stop, dst, parts);
            return;
        }
        for (long pos = start; pos < stop; ) {
            int i = (int) (pos / chunksize);
            long cStart = (long) i * chunksize;
            long cLen = Math.min(chunksize, nbytes - cStart);
            if (chunkNbytes.applyAsInt(i) != cLen) {
                // a chunk of another size than the chunksize says
                starts = starts();
                readBySizes(start, stop, dst, parts);
                return;
            }
            long to = Math.min(cStart + cLen, stop);
            parts.read(i, pos - cStart, cLen, dst.asSlice(pos - start, to - pos));
            pos = to;
        }
    }

    /** {@link #read} for chunks that do not follow the chunksize, by their {@link #starts}. */
    private void readBySizes(long start, long stop, MemorySegment dst, PartReader parts) {
        long[] st = starts;
        if (stop > st[st.length - 1]) {
            throw new CorruptDataException(source + ": the header says nbytes = " + nbytes + " but the chunks hold "
                    + st[st.length - 1] + " bytes, fewer than the slice [" + start + ", " + stop + ") needs");
        }
        int i = Math.max(0, Arrays.binarySearch(st, start));
        while (i < st.length - 1 && st[i + 1] <= start) {
            i++;
        }
        while (i > 0 && st[i] > start) {
            i--;
        }
        long pos = start;
        while (pos < stop) {
            long cStart = st[i];
            long cLen = st[i + 1] - cStart;
            long to = Math.min(cLen, stop - cStart);
            parts.read(i, pos - cStart, cLen, dst.asSlice(pos - start, cStart + to - pos));
            pos = cStart + to;
            i++;
        }
    }
}
