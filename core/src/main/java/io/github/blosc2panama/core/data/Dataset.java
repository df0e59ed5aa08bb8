package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A benchmark dataset of {@code shared/bench/DATASETS.md}: a pattern generated as one stream over the
 * whole buffer (then cut into chunks by the benchmark).
 *
 * @param name            the name reports use ("f64_noise", ...)
 * @param spec            the pattern and its parameters
 * @param sha256Prefix64M the first 16 hex digits of the sha256 of the whole 64 MiB dataset
 */
public record Dataset(String name, PatternSpec spec, String sha256Prefix64M) {
    public Dataset {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(sha256Prefix64M, "sha256Prefix64M");
    }

    /** The typesize the dataset is compressed with. */
    public int typesize() {
        return spec.typesize();
    }

    /** Fills {@code dst} with the first {@code dst.byteSize()} bytes of the dataset. */
    public void fill(MemorySegment dst) {
        DataPatterns.fill(spec, dst);
    }

    /** The first {@code nbytes} bytes of the dataset. */
    public byte[] generate(long nbytes) {
        if (nbytes < 0 || nbytes > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("dataset " + name + ": nbytes must be 0.." + (Integer.MAX_VALUE - 8)
                    + " for a byte[], got " + nbytes);
        }
        return DataPatterns.generate(spec, (int) nbytes);
    }
}
