package io.github.blosc2panama.cli;

/** An error the user can act on (a wrong path, an input the command cannot take); printed as its message alone. */
class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CliException(String message) {
        super(message);
    }
}
