package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The msgpack header of a Blosc2 frame (README_CFRAME_FORMAT "Header"): a fixarray of 14 items
 * whose first 87 bytes sit at fixed offsets, followed by the metalayers section
 * ({@code [idx_size, {name: offset}, [bin32 content...]]}).
 *
 * @param headerLen        total header length, metalayers included
 * @param frameLen         total frame length (for a sparse frame: of {@code chunks.b2frame})
 * @param generalFlags     version (bits 0..3), offsets width (4..5), variable chunks (6), VL blocks (7)
 * @param frameType        0 contiguous, 1 sparse directory
 * @param codecFlags       codec format code (bits 0..3), clevel (4..7)
 * @param otherFlags       splitmode - 1 (bits 0..1)
 * @param nbytes           uncompressed size of all chunks
 * @param cbytes           compressed size of the chunks section (contiguous) or of all chunks (sparse)
 * @param typesize         item size
 * @param blocksize        blocksize of the chunks, 0 if not fixed
 * @param chunksize        chunk size, 0 for variable, -1 when never set
 * @param nthreadsC        compression threads
 * @param nthreadsD        decompression threads
 * @param hasVlmetalayers  whether the trailer holds vlmetalayers
 * @param nfilters         number of filter slots used (6)
 * @param filters          the 6 filter ids
 * @param filtersMeta      the 6 filter meta bytes
 * @param udcodec          the codec id (compcode) itself
 * @param codecMeta        compcode_meta
 * @param otherFlags2      bit 0: use_dict
 * @param metalayers       the metalayers, in index order
 */
