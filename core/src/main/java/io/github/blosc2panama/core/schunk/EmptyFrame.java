package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.FrameHeader;
import io.github.blosc2panama.core.frame.FrameWriter;
import io.github.blosc2panama.core.frame.Metalayer;
import java.util.List;

/** The header and the bytes of a new super-chunk's frame before its first chunk (C's {@code new_header_frame}). */
public final class EmptyFrame {
    private EmptyFrame() {
    }

    /**
     * The header of an empty frame with these parameters. Its chunksize is {@code chunksize} when that is positive, as
     * C-Blosc2 writes it once a super-chunk has one (python-blosc2's {@code SChunk(chunksize=...)} from the first chunk
     * on, every b2nd array from the start): chunks up to that size keep it, and C then appends full chunks after a
     * shorter first one and resizes empty arrays. Else -1: the first chunk sets it.
     */
    public static FrameHeader header(CParams p, boolean sparse, List<Metalayer> metas, int chunksize) {
        int compcode = p.codec().id();
        int codecFlags = (compcode >= 6 ? FrameHeader.UDCODEC_FORMAT : compcode) | (p.clevel() << 4);
        byte[] filters = new byte[6];
        byte[] filtersMeta = p.filtersMeta();
        for (int i = 0; i < 6; i++) {
            filters[i] = (byte) p.filter(i).id();
            if (p.filter(i) == Filter.BYTEDELTA && filtersMeta[i] == 0) {
                // as python-blosc2 records it, and as the chunk writer stores it in each chunk. But python-blosc2
                // opens no frame whose filters_meta exceeds an int8, nor one with a 0 there, which it turns into the
                // typesize: above 127 it gets what it records itself, its CParams' default typesize, 8 (a C-Blosc2
                // appending to the frame then gives BYTEDELTA 8 streams; each chunk records its own)
                filtersMeta[i] = (byte) (p.typesize() <= Byte.MAX_VALUE ? p.typesize() : 8);
            }
        }
        FrameHeader h = new FrameHeader(0, 0, ChunksizeRule.generalFlags(-1, false), sparse ? 1 : 0, codecFlags,
                p.splitMode().id() - 1, 0, 0, p.typesize(), p.blocksize(), chunksize > 0 ? chunksize : -1,
                Math.min(p.nthreads(), Short.MAX_VALUE), 1, false, 6, filters, filtersMeta, compcode, p.codecMeta(),
                p.useDict() ? 1 : 0, metas);
        return h.withMetalayers(metas);
    }

    /** The whole frame of {@code header} with no chunk: header, empty offsets index, trailer. */
    static byte[] bytes(FrameHeader header, ChunkCodec codec) {
        return FrameWriter.compact(header, new long[0], 0, false, List.of(), off -> null, codec).frame();
    }
}
