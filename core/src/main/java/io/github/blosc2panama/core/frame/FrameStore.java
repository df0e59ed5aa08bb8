package io.github.blosc2panama.core.frame;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Where a super-chunk's frame lives: in memory, in one contiguous file, or in a sparse directory.
 * A store hands out stored chunks by locator (a byte offset into the chunks section, or a chunk
 * file number) and applies {@link Commit}s. Reading is thread-safe; commits are not and must not
 * run concurrently with reads.
 */
public abstract class FrameStore implements AutoCloseable {

    /**
     * A new state to persist.
     *
     * @param header      the new header (nbytes, chunksize, blocksize, flags, metalayers set by the caller;
     *                    cbytes and frame_len are filled in by the store)
     * @param offsets     the new offsets; entries listed in {@code added} are filled in by the store
     * @param nchunks     how many entries of {@code offsets} are used
     * @param vlmetalayers the vlmetalayers (stored, compressed content)
     * @param added       new payloads: the chunk index whose locator the store assigns, and the chunk bytes
     * @param freed       locators no longer referenced after this commit
     * @param storedBytes the total size of the stored chunks after this commit
     * @param rewriteHeader whether the header's metalayers (hence its length) changed
     * @param repeatedIndex whether the offsets index is written as one repeated value (see
     *                      {@link OffsetsIndex#encode})
     */
    public record Commit(FrameHeader header, long[] offsets, int nchunks, List<Metalayer> vlmetalayers,
            List<Added> added, List<Long> freed, long storedBytes, boolean rewriteHeader, boolean repeatedIndex) {
    }

    /** A new stored chunk for logical position {@code index}. */
    public record Added(int index, MemorySegment chunk) {
    }

    /** A name for messages (path or "in-memory frame"). */
    public abstract String source();

    /** Whether commits are allowed. */
    public abstract boolean writable();

    public abstract boolean sparse();

    /** The stored chunk at {@code locator}, validated (its cbytes fits in what is there). */
    public abstract MemorySegment chunk(long locator, String where);

    /** Persists {@code c}; returns the header as stored (with cbytes and frame_len). Fills the added offsets. */
    public abstract FrameHeader commit(Commit c);

    /** The whole frame as one contiguous frame (for sparse stores: converted to a contiguous layout). */
    public abstract byte[] toCframe(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, ChunkCodec codec);

    @Override
    public abstract void close();
}
