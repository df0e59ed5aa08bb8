package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The msgpack trailer of a frame (README_CFRAME_FORMAT "Trailer"):
 * {@code [version, vlmetalayers section, uint32 trailer_len, fixext16 fingerprint]}. The
 * vlmetalayers contents are stored as Blosc2 chunks (compressed); this class keeps them as stored.
 *
 * @param version      trailer format version (1)
 * @param vlmetalayers the vlmetalayers with their stored (compressed) content
 * @param trailerLen   the length of the trailer in bytes
 */
public record FrameTrailer(int version, List<Metalayer> vlmetalayers, int trailerLen) {
    /** Smallest trailer (FRAME_TRAILER_MINLEN). */
    public static final int MIN_LEN = 25;
    /** Distance from the frame end to the uint32 trailer_len value (FRAME_TRAILER_LEN_OFFSET). */
    public static final int LEN_FROM_END = 22;
    public static final int VERSION = 1;
    /** Most vlmetalayers a trailer is read with (BLOSC2_MAX_VLMETALAYERS). */
    public static final int MAX_VLMETALAYERS = 8 * 1024;
    /**
     * Most vlmetalayers a super-chunk is given: C-Blosc2's trailer writer refuses more than BLOSC2_MAX_METALAYERS
     * (frame.c), so python-blosc2 cannot modify a frame that has more (it aborts in C), though it reads one.
     */
    public static final int MAX_WRITTEN_VLMETALAYERS = 16;

    public FrameTrailer {
        vlmetalayers = List.copyOf(vlmetalayers);
    }

    /**
     * Reads trailer_len from the end of {@code frame[0, frameLen)} and checks it (C's
     * {@code frame_from_cframe}): the uint32 marker 0xce 23 bytes before the end, and a length of at
     * least 25 that leaves room for the 87-byte header.
     */
    public static int readTrailerLen(MemorySegment frame, long frameLen, String source) {
        if (frameLen < FrameHeader.MIN_LEN + MIN_LEN || frameLen > frame.byteSize()) {
            throw new CorruptDataException(source + ": frame_len " + frameLen + " cannot hold a header and a trailer in "
                    + frame.byteSize() + " bytes");
        }
        long markerAt = frameLen - LEN_FROM_END - 1;
        int marker = Byte.toUnsignedInt(frame.get(ValueLayout.JAVA_BYTE, markerAt));
        if (marker != 0xce) {
            throw new CorruptDataException(source + ": at offset " + markerAt
                    + ", trailer_len: expected uint32 marker 0xce, found " + String.format("0x%02x", marker));
        }
        long len = Integer.toUnsignedLong(frame.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN),
                markerAt + 1));
        if (len < MIN_LEN || len > frameLen - FrameHeader.MIN_LEN) {
            throw new CorruptDataException(source + ": at offset " + (markerAt + 1) + ", trailer_len: value " + len
                    + " outside of [" + MIN_LEN + ", " + (frameLen - FrameHeader.MIN_LEN) + "]");
        }
        return (int) len;
    }

    /** Parses the trailer occupying {@code frame[start, start + len)}. */
    public static FrameTrailer parse(MemorySegment frame, long start, int len, String source) {
        MsgPackReader r = new MsgPackReader(frame, start, start + len, source);
        long n = r.readArrayHeader("trailer array");
        if (n != 4) {
            throw r.corrupt(start, "trailer array", n + " items, 4 expected");
        }
        long version = r.readLong("trailer version", 0, 127);
        List<Metalayer> vl = FrameHeader.parseMetaSection(r, frame, start, start + len, MAX_VLMETALAYERS,
                "vlmetalayer", source);
        // C places trailer_len right after the vlmetalayer values, then the 18-byte fingerprint ext
        long expectedLenAt = start + len - LEN_FROM_END - 1;
        r.position(expectedLenAt, "trailer_len");
        r.expectMarker(0xce, "trailer_len");
        r.readUnsignedAt(r.position(), 4);
        r.readExt("fingerprint");
        return new FrameTrailer((int) version, vl, len);
    }

    /** Encodes a trailer holding these (stored, compressed) vlmetalayers, as C's frame_update_trailer. */
    public static byte[] encode(List<Metalayer> vlmetalayers) {
        MsgPackWriter w = new MsgPackWriter(64);
        w.fixArray(4);
        w.raw(VERSION);
        FrameHeader.encodeMetaSection(w, vlmetalayers, 0, false);
        long total = (long) w.size() + 5 + 18;
        if (total > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("vlmetalayers too large: " + total);
        }
        w.uint32(total);
        w.fixExt16(0, new byte[16]);
        return w.toByteArray();
    }
}
