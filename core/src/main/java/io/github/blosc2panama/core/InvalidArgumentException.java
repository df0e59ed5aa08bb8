package io.github.blosc2panama.core;

/** A caller's argument is out of range: a parameter, a destination that is too small, an item range past the end. */
public class InvalidArgumentException extends Blosc2Exception {
    private static final long serialVersionUID = 1L;

    public InvalidArgumentException(String message) {
        super(message);
    }
}
