package io.github.blosc2panama.core.data;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.util.Locale;

/** The deterministic data patterns of the interop vectors (see {@link DataPatterns}). */
public enum Pattern {
    /** Byte k is byte (k mod typesize) of the little-endian 64-bit value k / typesize (0 past byte 7). */
    ARANGE,
    /** v = a + i * d, as float32 (typesize 4) or float64. */
    LINSPACE,
    /** A polynomial sine of period {@code period}, amplitude d, offset a, as float32 or float64. */
    SINE,
    /** The little-endian bytes of successive SplitMix64 values. */
    RANDOM,
    /** Zero bytes except every 1021st. */
    MOSTLY_ZEROS,
    /** Byte k = 0x5A + (k mod typesize). */
    CONSTANT,
    /** Element i = next() mod modulus, little-endian, typesize <= 8. */
    RANDINT,
    /** A random walk of int64 starting at {@code start}, steps -8..8. */
    WALK_I64,
    /** Random words from a 32-word list separated by spaces and newlines. */
    TEXT,
    /** float64 v = i * d + a + (u - 0.5) * noise with u uniform in [0, 1). */
    LINSPACE_NOISE;

    /** The name the vectors' manifest uses ("arange", "walk_i64", ...). */
    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The pattern named {@code name} as in the manifest. */
    public static Pattern ofName(String name) {
        for (Pattern p : values()) {
            if (p.specName().equals(name)) {
                return p;
            }
        }
        throw new InvalidArgumentException("unknown data pattern '" + name + "'");
    }
}
