package io.github.blosc2panama.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.blosc2panama.core.testutil.Vectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz target for b2nd arrays: a cframe holding a b2nd (or caterva) metalayer is opened as an
 * NDArray and read whole and in a corner region. Without {@code JAZZER_FUZZ} it replays the inputs
 * kept in {@code NDArrayFuzzTestInputs/ndarray/}.
 */
class NDArrayFuzzTest {

    @BeforeAll
    static void seeds() {
        FuzzSeeds.prepareCorpus(NDArrayFuzzTest.class, "ndarray", arrays());
    }

    @FuzzTest(maxDuration = "1m")
    void ndarray(byte[] data) {
        FuzzTargets.ndarray(data);
    }

    /** The contiguous .b2nd files of the vectors (b2nd/ and upstream/). */
    static List<FuzzSeeds.Seed> arrays() {
        try (Stream<Path> a = Files.list(Vectors.root().resolve("b2nd"));
             Stream<Path> b = Files.list(Vectors.root().resolve("upstream"))) {
            return Stream.concat(a, b).filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".b2nd")).sorted()
                    .map(p -> new FuzzSeeds.Seed(p.getFileName().toString(), read(p))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
