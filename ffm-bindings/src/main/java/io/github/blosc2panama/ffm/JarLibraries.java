package io.github.blosc2panama.ffm;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Native libraries carried as resources of a jar ({@link BundledLz4}, {@link BundledZstd}). */
final class JarLibraries {
    private JarLibraries() {
    }

    /**
     * Loads the library that is the resource {@code name} seen by {@code loader}: copies it to a temporary file
     * (named {@code prefix...} with the resource's extension), has the system loader map it for the life of the JVM,
     * then removes the file. Once mapped, the library no longer needs its file (Linux, macOS), so a JVM that is
     * killed leaves nothing behind; where the file cannot be removed while loaded (Windows) it is removed when the
     * JVM exits.
     *
     * @return the library's symbols, or {@code null} when there is no such resource
     * @throws IOException              when the copy fails
     * @throws IllegalArgumentException when the system loader refuses the file
     */
    static SymbolLookup load(ClassLoader loader, String name, String prefix) throws IOException {
        Path file;
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                return null;
            }
            file = Files.createTempFile(prefix, name.substring(name.lastIndexOf('.')));
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                remove(file);
                throw e;
            }
        }
        try {
            return SymbolLookup.libraryLookup(file, Arena.global());
        } finally {
            remove(file);
        }
    }

    private static void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }
}
