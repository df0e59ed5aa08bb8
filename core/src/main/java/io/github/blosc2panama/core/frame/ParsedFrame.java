package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.Limits;
import java.lang.foreign.MemorySegment;

/**
 * A frame (contiguous, or the {@code chunks.b2frame} of a sparse one) whose header, offsets index
 * and trailer have been parsed and checked against the bytes really there.
 *
 * @param header     the header
 * @param offsets    the decoded offsets index, one per chunk (one repeated value kept as such)
 * @param trailer    the trailer
 * @param dataStart  where the chunks section starts (header_len)
 * @param dataLen    the chunks section length (cbytes for contiguous frames, 0 for sparse ones)
 */
public record ParsedFrame(FrameHeader header, ChunkOffsets offsets, FrameTrailer trailer, long dataStart, long dataLen) {

    public int nchunks() {
        return offsets.size();
    }

    /**
     * Parses {@code seg[0, frame_len)}.
     *
     * @param sparse      whether the frame must be a sparse index ({@code chunks.b2frame})
     * @param exactLength whether frame_len must equal the segment size (an in-memory cframe)
     */
    public static ParsedFrame parse(MemorySegment seg, boolean sparse, boolean exactLength, ChunkCodec codec,
            String source) {
        return parse(seg, sparse, exactLength, codec, source, Limits.defaults());
    }

    /** Like {@link #parse(MemorySegment, boolean, boolean, ChunkCodec, String)}, refusing more chunks than {@code limits} allow. */
    public static ParsedFrame parse(MemorySegment seg, boolean sparse, boolean exactLength, ChunkCodec codec,
            String source, Limits limits) {
        FrameHeader h = FrameHeader.parse(seg, source);
        if (h.sparse() != sparse) {
            throw new CorruptDataException(source + ": frame_type " + h.frameType() + " but a "
                    + (sparse ? "sparse (1)" : "contiguous (0)") + " frame was expected");
        }
        if (h.nbytes() > 0 && h.chunksize() < 0) {
            // C-Blosc2 sets the chunksize with the first chunk; it refuses this header ("Invalid chunk size")
            throw new CorruptDataException(source + ": at offset " + FrameHeader.POS_CHUNKSIZE + ", chunksize: value "
                    + h.chunksize() + " in a frame of nbytes " + h.nbytes() + " (a frame with data has a chunksize of"
                    + " 0, variable, or more)");
        }
        long frameLen = h.frameLen();
        if (frameLen > seg.byteSize() || (exactLength && frameLen != seg.byteSize())) {
            throw new CorruptDataException(source + ": at offset " + FrameHeader.POS_FRAME_LEN + ", frame_len: value "
                    + Long.toUnsignedString(frameLen) + (exactLength ? " differs from" : " exceeds") + " the "
                    + seg.byteSize() + " bytes available");
        }
        int trailerLen = FrameTrailer.readTrailerLen(seg, frameLen, source);
        long trailerPos = frameLen - trailerLen;
        long headerLen = h.headerLen();
        if (trailerPos < headerLen) {
            throw new CorruptDataException(source + ": trailer at offset " + trailerPos + " overlaps the header of "
                    + headerLen + " bytes");
        }
        long dataLen = sparse ? 0 : h.cbytes();
        if (h.nbytes() == 0 && dataLen > trailerPos - headerLen) {
            // C-Blosc2 removes the chunks and the offsets index when it deletes the last chunk but leaves their cbytes
            // in the header; with nbytes 0 it holds no chunks and never reads cbytes. Neither do we (and we write 0).
            h = h.withSizes(frameLen, 0, 0, h.chunksize(), h.blocksize(), h.generalFlags(), h.hasVlmetalayers());
            dataLen = 0;
        }
        if (dataLen > trailerPos - headerLen) {
            throw new CorruptDataException(source + ": at offset " + FrameHeader.POS_CBYTES + ", cbytes: value " + dataLen
                    + " exceeds the " + (trailerPos - headerLen) + " bytes between header and trailer");
        }
        long indexPos = headerLen + dataLen;
        long indexAvail = trailerPos - indexPos;
        ChunkOffsets offsets;
        if (indexAvail == 0) {
            if (h.nbytes() != 0) {
                throw new CorruptDataException(source + ": nbytes is " + h.nbytes() + " but the frame has no offsets index");
            }
            offsets = ChunkOffsets.EMPTY;
        } else {
            ChunkPeek p = ChunkPeek.read(seg, indexPos, indexAvail, source + ": offsets index at offset " + indexPos);
            if (p.nbytes() % 8 != 0) {
                throw new CorruptDataException(source + ": offsets index at offset " + indexPos + " holds " + p.nbytes()
                        + " bytes, not a multiple of 8");
            }
            long nchunks = p.nbytes() / 8;
            if (h.chunksize() > 0 && h.nbytes() > 0) {
                long expected = (h.nbytes() + h.chunksize() - 1) / h.chunksize();
                if (expected != nchunks) {
                    throw new CorruptDataException(source + ": offsets index has " + nchunks + " entries but nbytes "
                            + h.nbytes() + " and chunksize " + h.chunksize() + " make " + expected + " chunks");
                }
            }
            limits.checkNchunks(nchunks, source + ": offsets index at offset " + indexPos);
            offsets = OffsetsIndex.decode(seg, indexPos, indexAvail, nchunks, codec,
                    source + ": offsets index at offset " + indexPos);
        }
        // a repeated offset is checked once, as chunk 0's
        int distinct = offsets.isRepeated() ? Math.min(1, offsets.size()) : offsets.size();
        for (int i = 0; i < distinct; i++) {
            long off = offsets.get(i);
            if (off < 0) {
                // (in a frame of variable chunksize the super-chunk derives the size, or refuses the chunk)
                OffsetsIndex.special(off, source + ": chunk " + i);
            } else if (sparse ? off > 0xFFFFFFFFL : off > dataLen - ChunkPeek.HEADER_LEN) {
                throw new CorruptDataException(source + ": chunk " + i + String.format(" has offset 0x%016x", off)
                        + (sparse ? ", not a chunk file number" : " outside of the chunks section of " + dataLen + " bytes"));
            }
        }
        FrameTrailer t = FrameTrailer.parse(seg, trailerPos, trailerLen, source);
        return new ParsedFrame(h, offsets, t, headerLen, dataLen);
    }
}
