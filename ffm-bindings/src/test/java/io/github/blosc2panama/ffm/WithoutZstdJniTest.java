package io.github.blosc2panama.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** zstd-jni is optional: with the system libzstd and without zstd-jni on the class path, Zstd works. */
class WithoutZstdJniTest {

    /** Run in the child JVM: compresses and decompresses through the contexts. */
    public static void main(String[] args) {
        byte[] data = "blosc2 blosc2 blosc2 blosc2 blosc2 blosc2 blosc2".repeat(100).getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[data.length + 100];
        try (Zstd.CompressionContext c = new Zstd.CompressionContext();
             Zstd.DecompressionContext d = new Zstd.DecompressionContext()) {
            long n = c.compress(MemorySegment.ofArray(out), MemorySegment.ofArray(data), 3);
            byte[] back = new byte[data.length];
            long m = d.decompress(MemorySegment.ofArray(back), MemorySegment.ofArray(out).asSlice(0, n));
            System.out.println(m == data.length && Arrays.equals(back, data) ? "round trip ok" : "mismatch");
        }
    }

    @Test
    void zstdWorksWithoutZstdJni() throws Exception {
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("zstd-jni"))
                .collect(Collectors.joining(File.pathSeparator));
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", cp,
                WithoutZstdJniTest.class.getName())).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("round trip ok"), output);
    }
}
