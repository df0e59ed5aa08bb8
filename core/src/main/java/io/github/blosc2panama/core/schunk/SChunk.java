package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Limits;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.ChunkOffsets;
import io.github.blosc2panama.core.frame.ChunkPeek;
import io.github.blosc2panama.core.frame.ContiguousFileStore;
import io.github.blosc2panama.core.frame.FrameHeader;
import io.github.blosc2panama.core.frame.FrameStore;
import io.github.blosc2panama.core.frame.MemoryFrameStore;
import io.github.blosc2panama.core.frame.Metalayer;
import io.github.blosc2panama.core.frame.OffsetsIndex;
import io.github.blosc2panama.core.frame.ParsedFrame;
import io.github.blosc2panama.core.frame.SparseFrameStore;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * The super-chunk engine behind {@link io.github.blosc2panama.core.SuperChunk}: the logical list
 * of chunks (offsets), the header fields, the metalayers and vlmetalayers, over a
 * {@link FrameStore}. Reads are thread-safe as long as no mutation runs; every mutation computes
 * the complete new state, has the store persist it, and only then replaces the in-memory state.
 */
public final class SChunk implements AutoCloseable {
    /** Default parameters for vlmetalayer contents (C's BLOSC2_CPARAMS_DEFAULTS). */
    public static final CParams VLMETA_PARAMS = CParams.builder().codec(Codec.BLOSCLZ).clevel(5).typesize(8)
            .splitMode(SplitMode.FORWARD_COMPAT).filters(Filter.SHUFFLE).build();

    private final FrameStore store;
    private final ChunkCodec codec;
    private final int requestedChunksize;
    private final Limits limits;
    private volatile State state;
    /** Reads in progress ({@link #beginRead}): {@link #close} closes the store only once none is left. */
    private final ReadGate gate;

    /** Everything that changes on a mutation, replaced as a whole. */
    private record State(FrameHeader header, ChunkOffsets offsets, List<Metalayer> vlmeta, int[] nbytes) {
    }

    private SChunk(FrameStore store, ChunkCodec codec, FrameHeader header, ChunkOffsets offsets, List<Metalayer> vlmeta,
            int requestedChunksize, Limits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.store = store;
        this.codec = codec;
        this.requestedChunksize = requestedChunksize;
        this.state = new State(header, offsets, List.copyOf(vlmeta), null);
        this.gate = new ReadGate(store.source(), store::close);
    }

    /** Opens a contiguous frame file or a sparse frame directory. */
    public static SChunk open(Path path, boolean writable, ChunkCodec codec) {
        return open(path, writable, codec, Limits.defaults());
    }

    /** Opens a contiguous frame file or a sparse frame directory; reads respect {@code limits}. */
    public static SChunk open(Path path, boolean writable, ChunkCodec codec, Limits limits) {
        Objects.requireNonNull(path, "path");
        if (Files.isDirectory(path)) {
            SparseFrameStore.Opened o = SparseFrameStore.open(path, writable, true, codec, limits);
            return over(o.store(), o.frame(), codec, limits);
        }
        ContiguousFileStore.Opened o = ContiguousFileStore.open(path, writable, true, codec, limits);
        return over(o.store(), o.frame(), codec, limits);
    }

    /** Opens, read-only, the contiguous frame starting {@code offset} bytes into the file {@code path}. */
    public static SChunk openAt(Path path, long offset, ChunkCodec codec, Limits limits) {
        Objects.requireNonNull(path, "path");
        ContiguousFileStore.Opened o = ContiguousFileStore.openAt(path, offset, codec, limits);
        return over(o.store(), o.frame(), codec, limits);
    }

    /** Reads a contiguous frame in place. */
    public static SChunk fromCframe(MemorySegment cframe, ChunkCodec codec) {
        return fromCframe(cframe, codec, Limits.defaults());
    }

    /** Reads a contiguous frame in place; reads respect {@code limits}. */
    public static SChunk fromCframe(MemorySegment cframe, ChunkCodec codec, Limits limits) {
        ParsedFrame pf = ParsedFrame.parse(cframe, false, true, codec, "cframe", limits);
        return over(MemoryFrameStore.over(cframe, pf), pf, codec, limits);
    }

    /** Creates an empty super-chunk in {@code storage} (a file or directory is replaced). */
    public static SChunk create(Storage storage, CParams cparams, int chunksize, ChunkCodec codec) {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(cparams, "cparams");
        if (chunksize < 0) {
            throw new InvalidArgumentException("chunksize must be >= 0, got " + chunksize);
        }
        boolean sparse = storage.kind() == Storage.Kind.SPARSE_DIRECTORY;
        FrameHeader h = EmptyFrame.header(cparams, sparse, List.of(), chunksize);
        FrameStore store = switch (storage.kind()) {
            case MEMORY -> MemoryFrameStore.empty();
            case CONTIGUOUS_FILE -> ContiguousFileStore.create(storage.path(), EmptyFrame.bytes(h, codec),
                    storage.durable(), codec);
            case SPARSE_DIRECTORY -> SparseFrameStore.create(storage.path(), EmptyFrame.bytes(h, codec),
                    storage.durable(), codec);
        };
        return created(store, h, codec, chunksize);
    }

