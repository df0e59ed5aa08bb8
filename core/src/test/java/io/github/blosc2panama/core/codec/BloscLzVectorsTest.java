package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Decodes the BloscLZ streams of real chunks written by C-Blosc2 3.3.2 and by Blosc 1.x (the interop
 * vectors), parsing the chunk framing by hand, and checks the result against the manifest's sha256
 * whenever the filter pipeline is one we can undo here (none, byte shuffle, TRUNC_PREC).
 */
class BloscLzVectorsTest {

    /** What one chunk decoded to. */
    record Decoded(byte[] data, boolean verifiable, int streams) {
    }

    /** A BloscLZ stream cut from a vector, for other tests to mutate. */
    record Stream(String file, byte[] compressed, int expectedSize) {
    }

    static List<Map<String, Object>> blosclzChunkEntries() throws Exception {
        Path dir = BloscLzTestVectors.vectorsDir();
        Assumptions.assumeTrue(dir != null, "shared/vectors not found (set -Dblosc2.vectors)");
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> e : BloscLzTestVectors.manifest(dir)) {
            if (!"chunk".equals(e.get("kind"))) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> params = (Map<String, Object>) e.get("params");
            String file = (String) e.get("file");
            if ("blosclz".equals(params.get("codec")) || file.contains("blosclz")) {
                out.add(e);
            }
        }
        return out;
    }

    static byte[] read(String file) throws Exception {
        return Files.readAllBytes(BloscLzTestVectors.vectorsDir().resolve(file));
    }

    /** Walks one chunk; every BloscLZ stream is decoded with our codec and, if {@code sink} is given, reported. */
    static Decoded decodeChunk(byte[] chunk, String file, List<Stream> sink) {
        ByteBuffer b = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
        int flags = chunk[2] & 0xFF;
        int typesize = chunk[3] & 0xFF;
        int nbytes = b.getInt(4);
        int blocksize = b.getInt(8);
        boolean extended = (flags & 0x05) == 0x05;
        int headerLen = extended ? 32 : 16;
        assertEquals(0, flags >>> 5, file + ": not a BloscLZ chunk");
        int[] filters = new int[6];
        boolean shuffle;
        boolean verifiable;
        if (extended) {
            for (int i = 0; i < 6; i++) {
                filters[i] = chunk[16 + i] & 0xFF;
            }
            shuffle = false;
            verifiable = true;
            for (int i = 0; i < 6; i++) {
                if (filters[i] == 1) {
                    shuffle = true;
                } else if (filters[i] != 0 && filters[i] != 4) { // TRUNC_PREC does nothing on decompression
                    verifiable = false;
                }
            }
            if (shuffle && filters[5] != 1) {
                verifiable = false;
            }
        } else {
            shuffle = (flags & 0x01) != 0;
            verifiable = (flags & 0x04) == 0;
        }
        byte[] out = new byte[nbytes];
        int nblocks = nbytes == 0 ? 0 : (nbytes + blocksize - 1) / blocksize;
        int streams = 0;
        for (int k = 0; k < nblocks; k++) {
            boolean leftover = k == nblocks - 1 && nbytes % blocksize != 0;
            int bsize = leftover ? nbytes % blocksize : blocksize;
            int nstreams = ((flags & 0x10) == 0 && !leftover) ? typesize : 1;
            int neblock = bsize / nstreams;
            int pos = b.getInt(headerLen + 4 * k);
            byte[] block = new byte[bsize];
            for (int j = 0; j < nstreams; j++) {
                int csize = b.getInt(pos);
                pos += 4;
                if (csize == 0) {
                    continue; // a run of zeros
                }
                if (csize < 0) {
                    pos++; // token byte
                    java.util.Arrays.fill(block, j * neblock, (j + 1) * neblock, (byte) -csize);
                    continue;
                }
                if (csize == neblock) {
                    System.arraycopy(chunk, pos, block, j * neblock, neblock);
                } else {
                    byte[] stream = java.util.Arrays.copyOfRange(chunk, pos, pos + csize);
                    MemorySegment dst = MemorySegment.ofArray(block).asSlice((long) j * neblock, neblock);
                    int n = BloscLzCodec.INSTANCE.decompress(MemorySegment.ofArray(stream), dst, null);
                    assertEquals(neblock, n, file + " block " + k + " stream " + j);
                    streams++;
                    if (sink != null) {
                        sink.add(new Stream(file, stream, neblock));
                    }
                }
                pos += csize;
            }
            if (shuffle && verifiable) {
                block = BloscLzTestData.unshuffle(block, typesize);
            }
            System.arraycopy(block, 0, out, k * blocksize, bsize);
        }
        return new Decoded(out, verifiable, streams);
    }

    /** Every BloscLZ stream of every vector, for the hostile-input tests. */
    static List<Stream> allStreams() throws Exception {
        List<Stream> sink = new ArrayList<>();
        for (Map<String, Object> e : blosclzChunkEntries()) {
            String file = (String) e.get("file");
            byte[] chunk = read(file);
            if (isPlainChunk(chunk)) {
                decodeChunk(chunk, file, sink);
            }
        }
        return sink;
    }

    /** Not memcpy'd, not special, not VL-block, not empty. */
    static boolean isPlainChunk(byte[] chunk) {
        int flags = chunk[2] & 0xFF;
        boolean extended = (flags & 0x05) == 0x05;
        int nbytes = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).getInt(4);
        if ((flags & 0x02) != 0 || nbytes == 0) {
            return false;
        }
        return !extended || ((chunk[31] & 0x70) == 0 && (chunk[30] & 0x01) == 0);
    }

    @Test
    void decodesEveryBlosclzVectorToTheManifestHash() throws Exception {
        int hashed = 0;
        int lengthOnly = 0;
        int skipped = 0;
        int streams = 0;
        List<String> report = new ArrayList<>();
        for (Map<String, Object> e : blosclzChunkEntries()) {
            String file = (String) e.get("file");
            @SuppressWarnings("unchecked")
            Map<String, Object> expect = (Map<String, Object>) e.get("expect");
            byte[] chunk = read(file);
            if (!isPlainChunk(chunk)) {
                skipped++;
                continue;
            }
            Decoded d = decodeChunk(chunk, file, null);
            streams += d.streams();
            assertEquals(((Number) expect.get("nbytes")).intValue(), d.data().length, file);
            if (d.verifiable()) {
                String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(d.data()));
                assertEquals(expect.get("sha256"), sha, file + ": decoded bytes differ from C's");
                Object raw = expect.get("raw");
                if (raw != null) {
                    assertArrayEquals(read((String) raw), d.data(), file);
                }
                hashed++;
                report.add(file);
            } else {
                lengthOnly++;
            }
        }
        System.out.printf("BloscLZ vectors: %d verified by sha256, %d decoded (filters not undone here), %d memcpy/special/empty skipped, %d streams%n",
                hashed, lengthOnly, skipped, streams);
        // 24 shuffle/nofilter chunks incl. 4 Blosc 1.x ones and the 3.0.0 one, at the time of writing
        assertTrue(hashed >= 20, "only " + hashed + " vectors verified: " + report);
        assertTrue(report.stream().anyMatch(f -> f.contains("blosc-1.3.0")), "Blosc 1.3.0 chunk not verified");
        assertTrue(streams >= 100, "only " + streams + " BloscLZ streams decoded");
    }
}
