package io.github.blosc2panama.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz targets for frames: a contiguous frame in memory and a sparse frame directory, read; the same on disk, and the
 * contiguous frame in memory, edited ({@link EditTargets}). Without {@code JAZZER_FUZZ} each replays the inputs kept in
 * {@code FrameFuzzTestInputs/<method>/}.
 */
class FrameFuzzTest {

    @BeforeAll
    static void seeds() {
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "cframe", FuzzSeeds.cframes());
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "sframe", FuzzSeeds.sframes());
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "cframeEdit", FuzzSeeds.edits(FuzzSeeds.cframes()));
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "sframeEdit", FuzzSeeds.edits(FuzzSeeds.sframes()));
        FuzzSeeds.prepareCorpus(FrameFuzzTest.class, "memoryEdit", FuzzSeeds.edits(FuzzSeeds.cframes()));
    }

    @FuzzTest(maxDuration = "1m")
    void cframe(byte[] data) {
        FuzzTargets.cframe(data);
    }

    @FuzzTest(maxDuration = "1m")
    void sframe(byte[] data) {
        FuzzTargets.sframe(data);
    }

    @FuzzTest(maxDuration = "1m")
    void cframeEdit(byte[] data) {
        EditTargets.cframe(data);
    }

    @FuzzTest(maxDuration = "1m")
    void sframeEdit(byte[] data) {
        EditTargets.sframe(data);
    }

    @FuzzTest(maxDuration = "1m")
    void memoryEdit(byte[] data) {
        EditTargets.memory(data);
    }
}
