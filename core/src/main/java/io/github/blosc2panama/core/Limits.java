package io.github.blosc2panama.core;

/**
 * Resource limits for reading untrusted input: the largest uncompressed chunk a read will allocate
 * or write ({@code maxChunkNbytes}) and the largest number of chunks a frame's offsets index may
 * announce ({@code maxNchunks}, which sizes the offsets array allocated when a frame is opened).
 *
 * <p>The defaults are the format's own maxima, so every valid Blosc2 chunk or frame is accepted;
 * a service that reads untrusted data should lower them, e.g.
 * {@code Limits.defaults().withMaxChunkNbytes(64 << 20).withMaxNchunks(1 << 20)}. A value above a
 * limit raises {@link LimitExceededException} before anything is allocated for it. Limits are
 * checked only after the header's sizes were validated against the bytes really there.
 *
 * @param maxChunkNbytes the largest uncompressed size (nbytes) of one chunk, 0..{@link Blosc2#MAX_BUFFERSIZE}
 * @param maxNchunks     the largest number of chunks in one frame, 0..{@link #MAX_NCHUNKS}
 */
public record Limits(int maxChunkNbytes, long maxNchunks) {
    /** The most chunks a frame can index: its offsets index is one chunk of 8 bytes per chunk. */
    public static final long MAX_NCHUNKS = Blosc2.MAX_BUFFERSIZE / 8;

    private static final Limits DEFAULTS = new Limits(Blosc2.MAX_BUFFERSIZE, MAX_NCHUNKS);

    public Limits {
        if (maxChunkNbytes < 0 || maxChunkNbytes > Blosc2.MAX_BUFFERSIZE) {
            throw new InvalidArgumentException("maxChunkNbytes must be 0.." + Blosc2.MAX_BUFFERSIZE + ", got "
                    + maxChunkNbytes);
        }
        if (maxNchunks < 0 || maxNchunks > MAX_NCHUNKS) {
            throw new InvalidArgumentException("maxNchunks must be 0.." + MAX_NCHUNKS + ", got " + maxNchunks);
        }
    }

    /** The format's maxima: 2 GiB - 33 bytes per chunk, 268,435,451 chunks per frame. */
    public static Limits defaults() {
        return DEFAULTS;
    }

    public Limits withMaxChunkNbytes(int n) {
        return new Limits(n, maxNchunks);
    }

    public Limits withMaxNchunks(long n) {
        return new Limits(maxChunkNbytes, n);
    }

    /**
     * Refuses a chunk whose nbytes exceeds {@link #maxChunkNbytes()}.
     *
     * @param where names the buffer or file and the chunk, for the message
     */
    public void checkChunkNbytes(long nbytes, String where) {
        if (nbytes > maxChunkNbytes) {
            throw new LimitExceededException(where + ": nbytes " + nbytes + " exceeds the limit maxChunkNbytes "
                    + maxChunkNbytes);
        }
    }

    /**
     * Refuses a frame whose offsets index announces more than {@link #maxNchunks()} chunks.
     *
     * @param where names the buffer or file, for the message
     */
    public void checkNchunks(long nchunks, String where) {
        if (nchunks > maxNchunks) {
            throw new LimitExceededException(where + ": " + nchunks + " chunks exceed the limit maxNchunks "
                    + maxNchunks);
        }
    }
}
