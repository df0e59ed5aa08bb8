package io.github.blosc2panama.cbaseline;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the C-Blosc2 shared library (libblosc2 from the python-blosc2 wheel). In order:
 * <ol>
 *   <li>system property {@value #CLIB_PROPERTY}: the library file itself;</li>
 *   <li>system property {@value #PYTHON_PROPERTY}: a virtual environment's python, whose
 *       {@code <venv>/lib/python3.*}{@code /site-packages/blosc2/lib/libblosc2.so*} is taken;</li>
 *   <li>{@code build/peer-venv} under the repository root, found by walking up from the working directory
 *       and then from each extra start directory given to {@link #find(List)} (the cli passes its jar's
 *       folder, so {@code cli/target/blosc2-cli.jar} finds the repository's venv from anywhere).</li>
 * </ol>
 * An empty property counts as unset; a property that is set but leads nowhere is an error.
 *
 * <p>For baselines only (see the package documentation).
 */
public final class CBlosc2Library {
    /** System property naming the libblosc2 file itself. */
    public static final String CLIB_PROPERTY = "blosc2.clib";
    /** System property naming a virtual environment's python that has python-blosc2 installed. */
    public static final String PYTHON_PROPERTY = "blosc2.python";
    /** What to do when the library is absent. */
    public static final String HOW_TO_GET_IT = "C-Blosc2 (libblosc2 of python-blosc2) not found. Run bin/lib/peer-venv.sh"
            + " (sets up build/peer-venv with python-blosc2), or pass -D" + PYTHON_PROPERTY + "=<venv>/bin/python"
            + " or -D" + CLIB_PROPERTY + "=/path/to/libblosc2.so";

    private CBlosc2Library() {
    }

    /** The library's path; throws {@link IllegalStateException} saying how to get it when absent. */
    public static Path locate() {
        return find().orElseThrow(() -> new IllegalStateException(HOW_TO_GET_IT));
    }

    /** The library's path, or empty when nothing is configured and no peer venv exists. */
    public static Optional<Path> find() {
        return find(List.of());
    }

    /**
     * Like {@link #find()}, but the {@code build/peer-venv} search also walks up from each of
     * {@code extraStarts} after the working directory.
     */
    public static Optional<Path> find(List<Path> extraStarts) {
        String clib = System.getProperty(CLIB_PROPERTY, "").trim();
        if (!clib.isEmpty()) {
            Path p = Path.of(clib);
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException("-D" + CLIB_PROPERTY + "=" + clib + " is not a file. " + HOW_TO_GET_IT);
            }
            return Optional.of(p);
        }
        String python = System.getProperty(PYTHON_PROPERTY, "").trim();
        if (!python.isEmpty()) {
            // <venv>/bin/python -> <venv>; the python itself is often a symlink, so do not resolve it.
            Path bin = Path.of(python).toAbsolutePath().getParent();
            Path venv = bin == null ? null : bin.getParent();
            Optional<Path> lib = venv == null ? Optional.empty() : inVenv(venv);
            if (lib.isEmpty()) {
                throw new IllegalStateException("-D" + PYTHON_PROPERTY + "=" + python
                        + " has no <venv>/lib/python3.*/site-packages/blosc2/lib/libblosc2.so*. " + HOW_TO_GET_IT);
            }
            return lib;
        }
        List<Path> starts = new ArrayList<>();
        starts.add(Path.of(""));
        starts.addAll(extraStarts);
        for (Path start : starts) {
            Optional<Path> lib = peerVenvAbove(start);
            if (lib.isPresent()) {
                return lib;
            }
        }
        return Optional.empty();
    }

    /** The library of the first {@code build/peer-venv} holding one, walking up from {@code start}. */
    static Optional<Path> peerVenvAbove(Path start) {
        for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path venv = dir.resolve("build").resolve("peer-venv");
            if (Files.isDirectory(venv)) {
                Optional<Path> lib = inVenv(venv);
                if (lib.isPresent()) {
                    return lib;
                }
            }
        }
        return Optional.empty();
    }

    /** {@code <venv>/lib/python3.*}{@code /site-packages/blosc2/lib/libblosc2.so*}, the shortest name first. */
    public static Optional<Path> inVenv(Path venv) {
        Path lib = venv.resolve("lib");
        if (!Files.isDirectory(lib)) {
            return Optional.empty();
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> pythons = Files.newDirectoryStream(lib, "python3.*")) {
            for (Path py : pythons) {
                Path dir = py.resolve("site-packages").resolve("blosc2").resolve("lib");
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (DirectoryStream<Path> libs = Files.newDirectoryStream(dir, "libblosc2.so*")) {
                    for (Path l : libs) {
                        if (Files.isRegularFile(l)) {
                            found.add(l);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + lib + ": " + e.getMessage(), e);
        }
        found.sort((a, b) -> {
            int c = Integer.compare(a.toString().length(), b.toString().length());
            return c != 0 ? c : a.compareTo(b);
        });
        return found.stream().findFirst();
    }
}
