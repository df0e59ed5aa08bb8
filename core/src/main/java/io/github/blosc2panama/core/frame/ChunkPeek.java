package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SpecialValue;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The few chunk-header fields the frame layer needs to locate and size chunks (as C's
 * {@code blosc2_cbuffer_sizes} reads them): nbytes, blocksize and cbytes (little-endian at bytes
 * 4, 8 and 12), the flags, typesize, blosc2_flags2 and the special value. Full header validation
 * is the chunk layer's job; this only checks what the frame relies on.
 *
 * @param flags      header byte 2
 * @param typesize   header byte 3
 * @param nbytes     uncompressed size
 * @param blocksize  blocksize field
 * @param cbytes     compressed size including the header
 * @param flags2     blosc2_flags2 (byte 30): bit 0 (0x01) marks VL-block chunks
 * @param special    special value of the chunk (blosc2_flags bits 4..6)
 */
public record ChunkPeek(int flags, int typesize, int nbytes, int blocksize, int cbytes, int flags2,
        SpecialValue special) {
    /** Extended (Blosc2) header length; every chunk stored in a frame has one. */
    public static final int HEADER_LEN = 32;
    /** blosc2_flags2 bit for VL-block chunks (BLOSC2_VL_BLOCKS). */
    public static final int VL_BLOCKS = 0x01;
    static final int MEMCPYED = 0x02;

    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED
            .withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * Reads the header of the chunk starting at {@code seg[at]}, with {@code available} bytes
     * up to the end of the area that must contain it; checks cbytes in [32, available] and nbytes
     * non-negative.
     */
    public static ChunkPeek read(MemorySegment seg, long at, long available, String where) {
        if (available < HEADER_LEN || at < 0 || at > seg.byteSize() - HEADER_LEN) {
            throw new CorruptDataException(where + ": only " + Math.max(0, available)
                    + " bytes for a chunk header of " + HEADER_LEN);
        }
        int flags = Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, at + 2));
        int typesize = Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, at + 3));
        int nbytes = seg.get(LE_INT, at + 4);
        int blocksize = seg.get(LE_INT, at + 8);
        int cbytes = seg.get(LE_INT, at + 12);
        if ((flags & 0x05) != 0x05) {
            throw new CorruptDataException(where + ": chunk has no Blosc2 extended header (flags 0x"
                    + Integer.toHexString(flags) + ")");
        }
        if (nbytes < 0) {
            throw new CorruptDataException(where + ": chunk nbytes " + nbytes + " is negative");
        }
        if (cbytes < HEADER_LEN || cbytes > available) {
            throw new CorruptDataException(where + ": chunk cbytes " + cbytes + " outside of [" + HEADER_LEN + ", "
                    + available + "] (the bytes available)");
        }
        int flags2 = Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, at + 30));
        int specialCode = (Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, at + 31)) >> 4) & 0x07;
        SpecialValue special;
        try {
            special = SpecialValue.ofCode(specialCode);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(where + ": " + e.getMessage());
        }
        return new ChunkPeek(flags, typesize, nbytes, blocksize, cbytes, flags2, special);
    }

    public boolean memcpyed() {
        return (flags & MEMCPYED) != 0;
    }

    public boolean vlBlocks() {
        return (flags2 & VL_BLOCKS) != 0;
    }
}
