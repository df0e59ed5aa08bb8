package io.github.blosc2panama.ffm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Native libraries carried as resources of a jar ({@link BundledLz4}, {@link BundledZstd}). */
final class JarLibraries {
    private JarLibraries() {
    }

    /**
     * Copies the resource {@code name} seen by {@code loader} to a temporary file (named {@code prefix...} with the
     * resource's extension, removed when the JVM exits), so that the system loader can map it.
     *
     * @return the file, or {@code null} when there is no such resource
     * @throws IOException when the copy fails
     */
    static Path extract(ClassLoader loader, String name, String prefix) throws IOException {
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                return null;
            }
            Path file = Files.createTempFile(prefix, name.substring(name.lastIndexOf('.')));
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        }
    }
}
