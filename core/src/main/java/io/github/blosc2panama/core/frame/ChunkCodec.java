package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.chunk.ChunkDecompressor;
import io.github.blosc2panama.core.chunk.SpecialChunks;
import java.lang.foreign.MemorySegment;

/**
 * The chunk operations the frame layer needs, in one place: the frame layer never encodes or
 * decodes chunk payloads itself. {@link #BLOSC2} delegates to the {@link Blosc2} facade.
 */
public interface ChunkCodec {

    /** Compresses {@code src} into a new chunk. */
    byte[] compress(MemorySegment src, CParams params);

    /** Decompresses {@code chunk} into {@code dst} (at least nbytes long); returns nbytes. */
    long decompress(MemorySegment chunk, MemorySegment dst);

    /**
     * Checks the chunk's header (and, in {@link #BLOSC2}, where its blocks lie) against the chunk's bytes, before its
     * caller allocates the nbytes the header declares (a forged nbytes otherwise sizes the output first).
     */
    default void checkBeforeAllocating(MemorySegment chunk) {
        Blosc2.info(chunk);
    }

    /**
     * Decompresses the bytes {@code [start, start + dst.byteSize())} of the chunk's data into {@code dst}. By default
     * the whole chunk is decompressed and the part copied; {@link #BLOSC2} decodes only the blocks that hold it.
     */
    default void decompressRange(MemorySegment chunk, long start, MemorySegment dst) {
        checkBeforeAllocating(chunk);
        int nbytes = ChunkPeek.read(chunk, 0, chunk.byteSize(), "chunk").nbytes();
        MemorySegment whole = MemorySegment.ofArray(new byte[nbytes]);
        decompress(chunk, whole);
        MemorySegment.copy(whole, start, dst, 0, dst.byteSize());
    }

    /** A header-only chunk of {@code nbytes} bytes standing for {@code value} (ZERO, NAN or UNINIT). */
    byte[] special(SpecialValue value, int nbytes, int typesize);

    /**
     * The blocksize that compressing {@code nbytes} bytes with {@code params} chooses, as the header of a special
     * chunk of that size records it: what C-Blosc2's {@code frame_fill_special} keeps as the super-chunk's blocksize.
     */
    default int blocksize(CParams params, int nbytes) {
        byte[] sample = SpecialChunks.make(SpecialValue.ZERO, nbytes, params, null);
        return ChunkPeek.read(MemorySegment.ofArray(sample), 0, sample.length, "sample chunk").blocksize();
    }

    /**
     * A repeated-value chunk: {@code nbytes} bytes (a positive multiple of its length) repeating {@code value}, its
     * header's blocksize the one compressing with {@code params} chooses (as C-Blosc2's
     * {@code blosc2_chunk_repeatval}, whose context sets it): a b2nd reader counts the blocks.
     */
    default byte[] repeatValue(CParams params, int nbytes, byte[] value) {
        return SpecialChunks.make(SpecialValue.VALUE, nbytes, params.toBuilder().typesize(value.length).build(),
                value);
    }

    /** The facade's implementation. */
    ChunkCodec BLOSC2 = new ChunkCodec() {
        @Override
        public byte[] compress(MemorySegment src, CParams params) {
            return Blosc2.compress(src, params);
        }

        @Override
        public long decompress(MemorySegment chunk, MemorySegment dst) {
            return Blosc2.decompress(chunk, dst, DParams.defaults());
        }

        @Override
        public void checkBeforeAllocating(MemorySegment chunk) {
            ChunkDecompressor.checkBeforeAllocating(chunk);
        }

        @Override
        public byte[] special(SpecialValue value, int nbytes, int typesize) {
            return switch (value) {
                case ZERO -> Blosc2.zeros(nbytes, typesize);
                case NAN -> Blosc2.nans(nbytes, typesize);
                case UNINIT -> Blosc2.uninit(nbytes, typesize);
                default -> throw new IllegalArgumentException("no offset encoding for special value " + value);
            };
        }

        @Override
        public void decompressRange(MemorySegment chunk, long start, MemorySegment dst) {
            ChunkDecompressor.getBytes(chunk, start, dst);
        }

        @Override
        public String toString() {
            return "ChunkCodec.BLOSC2";
        }
    };
}
