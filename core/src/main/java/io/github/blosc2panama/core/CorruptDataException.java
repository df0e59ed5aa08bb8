package io.github.blosc2panama.core;

/** The input does not follow the Blosc2 format: a field is out of range or disagrees with the bytes really there. */
public class CorruptDataException extends Blosc2Exception {
    private static final long serialVersionUID = 1L;

    public CorruptDataException(String message) {
        super(message);
    }

    public CorruptDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
