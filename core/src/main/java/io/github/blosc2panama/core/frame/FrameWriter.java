package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/** Lays out complete contiguous frames: header, chunks, offsets index, trailer (C's frame_from_schunk). */
public final class FrameWriter {
    private FrameWriter() {
    }

    /** A laid-out frame: its bytes, its offsets and its header. */
    public record Result(byte[] frame, long[] offsets, FrameHeader header) {
    }

    /**
     * Builds a compact contiguous frame: the stored chunks are copied in logical order and special
     * offsets are kept.
     *
     * @param repeatedIndex whether the offsets index is one repeated value (see {@link OffsetsIndex#encode})
     * @param added   chunks for logical positions whose offset is not yet assigned (may be empty)
     * @param chunkAt returns the stored chunk for a regular offset
     */
    public static Result compact(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, Map<Integer, MemorySegment> added, LongFunction<MemorySegment> chunkAt,
            ChunkCodec codec) {
        long[] newOffsets = new long[nchunks];
        MemorySegment[] parts = new MemorySegment[nchunks];
        long dataLen = 0;
        for (int i = 0; i < nchunks; i++) {
            MemorySegment c = added.get(i);
            if (c == null) {
                long off = offsets[i];
                if (off < 0) {
                    newOffsets[i] = off;
                    continue;
                }
                c = chunkAt.apply(off);
            }
            parts[i] = c;
            newOffsets[i] = dataLen;
            dataLen += c.byteSize();
        }
        byte[] index = nchunks == 0 ? new byte[0] : OffsetsIndex.encode(newOffsets, nchunks, repeatedIndex, codec);
        byte[] trailer = FrameTrailer.encode(vlmetalayers);
        int headerLen = FrameHeader.encodedLength(header.metalayers());
        long frameLen = headerLen + dataLen + index.length + trailer.length;
        if (frameLen > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("frame of " + frameLen + " bytes does not fit a byte array");
        }
        FrameHeader nh = header.withSizes(frameLen, header.nbytes(), dataLen, header.chunksize(), header.blocksize(),
                header.generalFlags(), !vlmetalayers.isEmpty()).withHeaderLen(headerLen);
        byte[] h = nh.encode();
        byte[] out = new byte[(int) frameLen];
        System.arraycopy(h, 0, out, 0, h.length);
        MemorySegment dst = MemorySegment.ofArray(out);
        for (int i = 0; i < nchunks; i++) {
            if (parts[i] != null) {
                MemorySegment.copy(parts[i], 0, dst, headerLen + newOffsets[i], parts[i].byteSize());
            }
        }
        System.arraycopy(index, 0, out, (int) (headerLen + dataLen), index.length);
        System.arraycopy(trailer, 0, out, (int) (headerLen + dataLen + index.length), trailer.length);
        return new Result(out, newOffsets, nh);
    }

    /** {@link #compact} with no added chunks. */
    public static Result compact(FrameHeader header, long[] offsets, int nchunks, boolean repeatedIndex,
            List<Metalayer> vlmetalayers, LongFunction<MemorySegment> chunkAt, ChunkCodec codec) {
        return compact(header, offsets, nchunks, repeatedIndex, vlmetalayers, new HashMap<>(), chunkAt, codec);
    }
}
