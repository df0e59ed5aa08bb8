package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.data.BenchConfig;
import io.github.blosc2panama.core.data.Dataset;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** bench's output formats and option handling, without running the chunk layer. */
class BenchTableTest {
    private static final BenchRow ROW = new BenchRow("f64_noise", "b77ef6f93caeca0e", "lz4-5-shuffle", 2, 1.7612345,
            2.0871, 3.84999, null);
    private static final BenchRow MEMCPY = new BenchRow("(any)", "-", "memcpy", 1, Double.NaN, 7.43, Double.NaN, null);

    @Test
    void textRows() {
        BenchTable t = new BenchTable(Baseline.none());
        assertEquals("dataset      sha256           config             nthreads    ratio  comp_GB/s   dec_GB/s\n",
                t.header());
        assertEquals("f64_noise    b77ef6f93caeca0e lz4-5-shuffle             2     1.76      2.087      3.850\n",
                t.row(ROW));
        assertEquals("(any)        -                memcpy                    1        -      7.430          -\n",
                t.row(MEMCPY));
    }

    @Test
    void jsonRows() {
        String json = new BenchTable(Baseline.none()).json(List.of(ROW, MEMCPY));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) MiniJson.parse(json);
        assertEquals(2, rows.size());
        Map<String, Object> r = rows.get(0);
        assertEquals("f64_noise", r.get("dataset"));
        assertEquals("lz4-5-shuffle", r.get("config"));
        assertEquals(2L, r.get("nthreads"));
        assertEquals(1.7612, r.get("ratio"));
        assertEquals(2.0871, r.get("compress_gbps"));
        assertEquals(3.85, r.get("decompress_gbps"));
        assertEquals(false, r.containsKey("baseline"), "no baseline, no baseline member");
        assertEquals(null, rows.get(1).get("ratio"));
        assertEquals(null, rows.get(1).get("decompress_gbps"));
        assertTrue(rows.get(1).containsKey("ratio"));
    }

    @Test
    void baselineHookAddsColumnsOnlyWhenPresent() {
        Baseline fake = new Baseline() {
            @Override
            public String name() {
                return "test baseline";
            }

            @Override
            public boolean present() {
                return true;
            }

            @Override
            public Optional<Measurement> measure(Dataset d, BenchConfig c, int n, MemorySegment data, int chunk,
                    Passes passes) {
                return Optional.empty();
            }
        };
        BenchTable t = new BenchTable(fake);
        assertTrue(t.header().endsWith("  c_ratio  c_comp_GB/s   c_dec_GB/s  comp/C   dec/C\n"), t.header());
        BenchRow withBase = new BenchRow("text", "3aeb934f69269165", "zlib-5-shuffle", 1, 4.5, 0.05, 0.27,
                new Baseline.Measurement(4.54, 0.04, 0.3));
        assertTrue(t.row(withBase).endsWith("     4.54        0.040        0.300    1.25    0.90\n"), t.row(withBase));
        assertTrue(t.row(ROW).endsWith("        -            -            -       -       -\n"), t.row(ROW));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) MiniJson.parse(t.json(List.of(withBase, ROW)));
        Map<String, Object> r = rows.get(0);
        assertEquals("test baseline", r.get("baseline"));
        assertEquals(4.54, r.get("c_ratio"));
        assertEquals(0.04, r.get("c_compress_gbps"));
        assertEquals(0.3, r.get("c_decompress_gbps"));
        assertEquals(1.25, r.get("compress_ratio_vs_c"));
        assertEquals(0.9, r.get("decompress_ratio_vs_c"));
        assertEquals(false, rows.get(1).containsKey("c_compress_gbps"), "a row C did not measure has no C members");
        assertEquals(false, rows.get(1).containsKey("compress_ratio_vs_c"));
    }

    @Test
    void memcpyOnlyRunNeedsNoChunkLayer() {
        String json = Run.of("bench", "--json", "--size", "1", "--config", "memcpy").ok();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) MiniJson.parse(json);
        assertEquals(1, rows.size());
        assertEquals("memcpy", rows.get(0).get("config"));
        assertTrue(((Number) rows.get(0).get("compress_gbps")).doubleValue() > 0.01, json);
        String table = Run.of("bench", "--size", "1", "--config", "memcpy", "--reps", "1").ok();
        List<String> lines = table.lines().toList();
        assertEquals(3, lines.size(), table);
        assertTrue(lines.get(0).startsWith("# blosc2-panama "), table);
        assertTrue(lines.get(2).startsWith("(any)        -                memcpy "), table);
    }

    @Test
    void defaultThreadsAreOneAndAllCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(cores == 1 ? List.of(1) : List.of(1, cores), BenchCommand.threads(null));
        assertEquals(List.of(2, 1), BenchCommand.threads(List.of("2", "1", "2")));
        assertEquals(List.of("text", "f64_noise"),
                BenchCommand.datasets(List.of("text", "f64_noise", "text")).stream().map(Dataset::name).toList());
        assertEquals(7, BenchCommand.configs(null).size());
        assertEquals(List.of("zlib-5-shuffle"),
                BenchCommand.configs(List.of("zlib-5-shuffle", "memcpy")).stream().map(BenchConfig::name).toList());
    }
}
