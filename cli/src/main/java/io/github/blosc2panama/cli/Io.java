package io.github.blosc2panama.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * Where a command writes: {@code out} for results (text, JSON or raw bytes), {@code err} for diagnostics.
 *
 * @param out standard output
 * @param err standard error
 */
record Io(PrintStream out, PrintStream err) {
    /** Flushes {@code out}; a write to it that failed (a PrintStream only records it) is an error now. */
    void flushOut() {
        out.flush();
        if (out.checkError()) {
            throw new UncheckedIOException(new IOException("error writing to standard output"));
        }
    }
}
