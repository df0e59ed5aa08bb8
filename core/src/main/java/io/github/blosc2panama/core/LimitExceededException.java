package io.github.blosc2panama.core;

/** The input is well formed but larger than a {@link Limits} the caller set (or the default one). */
public class LimitExceededException extends Blosc2Exception {
    private static final long serialVersionUID = 1L;

    public LimitExceededException(String message) {
        super(message);
    }
}
