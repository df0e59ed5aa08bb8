package io.github.blosc2panama.core.testutil;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * python-blosc2 (C-Blosc2 3.3.x) as a live peer: the python of the virtual environment that
 * bin/test sets up, passed as system property {@code blosc2.python}. Tests that need it are
 * skipped, saying so, when it is absent.
 */
public final class PythonPeer {
    private PythonPeer() {
    }

    public static String python() {
        String py = System.getProperty("blosc2.python", "");
        if (py.isEmpty()) {
            String env = System.getenv("BLOSC2_PYTHON");
            py = env == null ? "" : env;
        }
        assumeTrue(!py.isEmpty() && Files.isExecutable(Path.of(py)),
                "python-blosc2 peer not available (set -Dblosc2.python=<venv>/bin/python; bin/test does)");
        if (System.getenv("CI") != null) {
            // In CI the peer must be there: bin/test installs it.
            if (py.isEmpty()) {
                throw new AssertionError("CI run without the python-blosc2 peer");
            }
        }
        return py;
    }

    /** Runs {@code script} with {@code args}; returns stdout, failing with stderr when the exit code is not 0. */
    public static String run(String script, String... args) {
        String py = python();
        try {
            Path file = Files.createTempFile("peer", ".py");
            Files.writeString(file, script);
            // -I: the script's directory (the system's temp directory) is not on sys.path, so that no stray
            // dis.py or inspect.py lying there shadows the standard library (a /tmp/dis.py broke every peer test)
            List<String> cmd = new ArrayList<>(List.of(py, "-I", file.toString()));
            cmd.addAll(List.of(args));
            Process proc = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            byte[] out = proc.getInputStream().readAllBytes();
            byte[] err = proc.getErrorStream().readAllBytes();
            if (!proc.waitFor(10, TimeUnit.MINUTES)) {
                proc.destroyForcibly();
                throw new AssertionError("python peer timed out");
            }
            Files.deleteIfExists(file);
            String stdout = new String(out, StandardCharsets.UTF_8);
            if (proc.exitValue() != 0) {
                throw new AssertionError("python peer failed (" + proc.exitValue() + "):\n" + stdout + "\n"
                        + new String(err, StandardCharsets.UTF_8));
            }
            return stdout;
        } catch (IOException e) {
            throw new AssertionError("cannot run the python peer " + py, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
