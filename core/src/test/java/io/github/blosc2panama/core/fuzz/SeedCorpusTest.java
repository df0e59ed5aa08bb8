package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Regression mode for the seed corpora: every vector goes through the fuzz target it seeds. */
class SeedCorpusTest {

    @TestFactory
    Stream<DynamicTest> chunkSeeds() {
        return replay("decompress", FuzzSeeds.chunks(), FuzzTargets::chunkDecompress);
    }

    @TestFactory
    Stream<DynamicTest> getItemSeeds() {
        return replay("getItem", FuzzSeeds.getItem(), FuzzTargets::chunkGetItem);
    }

    @TestFactory
    Stream<DynamicTest> infoSeeds() {
        return replay("info", FuzzSeeds.chunks(), FuzzTargets::chunkInfo);
    }

    @TestFactory
    Stream<DynamicTest> cframeSeeds() {
        return replay("cframe", FuzzSeeds.cframes(), FuzzTargets::cframe);
    }

    @TestFactory
    Stream<DynamicTest> sframeSeeds() {
        return replay("sframe", FuzzSeeds.sframes(), FuzzTargets::sframe);
    }

    @TestFactory
    Stream<DynamicTest> cframeEditSeeds() {
        return replay("cframeEdit", FuzzSeeds.edits(FuzzSeeds.cframes()), EditTargets::cframe);
    }

    @TestFactory
    Stream<DynamicTest> sframeEditSeeds() {
        return replay("sframeEdit", FuzzSeeds.edits(FuzzSeeds.sframes()), EditTargets::sframe);
    }

    @TestFactory
    Stream<DynamicTest> memoryEditSeeds() {
        return replay("memoryEdit", FuzzSeeds.edits(FuzzSeeds.cframes()), EditTargets::memory);
    }

    @TestFactory
    Stream<DynamicTest> msgpackSeeds() {
        return replay("msgpack", FuzzSeeds.msgpack(), FuzzTargets::msgpack);
    }

    @TestFactory
    Stream<DynamicTest> ndarraySeeds() {
        return replay("ndarray", NDArrayFuzzTest.arrays(), FuzzTargets::ndarray);
    }

    private static Stream<DynamicTest> replay(String target, List<FuzzSeeds.Seed> seeds, Consumer<byte[]> body) {
        assertFalse(seeds.isEmpty(), "no seeds for " + target);
        return seeds.stream().map(s -> DynamicTest.dynamicTest(target + ": " + s.name(),
                () -> assertTimeoutPreemptively(Duration.ofSeconds(30), () -> body.accept(s.data()))));
    }
}