    /** A super-chunk over a parsed frame. */
    public static SChunk over(FrameStore store, ParsedFrame pf, ChunkCodec codec) {
        return over(store, pf, codec, Limits.defaults());
    }

    /** A super-chunk over a parsed frame whose reads respect {@code limits}. */
    public static SChunk over(FrameStore store, ParsedFrame pf, ChunkCodec codec, Limits limits) {
        return new SChunk(store, codec, pf.header(), pf.offsets(), pf.trailer().vlmetalayers(),
                Math.max(0, pf.header().chunksize()), limits);
    }

    /** An empty super-chunk whose header is written by {@code store}'s creator from {@link EmptyFrame#header}. */
    public static SChunk created(FrameStore store, FrameHeader header, ChunkCodec codec, int chunksize) {
        return new SChunk(store, codec, header, ChunkOffsets.EMPTY, List.of(), chunksize, Limits.defaults());
    }

    // ------------------------------------------------------------------ reading

    public FrameHeader header() {
        return state.header();
    }

    public FrameStore store() {
        return store;
    }

    public int nchunks() {
        return state.offsets().size();
    }

    /** The decoded offsets index (a copy). */
    public long[] offsets() {
        return state.offsets().toArray();
    }

    /**
     * The compression parameters recorded in the header (for appending data). The header's thread count is taken as
     * far as this machine has processors: it comes from the file (up to 32,767), and each thread is a worker started
     * on the first append (C-Blosc2 does not read it at all, and opens frames with its global thread count).
     */
    public CParams cparams() {
        FrameHeader h = state.header();
        CParams.Builder b = CParams.builder().codec(Codec.ofId(h.compcode())).codecMeta(h.codecMeta())
                .clevel(Math.min(9, h.clevel())).typesize(h.typesize()).blocksize(h.blocksize())
                .splitMode(SplitMode.ofId(h.splitmode())).useDict(h.useDict())
                .nthreads(Math.clamp(h.nthreadsC(), 1, Runtime.getRuntime().availableProcessors()));
        byte[] f = h.filters();
        byte[] m = h.filtersMeta();
        for (int i = 0; i < 6; i++) {
            b.filter(i, Filter.ofId(Byte.toUnsignedInt(f[i])), Byte.toUnsignedInt(m[i]));
        }
        return b.build();
    }

    /** The compressed chunk {@code i}: a view of the stored bytes, or a synthesized special chunk. */
    public MemorySegment chunk(int i) {
        beginRead();
        try {
            return chunkAt(i);
        } finally {
            endRead();
        }
    }

    /** {@link #chunk}, for the reads of this class that already count themselves in progress. */
    private MemorySegment chunkAt(int i) {
        State s = state;
        checkIndex(i, s);
        long off = s.offsets().get(i);
        if (off < 0) {
            String where = where("chunk", i);
            SpecialValue v = OffsetsIndex.special(off, where);
            int nbytes = specialNbytes(s, i);
            try {
                return MemorySegment.ofArray(codec.special(v, nbytes, s.header().typesize()));
            } catch (InvalidArgumentException e) {
                // as C-Blosc2's frame_get_lazychunk, which cannot make the chunk either
                throw new CorruptDataException(where + " is special (" + v + ", " + nbytes + " bytes), which the frame's"
                        + " typesize " + s.header().typesize() + " cannot make: " + e.getMessage(), e);
            }
        }
        return store.chunk(off, "chunk " + i);
    }

    /** The uncompressed size of chunk {@code i}. */
    public int chunkNbytes(int i) {
        State s = state;
        checkIndex(i, s);
        return nbytesOf(s, i);
    }

    private int nbytesOf(State s, int i) {
        if (s.nbytes() != null) {
            return s.nbytes()[i];
        }
        long off = s.offsets().get(i);
        if (off < 0) {
            return specialNbytes(s, i);
        }
        MemorySegment c = store.chunk(off, "chunk " + i);
        return ChunkPeek.read(c, 0, c.byteSize(), where("chunk", i)).nbytes();
    }

    private int specialNbytes(State s, int i) {
        FrameHeader h = s.header();
        int cs = h.chunksize();
        if (cs <= 0) {
            return unsizedSpecialNbytes(s, i);
        }
        int n = s.offsets().size();
        long rem = h.nbytes() % cs;
        if (i == n - 1 && rem != 0) {
            return (int) rem;
        }
        return cs;
    }

