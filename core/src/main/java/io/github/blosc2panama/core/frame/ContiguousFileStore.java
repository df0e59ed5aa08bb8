package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Limits;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A contiguous frame in one file ({@code .b2frame}). The file is mapped read-only with
 * {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)}, so chunk views are zero-copy and
 * files above 2 GiB work. The mapping lives in a shared arena owned by this store: it is replaced
 * (and the old one released at once, so that a file replaced by a commit is not kept on disk) on
 * the first read after a commit; chunk views obtained before a commit must not be used after it.
 * The codecs read views by raw address: a mapping released under a decoding thread would crash the
 * JVM, which is why no read may run during a commit, and why {@code SChunk.close} waits for its
 * reads in progress before closing this store.
 *
 * <p>The channel is shared by every thread: a thread's interrupt status is cleared around each
 * channel operation (and set again after it), since an interrupt would close the channel for all.
 * A commit that fails half-way leaves a complete frame on disk (below) but this store's idea of the
 * layout behind; such a store takes no further commits (reopen the frame to write again).
 *
 * <h2>Crash safety of commits that only add (append, insert, reorder, vlmetalayer changes)</h2>
 * The header is the single commit point, and no commit ever overwrites a byte that the header
 * currently on disk refers to. With header length H, chunks section length C, old index and
 * trailer occupying {@code [H+C, L)} and the new state needing {@code L'} bytes:
 * <ol>
 *   <li>copy the old index and trailer to {@code P = max(L', L)} (beyond anything referenced
 *       or about to be written), fsync;</li>
 *   <li>rewrite the 87-byte fixed header with cbytes {@code P-H} and frame_len
 *       {@code P+(L-H-C)}: the same chunks, now followed by a gap, then the index copy, fsync;</li>
 *   <li>write the new chunks at {@code H+C}, then the new index and trailer (all inside the
 *       gap, which nothing references), fsync;</li>
 *   <li>rewrite the fixed header with the new sizes, fsync; then truncate the file to {@code L'}.</li>
 * </ol>
 * A crash at any point leaves a header that describes a complete frame holding every chunk
 * committed before (readers, C-Blosc2 included, accept a file longer than frame_len). This relies
 * on an 87-byte write at offset 0 not being torn, which holds for the sector-atomic writes of
 * common disks and file systems. Commits that remove bytes (delete, update, adding metalayers),
 * and commits to a frame whose nbytes is 0 (C-Blosc2 expects the trailer of such a frame right
 * after the header, so the intermediate state above would not be readable by C), write a compact
 * new file next to the old one, fsync it and atomically rename it over the old.
 */
public final class ContiguousFileStore extends FrameStore {
    private final Path path;
    /** Where the frame starts in the file: 0, or more for a frame embedded in a larger file (read-only). */
    private final long base;
    private final ChunkCodec codec;
    private volatile FileChannel channel;
    private FrameHeader onDisk;
    private final boolean writable;
    private final boolean durable;
    private final Object mapLock = new Object();
    private Arena arena;
    /** Why a commit failed half-way; no later commit is taken. */
    private String failedWrite;
    private volatile MemorySegment map;
    /** Layout on disk: header length, chunks section length, end of frame. */
    private int headerLen;
    private long dataLen;
    private long frameLen;
    private boolean closed;

    private ContiguousFileStore(Path path, long base, FileChannel channel, boolean writable, boolean durable,
            ChunkCodec codec) {
        this.path = path;
        this.base = base;
        this.codec = codec;
        this.channel = channel;
        this.writable = writable;
        this.durable = durable;
    }

    /** Opens an existing file frame and parses it. */
    public static Opened open(Path path, boolean writable, boolean durable, ChunkCodec codec) {
        return open(path, writable, durable, codec, Limits.defaults());
    }

    /** Opens an existing file frame and parses it, within {@code limits}. */
    public static Opened open(Path path, boolean writable, boolean durable, ChunkCodec codec, Limits limits) {
        return open(path, 0, writable, durable, codec, limits);
    }

    /**
     * Opens, read-only, the frame that starts {@code offset} bytes into {@code path} and parses it, within
     * {@code limits}: a frame embedded in a larger file (C-Blosc2's {@code blosc2_schunk_open_offset}); the bytes
     * after it are not read.
     */
    public static Opened openAt(Path path, long offset, ChunkCodec codec, Limits limits) {
        if (offset < 0) {
            throw new InvalidArgumentException("frame offset must be >= 0, got " + offset);
        }
        if (Files.isDirectory(path)) {
            throw new InvalidArgumentException(path + " is a directory: only a file holds a frame at an offset");
        }
        return open(path, offset, false, false, codec, limits);
    }

    private static Opened open(Path path, long base, boolean writable, boolean durable, ChunkCodec codec,
            Limits limits) {
        FileChannel ch;
        try {
            ch = writable ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new InvalidArgumentException("no such frame file: " + path);
        } catch (AccessDeniedException e) {
            throw new InvalidArgumentException("cannot open " + path + (writable ? " for writing" : "") + ": access denied");
        } catch (IOException e) {
            throw new Blosc2Exception("cannot open " + path + ": " + e.getMessage(), e);
        }
        ContiguousFileStore s = new ContiguousFileStore(path, base, ch, writable, durable, codec);
        try {
            MemorySegment m = s.mapping();
            ParsedFrame pf = ParsedFrame.parse(m, false, false, codec, s.source(), limits);
            s.headerLen = pf.header().headerLen();
            s.dataLen = pf.dataLen();
            s.frameLen = pf.header().frameLen();
            s.onDisk = pf.header();
            return new Opened(s, pf);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Creates (or replaces) {@code path} with the given complete frame bytes and opens it. */
    public static ContiguousFileStore create(Path path, byte[] frame, boolean durable, ChunkCodec codec) {
        writeAtomically(path, frame, durable);
        return open(path, true, durable, codec).store();
    }

    /** A store and what it parsed at open time. */
    public record Opened(ContiguousFileStore store, ParsedFrame frame) {
    }

    @Override
    public String source() {
        return base == 0 ? path.toString() : path + " (frame at offset " + base + ")";
    }

    @Override
    public boolean writable() {
        return writable;
    }

    @Override
    public boolean sparse() {
        return false;
    }

    private MemorySegment mapping() {
        MemorySegment m = map;
        if (m != null) {
            return m;
        }
        synchronized (mapLock) {
            if (closed) {
                throw new IllegalStateException("frame " + path + " is closed");
            }
            if (map == null) {
                try {
                    map = uninterruptibly(this::mapWhole);
                } catch (ClosedChannelException e) {
                    // another thread's interrupt arrived during a channel operation and closed the channel
                    reopenChannel();
                    try {
                        map = uninterruptibly(this::mapWhole);
                    } catch (IOException again) {
                        throw new Blosc2Exception("cannot map " + path + ": " + again, again);
                    }
                } catch (IOException e) {
                    throw new Blosc2Exception("cannot map " + path + ": " + e, e);
                }
            }
            return map;
        }
    }

    private MemorySegment mapWhole() throws IOException {
        long size = channel.size();
        if (base > size) {
            throw new InvalidArgumentException("frame offset " + base + " is beyond the end of " + path + " (" + size
                    + " bytes)");
        }
        Arena a = Arena.ofShared();
        try {
            MemorySegment m = channel.map(FileChannel.MapMode.READ_ONLY, base, size - base, a);
            arena = a;
            return m;
        } catch (IOException | RuntimeException e) {
            a.close();
            throw e;
        }
    }

    private void reopenChannel() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing is kept from the old channel: a new one is opened below
        }
        try {
            channel = writable ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new Blosc2Exception("cannot reopen " + path + ": " + e, e);
        }
    }

    /** A channel operation. */
    private interface ChannelCall<T> {
        T run() throws IOException;
    }

    /** Runs {@code call} with this thread's interrupt status cleared, and sets it again after. */
    private static <T> T uninterruptibly(ChannelCall<T> call) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            return call.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void unmap() {
        synchronized (mapLock) {
            map = null;
            if (arena != null) {
                arena.close();
                arena = null;
            }
        }
    }

    @Override
    public MemorySegment chunk(long locator, String where) {
        MemorySegment m = mapping();
        long end = headerLen + dataLen;
        if (locator < 0 || locator > dataLen - ChunkPeek.HEADER_LEN || end > m.byteSize()) {
            throw new CorruptDataException(source() + ": " + where + ": offset " + locator
                    + " outside of the chunks section of " + dataLen + " bytes");
        }
        long at = headerLen + locator;
        ChunkPeek p = ChunkPeek.read(m, at, end - at, source() + ": " + where);
        return m.asSlice(at, p.cbytes());
    }

    @Override
    public FrameHeader commit(Commit c) {
        if (!writable) {
            throw new InvalidArgumentException(path + " was opened read-only");
        }
        if (failedWrite != null) {
            throw new Blosc2Exception(path + ": an earlier write failed (" + failedWrite
                    + "); the file holds the last complete frame: reopen it to write again");
        }
        // A frame with nbytes 0 keeps its trailer right after the header, where C looks for it in such a
        // frame: the intermediate state of an in-place commit (index and trailer moved past a gap) would
        // not be readable by C, and there are no chunks to protect, so such a frame is rewritten.
        boolean rewrite = !c.freed().isEmpty() || FrameHeader.encodedLength(c.header().metalayers()) != headerLen
                || onDisk.nbytes() == 0;
        try {
            return uninterruptibly(() -> rewrite ? rewrite(c) : appendCommit(c));
        } catch (InvalidArgumentException refused) {
            throw refused; // refused before anything was written
        } catch (IOException | RuntimeException e) {
            failedWrite = String.valueOf(e);
            synchronized (mapLock) {
                if (!channel.isOpen()) {
                    reopenChannel(); // for reads
                }
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new Blosc2Exception("cannot write " + path + ": " + e, e);
        }
    }

    private FrameHeader appendCommit(Commit c) throws IOException {
        long[] offsets = c.offsets();
        long added = 0;
        for (Added a : c.added()) {
            offsets[a.index()] = dataLen + added;
            added += a.chunk().byteSize();
        }
        long newDataLen = dataLen + added;
        byte[] index = c.nchunks() == 0 ? new byte[0] : OffsetsIndex.encode(offsets, c.nchunks(),
                c.repeatedIndex(), codec);
        byte[] trailer = FrameTrailer.encode(c.vlmetalayers());
        long newFrameLen = headerLen + newDataLen + index.length + trailer.length;
        FrameHeader newHeader = c.header().withSizes(newFrameLen, c.header().nbytes(), newDataLen,
                c.header().chunksize(), c.header().blocksize(), c.header().generalFlags(), !c.vlmetalayers().isEmpty());

        // 1. copy the old index + trailer beyond everything
        long oldTailPos = headerLen + dataLen;
        long oldTailLen = frameLen - oldTailPos;
        ByteBuffer oldTail = ByteBuffer.allocate(Math.toIntExact(oldTailLen));
        readFully(oldTail, oldTailPos);
        long copyPos = Math.max(newFrameLen, frameLen);
        unmap();
        writeFully(oldTail.flip(), copyPos);
        sync();
        // 2. point the header at the copy
        FrameHeader transitional = onDisk.withSizes(copyPos + oldTailLen, onDisk.nbytes(), copyPos - headerLen,
                onDisk.chunksize(), onDisk.blocksize(), onDisk.generalFlags(), onDisk.hasVlmetalayers());
        writeFixedHeader(transitional);
        sync();
        // 3. new chunks, index, trailer inside the gap
        long pos = oldTailPos;
        for (Added a : c.added()) {
            writeFully(a.chunk().asByteBuffer(), pos);
            pos += a.chunk().byteSize();
        }
        writeFully(ByteBuffer.wrap(index), pos);
        writeFully(ByteBuffer.wrap(trailer), pos + index.length);
        sync();
        // 4. commit (the whole header: same length, metalayer contents may have been updated in place)
        writeFully(ByteBuffer.wrap(newHeader.encode()), 0);
        sync();
        channel.truncate(newFrameLen);
        dataLen = newDataLen;
        frameLen = newFrameLen;
        onDisk = newHeader;
        return newHeader;
    }

    private void writeFixedHeader(FrameHeader h) throws IOException {
        byte[] enc = h.encode();
        writeFully(ByteBuffer.wrap(enc, 0, FrameHeader.MIN_LEN), 0);
    }

    private FrameHeader rewrite(Commit c) {
        Map<Integer, MemorySegment> addedAt = new HashMap<>();
        for (Added a : c.added()) {
            addedAt.put(a.index(), a.chunk());
        }
        FrameWriter.Result r = FrameWriter.compact(c.header(), c.offsets(), c.nchunks(), c.repeatedIndex(),
                c.vlmetalayers(), addedAt, off -> chunk(off, "chunk at offset " + off), codec);
        unmap();
        writeAtomically(path, r.frame(), durable);
        reopenChannel(); // on the file now at path
        System.arraycopy(r.offsets(), 0, c.offsets(), 0, c.nchunks());
        onDisk = r.header();
        headerLen = onDisk.headerLen();
        dataLen = onDisk.cbytes();
        frameLen = onDisk.frameLen();
        return onDisk;
    }

    private void readFully(ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            int n = channel.read(b, pos);
            if (n < 0) {
                throw new CorruptDataException(path + ": unexpected end of file at offset " + pos);
            }
            pos += n;
        }
    }

    private void writeFully(ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            pos += channel.write(b, pos);
        }
    }

    private void sync() throws IOException {
        if (durable) {
            channel.force(true);
        }
    }

    /** Writes {@code bytes} to a sibling temporary file, fsyncs it and renames it over {@code path}. */
    static void writeAtomically(Path path, byte[] bytes, boolean durable) {
        Path dir = path.toAbsolutePath().getParent();
        Path tmp = dir.resolve(path.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                if (durable) {
                    ch.force(true);
                }
            }
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            if (durable) {
                syncDirectory(dir);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort
            }
            throw new Blosc2Exception("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException ignored) {
            // some platforms cannot open directories; the rename is still atomic
        }
    }

    @Override
    public byte[] toCframe(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, ChunkCodec codec) {
        return FrameWriter.compact(header, offsets, nchunks, repeatedIndex, vlmetalayers,
                off -> chunk(off, "chunk at offset " + off), codec).frame();
    }

    @Override
    public void close() {
        synchronized (mapLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        unmap();
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing useful to do
        }
    }
}
