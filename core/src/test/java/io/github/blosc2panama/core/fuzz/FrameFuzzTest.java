package io.github.blosc2panama.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz targets for frames: a contiguous frame in memory and a sparse frame directory. Without
 * {@code JAZZER_FUZZ} each replays the inputs kept in {@code FrameFuzzTestInputs/<method>/}.
 */
class FrameFuzzTest {

    @BeforeAll
    static void seeds() {
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "cframe", FuzzSeeds.cframes());
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "sframe", FuzzSeeds.sframes());
    }

    @FuzzTest(maxDuration = "1m")
    void cframe(byte[] data) {
        FuzzTargets.cframe(data);
    }

    @FuzzTest(maxDuration = "1m")
    void sframe(byte[] data) {
        FuzzTargets.sframe(data);
    }
}
