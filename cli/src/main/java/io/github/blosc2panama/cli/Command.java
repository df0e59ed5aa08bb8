package io.github.blosc2panama.cli;

import java.io.IOException;
import java.util.List;

/** One subcommand of {@code blosc2}. */
interface Command {
    /** The word that selects it ("compress", ...). */
    String name();

    /** One line for the general help. */
    String summary();

    /** The command's own help text, ending with a newline. */
    String usage();

    /** Runs with the tokens after the command word; returns the exit code. */
    int run(List<String> tokens, Io io) throws IOException;
}