public record FrameHeader(
        int headerLen,
        long frameLen,
        int generalFlags,
        int frameType,
        int codecFlags,
        int otherFlags,
        long nbytes,
        long cbytes,
        int typesize,
        int blocksize,
        int chunksize,
        int nthreadsC,
        int nthreadsD,
        boolean hasVlmetalayers,
        int nfilters,
        byte[] filters,
        byte[] filtersMeta,
        int udcodec,
        int codecMeta,
        int otherFlags2,
        List<Metalayer> metalayers) {

    /** Length of the fixed part of the header (FRAME_HEADER_MINLEN). */
    public static final int MIN_LEN = 87;
    /** Value offsets of the fixed fields. */
    public static final int POS_HEADER_LEN = 11;
    public static final int POS_FRAME_LEN = 16;
    public static final int POS_FLAGS = 25;
    public static final int POS_NBYTES = 30;
    public static final int POS_CBYTES = 39;
    public static final int POS_TYPESIZE = 48;
    public static final int POS_CHUNKSIZE = 58;
    public static final int POS_NTHREADS_C = 63;
    public static final int FRAME_TYPE_CONTIGUOUS = 0;
    public static final int FRAME_TYPE_SPARSE = 1;
    /** Highest frame format version understood (BLOSC2_VERSION_FRAME_FORMAT). */
    public static final int MAX_VERSION = 3;
    public static final int VERSION_RC1 = 2;
    public static final int VERSION_VL_BLOCKS = 3;
    public static final int FLAG_OFFSETS_64 = 0x10;
    public static final int FLAG_VARIABLE_CHUNKS = 0x40;
    public static final int FLAG_VL_BLOCKS = 0x80;
    public static final int MAX_METALAYERS = 16;
    public static final int MAX_NAME_LEN = 31;
    /** The codec format code meaning "user-defined codec in the udcodec byte" (BLOSC_UDCODEC_FORMAT). */
    public static final int UDCODEC_FORMAT = 6;
    private static final byte[] MAGIC = "b2frame\0".getBytes(StandardCharsets.US_ASCII);

    public FrameHeader {
        filters = filters.clone();
        filtersMeta = filtersMeta.clone();
        metalayers = List.copyOf(metalayers);
    }

    @Override
    public byte[] filters() {
        return filters.clone();
    }

    @Override
    public byte[] filtersMeta() {
        return filtersMeta.clone();
    }

    public int version() {
        return generalFlags & 0x0f;
    }

    public boolean variableChunks() {
        return (generalFlags & FLAG_VARIABLE_CHUNKS) != 0;
    }

    public boolean vlBlocks() {
        return (generalFlags & FLAG_VL_BLOCKS) != 0;
    }

    public boolean sparse() {
        return frameType == FRAME_TYPE_SPARSE;
    }

    /** The codec id (BLOSCLZ 0 ... ZSTD 5, or a user codec id). */
    public int compcode() {
        int code = codecFlags & 0x0f;
        return code == UDCODEC_FORMAT ? udcodec : code;
    }

    public int clevel() {
        return codecFlags >>> 4;
    }

    /** The splitmode (1 ALWAYS .. 4 FORWARD_COMPAT). */
    public int splitmode() {
        return (otherFlags & 0x03) + 1;
    }

    public boolean useDict() {
        return (otherFlags2 & 1) != 0;
    }

    /** The metalayer named {@code name}, or null. */
    public Metalayer metalayer(String name) {
        return Metalayer.find(metalayers, name);
    }

    public FrameHeader withSizes(long newFrameLen, long newNbytes, long newCbytes, int newChunksize, int newBlocksize,
            int newGeneralFlags, boolean newHasVl) {
        return new FrameHeader(headerLen, newFrameLen, newGeneralFlags, frameType, codecFlags, otherFlags, newNbytes,
                newCbytes, typesize, newBlocksize, newChunksize, nthreadsC, nthreadsD, newHasVl, nfilters, filters,
                filtersMeta, udcodec, codecMeta, otherFlags2, metalayers);
    }

    /** A copy with other metalayers; {@link #headerLen()} is recomputed on {@link #encode()}. */
    public FrameHeader withMetalayers(List<Metalayer> newMetalayers) {
        FrameHeader h = new FrameHeader(0, frameLen, generalFlags, frameType, codecFlags, otherFlags, nbytes, cbytes,
                typesize, blocksize, chunksize, nthreadsC, nthreadsD, hasVlmetalayers, nfilters, filters, filtersMeta,
                udcodec, codecMeta, otherFlags2, newMetalayers);
        return h.withHeaderLen(encodedLength(newMetalayers));
    }

    FrameHeader withHeaderLen(int len) {
        return new FrameHeader(len, frameLen, generalFlags, frameType, codecFlags, otherFlags, nbytes, cbytes,
                typesize, blocksize, chunksize, nthreadsC, nthreadsD, hasVlmetalayers, nfilters, filters, filtersMeta,
                udcodec, codecMeta, otherFlags2, metalayers);
    }

    /** The encoded length of a header holding these metalayers. */
    public static int encodedLength(List<Metalayer> metas) {
        long len = MIN_LEN + 1 + 3 + 3 + 3;
        for (Metalayer m : metas) {
            len += 1 + m.name().getBytes(StandardCharsets.UTF_8).length + 5 + 5 + m.contentLength();
        }
        if (len > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("metalayers too large: " + len + " bytes");
        }
        return (int) len;
    }

    // ---------------------------------------------------------------- parse

    /**
     * Parses and validates the header at the start of {@code frame}. Only the header's own bytes are
     * checked here; the caller checks frame_len and cbytes against the frame.
     */
    public static FrameHeader parse(MemorySegment frame, String source) {
        if (frame.byteSize() < MIN_LEN) {
            throw new CorruptDataException(source + ": " + frame.byteSize() + " bytes, too short for a frame header ("
                    + MIN_LEN + " bytes at least)");
        }
        MsgPackReader r = new MsgPackReader(frame, 0, MIN_LEN, source);
        long items = r.readArrayHeader("header array");
        if (r.position() != 1) {
            // the fields below sit at fixed offsets, which only a one-byte fixarray marker gives
            throw r.corrupt(0, "header array", String.format("marker 0x%02x is not a fixarray",
                    Byte.toUnsignedInt(frame.get(ValueLayout.JAVA_BYTE, 0))));
        }
        if (items < 14) {
            throw r.corrupt(0, "header array", "has " + items + " items, 14 expected");
        }
        r.expectMarker(0xa8, "magic");
        for (int i = 0; i < MAGIC.length; i++) {
            if (frame.get(ValueLayout.JAVA_BYTE, r.position() + i) != MAGIC[i]) {
                throw r.corrupt(r.position(), "magic", "not \"b2frame\"");
            }
        }
        r.position(r.position() + MAGIC.length, "magic");
        r.expectMarker(0xd2, "header_len");
        long headerLen = r.readLongAt(POS_HEADER_LEN, 4);
        if (headerLen < MIN_LEN) {
            throw r.corrupt(POS_HEADER_LEN, "header_len", "value " + headerLen + " is below " + MIN_LEN);
        }
        if (headerLen > frame.byteSize()) {
            throw r.corrupt(POS_HEADER_LEN, "header_len", "value " + headerLen + " exceeds the " + frame.byteSize()
                    + " bytes available");
        }
        r.expectMarker(0xcf, "frame_len");
        long frameLen = r.readLongAt(POS_FRAME_LEN, 8);
        if (frameLen < headerLen) {
            throw r.corrupt(POS_FRAME_LEN, "frame_len", "value " + Long.toUnsignedString(frameLen)
                    + " is below header_len " + headerLen);
        }
        r.expectMarker(0xa4, "flags");
        int generalFlags = (int) r.peekUnsigned(POS_FLAGS);
        int frameType = (int) r.peekUnsigned(POS_FLAGS + 1);
        int codecFlags = (int) r.peekUnsigned(POS_FLAGS + 2);
        int otherFlags = (int) r.peekUnsigned(POS_FLAGS + 3);
        r.position(POS_FLAGS + 4, "flags");
        if ((generalFlags & 0x0f) > MAX_VERSION) {
            throw new UnsupportedFeatureException(source + ": frame format version " + (generalFlags & 0x0f)
                    + " is newer than the supported " + MAX_VERSION);
        }
        if ((generalFlags & 0x30) != FLAG_OFFSETS_64) {
            throw new UnsupportedFeatureException(source + ": frame offsets of " + (32 << ((generalFlags >> 4) & 3))
                    + " bits (only 64-bit offsets are supported)");
        }
        if ((frameType & 0x0f) > FRAME_TYPE_SPARSE) {
            throw r.corrupt(POS_FLAGS + 1, "frame_type", "unknown frame type " + frameType);
        }
        r.expectMarker(0xd3, "nbytes");
        long nbytes = r.readLongAt(POS_NBYTES, 8);
        if (nbytes < 0) {
            throw r.corrupt(POS_NBYTES, "nbytes", "negative value " + nbytes);
        }
        r.expectMarker(0xd3, "cbytes");
        long cbytes = r.readLongAt(POS_CBYTES, 8);
        if (cbytes < 0) {
            throw r.corrupt(POS_CBYTES, "cbytes", "negative value " + cbytes);
        }
        r.expectMarker(0xd2, "typesize");
        long typesize = r.readLongAt(POS_TYPESIZE, 4);
        if (typesize <= 0) {
            throw r.corrupt(POS_TYPESIZE, "typesize", "value " + typesize + " must be positive");
        }
        r.expectMarker(0xd2, "blocksize");
        long blocksize = r.readLongAt(53, 4);
        if (blocksize < 0) {
            throw r.corrupt(53, "blocksize", "negative value " + blocksize);
        }
        r.expectMarker(0xd2, "chunksize");
        long chunksize = r.readLongAt(POS_CHUNKSIZE, 4);
        if (chunksize < -1) {
            throw r.corrupt(POS_CHUNKSIZE, "chunksize", "value " + chunksize + " below -1");
        }
        r.expectMarker(0xd1, "nthreads_c");
        int nthreadsC = (int) r.readLongAt(POS_NTHREADS_C, 2);
        r.expectMarker(0xd1, "nthreads_d");
        int nthreadsD = (int) r.readLongAt(66, 2);
        boolean hasVl = r.readBool("has_vlmetalayers");
        r.expectMarker(0xd8, "filter pipeline");
        int nfilters = (int) r.peekUnsigned(70);
        if (nfilters > 6) {
            throw r.corrupt(70, "nfilters", "value " + nfilters + " exceeds 6");
        }
        byte[] filters = new byte[6];
        byte[] filtersMeta = new byte[6];
        for (int i = 0; i < nfilters; i++) {
            filters[i] = (byte) r.peekUnsigned(71 + i);
            filtersMeta[i] = (byte) r.peekUnsigned(79 + i);
        }
        int udcodec = (int) r.peekUnsigned(77);
        int codecMeta = (int) r.peekUnsigned(78);
        int otherFlags2 = (int) r.peekUnsigned(85);

        List<Metalayer> metas = parseMetalayers(frame, (int) headerLen, source);
        return new FrameHeader((int) headerLen, frameLen, generalFlags, frameType, codecFlags, otherFlags, nbytes,
                cbytes, (int) typesize, (int) blocksize, (int) chunksize, nthreadsC, nthreadsD, hasVl, nfilters,
                filters, filtersMeta, udcodec, codecMeta, otherFlags2, metas);
    }

    /**
     * Parses a metalayers section {@code [uint16 idx_size, map16 {fixstr: int32 offset}, array16 [bin32]]}
     * at {@code start} of {@code seg[0, limit)}; offsets are relative to {@code base}. Shared by the
     * header (metalayers) and the trailer (vlmetalayers).
     */
    static List<Metalayer> parseMetaSection(MsgPackReader r, MemorySegment seg, long base, long limit, int max,
            String what, String source) {
        long at = r.position();
        long n3 = r.readArrayHeader(what + " section");
        if (n3 != 3) {
            throw r.corrupt(at, what + " section", "array of " + n3 + " items, 3 expected");
        }
        r.expectMarker(0xcd, what + " index size");
        r.readUnsignedAt(r.position(), 2);
        r.expectMarker(0xde, what + " index map");
        long n = r.readUnsignedAt(r.position(), 2);
        if (n > max) {
            throw r.corrupt(r.position() - 2, what + " count", n + " entries, at most " + max + " allowed");
        }
        List<Metalayer> out = new ArrayList<>((int) n);
        Set<String> names = new HashSet<>();
        long stored = 0; // bytes of the contents read so far, markers included
        for (int i = 0; i < n; i++) {
            long nameAt = r.position();
            int m = r.peekMarker(what + " name");
            if ((m & 0xe0) != 0xa0) {
                throw r.corrupt(nameAt, what + " name #" + i, String.format("expected a fixstr, found marker 0x%02x", m));
            }
            String name = r.readString(what + " name #" + i);
            if (!names.add(name)) {
                throw r.corrupt(nameAt, what + " name #" + i, "duplicate name '" + name + "'");
            }
            r.expectMarker(0xd2, what + " '" + name + "' offset");
            long offAt = r.position();
            long off = r.readLongAt(offAt, 4);
            if (off < 0 || base + off + 5 > limit) {
                throw r.corrupt(offAt, what + " '" + name + "' offset", "value " + off + " points outside of the "
                        + (limit - base) + " bytes of the " + what + " area");
            }
            MsgPackReader c = new MsgPackReader(seg, base + off, limit, source);
            int cm = c.peekMarker(what + " '" + name + "' content");
            if (cm != 0xc6) {
                throw c.corrupt(base + off, what + " '" + name + "' content",
                        String.format("expected bin32 marker 0xc6, found 0x%02x", cm));
            }
            byte[] content = c.readBinary(what + " '" + name + "' content");
            // the contents C-Blosc2 writes lie one after the other: entries sharing bytes would have each copied
            stored += 5L + content.length;
            if (stored > limit - base) {
                throw r.corrupt(offAt, what + " '" + name + "' offset", "the contents of the first " + (i + 1) + " "
                        + what + "s take " + stored + " bytes, more than the " + (limit - base) + " bytes of the "
                        + what + " area: they overlap");
            }
            out.add(new Metalayer(name, content));
        }
        r.expectMarker(0xdc, what + " values array");
        long nv = r.readUnsignedAt(r.position(), 2);
        if (nv != n) {
            throw r.corrupt(r.position() - 2, what + " values array", nv + " values for " + n + " names");
        }
        return out;
    }

    private static List<Metalayer> parseMetalayers(MemorySegment frame, int headerLen, String source) {
        if (headerLen == MIN_LEN) {
            return List.of();
        }
        MsgPackReader r = new MsgPackReader(frame, MIN_LEN, headerLen, source);
        return parseMetaSection(r, frame, 0, headerLen, MAX_METALAYERS, "metalayer", source);
    }

    // ---------------------------------------------------------------- encode

    /** Encodes this header as C-Blosc2 does ({@code new_header_frame}); headerLen is computed. */
    public byte[] encode() {
        MsgPackWriter w = new MsgPackWriter(encodedLength(metalayers));
        w.fixArray(14);
        w.raw(0xa8).raw(MAGIC);
        w.int32(encodedLength(metalayers));
        w.uint64(frameLen);
        w.raw(0xa4).raw(generalFlags).raw(frameType).raw(codecFlags).raw(otherFlags);
        w.int64(nbytes);
        w.int64(cbytes);
        w.int32(typesize);
        w.int32(blocksize);
        w.int32(chunksize);
        w.int16(nthreadsC);
        w.int16(nthreadsD);
        w.bool(hasVlmetalayers);
        byte[] ext = new byte[16];
        System.arraycopy(filters, 0, ext, 0, 6);
        ext[6] = (byte) udcodec;
        ext[7] = (byte) codecMeta;
        System.arraycopy(filtersMeta, 0, ext, 8, 6);
        ext[14] = (byte) otherFlags2;
        w.fixExt16(nfilters, ext);
        if (w.size() != MIN_LEN) {
            throw new IllegalStateException("fixed header part is " + w.size() + " bytes");
        }
        encodeMetaSection(w, metalayers, 0, true);
        return w.toByteArray();
    }

    /**
     * Writes {@code [uint16 idx_size, map16 {fixstr: int32 offset}, array16 [bin32]]}; offsets are
     * relative to {@code base} (the writer position where the enclosing structure starts). C counts
     * idx_size from the array marker in the header but from the uint16 marker in the trailer.
     */
    static void encodeMetaSection(MsgPackWriter w, List<Metalayer> metas, int base, boolean sizeCountsArrayMarker) {
        int sectionStart = w.size();
        w.fixArray(3);
        if (!sizeCountsArrayMarker) {
            sectionStart = w.size();
        }
        int idxSizeAt = w.size() + 1;
        w.uint16(0);
        w.map16(metas.size());
        int[] offsetAt = new int[metas.size()];
        for (int i = 0; i < metas.size(); i++) {
            w.fixStr(metas.get(i).name());
            offsetAt[i] = w.size() + 1;
            w.int32(0);
        }
        int idxSize = w.size() - sectionStart;
        w.patchShort(idxSizeAt, idxSize);
        w.array16(metas.size());
        for (int i = 0; i < metas.size(); i++) {
            w.patchInt(offsetAt[i], w.size() - base);
            w.bin32(metas.get(i).contentNoCopy());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrameHeader h && headerLen == h.headerLen && frameLen == h.frameLen
                && generalFlags == h.generalFlags && frameType == h.frameType && codecFlags == h.codecFlags
                && otherFlags == h.otherFlags && nbytes == h.nbytes && cbytes == h.cbytes && typesize == h.typesize
                && blocksize == h.blocksize && chunksize == h.chunksize && nthreadsC == h.nthreadsC
                && nthreadsD == h.nthreadsD && hasVlmetalayers == h.hasVlmetalayers && nfilters == h.nfilters
                && Arrays.equals(filters, h.filters) && Arrays.equals(filtersMeta, h.filtersMeta)
                && udcodec == h.udcodec && codecMeta == h.codecMeta && otherFlags2 == h.otherFlags2
                && metalayers.equals(h.metalayers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(headerLen, frameLen, nbytes, cbytes, typesize, chunksize, metalayers);
    }
}
