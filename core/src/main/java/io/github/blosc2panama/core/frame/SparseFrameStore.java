package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.LimitExceededException;
import io.github.blosc2panama.core.Limits;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A sparse frame: a directory holding {@code chunks.b2frame} (header, offsets index, trailer) and
 * one {@code %08X.chunk} file per stored chunk; index values are chunk file numbers.
 *
 * <p>Commits write new chunk files first (always under numbers no committed index refers to, the smallest free; when
 * durable, each file and then the directory synced once), then replace {@code chunks.b2frame}
 * atomically (temporary file, fsync, rename), and only then remove the files of chunks no longer
 * referenced. A crash leaves the old or the new index, each with all its chunk files present.
 * Chunk files are read into memory, not mapped, so a file changed under a reader gives a typed
 * error, never a fault. Numbers are reused once free: a reader in another process that still holds an index two
 * commits old may read a newer chunk under a number it knew, as with C-Blosc2, which rewrites an updated chunk in
 * place.
 */
public final class SparseFrameStore extends FrameStore {
    /** Name of the index file inside the directory. */
    public static final String INDEX_FILE = "chunks.b2frame";
    private static final long MAX_INDEX_FILE = Integer.MAX_VALUE - 8;
    /** Chunk files up to this size are read in one call, their header checked after. */
    private static final long READ_AT_ONCE = 1 << 20;

    private final Path dir;
    private final boolean writable;
    private final boolean durable;
    private final ChunkCodec codec;
    private final Limits limits;

    private SparseFrameStore(Path dir, boolean writable, boolean durable, ChunkCodec codec, Limits limits) {
        this.dir = dir;
        this.writable = writable;
        this.durable = durable;
        this.codec = codec;
        this.limits = limits;
    }

    /** A store and what it parsed at open time. */
    public record Opened(SparseFrameStore store, ParsedFrame frame) {
    }

    public static Opened open(Path dir, boolean writable, boolean durable, ChunkCodec codec) {
        return open(dir, writable, durable, codec, Limits.defaults());
    }

    /** Opens a sparse frame directory and parses its index, within {@code limits}. */
    public static Opened open(Path dir, boolean writable, boolean durable, ChunkCodec codec, Limits limits) {
        Path index = dir.resolve(INDEX_FILE);
        byte[] bytes = readFile(index, MAX_INDEX_FILE, "index file");
        ParsedFrame pf = ParsedFrame.parse(MemorySegment.ofArray(bytes), true, false, codec, index.toString(), limits);
        return new Opened(new SparseFrameStore(dir, writable, durable, codec, limits), pf);
    }