    /**
     * The size of special chunk {@code i} of a frame whose chunksize is variable, where no offset says it: C-Blosc2
     * writes such frames (an all-zeros chunk appended once the chunksize turned variable) and reads the chunk back as 0
     * bytes. If it is the frame's only special chunk, it is what the header's nbytes leaves after the others.
     */
    private int unsizedSpecialNbytes(State s, int i) {
        String where = where("chunk", i);
        long others = 0;
        for (int k = 0; k < s.offsets().size(); k++) {
            if (k != i && s.offsets().get(k) < 0) {
                throw new CorruptDataException(where + " is special in a frame of variable chunksize, as is chunk " + k
                        + ": their sizes are unknown");
            }
            others += k == i ? 0 : nbytesOf(s, k);
        }
        long left = s.header().nbytes() - others;
        if (left < 0) {
            throw new CorruptDataException(where + " is special in a frame of variable chunksize whose nbytes ("
                    + s.header().nbytes() + ") is less than its other chunks hold (" + others + ")");
        }
        limits.checkChunkNbytes(left, where + " (special, variable chunksize: nbytes left by the other chunks)");
        return (int) left;
    }

    private void checkIndex(int i, State s) {
        if (i < 0 || i >= s.offsets().size()) {
            throw new InvalidArgumentException("chunk index " + i + " outside of [0, " + s.offsets().size() + ")");
        }
    }

    /** Decompresses chunk {@code i} into a new array. */
    public byte[] decompressChunk(int i) {
        beginRead();
        try {
            MemorySegment c = chunkAt(i);
            int n = peekNbytes(i, c);
            checkBeforeAllocating(c, where("chunk", i));
            byte[] out = new byte[n];
            decompress(i, c, n, MemorySegment.ofArray(out));
            return out;
        } finally {
            endRead();
        }
    }

    /** Decompresses chunk {@code i} into {@code dst}; returns the number of bytes written. */
    public long decompressChunk(int i, MemorySegment dst) {
        beginRead();
        try {
            return decompressInto(i, dst);
        } finally {
            endRead();
        }
    }

