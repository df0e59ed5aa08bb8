package io.github.blosc2panama.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The generated datasets are byte-exact: their 64 MiB sha256 prefixes are the ones DATASETS.md gives. */
class BenchDatasetTest {
    @ParameterizedTest
    @CsvSource({
        "f64_noise, b77ef6f93caeca0e",
        "i32_arange, d5f530811c8d9d40",
        "i64_walk, f73ce20b80e36c2a",
        "text, 3aeb934f69269165"})
    void whole64MiBDatasetHasTheDocumentedSha256(String id, String prefix) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(64L << 20);
            BenchDataset.ofId(id).fill(s);
            assertEquals(prefix, TestSupport.sha256(s).substring(0, 16));
        }
    }

    @Test
    void textIsCutMidWordAtTheEnd() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment longer = arena.allocate(1000);
            MemorySegment shorter = arena.allocate(7);
            DataPatterns.text(longer, 3);
            DataPatterns.text(shorter, 3);
            assertEquals(-1, shorter.mismatch(longer.asSlice(0, 7)));
            String head = new String(longer.asSlice(0, 40).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                    StandardCharsets.US_ASCII);
            assertEquals(true, head.matches("[a-z0-9 \\n]+"), head);
        }
    }
}
