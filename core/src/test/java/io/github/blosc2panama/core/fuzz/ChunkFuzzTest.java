package io.github.blosc2panama.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz targets for the chunk layer. Without {@code JAZZER_FUZZ} each replays the inputs kept in
 * {@code src/test/resources/.../ChunkFuzzTestInputs/<method>/} (crash reproducers and hand-made
 * cases); {@link SeedCorpusTest} replays the vectors. See docs/FUZZING.md.
 */
class ChunkFuzzTest {

    @BeforeAll
    static void seeds() {
        FuzzSeeds.prepareCorpus(ChunkFuzzTest.class, "decompress", FuzzSeeds.chunks());
        FuzzSeeds.prepareCorpus(ChunkFuzzTest.class, "getItem", FuzzSeeds.getItem());
        FuzzSeeds.prepareCorpus(ChunkFuzzTest.class, "info", FuzzSeeds.chunks());
    }

    @FuzzTest(maxDuration = "1m")
    void decompress(byte[] data) {
        FuzzTargets.chunkDecompress(data);
    }

    @FuzzTest(maxDuration = "1m")
    void getItem(byte[] data) {
        FuzzTargets.chunkGetItem(data);
    }

    @FuzzTest(maxDuration = "1m")
    void info(byte[] data) {
        FuzzTargets.chunkInfo(data);
    }
}
