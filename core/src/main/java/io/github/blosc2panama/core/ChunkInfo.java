package io.github.blosc2panama.core;

import java.util.List;
import java.util.Optional;

/**
 * What a chunk's header says, validated against the chunk's length.
 *
 * @param version      format version (header byte 0)
 * @param versionLz    codec format version (byte 1)
 * @param flags        the flags byte (byte 2)
 * @param typesize     the typesize byte (byte 3); a requested typesize above 255 is stored as 1
 * @param nbytes       uncompressed size
 * @param blocksize    the header's blocksize field (the number of blocks for VL-block chunks)
 * @param cbytes       compressed size, header included
 * @param headerLength 16 (Blosc1 form) or 32 (Blosc2 extended form)
 * @param compcode     the codec id (BLOSCLZ 0, LZ4 1, LZ4HC 2, ZLIB 4, ZSTD 5; 160..255 user codecs)
 * @param codecMeta    the compcode_meta byte (0 for Blosc1 headers)
 * @param filters      the six filter ids, slot 0 first (derived from the flags for Blosc1 headers)
 * @param filtersMeta  the six filter meta bytes, unsigned
 * @param blosc2Flags  byte 31 (0 for Blosc1 headers)
 * @param blosc2Flags2 byte 30 (0 for Blosc1 headers)
 * @param special      the special value the whole chunk stands for, or NONE
 * @param memcpyed     whether the data is stored uncompressed after the header
 * @param split        whether blocks are split into one stream per byte of the type (when the block allows it)
 * @param useDict      whether the chunk carries a dictionary
 * @param vlBlocks     whether the chunk has variable-length blocks
 * @param nblocks      the number of blocks
 */
public record ChunkInfo(
        int version,
        int versionLz,
        int flags,
        int typesize,
        int nbytes,
        int blocksize,
        int cbytes,
        int headerLength,
        int compcode,
        int codecMeta,
        List<Integer> filters,
        List<Integer> filtersMeta,
        int blosc2Flags,
        int blosc2Flags2,
        SpecialValue special,
        boolean memcpyed,
        boolean split,
        boolean useDict,
        boolean vlBlocks,
        int nblocks) {

    public ChunkInfo {
        filters = List.copyOf(filters);
        filtersMeta = List.copyOf(filtersMeta);
    }

    /** The codec, or empty for a user-defined codec id this library does not know. */
    public Optional<Codec> codec() {
        for (Codec c : Codec.values()) {
            if (c.id() == compcode) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
