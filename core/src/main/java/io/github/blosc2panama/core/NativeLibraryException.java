package io.github.blosc2panama.core;

/** A native codec library (liblz4, libzstd, zlib) could not be loaded or failed in a way that is not the data's fault. */
public class NativeLibraryException extends Blosc2Exception {
    private static final long serialVersionUID = 1L;

    public NativeLibraryException(String message, Throwable cause) {
        super(message, cause);
    }
}
