package io.github.blosc2panama.core;

import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.schunk.SChunk;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;

/**
 * A Blosc2 super-chunk: an ordered list of compressed chunks with metalayers (fixed-size, in the
 * header) and vlmetalayers (compressed, in the trailer), stored as a Blosc2 frame in memory, in a
 * contiguous {@code .b2frame} file or in a sparse directory; files are read and written in
 * C-Blosc2's format.
 *
 * <pre>{@code
 * try (SuperChunk sc = SuperChunk.open(Path.of("data.b2frame"))) {
 *     byte[] first = sc.decompressChunk(0);
 *     byte[] bytes = sc.getSlice(100, 200);
 * }
 * try (SuperChunk sc = SuperChunk.create(Storage.contiguous(path), CParams.defaults(), 1 << 20)) {
 *     sc.append(data);
 * }
 * }</pre>
 *
 * <h2>Thread safety</h2>
 * <ul>
 *   <li><b>Readers:</b> any number of threads may call the reading methods ({@link #chunk(int)},
 *       {@link #decompressChunk(int)}, {@link #getSlice(long, long)}, the properties, metalayer and
 *       vlmetalayer getters, {@link #toCframe()}) on one open super-chunk at the same time, without
 *       locking. File frames are mapped once; chunk views are slices of that mapping.</li>
 *   <li><b>Writers:</b> at most one thread may mutate ({@code append*}, {@code insertChunk},
 *       {@code updateChunk}, {@code deleteChunk}, {@code reorder}, {@code fillSpecial}, metalayer and
 *       vlmetalayer changes) at a time, and no read may run while it does: a commit may replace the
 *       file mapping and the in-memory state. Guard a super-chunk shared by readers and a writer with
 *       a {@link java.util.concurrent.locks.ReadWriteLock} (reads under the read lock, mutations under
 *       the write lock). A chunk view from {@link #chunk(int)} is valid until the next mutation or
 *       {@link #close()}. {@code close()} lets the reads in progress in other threads end before it
 *       releases the file mapping; reads after it throw {@link IllegalStateException}. A read that
 *       overlaps a mutation is not safe: the codecs read mapped chunks by raw address, and a commit
 *       releases the old mapping. An interrupted thread's calls run to their end (its interrupt status
 *       is kept).</li>
 *   <li><b>Processes:</b> nothing is locked between processes. One process at a time may write a
 *       frame; other processes should open it after the writer committed (a contiguous-file append
 *       truncates bytes that a reader mapping an older state could still refer to).</li>
 *   <li><b>Crashes:</b> appends to a contiguous file never lose a chunk that was committed before,
 *       whenever the process dies (see {@code frame.ContiguousFileStore}); sparse frames write chunk
 *       files first and then replace {@code chunks.b2frame} atomically. With
 *       {@link Storage#durable(boolean) durable} storage (the default for files) each commit also
 *       survives a power loss once the mutating call returned.</li>
 * </ul>
 */
public final class SuperChunk implements AutoCloseable {
    private final SChunk engine;

    private SuperChunk(SChunk engine) {
        this.engine = engine;
    }

    // ------------------------------------------------------------------ opening and creating

    /** Opens a contiguous frame file or a sparse frame directory, read-only. */
    public static SuperChunk open(Path path) {
        return open(path, false);
    }

    /** Opens a contiguous frame file or a sparse frame directory for reading and writing. */
    public static SuperChunk openWritable(Path path) {
        return open(path, true);
    }

    /**
     * Opens a contiguous frame file or a sparse frame directory, read-only, refusing frames and
     * chunks larger than {@code limits} (lower them for untrusted files).
     */
    public static SuperChunk open(Path path, Limits limits) {
        return new SuperChunk(SChunk.open(path, false, ChunkCodec.BLOSC2, limits));
    }

    /**
     * Opens, read-only, the contiguous frame that starts {@code offset} bytes into the file {@code path}, as
     * python-blosc2's {@code blosc2.open(urlpath, offset=...)} does: a frame embedded in a larger file, such as a
     * member of a {@code .b2z} store or an object of a {@code .b2e} store. The bytes after the frame are not read.
     */
    public static SuperChunk open(Path path, long offset) {
        return new SuperChunk(SChunk.openAt(path, offset, ChunkCodec.BLOSC2, Limits.defaults()));
    }

