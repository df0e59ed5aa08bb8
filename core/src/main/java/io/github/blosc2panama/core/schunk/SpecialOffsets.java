package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.ChunkPeek;
import io.github.blosc2panama.core.frame.OffsetsIndex;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Supplier;

/**
 * How the ZERO, NAN and UNINIT chunks of a new chunk list are stored: as special offsets where a reader derives
 * their size from the frame, else as chunks of their own.
 *
 * @param codec    makes the chunks stored in place of special offsets
 * @param cparams  the frame's compression parameters, asked for only when such a chunk is made
 * @param typesize the frame's typesize
 */
record SpecialOffsets(ChunkCodec codec, Supplier<CParams> cparams, int typesize) {

    /**
     * Turns each special chunk of the list into a special offset or a stored chunk. Chunk {@code k} holds {@code
     * nbytes[k]} bytes; {@code pending.get(k)} is the chunk to store at k, or null where {@code offsets[k]} (an
     * offset, or already a special one) stays. Both arrays are changed in place; the frame's chunksize after the
     * change is {@code chunksize} and its chunks hold {@code total} bytes.
     */
    void place(long[] offsets, int[] nbytes, List<MemorySegment> pending, int chunksize, long total) {
        int n = offsets.length;
        for (int k = 0; k < n; k++) {
            MemorySegment c = pending.get(k);
            ChunkPeek peek = c != null ? ChunkPeek.read(c, 0, c.byteSize(), "chunk") : null;
            SpecialValue sv = peek != null ? peek.special()
                    : offsets[k] < 0 ? OffsetsIndex.special(offsets[k], "chunk " + k) : SpecialValue.NONE;
            if (sv != SpecialValue.ZERO && sv != SpecialValue.NAN && sv != SpecialValue.UNINIT) {
                continue;
            }
            // a reader rebuilds NaNs with the frame's typesize
            int nanWidth = peek != null ? peek.typesize() : typesize;
            // (C rebuilds the chunk with blosc2_chunk_zeros and its siblings, which want whole items)
            boolean encodable = chunksize > 0
                    && nbytes[k] == (k == n - 1 && total % chunksize != 0 ? (int) (total % chunksize) : chunksize)
                    && nbytes[k] % typesize == 0 && (sv != SpecialValue.NAN || nanWidth == typesize);
            if (encodable) {
                offsets[k] = OffsetsIndex.specialOffset(sv);
                pending.set(k, null);
            } else if (c != null || offsets[k] < 0) {
                pending.set(k, MemorySegment.ofArray(stored(sv, nbytes[k], nanWidth)));
            }
        }
    }

    /**
     * The chunk to store for a ZERO, NAN or UNINIT chunk that no special offset can stand for. C-Blosc2 reads
     * header-only chunks of those kinds from in-memory frames only ({@code frame_get_lazychunk} refuses them in frame
     * files and sparse frames) but repeated-value chunks everywhere: so a repeated value of the frame's typesize, zeros
     * (ZERO, UNINIT) or NaNs; where that cannot stand for the chunk (not whole items, or NaNs of another width), its
     * data: NaNs compressed with the frame's parameters, zeros stored as they are (compressed, they would make the
     * header-only chunk again).
     */
    private byte[] stored(SpecialValue sv, int nbytes, int nanWidth) {
        boolean repeatable = nbytes > 0 && nbytes % typesize == 0
                && (sv != SpecialValue.NAN || typesize % nanWidth == 0);
        byte[] data = new byte[repeatable ? typesize : nbytes];
        if (sv == SpecialValue.NAN) {
            codec.decompress(MemorySegment.ofArray(codec.special(sv, data.length, nanWidth)), MemorySegment.ofArray(data));
        }
        if (repeatable) {
            return codec.repeatValue(cparams.get(), nbytes, data);
        }
        CParams p = sv == SpecialValue.NAN ? cparams.get() : cparams.get().toBuilder().clevel(0).build();
        return codec.compress(MemorySegment.ofArray(data), p);
    }
}
