package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * A contiguous frame held in memory. A store opened from a cframe reads the caller's bytes in
 * place (zero-copy) until the first commit, which copies the chunks section into a growing array.
 * Stored bytes are never overwritten, so chunk views handed out stay valid.
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

    @Override
    public FrameHeader commit(Commit c) {
        if (!c.freed().isEmpty()) {
            compact(c.offsets(), c.nchunks(), c.added());
        }
        for (Added a : c.added()) {
            c.offsets()[a.index()] = len;
            append(a.chunk());
        }
        data = buf == null ? data : MemorySegment.ofArray(buf).asSlice(0, len);
        return c.header().withSizes(c.header().frameLen(), c.header().nbytes(), len, c.header().chunksize(),
                c.header().blocksize(), c.header().generalFlags(), !c.vlmetalayers().isEmpty());
    }

    private void compact(long[] offsets, int nchunks, List<Added> added) {
        boolean[] isNew = new boolean[nchunks];
        for (Added a : added) {
            isNew[a.index()] = true;
        }
        MemorySegment old = data;
        buf = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(64, old.byteSize()))];
        len = 0;
        for (int i = 0; i < nchunks; i++) {
            if (isNew[i] || offsets[i] < 0) {
                continue;
            }
            MemorySegment ch = chunkIn(old, offsets[i]);
            offsets[i] = len;
            append(ch);
        }
    }

    private static MemorySegment chunkIn(MemorySegment d, long at) {
        ChunkPeek p = ChunkPeek.read(d, at, d.byteSize() - at, "in-memory frame");
        return d.asSlice(at, p.cbytes());
    }

    private void append(MemorySegment chunk) {
        if (buf == null) {
            buf = data.toArray(ValueLayout.JAVA_BYTE);
            buf = Arrays.copyOf(buf, Math.max(64, buf.length * 2));
        }
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
