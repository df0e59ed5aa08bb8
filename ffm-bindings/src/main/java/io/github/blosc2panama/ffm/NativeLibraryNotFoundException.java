package io.github.blosc2panama.ffm;

/** No file of a native library could be loaded; the message names the library and every place that was tried. */
public final class NativeLibraryNotFoundException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NativeLibraryNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