    /** Creates the directory (it must not hold a frame yet) with the given index frame. */
    public static SparseFrameStore create(Path dir, byte[] indexFrame, boolean durable, ChunkCodec codec) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new Blosc2Exception("cannot create directory " + dir + ": " + e.getMessage(), e);
        }
        ContiguousFileStore.writeAtomically(dir.resolve(INDEX_FILE), indexFrame, durable);
        return new SparseFrameStore(dir, true, durable, codec, Limits.defaults());
    }

    @Override
    public String source() {
        return dir.toString();
    }

    @Override
    public boolean writable() {
        return writable;
    }

    @Override
    public boolean sparse() {
        return true;
    }

    /**
     * Writes a chunk file under a number no committed index refers to. It needs no temporary file: until the new
     * index is in place nothing reads it, and the directory is synced once for all of a commit's files.
     */
    private void writeNewChunkFile(Path path, MemorySegment chunk) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(chunk.toArray(ValueLayout.JAVA_BYTE));
            while (b.hasRemaining()) {
                ch.write(b);
            }
            if (durable) {
                ch.force(true);
            }
        } catch (IOException e) {
            throw new Blosc2Exception("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    /** The file name of chunk file number {@code id}. */
    public static String chunkFileName(long id) {
        return String.format(Locale.ROOT, "%08X.chunk", id);
    }

    @Override
    public MemorySegment chunk(long locator, String where) {
        if (locator < 0 || locator > 0xFFFFFFFFL) {
            throw new CorruptDataException(dir + ": " + where + ": chunk file number " + locator + " is out of range");
        }
        Path f = dir.resolve(chunkFileName(locator));
        String what = f + " (" + where + ")";
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            // a file of more than READ_AT_ONCE bytes is read whole only when its header tells one chunk of that size,
            // within the limits
            long size = ch.size();
            byte[] head = new byte[(int) (size <= READ_AT_ONCE ? size : ChunkPeek.HEADER_LEN)];
            read(ch, head, 0, f, what);
            ChunkPeek p = ChunkPeek.read(MemorySegment.ofArray(head), 0, size, what);
            if (p.cbytes() != size) {
                throw new CorruptDataException(what + ": chunk cbytes " + p.cbytes() + " but the file holds " + size
                        + " bytes");
            }
            limits.checkChunkNbytes(p.nbytes(), what);
            if (size > Integer.MAX_VALUE - 8) {
                throw new LimitExceededException(what + ": a chunk file of " + size + " bytes does not fit an array");
            }
            if (head.length == size) {
                return MemorySegment.ofArray(head);
            }
            byte[] b = Arrays.copyOf(head, p.cbytes());
            read(ch, b, head.length, f, what);
            return MemorySegment.ofArray(b);
        } catch (NoSuchFileException e) {
            throw new CorruptDataException(what + ": chunk file is missing");
        } catch (IOException e) {
            throw new Blosc2Exception("cannot read " + f + ": " + e.getMessage(), e);
        }
    }

    private static byte[] readFile(Path f, long max, String what) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > max) {
                throw new CorruptDataException(f + ": " + what + " of " + size + " bytes is too large");
            }
            byte[] b = new byte[(int) size];
            read(ch, b, 0, f, f + ": " + what);
            return b;
        } catch (NoSuchFileException e) {
            throw new CorruptDataException(f + ": " + what + " is missing");
        } catch (IOException e) {
            throw new Blosc2Exception("cannot read " + f + ": " + e.getMessage(), e);
        }
    }

    /** Fills {@code b[from..]} from the channel's position {@code from} on. */
    private static void read(FileChannel ch, byte[] b, int from, Path f, String what) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(b, from, b.length - from);
        while (buf.hasRemaining()) {
            if (ch.read(buf, buf.position()) < 0) {
                throw new CorruptDataException(what + ": the file shrank while being read");
            }
        }
    }

    /**
     * The chunk file numbers the committed index or the new one refers to (the kept chunks' and the freed ones'), of
     * those below the count of them plus the added chunks: the new chunks take the smallest numbers free in both, which
     * lie below that. C-Blosc2 numbers a new chunk one past the largest and rewrites an updated one in place; numbers
     * that only grew (an update under a new number each time) soon exceeded what its reader accepts, the frame's cbytes
     * less 32 ({@code validate_offsets_chunk}), and python-blosc2 could not open the frame.
     */
    private static BitSet takenNumbers(Commit c) {
        Set<Integer> addedIdx = new HashSet<>();
        for (Added a : c.added()) {
            addedIdx.add(a.index());
        }
        long[] offsets = c.offsets();
        long limit = (long) c.nchunks() + c.freed().size() + c.added().size();
        BitSet taken = new BitSet();
        for (int i = 0; i < c.nchunks(); i++) {
            if (!addedIdx.contains(i) && offsets[i] >= 0 && offsets[i] < limit) {
                taken.set((int) offsets[i]);
            }
        }
        for (long f : c.freed()) {
            if (f >= 0 && f < limit) {
                taken.set((int) f);
            }
        }
        return taken;
    }

    @Override
    public FrameHeader commit(Commit c) {
        if (!writable) {
            throw new InvalidArgumentException(dir + " was opened read-only");
        }
        long[] offsets = c.offsets();
        BitSet taken = takenNumbers(c);
        int next = 0;
        for (Added a : c.added()) {
            next = taken.nextClearBit(next);
            offsets[a.index()] = next;
            writeNewChunkFile(dir.resolve(chunkFileName(next)), a.chunk());
            next++;
        }
        List<Long> moved = moveBelowReadersBound(c);
        if (durable && (!c.added().isEmpty() || !moved.isEmpty())) {
            ContiguousFileStore.syncDirectory(dir);
        }
        byte[] index = c.nchunks() == 0 ? new byte[0] : OffsetsIndex.encode(offsets, c.nchunks(),
                c.repeatedIndex(), codec);
        byte[] trailer = FrameTrailer.encode(c.vlmetalayers());
        int headerLen = FrameHeader.encodedLength(c.header().metalayers());
        long frameLen = headerLen + index.length + trailer.length;
        FrameHeader h = c.header().withSizes(frameLen, c.header().nbytes(), c.storedBytes(), c.header().chunksize(),
                c.header().blocksize(), c.header().generalFlags(), !c.vlmetalayers().isEmpty()).withHeaderLen(headerLen);
        byte[] hb = h.encode();
        byte[] frame = new byte[(int) frameLen];
        System.arraycopy(hb, 0, frame, 0, hb.length);
        System.arraycopy(index, 0, frame, headerLen, index.length);
        System.arraycopy(trailer, 0, frame, headerLen + index.length, trailer.length);
        ContiguousFileStore.writeAtomically(dir.resolve(INDEX_FILE), frame, durable);
        for (long f : concat(c.freed(), moved)) {
            try {
                Files.deleteIfExists(dir.resolve(chunkFileName(f)));
            } catch (IOException e) {
                // an orphan chunk file is harmless: no index refers to it
            }
        }
        return h;
    }

    /**
     * C-Blosc2's reader refuses a chunk file number above the frame's cbytes less 32 ({@code validate_offsets_chunk},
     * which checks them as it checks offsets in a contiguous frame). Numbers stay low as chunks are added, but a
     * chunk kept under a high number while others are deleted can end above it: such a chunk is given the lowest
     * number no index refers to (a hard link, or a copy, of its file; the old name is deleted once the new index is
     * in place). Returns the old numbers.
     */
    private List<Long> moveBelowReadersBound(Commit c) {
        long bound = c.storedBytes() - ChunkPeek.HEADER_LEN;
        long[] offsets = c.offsets();
        // the lowest free number is at most the count of numbers in use: only those below it are marked (a number
        // read from the index may be anything up to 2^32 - 1, or 2^31 - 1 bits of a BitSet: 256 MB)
        long limit = (long) c.nchunks() + c.freed().size() + 1;
        BitSet busy = new BitSet();
        boolean above = false;
        for (int i = 0; i < c.nchunks(); i++) {
            if (offsets[i] >= 0 && offsets[i] <= bound && offsets[i] < limit) {
                busy.set((int) offsets[i]);
            }
            above |= offsets[i] > bound;
        }
        if (!above) {
            return List.of();
        }
        for (long f : c.freed()) {
            if (f >= 0 && f <= bound && f < limit) {
                busy.set((int) f);
            }
        }
        Map<Long, Long> renamed = new HashMap<>();
        for (int i = 0; i < c.nchunks(); i++) {
            long old = offsets[i];
            if (old <= bound) {
                continue;
            }
            Long now = renamed.get(old);
            if (now == null) {
                int free = busy.nextClearBit(0);
                if (free > bound) {
                    continue; // no lower number is free: C-Blosc2 cannot read this frame whatever we do
                }
                busy.set(free);
                now = (long) free;
                linkOrCopy(dir.resolve(chunkFileName(old)), dir.resolve(chunkFileName(free)));
                renamed.put(old, now);
            }
            offsets[i] = now;
        }
        return List.copyOf(renamed.keySet());
    }

    private static void linkOrCopy(Path from, Path to) {
        try {
            Files.deleteIfExists(to); // an orphan of an interrupted commit
            try {
                Files.createLink(to, from);
            } catch (UnsupportedOperationException | IOException e) {
                Files.copy(from, to);
            }
        } catch (IOException e) {
            throw new Blosc2Exception("cannot give " + from + " the name " + to + ": " + e.getMessage(), e);
        }
    }

    private static List<Long> concat(List<Long> a, List<Long> b) {
        List<Long> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Override
    public byte[] toCframe(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, ChunkCodec codec) {
        FrameHeader contiguous = new FrameHeader(header.headerLen(), header.frameLen(), header.generalFlags(),
                FrameHeader.FRAME_TYPE_CONTIGUOUS, header.codecFlags(), header.otherFlags(), header.nbytes(),
                header.cbytes(), header.typesize(), header.blocksize(), header.chunksize(), header.nthreadsC(),
                header.nthreadsD(), header.hasVlmetalayers(), header.nfilters(), header.filters(), header.filtersMeta(),
                header.udcodec(), header.codecMeta(), header.otherFlags2(), header.metalayers());
        return FrameWriter.compact(contiguous, offsets, nchunks, repeatedIndex, vlmetalayers,
                id -> chunk(id, "chunk file " + id), codec).frame();
    }

    @Override
    public void close() {
        // no open resources
    }
}