    private static SuperChunk open(Path path, boolean writable) {
        return new SuperChunk(SChunk.open(path, writable, ChunkCodec.BLOSC2));
    }

    /** Reads a contiguous frame from bytes (copied). */
    public static SuperChunk fromCframe(byte[] cframe) {
        return fromCframe(MemorySegment.ofArray(cframe.clone()));
    }

    /**
     * Reads a contiguous frame in place (zero-copy): {@code cframe} must stay valid and unchanged
     * while the super-chunk is used; changes go to a private copy.
     */
    public static SuperChunk fromCframe(MemorySegment cframe) {
        return fromCframe(cframe, Limits.defaults());
    }

    /** Reads a contiguous frame from bytes (copied), within {@code limits}. */
    public static SuperChunk fromCframe(byte[] cframe, Limits limits) {
        return fromCframe(MemorySegment.ofArray(cframe.clone()), limits);
    }

    /** Reads a contiguous frame in place (see {@link #fromCframe(MemorySegment)}), within {@code limits}. */
    public static SuperChunk fromCframe(MemorySegment cframe, Limits limits) {
        return new SuperChunk(SChunk.fromCframe(cframe, ChunkCodec.BLOSC2, limits));
    }

    /**
     * Creates an empty super-chunk (a file or directory is replaced).
     *
     * @param chunksize the chunk size used by {@link #extend(byte[])} and {@link #fillSpecial(long, SpecialValue)},
     *                  and the frame's chunksize from the start, as C-Blosc2 records it (a shorter first chunk keeps
     *                  it; a chunk of another size, unless it is a shorter last one, makes the chunksize variable);
     *                  0 if unused: the first chunk sets it
     */
    public static SuperChunk create(Storage storage, CParams cparams, int chunksize) {
        return new SuperChunk(SChunk.create(storage, cparams, chunksize, ChunkCodec.BLOSC2));
    }

    // ------------------------------------------------------------------ properties

    public int nchunks() {
        return engine.nchunks();
    }

    /** Uncompressed size of all chunks. */
    public long nbytes() {
        return engine.header().nbytes();
    }

    /** Compressed size of the chunks as the header records it. */
    public long cbytes() {
        return engine.header().cbytes();
    }

    public int typesize() {
        return engine.header().typesize();
    }

    /** The chunk size: 0 when chunks vary in size, -1 when no chunk was stored yet. */
    public int chunksize() {
        return engine.header().chunksize();
    }

    public int blocksize() {
        return engine.header().blocksize();
    }

    /** The codec id (compcode). */
    public int compcode() {
        return engine.header().compcode();
    }

    public int clevel() {
        return engine.header().clevel();
    }

    /** The splitmode id (1 ALWAYS .. 4 FORWARD_COMPAT). */
    public int splitMode() {
        return engine.header().splitmode();
    }

    /** The six filter ids. */
    public byte[] filters() {
        return engine.header().filters();
    }

    public byte[] filtersMeta() {
        return engine.header().filtersMeta();
    }

    public boolean useDict() {
        return engine.header().useDict();
    }

    /** Whether the chunks use variable-length blocks. */
    public boolean vlBlocks() {
        return engine.header().vlBlocks();
    }

    /** The compression parameters the header records (used by {@link #append(byte[])}). */
    public CParams cparams() {
        return engine.cparams();
    }

    /** The decoded offsets index: byte offsets (contiguous) or chunk file numbers (sparse); special values have bit 63 set. */
    public long[] offsets() {
        return engine.offsets();
    }

    // ------------------------------------------------------------------ chunks and data

    /**
     * Chunk {@code i} as stored (a view), or a synthesized header-only chunk for a special offset. A view of a file
     * frame is valid until the next mutation or {@link #close()}: decoding it while another thread closes the
     * super-chunk is not safe (the codecs read it by raw address); {@link #decompressChunk(int)} is.
     */
    public MemorySegment chunk(int i) {
        return engine.chunk(i);
    }

    public int chunkNbytes(int i) {
        return engine.chunkNbytes(i);
    }

    public byte[] decompressChunk(int i) {
        return engine.decompressChunk(i);
    }

    public long decompressChunk(int i, MemorySegment dst) {
        return engine.decompressChunk(i, dst);
    }

    /**
     * Uncompressed bytes {@code [start, stop)} across chunks (bytes, not items as in python-blosc2's
     * {@code get_slice}); only the chunks, and the blocks of them, that hold the slice are read.
     */
    public byte[] getSlice(long start, long stop) {
        return engine.getSlice(start, stop);
    }

