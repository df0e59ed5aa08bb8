package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.data.Datasets;
import io.github.blosc2panama.ffm.Libdeflate;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link NoiseProbe} on random bytes and on data that only looks even (a counter, a random walk, text, noise
 * written twice), and the zlib codec's choice that follows from it: on libdeflate, streams with noise are written
 * by zlib ({@link ZlibWithNoise}), the noise in stored blocks.
 */
class NoiseProbeTest {
    private static final int STRETCH = NoiseProbe.STRETCH;

    @Test
    void randomBytesAreNoiseWhereverTheyStandInTheStream() {
        for (long seed = 1; seed <= 20; seed++) {
            byte[] b = new byte[4 * STRETCH];
            byte[] noise = NativeCodecsTest.random(STRETCH, seed);
            int at = (int) (seed % 3) * STRETCH;
            System.arraycopy(noise, 0, b, at, STRETCH);
            assertTrue(NoiseProbe.hasNoise(MemorySegment.ofArray(b)), "seed " + seed + " at " + at);
            assertTrue(NoiseProbe.hasNoise(MemorySegment.ofArray(noise)), "seed " + seed);
        }
    }

    @Test
    void onlyWholeStretchesAreTested() {
        byte[] noise = NativeCodecsTest.random(3 * STRETCH, 7);
        assertFalse(NoiseProbe.hasNoise(MemorySegment.ofArray(noise).asSlice(0, STRETCH - 1)));
        // noise straddling two stretches, half in each, is half noise in both: not noise
        byte[] straddling = new byte[2 * STRETCH];
        System.arraycopy(noise, 0, straddling, STRETCH / 2, STRETCH);
        assertFalse(NoiseProbe.hasNoise(MemorySegment.ofArray(straddling)));
        assertFalse(NoiseProbe.hasNoise(MemorySegment.ofArray(new byte[0])));
    }

