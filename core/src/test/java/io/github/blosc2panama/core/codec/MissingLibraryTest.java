package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Native libraries made unloadable in a child JVM (loading is once per JVM, so it cannot be undone in this one). */
class MissingLibraryTest {

    private static String run(String mode, String... properties) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.addAll(List.of(properties));
        String vectors = System.getProperty("blosc2.vectors");
        if (vectors != null && !vectors.isBlank()) {
            cmd.add("-Dblosc2.vectors=" + vectors);
        }
        cmd.add(MissingLibraryProbe.class.getName());
        cmd.add(mode);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /**
     * Without a system libzstd the zstd codec runs on zstd-jni: on the zstd inside it through FFM, or, with that
     * copy refused, through zstd-jni's Java API; C's zstd chunks (with and without a dictionary) decode either way.
     */
    @Test
    void zstdCodecFallsBackToZstdJniWhenLibzstdCannotLoad() throws Exception {
        String ffm = run("zstd-fallback", "-Dblosc2.lib.zstd=/nonexistent/libzstd.so.1",
                "-Dblosc2.lib.zstd.system=false");
        assertTrue(ffm.contains("backend: zstd 1.5.7 from zstd-jni") && ffm.contains("(FFM)"), ffm);
        String jni = run("zstd-fallback", "-Dblosc2.lib.zstd=/nonexistent/libzstd.so.1",
                "-Dblosc2.lib.zstd.system=false", "-Dblosc2.lib.zstd.bundled=false");
        assertTrue(jni.contains("backend: zstd-jni") && jni.contains("(bundled zstd, JNI)"), jni);
        for (String out : new String[] {ffm, jni}) {
            assertTrue(out.contains("zstd round trips ok"), out);
            if (VectorChunk.vectors() != null) {
                assertTrue(out.contains("C chunk dict_zstd_ts4_randint.chunk decoded ok")
                        && out.contains("C chunk m_zstd_shuffle_ts4_arange.chunk decoded ok"), out);
            }
        }
    }

    @Test
    void missingZlibIsANativeLibraryExceptionAndLeavesLz4Working() throws Exception {
        // libdeflate refused too: with it, the zlib codec runs without zlib
        String out = run("zlib-missing", "-Dblosc2.lib.zlib=/nonexistent/libz.so.1", "-Dblosc2.lib.zlib.system=false",
                "-Dblosc2.lib.deflate.system=false");
        assertTrue(out.contains("lz4 ok") && out.contains("lz4hc still ok"), out);
        assertTrue(out.contains("zlib error: zlib codec unavailable") && out.contains("/nonexistent/libz.so.1")
                && out.contains("blosc2.lib.zlib"), out);
    }
}
