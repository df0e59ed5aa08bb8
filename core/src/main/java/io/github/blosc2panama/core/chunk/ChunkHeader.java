package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A chunk header, in either form: the 16-byte Blosc1 header or the 32-byte Blosc2 extended header
 * (README_CHUNK_FORMAT.rst). {@link #parse} validates every field against the bytes really there,
 * following the checks C-Blosc2 makes when it reads a chunk, before anything is allocated.
 * A holder can be {@linkplain #read re-read} for the next chunk.
 */
public final class ChunkHeader {
    static final int MIN_HEADER_LENGTH = 16;
    static final int EXTENDED_HEADER_LENGTH = 32;
    /** BLOSC2_MAXBLOCKSIZE. */
    static final int MAX_BLOCKSIZE = 536866816;
    /** BLOSC2_MAXDICTSIZE. */
    static final int MAX_DICT_SIZE = 32 * 1024;

    // flags (byte 2)
    static final int FLAG_SHUFFLE = 0x01;
    static final int FLAG_MEMCPYED = 0x02;
    static final int FLAG_BITSHUFFLE = 0x04;
    static final int FLAG_DELTA = 0x08;
    static final int FLAG_DONT_SPLIT = 0x10;
    // blosc2_flags (byte 31)
    static final int BLOSC2_USEDICT = 0x01;
    static final int BLOSC2_LAZY = 0x08;
    // blosc2_flags2 (byte 30)
    static final int BLOSC2_VL_BLOCKS = 0x01;

    static final int VERSION_FORMAT_BLOSC1 = 2;
    static final int VERSION_FORMAT_ALPHA = 3;
    static final int VERSION_FORMAT_STABLE = 5;
    static final int VERSION_FORMAT_VL_BLOCKS = 6;

    /** Format code stored in bits 5..7 of flags meaning "the codec is in the udcodec byte". */
    static final int UDCODEC_FORMAT = 6;

    private static final SpecialValue[] SPECIAL_VALUES = SpecialValue.values();

    // Mutable so that one holder per thread can be reused (see ReaderState); read() sets every field.
    int version;
    int versionLz;
    int flags;
    int typesize;
    int nbytes;
    int headerBlocksize;
    int cbytes;
    int headerLength;
    final int[] filters = new int[6];
    final int[] filtersMeta = new int[6];
    int udcompcode;
    int compcodeMeta;
    int blosc2Flags2;
    int blosc2Flags;

    // derived
    SpecialValue special;
    int blocksize;     // the real blocksize (for VL chunks, 0)
    int nblocks;
    int leftover;      // bytes in a shorter last block, 0 when all blocks are full

    ChunkHeader() {
    }

    /** Parses and validates the header at the start of {@code chunk}. */
    public static ChunkHeader parse(MemorySegment chunk) {
        ChunkHeader h = new ChunkHeader();
        h.read(chunk);
        return h;
    }

    /**
     * Parses and validates the header at the start of {@code chunk} into this holder, replacing what it held.
     * Allocates nothing unless the header is refused.
     */
    void read(MemorySegment chunk) {
        long size = chunk.byteSize();
        if (size < MIN_HEADER_LENGTH) {
            throw corrupt("chunk of " + size + " bytes is shorter than the 16-byte header");
        }
        version = u8(chunk, 0);
        versionLz = u8(chunk, 1);
        flags = u8(chunk, 2);
        typesize = u8(chunk, 3);
        nbytes = i32(chunk, 4);
        int bs = i32(chunk, 8);
        cbytes = i32(chunk, 12);
        if (cbytes < MIN_HEADER_LENGTH) {
            throw corrupt("header field cbytes (offset 12) is " + cbytes + ", less than the 16-byte header");
        }
        if (cbytes > size) {
            throw corrupt("header field cbytes (offset 12) says " + cbytes + " bytes but the chunk has only " + size);
        }
        if (nbytes < 0) {
            throw corrupt("header field nbytes (offset 4) is negative: " + nbytes);
        }
        if (bs <= 0) {
            throw corrupt("header field blocksize (offset 8) is " + bs + ", not positive");
        }
        if (bs > MAX_BLOCKSIZE) {
            throw corrupt("header field blocksize (offset 8) is " + bs + ", above the maximum " + MAX_BLOCKSIZE);
        }
        if (typesize == 0) {
            throw corrupt("header field typesize (offset 3) is 0");
        }
        boolean extended = (flags & FLAG_SHUFFLE) != 0 && (flags & FLAG_BITSHUFFLE) != 0;
        if (extended) {
            if (cbytes < EXTENDED_HEADER_LENGTH) {
                throw corrupt("extended header announced (flags 0x" + Integer.toHexString(flags)
                        + ") but cbytes is only " + cbytes);
            }
            headerLength = EXTENDED_HEADER_LENGTH;
            for (int i = 0; i < 6; i++) {
                filters[i] = u8(chunk, 16 + i);
                filtersMeta[i] = u8(chunk, 24 + i);
            }
            udcompcode = u8(chunk, 22);
            compcodeMeta = u8(chunk, 23);
            blosc2Flags2 = u8(chunk, 30);
            blosc2Flags = u8(chunk, 31);
            if (version == VERSION_FORMAT_ALPHA) {
                // The alpha series did not initialize the last slot.
                filters[5] = 0;
                filtersMeta[5] = 0;
            }
        } else {
            headerLength = MIN_HEADER_LENGTH;
            // Blosc1: the pipeline is implied by the flags.
            Arrays.fill(filters, 0);
            Arrays.fill(filtersMeta, 0);
            if ((flags & FLAG_SHUFFLE) != 0) {
                filters[5] = 1;
            }
            if ((flags & FLAG_BITSHUFFLE) != 0) {
                filters[5] = 2;
            }
            if ((flags & FLAG_DELTA) != 0) {
                filters[4] = 3;
            }
            udcompcode = 0;
            compcodeMeta = 0;
            blosc2Flags2 = 0;
            blosc2Flags = 0;
        }
        if (version > VERSION_FORMAT_VL_BLOCKS && (blosc2Flags2 & ~BLOSC2_VL_BLOCKS) != 0) {
            throw new UnsupportedFeatureException("chunk format version " + version
                    + " with unknown blosc2_flags2 bits 0x" + Integer.toHexString(blosc2Flags2));
        }
        int specialCode = (blosc2Flags >> 4) & 0x7;
        if (specialCode > SpecialValue.UNINIT.code()) {
            throw corrupt("reserved special value " + specialCode + " in blosc2_flags (offset 31)");
        }
        special = specialValue(specialCode);
        boolean vl = (blosc2Flags2 & BLOSC2_VL_BLOCKS) != 0;
        if (vl && special != SpecialValue.NONE) {
            throw corrupt("a VL-block chunk cannot be a special-value chunk (blosc2_flags 0x"
                    + Integer.toHexString(blosc2Flags) + ")");
        }
        if (vl && (flags & FLAG_MEMCPYED) != 0) {
            throw corrupt("a VL-block chunk cannot be memcpyed (flags 0x" + Integer.toHexString(flags) + ")");
        }
        if ((blosc2Flags & BLOSC2_LAZY) != 0 && special == SpecialValue.NONE) {
            throw new UnsupportedFeatureException("lazy chunk (blosc2_flags bit 3): its blocks live in a frame, not in this buffer");
        }
        if (special == SpecialValue.VALUE) {
            int valueSize = cbytes - EXTENDED_HEADER_LENGTH;
            if (valueSize <= 0) {
                throw corrupt("repeated-value chunk carries no value (cbytes " + cbytes + ")");
            }
            if (nbytes == 0) {
                throw corrupt("repeated-value chunk of 0 bytes (C-Blosc2 cannot decompress it either)");
            }
            if (valueSize > nbytes || nbytes % valueSize != 0) {
                throw corrupt("repeated-value chunk: nbytes " + nbytes + " is not a multiple of the value size " + valueSize);
            }
        } else if (special == SpecialValue.NAN) {
            if (typesize != 4 && typesize != 8) {
                throw corrupt("NaN chunk with typesize " + typesize + " (only 4 and 8 have a NaN)");
            }
            if (nbytes % typesize != 0) {
                throw corrupt("NaN chunk: nbytes " + nbytes + " is not a multiple of typesize " + typesize);
            }
        } else if (special == SpecialValue.UNINIT && nbytes % typesize != 0) {
            throw corrupt("uninit chunk: nbytes " + nbytes + " is not a multiple of typesize " + typesize);
        }
        if (memcpyed() && special == SpecialValue.NONE && cbytes != (long) nbytes + headerLength) {
            throw corrupt("memcpyed chunk: cbytes " + cbytes + " should be nbytes " + nbytes + " + " + headerLength);
        }
        headerBlocksize = bs;
        if (vl) {
            blocksize = 0;
            nblocks = bs;
            leftover = 0;
        } else {
            int b = (nbytes > 0 && bs > nbytes) ? nbytes : bs;
            blocksize = b;
            int n = nbytes / b;
            leftover = nbytes % b;
            nblocks = leftover > 0 ? n + 1 : n;
        }
        if (hasBstarts()) {
            long bstartsEnd = headerLength + 4L * nblocks;
            if (bstartsEnd > cbytes) {
                throw corrupt(nblocks + " block starts (" + (4L * nblocks) + " bytes after the header) do not fit in cbytes "
                        + cbytes);
            }
        }
    }

    private static SpecialValue specialValue(int code) {
        for (SpecialValue v : SPECIAL_VALUES) {
            if (v.code() == code) {
                return v;
            }
        }
        throw corrupt("reserved special value " + code + " in blosc2_flags (offset 31)");
    }

    boolean memcpyed() {
        return (flags & FLAG_MEMCPYED) != 0;
    }

    boolean dontSplit() {
        return (flags & FLAG_DONT_SPLIT) != 0;
    }

    boolean vlBlocks() {
        return (blosc2Flags2 & BLOSC2_VL_BLOCKS) != 0;
    }

    boolean useDict() {
        return (blosc2Flags & BLOSC2_USEDICT) != 0;
    }

    /** Whether the chunk holds only a header: a zero-length buffer. */
    boolean empty() {
        return nbytes == 0 && cbytes == headerLength && special == SpecialValue.NONE;
    }

    /** Whether a bstarts section follows the header. */
    boolean hasBstarts() {
        return special == SpecialValue.NONE && !memcpyed() && !(nbytes == 0 && cbytes == headerLength);
    }

    /** The end of the bstarts section (where the dictionary or the streams begin). */
    int bstartsEnd() {
        return hasBstarts() ? headerLength + 4 * nblocks : headerLength;
    }

    /** {@code bstarts[j]} of {@code chunk} (with this header), checked to lie in the streams section. */
    int blockStart(MemorySegment chunk, int j) {
        int start = i32(chunk, headerLength + 4L * j);
        if (start < bstartsEnd() || start >= cbytes) {
            throw corrupt("block " + j + ": bstarts[" + j + "] = " + start + " lies outside the streams section ["
                    + bstartsEnd() + ", " + cbytes + ")");
        }
        return start;
    }

    /**
     * Checks every block start of {@code chunk}, and that the sizes VL blocks declare add up to nbytes: done before
     * an output of the nbytes this header declares is allocated, so that a chunk whose blocks cannot hold them is
     * refused first (the decoder checks the rest, block by block).
     */
    void checkBlocks(MemorySegment chunk) {
        if (!hasBstarts()) {
            return;
        }
        long vlTotal = 0;
        for (int j = 0; j < nblocks; j++) {
            int start = blockStart(chunk, j);
            if (vlBlocks()) {
                vlTotal += start <= cbytes - 4 ? Math.max(0, i32(chunk, start)) : 0;
            }
        }
        if (vlBlocks() && vlTotal != nbytes) {
            throw corrupt("VL block sizes add up to " + vlTotal + ", not nbytes " + nbytes);
        }
    }

    /** The 3-bit codec format code from the flags. */
    int compformat() {
        return flags >>> 5;
    }

    /** The codec id: the udcodec byte for extended headers, else derived from the format code. */
    int compcode() {
        if (headerLength == EXTENDED_HEADER_LENGTH) {
            return udcompcode;
        }
        return switch (compformat()) {
            case 0 -> 0;
            case 1 -> 1;
            case 3 -> 4;
            case 4 -> 5;
            default -> compformat();
        };
    }

    /** Size of block {@code j} for regular chunks. */
    int blockSize(int j) {
        return (j == nblocks - 1 && leftover > 0) ? leftover : blocksize;
    }

    /** The stored typesize of a repeated-value chunk's value, else the header's typesize. */
    int valueTypesize() {
        return special == SpecialValue.VALUE ? cbytes - EXTENDED_HEADER_LENGTH : typesize;
    }

    public ChunkInfo toInfo() {
        List<Integer> f = new ArrayList<>(6);
        List<Integer> m = new ArrayList<>(6);
        for (int i = 0; i < 6; i++) {
            f.add(filters[i]);
            m.add(filtersMeta[i]);
        }
        return new ChunkInfo(version, versionLz, flags, typesize, nbytes, headerBlocksize, cbytes, headerLength,
                compcode(), compcodeMeta, f, m, blosc2Flags, blosc2Flags2, special, memcpyed(),
                !dontSplit() && !vlBlocks(), useDict(), vlBlocks(), nblocks);
    }

    static int u8(MemorySegment s, long off) {
        return Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, off));
    }

    static int i32(MemorySegment s, long off) {
        return s.get(Le.I32, off);
    }

    static CorruptDataException corrupt(String what) {
        return new CorruptDataException("corrupt chunk: " + what);
    }
}
