package io.github.blosc2panama.core.codec;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper: reads the codec streams out of a C-Blosc2 chunk (extended header, no filters but a final SHUFFLE,
 * not memcpy'd, not special) and the manifest's expectations. Written from the format description only.
 */
final class VectorChunk {
    /** One stream of one block: where its bytes are and how it was stored. */
    record Stream(int block, int offset, int csize, int neblock) {
        boolean isCodec() {
            return csize > 0 && csize != neblock;
        }
    }

    final String name;
    final ByteBuffer bytes;
    final int flags;
    final int typesize;
    final int nbytes;
    final int blocksize;
    final int formatCode;
    final int lastFilter;
    final MemorySegment dict;
    final List<Stream> streams = new ArrayList<>();

    VectorChunk(Path file) throws IOException {
        name = file.getFileName().toString();
        bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        flags = bytes.get(2) & 0xff;
        typesize = bytes.get(3) & 0xff;
        nbytes = bytes.getInt(4);
        blocksize = bytes.getInt(8);
        formatCode = flags >>> 5;
        lastFilter = bytes.get(21);
        int nblocks = nbytes == 0 || !eligible() ? 0 : (nbytes + blocksize - 1) / blocksize;
        int pos = 32 + 4 * nblocks;
        if (nblocks > 0 && (bytes.get(31) & 1) != 0) {
            int dictSize = bytes.getInt(pos);
            dict = MemorySegment.ofArray(bytes.array()).asSlice(pos + 4, dictSize);
        } else {
            dict = null;
        }
        boolean split = (flags & 0x10) == 0;
        for (int b = 0; b < nblocks; b++) {
            boolean leftover = b == nblocks - 1 && nbytes % blocksize != 0;
            int bsize = leftover ? nbytes % blocksize : blocksize;
            int nstreams = split && !leftover ? typesize : 1;
            int off = bytes.getInt(32 + 4 * b);
            for (int s = 0; s < nstreams; s++) {
                int csize = bytes.getInt(off);
                streams.add(new Stream(b, off + 4, csize, bsize / nstreams));
                off += 4 + Math.max(0, csize);
                if (csize < 0) {
                    off += 1; // a run of a non-zero byte is followed by one token byte
                }
            }
        }
    }

    /** Whether this test helper can decode the chunk: native codec, plain or SHUFFLE-only, stored streams. */
    boolean eligible() {
        boolean filtersOk = true;
        for (int i = 16; i < 21; i++) {
            filtersOk &= bytes.get(i) == 0;
        }
        for (int i = 24; i < 30; i++) {
            filtersOk &= bytes.get(i) == 0; // filters_meta changes what SHUFFLE does
        }
        return bytes.capacity() >= 32 && bytes.get(0) <= 5 && (flags & 0x5) == 0x5 && (flags & 0x2) == 0 && bytes.get(30) == 0
                && (bytes.get(31) & ~1) == 0 && filtersOk && (lastFilter == 0 || lastFilter == 1)
                && formatCode >= 1 && formatCode <= 4 && formatCode != 2 && nbytes > 0;
    }

    BlockCodec codec() {
        return switch (formatCode) {
            case 1 -> NativeCodecs.lz4();
            case 3 -> NativeCodecs.zlib();
            case 4 -> NativeCodecs.zstd();
            default -> throw new IllegalStateException("format code " + formatCode);
        };
    }

    MemorySegment streamBytes(Stream s) {
        return MemorySegment.ofArray(bytes.array()).asSlice(s.offset(), s.csize());
    }

    /** Where each stream's bytes start in the chunk's (filtered) data, in the order of {@link #streams}. */
    int[] dataOffsets() {
        int[] at = new int[streams.size()];
        int[] blockFill = new int[(nbytes + blocksize - 1) / blocksize];
        for (int i = 0; i < at.length; i++) {
            Stream s = streams.get(i);
            at[i] = s.block() * blocksize + blockFill[s.block()];
            blockFill[s.block()] += s.neblock();
        }
        return at;
    }

    /** Decodes every block; returns the chunk's data (unshuffled when the pipeline is SHUFFLE). */
    byte[] decode(BlockCodec codec) {
        byte[] out = new byte[nbytes];
        int[] at = dataOffsets();
        for (int i = 0; i < at.length; i++) {
            Stream s = streams.get(i);
            MemorySegment dst = MemorySegment.ofArray(out).asSlice(at[i], s.neblock());
            if (s.csize() == 0) {
                dst.fill((byte) 0);
            } else if (s.csize() < 0) {
                dst.fill((byte) -s.csize());
            } else if (s.csize() == s.neblock()) {
                dst.copyFrom(streamBytes(s));
            } else {
                codec.decompress(streamBytes(s), dst, dict);
            }
        }
        return lastFilter == 1 ? unshuffle(out) : out;
    }

    /** The filtered (shuffled) form of {@code data}, block by block, as the streams hold it. */
    byte[] filtered(byte[] data) {
        if (lastFilter != 1 || typesize <= 1) {
            return data.clone();
        }
        byte[] out = data.clone();
        for (int start = 0; start < nbytes; start += blocksize) {
            int bsize = Math.min(blocksize, nbytes - start);
            int n = bsize / typesize;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < typesize; j++) {
                    out[start + j * n + i] = data[start + i * typesize + j];
                }
            }
        }
        return out;
    }

    private byte[] unshuffle(byte[] shuffled) {
        if (typesize <= 1) {
            return shuffled;
        }
        byte[] out = shuffled.clone();
        for (int start = 0; start < nbytes; start += blocksize) {
            int bsize = Math.min(blocksize, nbytes - start);
            int n = bsize / typesize;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < typesize; j++) {
                    out[start + i * typesize + j] = shuffled[start + j * n + i];
                }
            }
        }
        return out;
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------------ vectors and manifest

    static Path vectors() {
        return io.github.blosc2panama.core.testutil.Vectors.rootOrNull();
    }

    /** The expected sha256 of a chunk vector's decompressed data. */
    static String expectedSha256(String file) {
        return io.github.blosc2panama.core.testutil.Vectors.entry(file).get("expect").get("sha256").asText();
    }

    /** The clevel a chunk vector was made with. */
    static int clevel(String file) {
        return io.github.blosc2panama.core.testutil.Vectors.entry(file).get("params").get("clevel").asInt();
    }
}