    /** {@link #getSlice(long, long)} into {@code dst} (at least {@code stop - start} bytes); returns the bytes written. */
    public long getSlice(long start, long stop, MemorySegment dst) {
        return engine.getSlice(start, stop, dst);
    }

    public void append(byte[] data) {
        engine.append(MemorySegment.ofArray(data));
    }

    public void append(MemorySegment data) {
        engine.append(data);
    }

    /**
     * Appends {@code data} as chunks of the chunksize given at creation (the last may be shorter). The chunks are
     * committed together (up to 64 MiB of them per commit), so a large {@code data} costs one index write per
     * batch, not per chunk.
     */
    public void extend(byte[] data) {
        engine.extend(MemorySegment.ofArray(data));
    }

    /** Appends {@code data} as chunks of the chunksize given at creation (the last may be shorter). */
    public void extend(MemorySegment data) {
        engine.extend(data);
    }

    /** Appends {@code n} chunks this library made ({@code chunkAt.apply(k)} the k-th), in few commits. */
    void appendInBatches(long n, LongFunction<MemorySegment> chunkAt) {
        engine.appendInBatches(n, chunkAt);
    }

    public void appendChunk(byte[] chunk) {
        engine.appendChunk(MemorySegment.ofArray(chunk));
    }

    public void appendChunk(MemorySegment chunk) {
        engine.appendChunk(chunk);
    }

    public void insertChunk(int i, byte[] chunk) {
        engine.insertChunk(i, MemorySegment.ofArray(chunk));
    }

    /** New chunk k is old chunk {@code from[k]}, or the next library-made {@code fresh} one where that is -1; one commit. */
    void rebuild(int[] from, List<MemorySegment> fresh) {
        engine.rebuild(from, fresh);
    }

    /** Replaces chunks {@code indexes[k]} (all different) by the library-made {@code chunks.get(k)} in one commit. */
    void updateChunks(int[] indexes, List<MemorySegment> chunks) {
        engine.updateChunks(indexes, chunks);
    }

    public void updateChunk(int i, byte[] chunk) {
        engine.updateChunk(i, MemorySegment.ofArray(chunk));
    }

    public void deleteChunk(int i) {
        engine.deleteChunk(i);
    }

    /** New chunk k is old chunk {@code order[k]}. */
    public void reorder(int[] order) {
        engine.reorder(order);
    }

    /** A read outside this class ({@link NDArray}'s) begins: {@link #close} waits for it (see {@code SChunk}). */
    void beginRead() {
        engine.beginRead();
    }

    void endRead() {
        engine.endRead();
    }

    /** Fills an empty super-chunk with {@code nitems} ZERO, NAN or UNINIT items in chunks of the creation chunksize. */
    public void fillSpecial(long nitems, SpecialValue value) {
        engine.fillSpecial(nitems, value);
    }

    // ------------------------------------------------------------------ metalayers

    public List<String> metalayerNames() {
        return engine.metalayerNames();
    }

    /** A metalayer's content, or null. */
    public byte[] metalayer(String name) {
        return engine.metalayer(name);
    }

    /** Adds a metalayer (only before the first chunk, as C-Blosc2 requires). */
    public void addMetalayer(String name, byte[] content) {
        engine.addMetalayer(name, content);
    }

    /** Replaces a metalayer's content in place; the size must stay the same. */
    public void updateMetalayer(String name, byte[] content) {
        engine.updateMetalayer(name, content);
    }

    public List<String> vlmetalayerNames() {
        return engine.vlmetalayerNames();
    }

    /** A vlmetalayer's (decompressed) content, or null. */
    public byte[] vlmetalayer(String name) {
        return engine.vlmetalayer(name);
    }

    /** Adds or replaces a vlmetalayer, compressed with C-Blosc2's default parameters. */
    public void setVlmetalayer(String name, byte[] content) {
        engine.setVlmetalayer(name, content, null);
    }

    public void setVlmetalayer(String name, byte[] content, CParams params) {
        engine.setVlmetalayer(name, content, params);
    }

    public boolean deleteVlmetalayer(String name) {
        return engine.deleteVlmetalayer(name);
    }

    /** The super-chunk as one contiguous frame. */
    public byte[] toCframe() {
        return engine.toCframe();
    }

    @Override
    public void close() {
        engine.close();
    }
}
