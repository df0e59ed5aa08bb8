package io.github.blosc2panama.cli;

import java.io.PrintStream;

/**
 * Where a command writes: {@code out} for results (text, JSON or raw bytes), {@code err} for diagnostics.
 *
 * @param out standard output
 * @param err standard error
 */
record Io(PrintStream out, PrintStream err) {
}
