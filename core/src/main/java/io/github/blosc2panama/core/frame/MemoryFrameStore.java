package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * A contiguous frame held in memory. A store opened from a cframe reads the caller's bytes in
 * place (zero-copy) until the first commit that stores or frees a chunk, which copies the chunks
 * section into a growing array. Stored bytes are never overwritten, so chunk views handed out stay
 * valid.
 */
public final class MemoryFrameStore extends FrameStore {
    private volatile MemorySegment data;
    private byte[] buf;
    private long len;

    private MemoryFrameStore(MemorySegment data) {
        this.data = data;
        this.len = data.byteSize();
    }

    /** An empty in-memory frame. */
    public static MemoryFrameStore empty() {
        return new MemoryFrameStore(MemorySegment.ofArray(new byte[0]));
    }

    /** A store reading the chunks section of an already parsed cframe in place. */
    public static MemoryFrameStore over(MemorySegment cframe, ParsedFrame parsed) {
        return new MemoryFrameStore(cframe.asSlice(parsed.dataStart(), parsed.dataLen()));
    }

    @Override
    public String source() {
        return "in-memory frame";
    }

    @Override
    public boolean writable() {
        return true;
    }

    @Override
    public boolean sparse() {
        return false;
    }

    @Override
    public MemorySegment chunk(long locator, String where) {
        MemorySegment d = data;
        if (locator < 0 || locator > d.byteSize()) {
            throw new CorruptDataException(where + ": offset " + locator
                    + " outside of the chunks section of " + d.byteSize() + " bytes");
        }
        ChunkPeek p = ChunkPeek.read(d, locator, d.byteSize() - locator, where);
        return d.asSlice(locator, p.cbytes());
    }

    /**
     * Stores the added chunks after the ones there (or, when chunks were freed, after the kept ones copied into a new
     * array, in index order); a commit that neither adds nor frees a chunk leaves the chunks where they are. The new
     * chunks section is built aside and installed only once complete: a commit that fails (a kept chunk that does not
     * read, a section past 2 GiB) leaves the store, and the offsets given, as they were.
     */
    @Override
    public FrameHeader commit(Commit c) {
        if (!c.freed().isEmpty() || !c.added().isEmpty()) {
            long[] offsets = Arrays.copyOf(c.offsets(), c.nchunks());
            Section next = c.freed().isEmpty() ? extended() : compacted(offsets, c.added());
            for (Added a : c.added()) {
                offsets[a.index()] = next.len;
                next.append(a.chunk());
            }
            System.arraycopy(offsets, 0, c.offsets(), 0, offsets.length);
            buf = next.buf;
            len = next.len;
            data = MemorySegment.ofArray(buf).asSlice(0, len);
        }
        return c.header().withSizes(c.header().frameLen(), c.header().nbytes(), len, c.header().chunksize(),
                c.header().blocksize(), c.header().generalFlags(), !c.vlmetalayers().isEmpty());
    }

    /**
     * The chunks section to append to: the array already written (its bytes past {@code len} are referenced by
     * nothing), or a copy of the caller's cframe on the first commit.
     */
    private Section extended() {
        if (buf != null) {
            return new Section(buf, len);
        }
        byte[] b = data.toArray(ValueLayout.JAVA_BYTE);
        // in long: twice a section of over 1 GiB as an int was negative, and the copy kept 64 bytes of it
        return new Section(Arrays.copyOf(b, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(64, 2L * b.length))),
                b.length);
    }

    /** A new chunks section holding the chunks {@code offsets} keeps (the added ones aside), offsets moved to it. */
    private Section compacted(long[] offsets, List<Added> added) {
        boolean[] isNew = new boolean[offsets.length];
        for (Added a : added) {
            isNew[a.index()] = true;
        }
        MemorySegment old = data;
        Section s = new Section(new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(64, old.byteSize()))], 0);
        for (int i = 0; i < offsets.length; i++) {
            if (isNew[i] || offsets[i] < 0) {
                continue;
            }
            MemorySegment ch = chunkIn(old, offsets[i]);
            offsets[i] = s.len;
            s.append(ch);
        }
        return s;
    }

    private static MemorySegment chunkIn(MemorySegment d, long at) {
        ChunkPeek p = ChunkPeek.read(d, at, d.byteSize() - at, "in-memory frame");
        return d.asSlice(at, p.cbytes());
    }

    /** A chunks section being written: {@code buf}, of which the first {@code len} bytes are used. */
    private static final class Section {
        byte[] buf;
        long len;

        Section(byte[] buf, long len) {
            this.buf = buf;
            this.len = len;
        }

        void append(MemorySegment chunk) {
            long need = len + chunk.byteSize();
            if (need > Integer.MAX_VALUE - 8) {
                throw new InvalidArgumentException("in-memory frames hold at most 2 GiB of chunks");
            }
            if (need > buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * buf.length)));
            }
            MemorySegment.copy(chunk, 0, MemorySegment.ofArray(buf), len, chunk.byteSize());
            len = need;
        }
    }

    @Override
    public byte[] toCframe(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, ChunkCodec codec) {
        return FrameWriter.compact(header, offsets, nchunks, repeatedIndex, vlmetalayers,
                off -> chunk(off, "in-memory frame"), codec).frame();
    }

    @Override
    public void close() {
        // nothing to release: heap memory, or the caller's segment
    }
}
