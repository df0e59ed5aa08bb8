package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class ZstdTest {

    static List<ZstdBackend> backends() {
        return List.of(new ZstdFfmBackend("test"), ZstdJniBackend.tryCreate(),
                new ZstdBundledBackend(ZstdJniBackend::tryCreate));
    }

    @Test
    void rawFunctionsOnSystemLibrary() {
        assertTrue(Zstd.ZSTD_versionNumber() >= 10400);
        assertEquals(22, Zstd.ZSTD_maxCLevel());
        byte[] data = TestData.compressible(64_000, 9);
        long bound = Zstd.ZSTD_compressBound(data.length);
        byte[] out = new byte[(int) bound];
        MemorySegment cctx = Zstd.ZSTD_createCCtx();
        MemorySegment dctx = Zstd.ZSTD_createDCtx();
        try {
            long n = Zstd.ZSTD_compressCCtx(cctx, MemorySegment.ofArray(out), out.length, MemorySegment.ofArray(data),
                    data.length, 3);
            assertEquals(0, Zstd.ZSTD_isError(n));
            byte[] back = new byte[data.length];
            long m = Zstd.ZSTD_decompressDCtx(dctx, MemorySegment.ofArray(back), back.length,
                    MemorySegment.ofArray(out), n);
            assertEquals(data.length, m);
            assertArrayEquals(data, back);
            long err = Zstd.ZSTD_compressCCtx(cctx, MemorySegment.ofArray(out), 10, MemorySegment.ofArray(data),
                    data.length, 3);
            assertTrue(Zstd.ZSTD_isError(err) != 0);
            assertTrue(Zstd.ZSTD_getErrorName(err).toLowerCase().contains("destination"),
                    Zstd.ZSTD_getErrorName(err));
            assertThrows(IndexOutOfBoundsException.class, () -> Zstd.ZSTD_compressCCtx(cctx,
                    MemorySegment.ofArray(out), out.length + 1, MemorySegment.ofArray(data), data.length, 3));
            assertThrows(IllegalArgumentException.class, () -> Zstd.ZSTD_createCDict(MemorySegment.ofArray(data),
                    100, 1));
        } finally {
            Zstd.ZSTD_freeCCtx(cctx);
            Zstd.ZSTD_freeDCtx(dctx);
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void contextsRoundTripHeapAndNative(ZstdBackend backend) {
        byte[] data = TestData.compressible(100_000, 11);
        try (Arena arena = Arena.ofConfined();
             Zstd.CompressionContext c = new Zstd.CompressionContext(backend);
             Zstd.DecompressionContext d = new Zstd.DecompressionContext(backend)) {
            for (int level : new int[] {1, 5, 19}) {
                byte[] out = new byte[120_000];
                long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), level);
                assertFalse(backend.isError(n), backend.errorName(n));
                MemorySegment nsrc = arena.allocate(n).copyFrom(MemorySegment.ofArray(out).asSlice(0, n));
                MemorySegment ndst = arena.allocate(data.length);
                assertEquals(data.length, d.decompress(ndst, nsrc));
                assertArrayEquals(data, ndst.toArray(ValueLayout.JAVA_BYTE));
            }
            long tooSmall = c.compress(MemorySegment.ofArray(new byte[50]), MemorySegment.ofArray(data), 1);
            assertTrue(backend.isError(tooSmall));
            long corrupt = d.decompress(MemorySegment.ofArray(new byte[1000]),
                    MemorySegment.ofArray(TestData.random(300, 1)));
            assertTrue(backend.isError(corrupt));
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void trainedDictionaryRoundTripsAcrossBackends(ZstdBackend backend) {
        byte[] samples = TestData.compressible(64_000, 21);
        long[] sizes = new long[64];
        java.util.Arrays.fill(sizes, 1000);
        byte[] dictBuf = new byte[4096];
        long dictSize = backend.trainFromBuffer(MemorySegment.ofArray(dictBuf), MemorySegment.ofArray(samples), sizes);
        assertFalse(backend.isError(dictSize), backend.errorName(dictSize));
        assertTrue(dictSize > 0 && dictSize <= 4096);
        MemorySegment dict = MemorySegment.ofArray(dictBuf).asSlice(0, dictSize);
        byte[] data = TestData.compressible(4000, 22);
        ZstdBackend other = backend instanceof ZstdFfmBackend ? ZstdJniBackend.tryCreate() : new ZstdFfmBackend("t");
        try (Zstd.CompressionContext c = new Zstd.CompressionContext(backend);
             Zstd.CompressionDictionary cd = new Zstd.CompressionDictionary(backend, dict, 1);
             Zstd.DecompressionContext d = new Zstd.DecompressionContext(other);
             Zstd.DecompressionDictionary dd = new Zstd.DecompressionDictionary(other, dict)) {
            byte[] out = new byte[8000];
            long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), cd);
            assertFalse(backend.isError(n), backend.errorName(n));
            byte[] back = new byte[data.length];
            assertEquals(data.length, d.decompress(MemorySegment.ofArray(back),
                    MemorySegment.ofArray(out).asSlice(0, n), dd));
            assertArrayEquals(data, back);
            // without the dictionary the frame is refused
            assertTrue(other.isError(d.decompress(MemorySegment.ofArray(back), MemorySegment.ofArray(out).asSlice(0, n))));
            // a dictionary of the other backend is refused
            assertThrows(IllegalArgumentException.class, () -> d.decompress(MemorySegment.ofArray(back),
                    MemorySegment.ofArray(out).asSlice(0, n), new Zstd.DecompressionDictionary(backend, dict)));
        }
    }

    @Test
    void closedContextIsRefused() {
        Zstd.CompressionContext c = new Zstd.CompressionContext();
        c.close();
        c.close();
        assertThrows(IllegalStateException.class, () -> c.compress(MemorySegment.ofArray(new byte[100]),
                MemorySegment.ofArray(new byte[10]), 1));
    }

    @Test
    void defaultBackendIsTheNewerZstd() {
        String d = Zstd.backendDescription();
        assertTrue(d.contains("libzstd.so.1") || d.contains("zstd 1.5.7 from zstd-jni"), d);
        assertEquals(22, Zstd.maxCLevel());
    }

    /**
     * A frame that runs out of room (left open inside zstd) changes nothing for the next one: after a failed frame
     * with a dictionary, the next frame without one carries no dictionary, and after a failed frame at one level the
     * next at another level is what a fresh context makes.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void aFailedFrameDoesNotLeakIntoTheNext(ZstdBackend backend) {
        byte[] dict = TestData.compressible(8000, 41);
        byte[] data = TestData.compressible(20_000, 42);
        ZstdBackend system = new ZstdFfmBackend("t");
        try (Zstd.CompressionContext c = new Zstd.CompressionContext(backend);
             Zstd.CompressionContext fresh = new Zstd.CompressionContext(backend);
             Zstd.CompressionDictionary cd = new Zstd.CompressionDictionary(backend, MemorySegment.ofArray(dict), 3);
             Zstd.DecompressionContext sd = new Zstd.DecompressionContext(system)) {
            assertTrue(backend.isError(c.compress(MemorySegment.ofArray(new byte[20]), MemorySegment.ofArray(data), cd)));
            byte[] out = new byte[30_000];
            long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), 1);
            assertFalse(backend.isError(n), backend.errorName(n));
            byte[] back = new byte[data.length];
            assertEquals(data.length, sd.decompress(MemorySegment.ofArray(back), MemorySegment.ofArray(out).asSlice(0, n)));
            assertArrayEquals(data, back);

            assertTrue(backend.isError(c.compress(MemorySegment.ofArray(new byte[20]), MemorySegment.ofArray(data), 19)));
            long m = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), 5);
            byte[] expected = new byte[30_000];
            long k = fresh.compress(MemorySegment.ofArray(expected), MemorySegment.ofArray(data), 5);
            assertEquals(k, m);
            assertArrayEquals(java.util.Arrays.copyOf(expected, (int) k), java.util.Arrays.copyOf(out, (int) m));
        }
    }

    /** One context through frames with dictionary A, none, B, A again: each frame decodes on the system libzstd. */
    @ParameterizedTest
    @MethodSource("backends")
    void contextsSwitchDictionaries(ZstdBackend backend) {
        byte[] a = TestData.compressible(8000, 31);
        byte[] b = TestData.compressible(8000, 32);
        byte[] data = TestData.compressible(6000, 33);
        ZstdBackend system = new ZstdFfmBackend("t");
        try (Zstd.CompressionContext c = new Zstd.CompressionContext(backend);
             Zstd.DecompressionContext d = new Zstd.DecompressionContext(backend);
             Zstd.CompressionDictionary ca = new Zstd.CompressionDictionary(backend, MemorySegment.ofArray(a), 3);
             Zstd.CompressionDictionary cb = new Zstd.CompressionDictionary(backend, MemorySegment.ofArray(b), 3);
             Zstd.DecompressionDictionary da = new Zstd.DecompressionDictionary(backend, MemorySegment.ofArray(a));
             Zstd.DecompressionDictionary db = new Zstd.DecompressionDictionary(backend, MemorySegment.ofArray(b));
             Zstd.DecompressionContext sd = new Zstd.DecompressionContext(system);
             Zstd.DecompressionDictionary sa = new Zstd.DecompressionDictionary(system, MemorySegment.ofArray(a));
             Zstd.DecompressionDictionary sb = new Zstd.DecompressionDictionary(system, MemorySegment.ofArray(b))) {
            Object[][] steps = {{ca, da, sa}, {null, null, null}, {cb, db, sb}, {ca, da, sa}, {null, null, null}};
            for (Object[] step : steps) {
                byte[] out = new byte[10_000];
                long n = step[0] == null ? c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), 3)
                        : c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data),
                                (Zstd.CompressionDictionary) step[0]);
                assertFalse(backend.isError(n), backend.errorName(n));
                MemorySegment frame = MemorySegment.ofArray(out).asSlice(0, n);
                byte[] back = new byte[data.length];
                long m = step[1] == null ? d.decompress(MemorySegment.ofArray(back), frame)
                        : d.decompress(MemorySegment.ofArray(back), frame, (Zstd.DecompressionDictionary) step[1]);
                assertEquals(data.length, m);
                assertArrayEquals(data, back);
                byte[] viaSystem = new byte[data.length];
                long k = step[2] == null ? sd.decompress(MemorySegment.ofArray(viaSystem), frame)
                        : sd.decompress(MemorySegment.ofArray(viaSystem), frame, (Zstd.DecompressionDictionary) step[2]);
                assertEquals(data.length, k);
                assertArrayEquals(data, viaSystem);
            }
            // a frame made with dictionary A does not decode to the data with B loaded (raw-content dictionaries
            // carry no ID, so zstd cannot tell)
            byte[] out = new byte[10_000];
            long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), ca);
            byte[] back = new byte[data.length];
            long wrong = d.decompress(MemorySegment.ofArray(back), MemorySegment.ofArray(out).asSlice(0, n), db);
            assertTrue(backend.isError(wrong) || !java.util.Arrays.equals(data, back));
        }
    }
}