    @Test
    void evenButPredictableBytesAreNotNoise() {
        int n = 8 * STRETCH;
        byte[] counter = new byte[n];
        byte[] walk = new byte[n];
        byte[] text = new byte[n];
        byte[] halfRandom = new byte[n];
        Random r = new Random(3);
        int w = 0;
        String words = "the quick brown fox jumps over a lazy dog while blosc2 shuffles bytes ";
        for (int i = 0; i < n; i++) {
            counter[i] = (byte) i;
            w += r.nextInt(9) - 4;
            walk[i] = (byte) w;
            text[i] = (byte) words.charAt((i * 7 + i / 97) % words.length());
            halfRandom[i] = (byte) r.nextInt(128);
        }
        for (byte[] b : new byte[][] {counter, walk, text, halfRandom, new byte[n]}) {
            assertFalse(NoiseProbe.hasNoise(MemorySegment.ofArray(b)), new String(b, 0, 16, StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void randomBytesWrittenTwiceWithinAWindowAreNotNoise() {
        byte[] noise = NativeCodecsTest.random(4 * STRETCH, 11);
        // a random pattern of 5 KiB repeated: each stretch holds repeats of itself
        byte[] pattern = new byte[4 * STRETCH];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = noise[i % 5000];
        }
        assertFalse(NoiseProbe.hasNoise(MemorySegment.ofArray(pattern)));
        // a stretch copied 20 KiB further on: the copy repeats, the original (and the untouched rest) does not
        byte[] copied = noise.clone();
        System.arraycopy(noise, 0, copied, STRETCH + 4096, STRETCH);
        assertTrue(NoiseProbe.isNoise(MemorySegment.ofArray(copied), 0));
        assertFalse(NoiseProbe.isNoise(MemorySegment.ofArray(copied), 2 * STRETCH));
        assertTrue(NoiseProbe.isNoise(MemorySegment.ofArray(copied), 3 * STRETCH));
        // copied from further back than a window: nothing deflate could match, noise again
        byte[] far = NativeCodecsTest.random(5 * STRETCH, 12);
        System.arraycopy(far, 0, far, 4 * STRETCH, STRETCH);
        assertTrue(NoiseProbe.isNoise(MemorySegment.ofArray(far), 4 * STRETCH));
    }

    @Test
    void theLowBytesOfShuffledNoisyDoublesAreNoiseAndTheOtherDatasetsAreNot() {
        for (var ds : Datasets.datasets()) {
            MemorySegment data = MemorySegment.ofArray(ds.generate(1 << 20));
            MemorySegment shuffled = MemorySegment.ofArray(new byte[1 << 20]);
            int ts = ds.typesize();
            long items = data.byteSize() / ts;
            for (long i = 0; i < items; i++) {
                for (int j = 0; j < ts; j++) {
                    shuffled.set(ValueLayout.JAVA_BYTE, j * items + i, data.get(ValueLayout.JAVA_BYTE, i * ts + j));
                }
            }
            assertEquals(ds.name().equals("f64_noise"), NoiseProbe.hasNoise(shuffled), ds.name());
        }
    }

    @Test
    void onLibdeflateStreamsWithNoiseStoreItAndTheOthersAreLibdeflates() {
        Assumptions.assumeTrue(Libdeflate.isAvailable(), "libdeflate is not installed");
        ZlibCodec libdeflate = new ZlibCodec(true);
        ZlibCodec zlib = new ZlibCodec(false);
        byte[] noise = NativeCodecsTest.random(STRETCH, 5);
        byte[] noisy = NativeCodecsTest.compressible(6 * STRETCH, 5);
        System.arraycopy(noise, 0, noisy, 2 * STRETCH, STRETCH);
        byte[] clean = NativeCodecsTest.compressible(6 * STRETCH, 5);
        try (Arena arena = Arena.ofConfined()) {
            for (byte[] data : new byte[][] {noisy, clean}) {
                for (MemorySegment src : new MemorySegment[] {MemorySegment.ofArray(data),
                        arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data))}) {
                    byte[] ours = new byte[data.length];
                    byte[] zlibs = new byte[data.length];
                    int n = libdeflate.compress(src, MemorySegment.ofArray(ours), 5, null);
                    int z = zlib.compress(src, MemorySegment.ofArray(zlibs), 5, null);
                    assertTrue(n > 0 && z > 0 && n <= z + z / 50, "ours " + n + ", zlib's " + z);
                    if (data == noisy) {
                        // a stored block: the noise is in the stream as it is
                        assertTrue(indexOf(Arrays.copyOf(ours, n), noise) > 0, "noise stored");
                    } else {
                        assertNotEquals(-1, Arrays.mismatch(Arrays.copyOf(zlibs, z), Arrays.copyOf(ours, n)),
                                "clean stream: libdeflate's bytes");
                    }
                    for (ZlibCodec reader : new ZlibCodec[] {libdeflate, zlib}) {
                        byte[] back = new byte[data.length];
                        assertEquals(data.length, reader.decompress(MemorySegment.ofArray(ours).asSlice(0, n),
                                MemorySegment.ofArray(back), null));
                        assertArrayEquals(data, back);
                    }
                    // too little room: 0, as for any stream that does not fit
                    assertEquals(0, libdeflate.compress(src, MemorySegment.ofArray(new byte[n - 1]), 5, null));
                }
            }
        }
    }

    @Test
    void zlibWithNoiseStoresTheNoiseAndDeflatesTheRestOnHeapAndNativeSegments() {
        ZlibCodec zlib = new ZlibCodec(false);
        byte[] noise = NativeCodecsTest.random(3 * STRETCH, 8);
        byte[] data = NativeCodecsTest.compressible(8 * STRETCH + 999, 8);
        System.arraycopy(noise, 0, data, STRETCH, 3 * STRETCH);
        try (Arena arena = Arena.ofConfined()) {
            for (MemorySegment src : new MemorySegment[] {MemorySegment.ofArray(data),
                    arena.allocate(data.length).copyFrom(MemorySegment.ofArray(data))}) {
                for (int clevel = 1; clevel <= 9; clevel++) {
                    MemorySegment dst = arena.allocate(data.length);
                    int n = ZlibWithNoise.compress(src, dst, clevel);
                    byte[] viaZlib = new byte[data.length];
                    int z = zlib.compress(src, MemorySegment.ofArray(viaZlib), clevel, null);
                    assertTrue(n > 3 * STRETCH && n <= z + z / 50, "ours " + n + ", compress2's " + z);
                    byte[] stream = dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
                    assertTrue(indexOf(stream, noise) > 0, "the noise is stored as it is");
                    byte[] back = new byte[data.length];
                    assertEquals(data.length, zlib.decompress(dst.asSlice(0, n), MemorySegment.ofArray(back), null));
                    assertArrayEquals(data, back, "clevel " + clevel);
                    assertEquals(0, ZlibWithNoise.compress(src, MemorySegment.ofArray(new byte[n - 1]), clevel));
                    assertEquals(0, ZlibWithNoise.compress(src, MemorySegment.ofArray(new byte[2 * STRETCH]), clevel));
                }
            }
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
