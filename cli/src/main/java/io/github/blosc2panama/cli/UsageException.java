package io.github.blosc2panama.cli;

/** The command line itself is wrong: unknown command or option, missing or malformed argument. */
final class UsageException extends CliException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
