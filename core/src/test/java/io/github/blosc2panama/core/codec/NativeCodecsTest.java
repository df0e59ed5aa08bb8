package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NativeCodecsTest {

    @Test
    void librariesNameTheBuildBehindEachCodecRole() {
        String libraries = Blosc2.nativeLibraries();
        List<String> lines = libraries.lines().toList();
        assertEquals(List.of("lz4, lz4hc compression", "lz4, lz4hc decompression", "zstd", "zlib"),
                lines.stream().map(l -> l.split(":")[0]).toList(), libraries);
        // lz4-java, a dependency of core, carries LZ4 1.10 (C-Blosc2 3.3's): compression runs on it, or on a
        // system liblz4 of the same version; decompression on the newest build found
        assertTrue(lines.get(0).contains("LZ4 1.10."), libraries);
        assertTrue(lines.get(1).matches(".*LZ4 1\\.(1[0-9])\\..*"), libraries);
        assertEquals(libraries, NativeCodecs.libraries());
    }

    static byte[] compressible(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (((i / 4) % 700) >> ((i % 4) * 8));
            if (r.nextInt(40) == 0) {
                b[i] = (byte) r.nextInt();
            }
        }
        return b;
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"LZ4", "LZ4HC", "ZLIB", "ZSTD"})
    void roundTripsAtEveryClevelOnHeapAndNativeSegments(Codec c) {
        BlockCodec codec = NativeCodecs.of(c);
        byte[] data = compressible(40_000, c.ordinal());
        try (Arena arena = Arena.ofConfined()) {
            for (int clevel = 1; clevel <= 9; clevel++) {
                byte[] out = new byte[data.length];
                int n = codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), clevel, null);
                assertTrue(n > 0 && n < data.length / 2, c + " clevel " + clevel + " gave " + n);
                // native source and destination give the same stream
                MemorySegment nsrc = arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data));
                MemorySegment ndst = arena.allocate(data.length);
                int m = codec.compress(nsrc, ndst, clevel, null);
                assertEquals(n, m);
                assertEquals(-1, ndst.asSlice(0, m).mismatch(MemorySegment.ofArray(out).asSlice(0, n)));

                byte[] back = new byte[data.length];
                assertEquals(data.length, codec.decompress(MemorySegment.ofArray(out).asSlice(0, n),
                        MemorySegment.ofArray(back), null));
                assertArrayEquals(data, back);
                MemorySegment nback = arena.allocate(data.length);
                assertEquals(data.length, codec.decompress(ndst.asSlice(0, m), nback, null));
                assertArrayEquals(data, nback.toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"LZ4", "LZ4HC", "ZLIB", "ZSTD"})
    void incompressibleOrTooSmallOutputGivesZero(Codec c) {
        BlockCodec codec = NativeCodecs.of(c);
        byte[] noise = random(10_000, 3);
        for (int clevel : new int[] {1, 5, 9}) {
            assertEquals(0, codec.compress(MemorySegment.ofArray(noise), MemorySegment.ofArray(new byte[10_000]),
                    clevel, null), c + " clevel " + clevel);
            byte[] data = compressible(10_000, 4);
            assertEquals(0, codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(new byte[20]),
                    clevel, null));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"LZ4", "LZ4HC", "ZLIB", "ZSTD"})
    void corruptOrTruncatedStreamsThrowCorruptDataException(Codec c) {
        BlockCodec codec = NativeCodecs.of(c);
        byte[] data = compressible(20_000, 5);
        byte[] out = new byte[data.length];
        int n = codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), 5, null);
        byte[] back = new byte[data.length];
        // truncated
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> codec.decompress(
                MemorySegment.ofArray(out).asSlice(0, n / 2), MemorySegment.ofArray(back), null));
        assertTrue(e.getMessage().startsWith(c.lowerName() + ":"), e.getMessage());
        // wrong expected size
        assertThrows(CorruptDataException.class, () -> codec.decompress(MemorySegment.ofArray(out).asSlice(0, n),
                MemorySegment.ofArray(new byte[data.length + 1]), null));
        // random garbage, many seeds: never a crash
        for (int seed = 0; seed < 200; seed++) {
            byte[] garbage = random(1 + seed * 7, seed);
            try {
                codec.decompress(MemorySegment.ofArray(garbage), MemorySegment.ofArray(back), null);
            } catch (CorruptDataException expected) {
                // the normal outcome
            }
        }
        // flipped bytes in a valid stream
        Random r = new Random(9);
        for (int i = 0; i < 200; i++) {
            byte[] bad = out.clone();
            bad[r.nextInt(n)] ^= (byte) (1 + r.nextInt(255));
            try {
                codec.decompress(MemorySegment.ofArray(bad).asSlice(0, n), MemorySegment.ofArray(back), null);
            } catch (CorruptDataException expected) {
                // the normal outcome
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"LZ4", "LZ4HC", "ZSTD"})
    void dictionaryRoundTripsAndIsNeededToDecode(Codec c) {
        BlockCodec codec = NativeCodecs.of(c);
        byte[] text = ("the quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. ")
                .repeat(20).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] dictBytes = java.util.Arrays.copyOf(text, 1024);
        byte[] block = java.util.Arrays.copyOfRange(text, 300, 300 + 600);
        block[10] = 'X';
        try (Arena arena = Arena.ofConfined()) {
            for (MemorySegment dict : new MemorySegment[] {MemorySegment.ofArray(dictBytes),
                    arena.allocate(dictBytes.length).copyFrom(MemorySegment.ofArray(dictBytes))}) {
                byte[] out = new byte[block.length];
                int withDict = codec.compress(MemorySegment.ofArray(block), MemorySegment.ofArray(out), 5, dict);
                int without = codec.compress(MemorySegment.ofArray(block), MemorySegment.ofArray(new byte[block.length]),
                        5, null);
                assertTrue(withDict > 0 && (without == 0 || withDict < without), withDict + " vs " + without);
                byte[] back = new byte[block.length];
                assertEquals(block.length, codec.decompress(MemorySegment.ofArray(out).asSlice(0, withDict),
                        MemorySegment.ofArray(back), dict));
                assertArrayEquals(block, back);
                assertThrows(CorruptDataException.class, () -> codec.decompress(
                        MemorySegment.ofArray(out).asSlice(0, withDict), MemorySegment.ofArray(new byte[block.length]),
                        null));
            }
        }
    }

    @Test
    void argumentsAreChecked() {
        MemorySegment s = MemorySegment.ofArray(new byte[100]);
        assertThrows(InvalidArgumentException.class, () -> NativeCodecs.lz4().compress(s, s, 0, null));
        assertThrows(InvalidArgumentException.class, () -> NativeCodecs.zstd().compress(s, s, 10, null));
        assertThrows(UnsupportedFeatureException.class, () -> NativeCodecs.zlib().compress(s, s, 5, s));
        assertThrows(InvalidArgumentException.class, () -> NativeCodecs.of(Codec.BLOSCLZ));
    }

    @Test
    void zstdLevelMappingIsCBlosc2s() {
        int[] expected = {1, 3, 5, 7, 9, 11, 13, 15, 22};
        for (int clevel = 1; clevel <= 9; clevel++) {
            assertEquals(expected[clevel - 1], ZstdCodec.zstdLevel(clevel, 22));
        }
        assertEquals(9, Lz4Codec.acceleration(1));
        assertEquals(1, Lz4Codec.acceleration(9));
    }

    @Test
    void perThreadStateWorksFromManyThreads() throws Exception {
        byte[] data = compressible(30_000, 8);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            java.util.List<Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 16; t++) {
                Codec c = Codec.values()[1 + t % 4];
                byte[] dict = t % 2 == 0 ? java.util.Arrays.copyOf(data, 2000) : null;
                results.add(pool.submit(() -> {
                    BlockCodec codec = NativeCodecs.of(c);
                    MemorySegment d = c == Codec.ZLIB || dict == null ? null : MemorySegment.ofArray(dict);
                    byte[] out = new byte[data.length];
                    int n = codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), 5, d);
                    byte[] back = new byte[data.length];
                    codec.decompress(MemorySegment.ofArray(out).asSlice(0, n), MemorySegment.ofArray(back), d);
                    return java.util.Arrays.equals(data, back);
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void dictSamplingFollowsC() {
        // 200000 bytes, 25 blocks, typesize 1, split: n = 25, sample 200000/25/16 = 500, max = min(32768, 10000)
        NativeCodecs.DictSampling s = NativeCodecs.dictSampling(200_000, 25, 1, true).orElseThrow();
        assertEquals(new NativeCodecs.DictSampling(10_000, 500, 25), s);
        assertEquals(10_000, s.lz4DictSize());
        // too few blocks: at least 8 samples
        assertEquals(8, NativeCodecs.dictSampling(100_000, 1, 4, false).orElseThrow().nSamples());
        assertEquals(32, NativeCodecs.dictSampling(100_000, 8, 4, true).orElseThrow().nSamples());
        assertEquals(8, NativeCodecs.dictSampling(100_000, 8, 4, false).orElseThrow().nSamples());
        // too small for a useful dictionary (max < 256)
        assertTrue(NativeCodecs.dictSampling(5000, 2, 4, true).isEmpty());
    }
}
