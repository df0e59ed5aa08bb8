package io.github.blosc2panama.core;

/** The input is well formed but uses a feature this library does not implement (an unknown codec or filter id, say). */
public class UnsupportedFeatureException extends Blosc2Exception {
    private static final long serialVersionUID = 1L;

    public UnsupportedFeatureException(String message) {
        super(message);
    }
}
