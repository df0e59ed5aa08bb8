package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.blosc2panama.cbaseline.CBlosc2Library;
import io.github.blosc2panama.core.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench's C-Blosc2 columns: against the real library when it is found (-Dblosc2.python or -Dblosc2.clib;
 * those tests are skipped otherwise), and what happens when it is not.
 */
class CBlosc2BaselineTest {
    private static Path library() {
        Optional<Path> lib = CBlosc2Library.find();
        assumeTrue(lib.isPresent(), CBlosc2Library.HOW_TO_GET_IT);
        return lib.get();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(String json) {
        return (List<Map<String, Object>>) MiniJson.parse(json);
    }

    private static double num(Map<String, Object> row, String key) {
        assertTrue(row.containsKey(key), key + " in " + row);
        return ((Number) row.get(key)).doubleValue();
    }

    @Test
    void jsonRowsCarryCsFiguresAndTheRatiosOursOverC() {
        Path lib = library();
        Run run = Run.of("bench", "--json", "--size", "1", "--dataset", "i32_arange,text", "--config",
                "lz4-5-shuffle,zstd-1-shuffle", "--threads", "1", "--reps", "1", "--clib", lib.toString());
        List<Map<String, Object>> rows = rows(run.ok());
        assertEquals(4, rows.size(), run.out());
        assertEquals("", run.err(), "the library was given, nothing to say");
        for (Map<String, Object> r : rows) {
            assertTrue(((String) r.get("baseline")).startsWith("C-Blosc2 3."), r.toString());
            double c = num(r, "c_compress_gbps");
            double d = num(r, "c_decompress_gbps");
            assertTrue(c > 0 && d > 0, r.toString());
            assertRatio(num(r, "compress_gbps"), c, num(r, "compress_ratio_vs_c"));
            assertRatio(num(r, "decompress_gbps"), d, num(r, "decompress_ratio_vs_c"));
            // Same data, same parameters: C compresses to the same size, within a few percent.
            double ratio = num(r, "ratio");
            double cRatio = num(r, "c_ratio");
            assertTrue(Math.abs(ratio - cRatio) <= 0.05 * cRatio, "ours " + ratio + " vs C " + cRatio);
        }
    }

    /** ratio = ours / c, up to the rounding of all three to 4 decimals. */
    private static void assertRatio(double ours, double c, double ratio) {
        double expected = ours / c;
        double slack = expected * (0.5e-4 / Math.max(ours, 1e-4) + 0.5e-4 / c) + 0.5e-4;
        assertEquals(expected, ratio, slack, ours + " / " + c);
    }

    @Test
    void textTableHasTheCColumns() {
        Path lib = library();
        String table = Run.of("bench", "--size", "1", "--dataset", "f64_noise", "--config", "blosclz-5-shuffle",
                "--threads", "1", "--reps", "1", "--clib", lib.toString()).ok();
        List<String> lines = table.lines().toList();
        assertEquals(7, lines.size(), table);
        assertTrue(lines.get(0).contains("c_* columns: C-Blosc2 3."), table);
        assertTrue(lines.get(1).endsWith("c_ratio  c_comp_GB/s   c_dec_GB/s  comp/C   dec/C"), table);
        assertTrue(lines.get(2).matches("f64_noise .* blosclz-5-shuffle +1( +[0-9]+\\.[0-9]+){8}"), table);
    }

    @Test
    void measuresCOnTheSameChunksAndVerifiesTheRoundTrip() {
        Path lib = library();
        Baseline b = CBlosc2Baseline.open(lib.toString(), System.err);
        assertInstanceOf(CBlosc2Baseline.class, b);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate((3 << 20) + 5);
            Datasets.I64_WALK.fill(data);
            Baseline.Measurement m = b.measure(Datasets.I64_WALK, Datasets.configuration("zstd-5-bitshuffle"), 2,
                    data, 1 << 20, new Passes(2, 0, 100_000_000L)).orElseThrow();
            assertTrue(m.ratio() > 3, "a random walk with bitshuffle+zstd compresses well: " + m.ratio());
            assertTrue(m.compressGbps() > 0 && m.decompressGbps() > 0, m.toString());
        }
    }

    @Test
    void noBaselineMeansNoColumnsAndNoNote() {
        Run run = Run.of("bench", "--json", "--size", "1", "--dataset", "text", "--config", "lz4-5-shuffle",
                "--threads", "1", "--reps", "1", "--no-baseline");
        Map<String, Object> r = rows(run.ok()).get(0);
        assertFalse(r.containsKey("c_compress_gbps"), r.toString());
        assertFalse(r.containsKey("baseline"), r.toString());
        assertEquals("", run.err());
    }

    @Test
    void anAbsentLibraryIsOneLineOnStderrSayingHowToGetIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Baseline b = CBlosc2Baseline.open(null, err, Optional::empty);
        assertFalse(b.present());
        String said = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.contains("bin/lib/peer-venv.sh") && said.contains("--clib PATH")
                && said.contains("-Dblosc2.clib"), said);
    }

    @Test
    void aClibThatIsNotALibraryIsAnError(@TempDir Path dir) {
        Run run = Run.of("bench", "--size", "1", "--dataset", "text", "--config", "lz4-5-shuffle", "--clib",
                dir.resolve("libmissing.so").toString());
        assertEquals(1, run.rc());
        assertTrue(run.err().contains("libmissing.so is not a file"), run.err());
        Run both = Run.of("bench", "--clib", "x.so", "--no-baseline");
        assertEquals(1, both.rc());
        assertTrue(both.err().contains("--clib and --no-baseline exclude each other"), both.err());
    }

    @Test
    void theJarFolderIsWhereThisBuildPutTheClasses() {
        Path folder = CBlosc2Baseline.jarFolder().orElseThrow();
        assertTrue(folder.endsWith("target"), folder.toString());
    }
}
