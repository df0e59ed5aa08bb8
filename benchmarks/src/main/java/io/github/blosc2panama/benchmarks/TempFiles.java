package io.github.blosc2panama.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The temporary files and directories the benchmarks write their frames and arrays into. */
final class TempFiles {
    private TempFiles() {
    }

    /** A step of a benchmark's setup. */
    interface Step {
        void run() throws IOException;
    }

    /**
     * Runs {@code step}; when it throws, deletes {@code dir} before passing the exception on. JMH runs no teardown
     * after a setup that failed, so a benchmark's setup that refuses a combination of its parameters would otherwise
     * leave its temporary directory behind.
     */
    static void deleteIfThrows(Path dir, Step step) throws IOException {
        try {
            step.run();
        } catch (IOException | RuntimeException e) {
            try {
                delete(dir);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Deletes {@code root}, a file or a directory with everything in it, if it exists. */
    static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> s = Files.walk(root)) {
            all = s.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
