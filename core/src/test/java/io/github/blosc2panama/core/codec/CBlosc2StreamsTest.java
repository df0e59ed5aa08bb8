package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import io.github.blosc2panama.core.testutil.Vectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Our codecs against streams C-Blosc2 3.3 wrote (the shared interop vectors). */
class CBlosc2StreamsTest {
    private static Path vectors;

    @BeforeAll
    static void locate() throws IOException {
        vectors = VectorChunk.vectors();
        Assumptions.assumeTrue(vectors != null, "interop vectors not found (set -Dblosc2.vectors)");
    }

    static List<VectorChunk> eligibleChunks() throws IOException {
        List<VectorChunk> chunks = new ArrayList<>();
        try (Stream<Path> files = Files.list(vectors.resolve("chunks"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".chunk")).sorted().toList()) {
                VectorChunk c = new VectorChunk(p);
                if (c.eligible()) {
                    chunks.add(c);
                }
            }
        }
        return chunks;
    }

    @Test
    void decodesEveryNativeCodecChunkToTheManifestsSha256() throws IOException {
        List<VectorChunk> chunks = eligibleChunks();
        int codecStreams = 0;
        for (VectorChunk c : chunks) {
            String expected = VectorChunk.expectedSha256("chunks/" + c.name);
            assertNotNull(expected, c.name);
            assertEquals(expected, VectorChunk.sha256(c.decode(c.codec())), c.name);
            codecStreams += (int) c.streams.stream().filter(VectorChunk.Stream::isCodec).count();
        }
        assertTrue(chunks.size() >= 20, "only " + chunks.size() + " eligible chunks");
        assertTrue(codecStreams >= 50, "only " + codecStreams + " codec streams");
        assertTrue(chunks.stream().anyMatch(c -> c.name.startsWith("dict_lz4")));
        assertTrue(chunks.stream().anyMatch(c -> c.name.startsWith("dict_zstd_ts4")));
    }

    @Test
    void zstdAndZlibCompressEveryStreamExactlyAsC() throws IOException {
        // Same library versions as the generator (zstd 1.5.4, zlib 1.2.13): same bytes, same sizes. Each codec only
        // when it runs on that library (the build runs this class once more with the newer libraries refused).
        boolean zstd = Vectors.zstdAsVectors();
        boolean zlib = Vectors.zlibAsVectors();
        Assumptions.assumeTrue(zstd || zlib, "neither zstd 1.5.4 nor zlib in use");
        int compared = 0;
        int ownDeflate = 0;
        for (VectorChunk c : eligibleChunks()) {
            if ((c.formatCode != 3 || !zlib) && (c.formatCode != 4 || !zstd)) {
                continue;
            }
            int clevel = VectorChunk.clevel("chunks/" + c.name);
            byte[] filtered = c.filtered(c.decode(c.codec()));
            int[] at = c.dataOffsets();
            for (int i = 0; i < at.length; i++) {
                VectorChunk.Stream s = c.streams.get(i);
                if (!s.isCodec()) {
                    continue;
                }
                MemorySegment src = MemorySegment.ofArray(filtered).asSlice(at[i], s.neblock());
                byte[] out = new byte[s.neblock()];
                int n = c.codec().compress(src, MemorySegment.ofArray(out), clevel, c.dict);
                if (c.formatCode == 3 && RepeatProbe.isRepetitive(src)) {
                    // written by our own deflate encoder, not zlib: other bytes, the same data
                    byte[] back = new byte[s.neblock()];
                    c.codec().decompress(MemorySegment.ofArray(out).asSlice(0, n), MemorySegment.ofArray(back), null);
                    assertEquals(-1, src.mismatch(MemorySegment.ofArray(back)), c.name + " block " + s.block());
                    ownDeflate++;
                    continue;
                }
                assertSameStream(c, s, out, n);
                compared++;
            }
        }
        assertTrue(compared >= (zstd && zlib ? 30 : 5), "compared only " + compared);
        assertTrue(!zlib || ownDeflate > 0, "no vector stream went to our deflate encoder");
    }

    @Test
    void lz4AndLz4hcCompressEveryStreamExactlyAsC() throws IOException {
        // C-Blosc2 wrote the vectors with its LZ4 1.10.0, which is what compresses here (lz4-java's; BundledLz4),
        // so every LZ4 and LZ4HC stream is C's, byte for byte, dictionary chunks included. (LZ4 1.9.4 and 1.11,
        // the system's and the decoder build's, write other LZ4HC streams at clevel 1; 1.11 other LZ4 streams.)
        int version = io.github.blosc2panama.ffm.Lz4.LZ4_versionNumber();
        Assumptions.assumeTrue(version / 100 == 110, "LZ4 compresses on " + version + " here, not 1.10");
        int compared = 0;
        int hc = 0;
        for (VectorChunk c : eligibleChunks()) {
            if (c.formatCode != 1) {
                continue;
            }
            boolean lz4hc = Vectors.entry("chunks/" + c.name).get("params")
                    .get("codec").asText().equals("lz4hc");
            BlockCodec codec = lz4hc ? NativeCodecs.lz4hc() : NativeCodecs.lz4();
            int clevel = VectorChunk.clevel("chunks/" + c.name);
            byte[] filtered = c.filtered(c.decode(c.codec()));
            int[] at = c.dataOffsets();
            for (int i = 0; i < at.length; i++) {
                VectorChunk.Stream s = c.streams.get(i);
                if (!s.isCodec()) {
                    continue;
                }
                byte[] out = new byte[s.neblock()];
                int n = codec.compress(MemorySegment.ofArray(filtered).asSlice(at[i], s.neblock()),
                        MemorySegment.ofArray(out), clevel, c.dict);
                assertSameStream(c, s, out, n);
                compared++;
                hc += lz4hc ? 1 : 0;
            }
        }
        assertTrue(compared >= 30 && hc >= 5, "compared only " + compared + " streams, " + hc + " of them LZ4HC");
    }

    /** {@code out[0, n)}, our compression of stream {@code s}, is C's stream: its size and its bytes. */
    private static void assertSameStream(VectorChunk c, VectorChunk.Stream s, byte[] out, int n) {
        assertEquals(s.csize(), n, c.name + " block " + s.block());
        assertEquals(-1, MemorySegment.ofArray(out).asSlice(0, n).mismatch(c.streamBytes(s)),
                c.name + " block " + s.block());
    }

    @Test
    void dictionariesAreBuiltAsC() throws IOException {
        // dict_lz4_text: typesize 1, so the training buffer is the data itself; the dict is its leading bytes.
        VectorChunk lz4 = new VectorChunk(vectors.resolve("chunks/dict_lz4_text.chunk"));
        byte[] text = lz4.decode(lz4.codec());
        int nblocks = (lz4.nbytes + lz4.blocksize - 1) / lz4.blocksize;
        NativeCodecs.DictSampling s = NativeCodecs.dictSampling(lz4.nbytes, nblocks, lz4.typesize,
                (lz4.flags & 0x10) == 0).orElseThrow();
        assertEquals(lz4.dict.byteSize(), s.lz4DictSize());
        byte[] ours = s.lz4Dictionary(MemorySegment.ofArray(text), nblocks);
        assertEquals(-1, lz4.dict.mismatch(MemorySegment.ofArray(ours)));
        // C's quirk: the int32 dict size overwrote bytes 4*nblocks.. of the training buffer before the copy
        assertEquals(-1, lz4.dict.asSlice(0, 4 * nblocks).mismatch(MemorySegment.ofArray(text).asSlice(0, 4 * nblocks)));
        assertEquals(s.lz4DictSize(), lz4.dict.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 4 * nblocks));

        // dict_zstd_text: ZDICT_trainFromBuffer on the same samples gives C's dictionary, byte for byte.
        VectorChunk zstd = new VectorChunk(vectors.resolve("chunks/dict_zstd_text.chunk"));
        byte[] data = zstd.decode(zstd.codec());
        nblocks = (zstd.nbytes + zstd.blocksize - 1) / zstd.blocksize;
        s = NativeCodecs.dictSampling(zstd.nbytes, nblocks, zstd.typesize, (zstd.flags & 0x10) == 0).orElseThrow();
        MemorySegment dict = NativeCodecs.trainDictionary(MemorySegment.ofArray(data).asSlice(0, s.samplesBytes()),
                s.sampleSizes(), s.maxSize()).orElseThrow();
        assertEquals(zstd.dict.byteSize(), dict.byteSize());
        assertEquals(-1, zstd.dict.mismatch(dict));
    }
}