    /** {@link #decompressChunk(int, MemorySegment)}, for reads that already count themselves in progress. */
    private long decompressInto(int i, MemorySegment dst) {
        MemorySegment c = chunkAt(i);
        int n = peekNbytes(i, c);
        if (dst.byteSize() < n) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes is too small for the "
                    + n + " bytes of chunk " + i);
        }
        return decompress(i, c, n, dst);
    }

    /** The uncompressed size that chunk {@code i}'s header {@code c} gives, checked against the limits. */
    private int peekNbytes(int i, MemorySegment c) {
        String where = where("chunk", i);
        ChunkPeek p = ChunkPeek.read(c, 0, c.byteSize(), where);
        limits.checkChunkNbytes(p.nbytes(), where);
        return p.nbytes();
    }

    /** The chunk layer's check of {@code c} before an array of its nbytes is made (see {@link ChunkCodec}). */
    private void checkBeforeAllocating(MemorySegment c, String where) {
        try {
            codec.checkBeforeAllocating(c);
        } catch (Blosc2Exception e) {
            throw Blosc2Exception.located(where, e);
        }
    }

    /** Decompresses chunk {@code i}, whose bytes {@code c} hold {@code n}, into {@code dst} of at least that size. */
    private long decompress(int i, MemorySegment c, int n, MemorySegment dst) {
        return decompress(c, n, dst, "chunk", i);
    }

    /**
     * Decompresses {@code c}, which holds {@code n} bytes, into {@code dst}. Errors name it {@code what} followed by
     * {@code index} when that is 0 or more (a string made only on an error).
     */
    private long decompress(MemorySegment c, int n, MemorySegment dst, String what, int index) {
        long got;
        try {
            got = codec.decompress(c, dst);
        } catch (Blosc2Exception e) {
            throw Blosc2Exception.located(where(what, index), e);
        }
        if (got != n) {
            throw new CorruptDataException(where(what, index) + " decompressed to " + got + " bytes, " + n
                    + " expected");
        }
        return got;
    }

    private String where(String what, int index) {
        return store.source() + ": " + what + (index >= 0 ? " " + index : "");
    }

    /**
     * The uncompressed bytes {@code [start, stop)} of the whole super-chunk. Only the chunks that hold them are read,
     * and of a chunk only partly in the range only the blocks that hold it ({@link ChunkedStream}).
     */
    public byte[] getSlice(long start, long stop) {
        ChunkedStream stream = stream(state);
        stream.checkRange(start, stop);
        if (stop - start > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("slice of " + (stop - start) + " bytes does not fit an array");
        }
        byte[] out = new byte[(int) (stop - start)];
        beginRead();
        try {
            stream.read(start, stop, MemorySegment.ofArray(out), this::readPart);
        } finally {
            endRead();
        }
        return out;
    }

    /** {@link #getSlice(long, long)} into {@code dst} (at least {@code stop - start} bytes); returns the bytes written. */
    public long getSlice(long start, long stop, MemorySegment dst) {
        ChunkedStream stream = stream(state);
        stream.checkRange(start, stop);
        if (dst.byteSize() < stop - start) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes is too small for the "
                    + (stop - start) + " bytes of the slice");
        }
        beginRead();
        try {
            stream.read(start, stop, dst.asSlice(0, stop - start), this::readPart);
        } finally {
            endRead();
        }
        return stop - start;
    }

    private ChunkedStream stream(State s) {
        return new ChunkedStream(s.header().chunksize(), s.header().nbytes(), s.offsets().size(),
                i -> nbytesOf(s, i), store.source());
    }

    /** Bytes {@code [from, from + dst.byteSize())} of chunk {@code i} (of {@code nbytes} bytes) into {@code dst}. */
    private void readPart(int i, long from, long nbytes, MemorySegment dst) {
        if (from == 0 && dst.byteSize() == nbytes) {
            decompressInto(i, dst);
            return;
        }
        limits.checkChunkNbytes(nbytes, where("chunk", i));
        MemorySegment c = chunkAt(i);
        try {
            codec.decompressRange(c, from, dst);
        } catch (Blosc2Exception e) {
            throw Blosc2Exception.located(where("chunk", i), e);
        }
    }

    public List<String> metalayerNames() {
        return state.header().metalayers().stream().map(Metalayer::name).toList();
    }

    /** A metalayer's content, or null. */
    public byte[] metalayer(String name) {
        Metalayer m = state.header().metalayer(name);
        return m == null ? null : m.content();
    }

    public List<String> vlmetalayerNames() {
        return state.vlmeta().stream().map(Metalayer::name).toList();
    }

    /** A vlmetalayer's decompressed content, or null. */
    public byte[] vlmetalayer(String name) {
        Metalayer m = Metalayer.find(state.vlmeta(), name);
        if (m == null) {
            return null;
        }
        byte[] stored = m.content();
        MemorySegment c = MemorySegment.ofArray(stored);
        String what = "vlmetalayer '" + name + "'";
        String where = where(what, -1);
        ChunkPeek p = ChunkPeek.read(c, 0, stored.length, where);
        limits.checkChunkNbytes(p.nbytes(), where);
        checkBeforeAllocating(c, where);
        byte[] out = new byte[p.nbytes()];
        if (p.nbytes() > 0) {
            decompress(c, p.nbytes(), MemorySegment.ofArray(out), what, -1);
        }
        return out;
    }

    /** The stored (compressed) form of a vlmetalayer, or null. */
    public byte[] vlmetalayerStored(String name) {
        Metalayer m = Metalayer.find(state.vlmeta(), name);
        return m == null ? null : m.content();
    }

    /** The frame as one contiguous frame. */
    public byte[] toCframe() {
        State s = state;
        beginRead();
        try {
            return store.toCframe(s.header(), s.offsets().toArray(), s.offsets().size(), repeatedIndex(s), s.vlmeta(),
                    codec);
        } finally {
            endRead();
        }
    }

    // ------------------------------------------------------------------ writing

    /** Most bytes of chunks {@link #appendInBatches} commits at a time. */
    static final long BATCH_BYTES = 64L << 20;

    private void requireWritable() {
        gate.requireOpen();
        if (!store.writable()) {
            throw new InvalidArgumentException(store.source() + " was opened read-only");
        }
    }

    /** Compresses {@code data} with the super-chunk's parameters and appends it as one chunk. */
    public void append(MemorySegment data) {
        requireWritable();
        appendChunk(MemorySegment.ofArray(codec.compress(data, cparams())));
    }

    /**
     * Appends {@code data} split in chunks of the super-chunk's chunksize, committed in batches as {@link
     * #appendInBatches} does.
     */
    public void extend(MemorySegment data) {
        extend(data, BATCH_BYTES);
    }

    /** {@link #extend(MemorySegment)}, committing whenever a batch holds {@code batchBytes} of chunks or more. */
    void extend(MemorySegment data, long batchBytes) {
        requireWritable();
        int cs = requestedChunksize > 0 ? requestedChunksize : state.header().chunksize();
        if (cs <= 0) {
            throw new InvalidArgumentException("no chunksize set for splitting data");
        }
        long n = (data.byteSize() + cs - 1) / cs;
        appendInBatches(n, k -> MemorySegment.ofArray(codec.compress(
                data.asSlice(k * cs, Math.min(cs, data.byteSize() - k * cs)), cparams())), batchBytes);
    }

    /**
     * Appends {@code n} chunks, {@code chunkAt.apply(k)} making the k-th, committed together up to {@link
     * #BATCH_BYTES} of them at a time: one write of the offsets index (and on durable storage one pair of fsyncs)
     * per batch, not per chunk, which made appending 100,000 chunks take minutes. The chunks are the caller's own
     * (made by this library, not kept by the caller): they are stored as they are.
     */
    public void appendInBatches(long n, LongFunction<MemorySegment> chunkAt) {
        appendInBatches(n, chunkAt, BATCH_BYTES);
    }

    private void appendInBatches(long n, LongFunction<MemorySegment> chunkAt, long batchBytes) {
        requireWritable();
        List<MemorySegment> batch = new ArrayList<>();
        long inBatch = 0;
        for (long k = 0; k < n; k++) {
            MemorySegment chunk = chunkAt.apply(k);
            batch.add(chunk);
            inBatch += chunk.byteSize();
            if (inBatch >= batchBytes || k == n - 1) {
                appendAll(batch);
                batch.clear();
                inBatch = 0;
            }
        }
    }

    /** Appends {@code chunks} (our own, as they are) in one commit. */
    private void appendAll(List<MemorySegment> chunks) {
        State s = state;
        int n0 = s.offsets().size();
        int k = chunks.size();
        boolean vl = checkVl(s, chunks.get(0), n0, false);
        int[] nb = Arrays.copyOf(allNbytes(s), n0 + k);
        long[] offs = Arrays.copyOf(s.offsets().toArray(), n0 + k);
        List<MemorySegment> pending = pendingList(n0 + k);
        for (int j = 0; j < k; j++) {
            MemorySegment c = chunks.get(j);
            ChunkPeek p = ChunkPeek.read(c, 0, c.byteSize(), "chunk");
            if (p.vlBlocks() != vl) {
                throw new InvalidArgumentException("a super-chunk cannot mix VL-block chunks and regular chunks");
            }
            nb[n0 + j] = p.nbytes();
            offs[n0 + j] = Long.MIN_VALUE;
            pending.set(n0 + j, c);
        }
        apply(s, offs, nb, pending, List.of(), s.header().metalayers(), s.vlmeta(), vl);
    }

    public void appendChunk(MemorySegment chunk) {
        insertChunk(nchunks(), chunk);
    }

    public void insertChunk(int i, MemorySegment chunk) {
        requireWritable();
        State s = state;
        if (i < 0 || i > s.offsets().size()) {
            throw new InvalidArgumentException("insert position " + i + " outside of [0, " + s.offsets().size() + "]");
        }
        MemorySegment c = validated(chunk);
        int[] nb = allNbytes(s);
        List<MemorySegment> pending = pendingList(s.offsets().size() + 1);
        long[] offs = s.offsets().toArrayInserting(i, Long.MIN_VALUE);
        int[] nb2 = insertAt(nb, i, ChunkPeek.read(c, 0, c.byteSize(), "chunk").nbytes());
        pending.add(i, c);
        apply(s, offs, nb2, pending, List.of(), s.header().metalayers(), s.vlmeta(), checkVl(s, c, i, false));
    }

    public void updateChunk(int i, MemorySegment chunk) {
        requireWritable();
        State s = state;
        checkIndex(i, s);
        MemorySegment c = validated(chunk);
        int[] nb = allNbytes(s).clone();
        nb[i] = ChunkPeek.read(c, 0, c.byteSize(), "chunk").nbytes();
        long[] offs = s.offsets().toArray();
        List<Long> freed = offs[i] >= 0 ? List.of(offs[i]) : List.of();
        offs[i] = Long.MIN_VALUE;
        List<MemorySegment> pending = pendingList(offs.length);
        pending.set(i, c);
        apply(s, offs, nb, pending, freed, s.header().metalayers(), s.vlmeta(), checkVl(s, c, i, true));
    }

    /**
     * Replaces chunks {@code indexes[k]} (all different) by {@code chunks.get(k)} in one commit, as many {@link
     * #updateChunk} calls would. The chunks are the caller's own (made by this library, not kept by the caller):
     * they are stored as they are.
     */
    public void updateChunks(int[] indexes, List<MemorySegment> chunks) {
        requireWritable();
        if (indexes.length != chunks.size()) {
            throw new InvalidArgumentException(indexes.length + " indexes for " + chunks.size() + " chunks");
        }
        State s = state;
        int[] nb = allNbytes(s).clone();
        long[] offs = s.offsets().toArray();
        List<MemorySegment> pending = pendingList(offs.length);
        List<Long> freed = new ArrayList<>();
        boolean vl = s.header().vlBlocks();
        for (int k = 0; k < indexes.length; k++) {
            int i = indexes[k];
            checkIndex(i, s);
            if (pending.get(i) != null) {
                throw new InvalidArgumentException("chunk " + i + " is updated twice in one commit");
            }
            MemorySegment c = chunks.get(k);
            vl = checkVl(s, c, i, true);
            nb[i] = ChunkPeek.read(c, 0, c.byteSize(), "chunk").nbytes();
            if (offs[i] >= 0) {
                freed.add(offs[i]);
            }
            offs[i] = Long.MIN_VALUE;
            pending.set(i, c);
        }
        if (indexes.length > 0) {
            apply(s, offs, nb, pending, freed, s.header().metalayers(), s.vlmeta(), vl);
        }
    }

    public void deleteChunk(int i) {
        requireWritable();
        State s = state;
        checkIndex(i, s);
        int[] nb = allNbytes(s);
        long[] offs = s.offsets().toArrayRemoving(i);
        long gone = s.offsets().get(i);
        List<Long> freed = gone >= 0 ? List.of(gone) : List.of();
        apply(s, offs, removeAt(nb, i), pendingList(offs.length), freed, s.header().metalayers(), s.vlmeta(),
                s.header().vlBlocks() && offs.length > 0);
    }

    /**
     * Rebuilds the chunk list in one commit: new chunk {@code k} is old chunk {@code from[k]} when that is 0 or more,
     * else the next of {@code fresh} (chunks this library made, stored as they are). Each old chunk is kept at most
     * once; the ones not kept are dropped. What deletes, inserts and updates in a row would leave, in one commit.
     */
    public void rebuild(int[] from, List<MemorySegment> fresh) {
        requireWritable();
        State s = state;
        int n = s.offsets().size();
        int[] oldNb = allNbytes(s);
        boolean[] kept = new boolean[n];
        long[] offs = new long[from.length];
        int[] nb = new int[from.length];
        List<MemorySegment> pending = pendingList(from.length);
        boolean anyKept = false;
        Boolean freshVl = null; // the fresh chunks' VL-blocks flag, once one is seen
        int next = 0;
        for (int k = 0; k < from.length; k++) {
            int o = from[k];
            if (o >= 0) {
                if (o >= n || kept[o]) {
                    throw new InvalidArgumentException("old chunk " + o + " is outside of [0, " + n
                            + ") or kept twice");
                }
                kept[o] = true;
                anyKept = true;
                offs[k] = s.offsets().get(o);
                nb[k] = oldNb[o];
                continue;
            }
            if (next >= fresh.size()) {
                throw new InvalidArgumentException("more new chunks asked for than the " + fresh.size() + " given");
            }
            MemorySegment c = fresh.get(next++);
            ChunkPeek p = ChunkPeek.read(c, 0, c.byteSize(), "chunk");
            if (freshVl != null && freshVl != p.vlBlocks()) {
                throw new InvalidArgumentException("a super-chunk cannot mix VL-block chunks and regular chunks");
            }
            freshVl = p.vlBlocks();
            offs[k] = Long.MIN_VALUE;
            nb[k] = p.nbytes();
            pending.set(k, c);
        }
        if (next != fresh.size()) {
            throw new InvalidArgumentException((fresh.size() - next) + " new chunks given but not placed");
        }
        boolean vl = anyKept ? s.header().vlBlocks() : freshVl != null && freshVl;
        if (anyKept && freshVl != null && freshVl != vl) {
            throw new InvalidArgumentException("a super-chunk cannot mix VL-block chunks and regular chunks");
        }
        List<Long> dropped = new ArrayList<>();
        for (int o = 0; o < n; o++) {
            long off = s.offsets().get(o);
            if (!kept[o] && off >= 0) {
                dropped.add(off);
            }
        }
        apply(s, offs, nb, pending, dropped, s.header().metalayers(), s.vlmeta(), vl && from.length > 0);
    }

    /** Reorders the chunks: new chunk k is old chunk {@code order[k]}. */
    public void reorder(int[] order) {
        requireWritable();
        State s = state;
        int n = s.offsets().size();
        if (order.length != n) {
            throw new InvalidArgumentException("order has " + order.length + " entries for " + n + " chunks");
        }
        boolean[] seen = new boolean[n];
        for (int o : order) {
            if (o < 0 || o >= n || seen[o]) {
                throw new InvalidArgumentException("order " + Arrays.toString(order) + " is not a permutation of 0.." + (n - 1));
            }
            seen[o] = true;
        }
        int[] nb = allNbytes(s);
        long[] offs = new long[n];
        int[] nb2 = new int[n];
        for (int k = 0; k < n; k++) {
            offs[k] = s.offsets().get(order[k]);
            nb2[k] = nb[order[k]];
        }
        apply(s, offs, nb2, pendingList(n), List.of(), s.header().metalayers(), s.vlmeta(), s.header().vlBlocks());
    }

    /** Fills an empty super-chunk with {@code nitems} items of a special value (ZERO, NAN or UNINIT). */
    public void fillSpecial(long nitems, SpecialValue value) {
        requireWritable();
        State s = state;
        if (s.offsets().size() > 0 || s.header().nbytes() > 0) {
            throw new InvalidArgumentException("fillSpecial works on empty super-chunks only");
        }
        OffsetsIndex.specialOffset(value);
        int ts = s.header().typesize();
        int cs = requestedChunksize;
        if (cs <= 0 || cs % ts != 0) {
            throw new InvalidArgumentException("fillSpecial needs a chunksize that is a positive multiple of the typesize "
                    + ts + ", got " + cs);
        }
        if (nitems < 0 || nitems > Long.MAX_VALUE / ts) {
            throw new InvalidArgumentException("nitems " + nitems + " out of range");
        }
        long nbytes = nitems * ts;
        long n = (nbytes + cs - 1) / cs;
        if (n > OffsetsIndex.MAX_NCHUNKS) {
            throw new InvalidArgumentException(n + " chunks are too many; use a larger chunksize");
        }
        long[] offs = new long[(int) n];
        Arrays.fill(offs, OffsetsIndex.specialOffset(value));
        int[] nb = new int[(int) n];
        Arrays.fill(nb, cs);
        if (n > 0 && nbytes % cs != 0) {
            nb[(int) n - 1] = (int) (nbytes % cs);
        }
        FrameHeader h = s.header();
        // As C-Blosc2 does, the blocksize of a chunk of cs bytes goes into the header (later chunks keep it).
        FrameHeader nh = h.withSizes(h.frameLen(), nbytes, h.cbytes(), cs, codec.blocksize(cparams(), cs),
                ChunksizeRule.generalFlags(cs, false), h.hasVlmetalayers());
        // C-Blosc2 writes this index as one repeated value (as it reads ChunkOffsets.repeated)
        commit(s, nh, offs, nb, pendingList((int) n), List.of(), 0, s.vlmeta(), true);
    }

    public void addMetalayer(String name, byte[] content) {
        requireWritable();
        State s = state;
        MetalayerLists.checkName(name);
        if (s.offsets().size() > 0) {
            throw new InvalidArgumentException("metalayers can only be added before the first chunk");
        }
        commitMeta(s, MetalayerLists.adding(s.header().metalayers(), name, content), s.vlmeta());
    }

    /** Replaces a metalayer's content with one of the same length (in place). */
    public void updateMetalayer(String name, byte[] content) {
        requireWritable();
        State s = state;
        commitMeta(s, MetalayerLists.updating(s.header().metalayers(), name, content), s.vlmeta());
    }

    public void setVlmetalayer(String name, byte[] content, CParams params) {
        requireWritable();
        State s = state;
        MetalayerLists.checkName(name);
        byte[] stored = codec.compress(MemorySegment.ofArray(content), params == null ? VLMETA_PARAMS : params);
        commitMeta(s, s.header().metalayers(), MetalayerLists.setting(s.vlmeta(), name, stored));
    }

    /** Removes a vlmetalayer; returns whether it existed. */
    public boolean deleteVlmetalayer(String name) {
        requireWritable();
        State s = state;
        List<Metalayer> vl = new ArrayList<>(s.vlmeta());
        boolean removed = vl.removeIf(m -> m.name().equals(name));
        if (removed) {
            commitMeta(s, s.header().metalayers(), vl);
        }
        return removed;
    }

    private void commitMeta(State s, List<Metalayer> metas, List<Metalayer> vl) {
        FrameHeader h = s.header().withMetalayers(metas);
        commit(s, h, s.offsets().toArray(), s.nbytes(), pendingList(s.offsets().size()), List.of(), s.header().cbytes(), vl,
                repeatedIndex(s));
    }

    // ------------------------------------------------------------------ mutation plumbing

    private static List<MemorySegment> pendingList(int n) {
        List<MemorySegment> l = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            l.add(null);
        }
        return l;
    }

    private MemorySegment validated(MemorySegment chunk) {
        ChunkPeek p = ChunkPeek.read(chunk, 0, chunk.byteSize(), "chunk to store");
        // a private copy: the caller may reuse its buffer
        return MemorySegment.ofArray(chunk.asSlice(0, p.cbytes()).toArray(ValueLayout.JAVA_BYTE));
    }

    /** C forbids mixing VL-block chunks and regular chunks; returns the frame's VL-blocks flag after the change. */
    private boolean checkVl(State s, MemorySegment c, int i, boolean replacing) {
        boolean vl = ChunkPeek.read(c, 0, c.byteSize(), "chunk").vlBlocks();
        int others = s.offsets().size() - (replacing ? 1 : 0);
        if (others > 0 && vl != s.header().vlBlocks()) {
            throw new InvalidArgumentException("a super-chunk cannot mix VL-block chunks and regular chunks");
        }
        return vl;
    }

    private int[] allNbytes(State s) {
        if (s.nbytes() != null) {
            return s.nbytes();
        }
        int n = s.offsets().size();
        int[] nb = new int[n];
        for (int i = 0; i < n; i++) {
            nb[i] = nbytesOf(s, i);
        }
        return nb;
    }

    /**
     * Computes chunksize and special-offset encoding for the new chunk list, then commits.
     * {@code pending[i]} holds the chunk to store at position i (its offset is ignored).
     */
    private void apply(State s, long[] offs, int[] nb, List<MemorySegment> pending, List<Long> freed,
            List<Metalayer> metas, List<Metalayer> vl, boolean vlBlocks) {
        int n = offs.length;
        int cs = ChunksizeRule.after(s.header().chunksize(), nb);
        long total = 0;
        for (int v : nb) {
            total += v;
        }
        new SpecialOffsets(codec, this::cparams, s.header().typesize()).place(offs, nb, pending, cs, total);
        freed = unreferenced(freed, offs);
        long stored = s.header().cbytes();
        for (long f : freed) {
            stored -= store.chunk(f, "freed chunk").byteSize();
        }
        for (MemorySegment c : pending) {
            if (c != null) {
                stored += c.byteSize();
            }
        }
        if (stored < 0) {
            stored = storedBytes(offs, pending); // the header's cbytes was less than its chunks: counted afresh
        }
        FrameHeader h = s.header().withMetalayers(metas);
        FrameHeader nh = h.withSizes(h.frameLen(), total, h.cbytes(), cs, h.blocksize(),
                ChunksizeRule.generalFlags(cs, vlBlocks && n > 0), !vl.isEmpty());
        commit(s, nh, offs, nb, pending, freed, stored, vl, false);
    }

    /** The bytes of the stored chunks the new index {@code offs} keeps, each once, and of the {@code pending} ones. */
    private long storedBytes(long[] offs, List<MemorySegment> pending) {
        long[] kept = offs.clone();
        Arrays.sort(kept);
        long sum = 0;
        for (int k = 0; k < kept.length; k++) {
            if (kept[k] >= 0 && (k == 0 || kept[k] != kept[k - 1])) {
                sum += store.chunk(kept[k], "chunk at " + kept[k]).byteSize();
            }
        }
        for (MemorySegment c : pending) {
            if (c != null) {
                sum += c.byteSize();
            }
        }
        return sum;
    }

    /**
     * The offsets of {@code dropped}, once each, that no entry of the new index {@code offs} still points at: an index
     * may repeat an offset (C-Blosc2 reads such frames), and a stored chunk another entry keeps is not freed (a sparse
     * frame deletes the files of freed chunks).
     */
    private static List<Long> unreferenced(List<Long> dropped, long[] offs) {
        if (dropped.isEmpty()) {
            return dropped;
        }
        long[] kept = offs.clone();
        Arrays.sort(kept);
        Set<Long> out = new LinkedHashSet<>();
        for (long off : dropped) {
            if (Arrays.binarySearch(kept, off) < 0) {
                out.add(off);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * Whether the offsets index stays one repeated value: C-Blosc2 writes it so after filling a frame with one special
     * value, and keeps it while the offsets do not change.
     */
    private static boolean repeatedIndex(State s) {
        ChunkOffsets o = s.offsets();
        return o.isRepeated() && o.size() > 0 && o.get(0) < 0;
    }

    private void commit(State s, FrameHeader h, long[] offs, int[] nb, List<MemorySegment> pending, List<Long> freed,
            long stored, List<Metalayer> vl, boolean repeatedIndex) {
        List<FrameStore.Added> added = new ArrayList<>();
        for (int k = 0; k < pending.size(); k++) {
            if (pending.get(k) != null) {
                added.add(new FrameStore.Added(k, pending.get(k)));
            }
        }
        long[] offsCopy = offs.clone();
        FrameHeader stored2 = store.commit(new FrameStore.Commit(h, offsCopy, offsCopy.length, vl, added, freed,
                stored, false, repeatedIndex));
        ChunkOffsets offsets = repeatedIndex && offsCopy.length > 0 ? ChunkOffsets.repeated(offsCopy.length, offsCopy[0])
                : ChunkOffsets.of(offsCopy);
        state = new State(stored2, offsets, List.copyOf(vl), nb == null ? null : nb.clone());
    }

    private static int[] insertAt(int[] a, int i, int v) {
        int[] b = new int[a.length + 1];
        System.arraycopy(a, 0, b, 0, i);
        b[i] = v;
        System.arraycopy(a, i, b, i + 1, a.length - i);
        return b;
    }

    private static int[] removeAt(int[] a, int i) {
        int[] b = new int[a.length - 1];
        System.arraycopy(a, 0, b, 0, i);
        System.arraycopy(a, i + 1, b, i, a.length - i - 1);
        return b;
    }

    /**
     * Marks a read in progress until {@link #endRead}: {@link #close} meanwhile releases the store (a file mapping,
     * which the codecs read by raw address) only after it ends. For reads outside this class ({@code NDArray}'s).
     *
     * @throws IllegalStateException when the super-chunk is closed
     */
    public void beginRead() {
        gate.begin();
    }

    /** Ends a read begun with {@link #beginRead}. */
    public void endRead() {
        gate.end();
    }

    /** Closes the super-chunk; reads still in progress in other threads end first, then the store is closed. */
    @Override
    public void close() {
        gate.close();
    }
}
