package io.github.blosc2panama.core;

/**
 * The root of every error this library raises on bad input, bad parameters or a missing native
 * library. Messages name the buffer or file, the offset or chunk, and the field that was wrong.
 */
public class Blosc2Exception extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Blosc2Exception(String message) {
        super(message);
    }

    public Blosc2Exception(String message, Throwable cause) {
        super(message, cause);
    }
}
