package io.github.blosc2panama.core.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/** Locates the shared interop vectors as the brief says: property blosc2.vectors, else walk up. */
final class Vectors {
    private Vectors() {
    }

    static Path dir() {
        String prop = System.getProperty("blosc2.vectors", "");
        if (!prop.isEmpty() && Files.isRegularFile(Path.of(prop, "manifest.json"))) {
            return Path.of(prop);
        }
        for (String rel : new String[] {"../../shared/vectors", "../shared/vectors"}) {
            if (Files.isRegularFile(Path.of(rel, "manifest.json"))) {
                return Path.of(rel);
            }
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("shared/vectors/manifest.json"))) {
                return p.resolve("shared/vectors");
            }
        }
        Assumptions.abort("interop vectors not found (set -Dblosc2.vectors)");
        return null;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> manifest() throws IOException {
        return (List<Map<String, Object>>) MiniJson.parse(Files.readString(dir().resolve("manifest.json")));
    }
}
