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

    /**
     * The same kind of exception with {@code where} (a file or buffer, a chunk index) put before the
     * message, for errors raised by a layer that did not know where its input came from.
     */
    public static Blosc2Exception located(String where, Blosc2Exception e) {
        String m = where + ": " + e.getMessage();
        Blosc2Exception r;
        if (e instanceof CorruptDataException) {
            r = new CorruptDataException(m, e);
        } else if (e instanceof LimitExceededException) {
            r = new LimitExceededException(m);
        } else if (e instanceof UnsupportedFeatureException) {
            r = new UnsupportedFeatureException(m);
        } else if (e instanceof InvalidArgumentException) {
            r = new InvalidArgumentException(m);
        } else if (e instanceof NativeLibraryException) {
            r = new NativeLibraryException(m, e);
        } else {
            r = new Blosc2Exception(m, e);
        }
        if (r.getCause() == null) {
            r.initCause(e);
        }
        return r;
    }
}
