package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.SpecialValue;

/** Special-value chunks. (Being written: see issue 2.) */
public final class SpecialChunks {
    private SpecialChunks() {
    }

    public static byte[] make(SpecialValue value, long nbytes, int typesize, byte[] repeated) {
        throw new UnsupportedOperationException("special chunks are being written");
    }
}
