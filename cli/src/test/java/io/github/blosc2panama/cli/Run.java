package io.github.blosc2panama.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@link Main#run} in-process and captures its exit code, stdout (bytes) and stderr. */
record Run(int rc, byte[] outBytes, String err) {
    static Run of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    String out() {
        return new String(outBytes, StandardCharsets.UTF_8);
    }

    /** Asserts success and returns stdout. */
    String ok() {
        if (rc != 0) {
            throw new AssertionError("exit " + rc + ", stderr: " + err);
        }
        return out();
    }
}
