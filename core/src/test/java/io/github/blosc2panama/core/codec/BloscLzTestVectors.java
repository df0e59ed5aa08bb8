package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.testutil.Vectors;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The shared vectors folder and its manifest, for the BloscLZ tests. */
final class BloscLzTestVectors {

    private BloscLzTestVectors() {
    }

    static Path vectorsDir() {
        return Vectors.rootOrNull();
    }

    static List<Map<String, Object>> manifest(Path dir) {
        return Vectors.manifestMaps();
    }
}
