package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the flags line of /proc/cpuinfo: whole words of the first flags line only, nothing when unreadable. */
class CpuFlagsTest {
    @Test
    void findsWholeFlagsOfTheFirstFlagsLine() {
        List<String> cpuinfo = List.of(
                "processor\t: 0",
                "model name\t: Some Xeon",
                "flags\t\t: fpu sse2 avx512f avx512bw avx512vbmi2 avx512_vnni",
                "bugs\t\t: spectre_v1",
                "flags\t\t: avx512vbmi");
        assertTrue(CpuFlags.has(cpuinfo, "avx512bw"));
        assertFalse(CpuFlags.has(cpuinfo, "avx512vbmi"), "avx512vbmi2 is not avx512vbmi; later lines are not read");
        assertFalse(CpuFlags.has(cpuinfo, "avx512"));
        assertFalse(CpuFlags.has(List.of("flags without a colon avx512vbmi"), "avx512vbmi"));
        assertTrue(CpuFlags.has(List.of("flags : avx512vbmi"), "avx512vbmi"));
    }

    @Test
    void readsAFileWithBytesOutsideAsciiUpToItsFirstFlagsLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cpuinfo");
        Files.write(file, ("model name\t: Proc\u00e9sseur \u00ae\nflags\t: fpu avx512vbmi\nflags\t: other\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        List<String> lines = CpuFlags.read(file);
        assertEquals(2, lines.size(), "stops at the first flags line");
        assertTrue(CpuFlags.has(lines, "avx512vbmi"));
    }

    @Test
    void anUnreadableFileHasNoFlags() {
        assertTrue(CpuFlags.read(Path.of("/nonexistent/cpuinfo")).isEmpty());
        assertFalse(CpuFlags.has(List.of(), "avx512vbmi"));
    }
}
