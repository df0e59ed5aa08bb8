package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.ffm.NativeLibraries.Library;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibrariesTest {

    @Test
    void systemLibrariesLoadBySoname() {
        for (Library lib : new Library[] {Library.LZ4, Library.ZSTD, Library.ZLIB}) {
            assertTrue(NativeLibraries.isAvailable(lib), NativeLibraries.describe(lib));
        }
        assertEquals("libz.so.1", NativeLibraries.describe(Library.ZLIB));
        // optional: when it is installed, it loads by its soname
        if (NativeLibraries.isAvailable(Library.LIBDEFLATE)) {
            assertEquals("libdeflate.so.0", NativeLibraries.describe(Library.LIBDEFLATE));
        }
    }

    @Test
    void propertyPointsAtAnotherFile() throws Exception {
        String real = "/lib/x86_64-linux-gnu/liblz4.so.1";
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of(real)));
        NativeLibraries.Loaded l = NativeLibraries.load(Library.LZ4,
                Map.of("blosc2.lib.lz4", real, "blosc2.lib.lz4.system", "false")::get);
        assertNotNull(l.lookup());
        assertEquals(real, l.source());
    }

    @Test
    void missingLibraryNamesEveryPlaceTriedAndFailsOnlyWhenCalled() throws Throwable {
        NativeLibraries.Loaded l = NativeLibraries.load(Library.ZLIB,
                Map.of("blosc2.lib.zlib", "/nonexistent/libz.so", "blosc2.lib.zlib.system", "false")::get);
        assertNull(l.lookup());
        assertTrue(l.failure().contains("/nonexistent/libz.so"), l.failure());
        assertTrue(l.failure().contains("blosc2.lib.zlib.system=false"), l.failure());
        MethodHandle h = NativeLibraries.downcall(l, "zlibVersion", FunctionDescriptor.of(JAVA_INT), false);
        NativeLibraryNotFoundException e = assertThrows(NativeLibraryNotFoundException.class, () -> {
            int ignored = (int) h.invokeExact();
        });
        assertTrue(e.getMessage().contains("zlibVersion") && e.getMessage().contains("/nonexistent/libz.so"),
                e.getMessage());

        NativeLibraries.Loaded sys = NativeLibraries.load(Library.ZLIB, k -> null);
        assertTrue(sys.failure() == null, sys.failure());
        MethodHandle missing = NativeLibraries.downcall(sys, "no_such_function", FunctionDescriptor.of(JAVA_INT),
                false);
        e = assertThrows(NativeLibraryNotFoundException.class, () -> {
            int ignored = (int) missing.invokeExact();
        });
        assertTrue(e.getMessage().contains("no_such_function"), e.getMessage());
    }

    @Test
    void zstdFallsBackToZstdJniWhenLibzstdIsMissing() {
        NativeLibraries.Loaded none = NativeLibraries.load(Library.ZSTD,
                Map.of("blosc2.lib.zstd", "/nonexistent/libzstd.so", "blosc2.lib.zstd.system", "false")::get);
        NativeLibraries.Loaded noCopy = NativeLibraries.bundledZstd(Map.of(BundledZstd.PROPERTY, "false")::get,
                BundledZstd.zstdJniVersion(getClass().getClassLoader()));
        assertTrue(noCopy.lookup() == null && noCopy.failure().contains("skipped"), noCopy.failure());
        ZstdBackend backend = ZstdBackend.select(none, false, () -> -1, noCopy, -1, () -> {
            throw new AssertionError("refused copy used");
        }, ZstdJniBackend::tryCreate);
        assertTrue(backend instanceof ZstdJniBackend, backend.description());
        assertTrue(backend.description().contains("zstd-jni"), backend.description());
        byte[] data = TestData.compressible(30_000, 5);
        byte[] out = new byte[40_000];
        byte[] back = new byte[data.length];
        try (Zstd.CompressionContext c = new Zstd.CompressionContext(backend);
             Zstd.DecompressionContext d = new Zstd.DecompressionContext(backend)) {
            long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), 3);
            assertFalse(backend.isError(n));
            assertEquals(data.length, d.decompress(MemorySegment.ofArray(back), MemorySegment.ofArray(out).asSlice(0, n)));
            assertArrayEquals(data, back);
        }

        ZstdBackend nothing = ZstdBackend.select(none, false, () -> -1, noCopy, -1, () -> {
            throw new AssertionError("refused copy used");
        }, () -> {
            throw new IllegalStateException("zstd-jni absent (simulated)");
        });
        NativeLibraryNotFoundException e = assertThrows(NativeLibraryNotFoundException.class, nothing::orThrow);
        assertTrue(e.getMessage().contains("/nonexistent/libzstd.so") && e.getMessage().contains("zstd-jni absent"),
                e.getMessage());
    }

    @Test
    void zstdUsesTheNewerOfTheSystemLibraryAndZstdJnisCopy() {
        assertEquals(10507, BundledZstd.versionNumber("1.5.7-28"));
        assertEquals(10510, BundledZstd.versionNumber("1.5.10"));
        assertEquals(-1, BundledZstd.versionNumber("1.5"));
        String version = BundledZstd.zstdJniVersion(getClass().getClassLoader());
        assertTrue(version != null && BundledZstd.versionNumber(version) >= 10507, version);

        NativeLibraries.Loaded system = NativeLibraries.load(Library.ZSTD, k -> null);
        NativeLibraries.Loaded bundled = NativeLibraries.bundledZstd(k -> null, version);
        assertTrue(bundled.lookup() != null, bundled.failure());
        assertTrue(bundled.source().startsWith("zstd 1.5.7 from zstd-jni " + version), bundled.source());
        Supplier<ZstdBackend> copy = () -> new ZstdBundledBackend(ZstdJniBackend::tryCreate);
        Supplier<ZstdBackend> jni = () -> {
            throw new AssertionError("zstd-jni's Java API used");
        };
        assertTrue(ZstdBackend.select(system, false, () -> 10504, bundled, 10507, copy, jni)
                instanceof ZstdBundledBackend, "newer copy");
        assertTrue(ZstdBackend.select(system, false, () -> 10507, bundled, 10507, copy, jni)
                instanceof ZstdFfmBackend, "tie: the system's");
        assertTrue(ZstdBackend.select(system, true, () -> 10504, bundled, 10507, copy, jni)
                instanceof ZstdFfmBackend, "-Dblosc2.lib.zstd wins");
        NativeLibraries.Loaded none = NativeLibraries.load(Library.ZSTD, Map.of("blosc2.lib.zstd.system", "false")::get);
        assertTrue(ZstdBackend.select(none, false, () -> -1, bundled, 10507, copy, jni) instanceof ZstdBundledBackend,
                "no system library");

        // the default: on this machine's libzstd (1.5.4 or older than the copy), the copy
        int systemVersion = Zstd.ZSTD_versionNumber();
        String chosen = Zstd.backendDescription();
        assertEquals(systemVersion < BundledZstd.versionNumber(version), chosen.contains("from zstd-jni"), chosen);
    }

    @Test
    void lz4UsesTheNewerOfTheSystemLibraryAndLz4JavasCopy() {
        NativeLibraries.Loaded system = NativeLibraries.load(Library.LZ4, Map.of(BundledLz4.PROPERTY, "false")::get);
        NativeLibraries.Loaded bundled = NativeLibraries.load(Library.LZ4, Map.of("blosc2.lib.lz4.system", "false")::get);
        NativeLibraries.Loaded chosen = NativeLibraries.load(Library.LZ4, k -> null);
        assertNotNull(system.lookup(), system.failure());
        assertNotNull(bundled.lookup(), bundled.failure()); // lz4-java is on the test class path
        assertTrue(bundled.source().contains("from lz4-java"), bundled.source());
        assertTrue(bundled.source().startsWith("LZ4 1.10."), bundled.source());
        assertTrue(system.source().matches("liblz4\\S* \\(LZ4 1\\.\\d+\\.\\d+\\)"), system.source());
        int systemVersion = NativeLibraries.lz4Version(system);
        int bundledVersion = NativeLibraries.lz4Version(bundled);
        assertEquals(11000, bundledVersion / 100 * 100, "lz4-java 1.9-1.12 carries LZ4 1.10, C-Blosc2's own");
        assertEquals(Math.max(systemVersion, bundledVersion), NativeLibraries.lz4Version(chosen));
        assertEquals(bundledVersion > systemVersion, chosen.source().contains("from lz4-java"), chosen.source());

        NativeLibraries.Loaded neither = NativeLibraries.load(Library.LZ4,
                Map.of("blosc2.lib.lz4.system", "false", BundledLz4.PROPERTY, "false")::get);
        assertNull(neither.lookup());
        assertTrue(neither.failure().contains(BundledLz4.PROPERTY + "=false"), neither.failure());
    }

    @Test
    void lz4CompressesWithNothingNewerThanCBlosc2sLz4WhileThereIsAChoice() {
        int lz4v194 = 10904;
        int lz4v1100 = 11000;
        int lz4v1110 = 11100;
        int lz4v1120 = 11200;
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4, lz4v1100, lz4v194), "1.10 over the system's 1.9");
        assertFalse(NativeLibraries.lz4Prefers(Library.LZ4, lz4v194, lz4v1100));
        assertFalse(NativeLibraries.lz4Prefers(Library.LZ4, lz4v1100, lz4v1100), "the system's wins a tie");
        assertFalse(NativeLibraries.lz4Prefers(Library.LZ4, lz4v1110, lz4v194), "a lz4-java with LZ4 1.11");
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4, lz4v1100, lz4v1110), "a system with LZ4 1.11");
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4, lz4v1120, lz4v1110), "only newer ones: the newest");
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4_DECOMPRESSION, lz4v1110, lz4v1100), "decoding: the newest");
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4_DECOMPRESSION, lz4v1100, lz4v194));
        assertFalse(NativeLibraries.lz4Prefers(Library.LZ4_DECOMPRESSION, lz4v1100, lz4v1110));
        assertEquals(11000, NativeLibraries.LZ4_COMPRESSION_NEWEST / 100 * 100);
        int unknown = -1; // a liblz4 without LZ4_versionNumber
        assertFalse(NativeLibraries.lz4Prefers(Library.LZ4, unknown, lz4v1110), "unknown: the newer, as before");
        assertTrue(NativeLibraries.lz4Prefers(Library.LZ4, lz4v194, unknown));
    }

    @Test
    void lz4DecompressesWithTheNewestBuildFound(@TempDir Path dir) throws IOException {
        NativeLibraries.Loaded system = NativeLibraries.load(Library.LZ4, Map.of(BundledLz4.PROPERTY, "false")::get);
        NativeLibraries.Loaded lz4java = NativeLibraries.load(Library.LZ4, Map.of("blosc2.lib.lz4.system", "false")::get);
        NativeLibraries.Loaded decompression = NativeLibraries.load(Library.LZ4_DECOMPRESSION, k -> null);
        int newest = NativeLibraries.lz4Version(decompression);
        assertTrue(newest >= 11100, "the decoder copy carries LZ4 1.11: " + decompression.source());
        assertTrue(decompression.source().contains("from this module's decoder copy"), decompression.source());
        assertTrue(newest > NativeLibraries.lz4Version(system) && newest > NativeLibraries.lz4Version(lz4java));
        assertEquals(Math.max(NativeLibraries.lz4Version(system), NativeLibraries.lz4Version(lz4java)),
                NativeLibraries.lz4Version(NativeLibraries.load(Library.LZ4, k -> null)), "compression does not move");
        assertSame(decompression.lookup(), NativeLibraries.load(Library.LZ4_DECOMPRESSION,
                Map.of("blosc2.lib.lz4.system", "false")::get).lookup(), "the decoder copy is mapped once");

        assertEquals(NativeLibraries.lz4Version(system), NativeLibraries.lz4Version(NativeLibraries.load(
                Library.LZ4_DECOMPRESSION, Map.of(BundledLz4.PROPERTY, "false")::get)), "the copies refused");
        Path copy = dir.resolve("copy-of-lz4-java-s-liblz4.so");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(BundledLz4.resourceName())) {
            Files.copy(in, copy);
        }
        for (Library role : new Library[] {Library.LZ4, Library.LZ4_DECOMPRESSION}) {
            NativeLibraries.Loaded file = NativeLibraries.load(role, Map.of("blosc2.lib.lz4", copy.toString())::get);
            assertEquals(copy.toAbsolutePath().toString(), file.source(), "-Dblosc2.lib.lz4 names the " + role);
        }
    }

    @Test
    void lz4StreamsOfOneLibraryDecodeWithTheOther() throws Throwable {
        NativeLibraries.Loaded system = NativeLibraries.load(Library.LZ4, Map.of(BundledLz4.PROPERTY, "false")::get);
        NativeLibraries.Loaded bundled = NativeLibraries.load(Library.LZ4, Map.of("blosc2.lib.lz4.system", "false")::get);
        NativeLibraries.Loaded decoder = NativeLibraries.load(Library.LZ4_DECOMPRESSION, k -> null);
        FunctionDescriptor four = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
        byte[] data = TestData.compressible(200_000, 11);
        for (NativeLibraries.Loaded[] pair : new NativeLibraries.Loaded[][] {{system, bundled}, {bundled, system},
                {system, decoder}, {bundled, decoder}, {decoder, system}, {decoder, bundled}}) {
            MethodHandle compress = NativeLibraries.downcall(pair[0], "LZ4_compress_default", four, false);
            MethodHandle decompress = NativeLibraries.downcall(pair[1], "LZ4_decompress_safe", four, false);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment src = arena.allocateFrom(JAVA_BYTE, data);
                MemorySegment packed = arena.allocate(data.length + data.length / 255 + 16);
                MemorySegment back = arena.allocate(data.length);
                int n = (int) compress.invokeExact(src, packed, data.length, (int) packed.byteSize());
                assertTrue(n > 0 && n < data.length / 2, "compressed size " + n);
                assertEquals(data.length, (int) decompress.invokeExact(packed, back, n, data.length));
                assertArrayEquals(data, back.toArray(JAVA_BYTE));
            }
        }
    }
}
