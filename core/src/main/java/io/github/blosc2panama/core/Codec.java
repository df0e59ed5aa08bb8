package io.github.blosc2panama.core;

import java.util.Locale;

/** The codecs of the Blosc2 format, with their compcode ids. */
public enum Codec {
    BLOSCLZ(0, 0),
    LZ4(1, 1),
    LZ4HC(2, 1),
    ZLIB(4, 3),
    ZSTD(5, 4);

    private final int id;
    private final int formatCode;

    Codec(int id, int formatCode) {
        this.id = id;
        this.formatCode = formatCode;
    }

    /** The compcode used in the C API and in frame headers (BLOSC_BLOSCLZ = 0 ... BLOSC_ZSTD = 5). */
    public int id() {
        return id;
    }

    /** The 3-bit code stored in bits 5..7 of a chunk header's flags (LZ4 and LZ4HC share 1). */
    public int formatCode() {
        return formatCode;
    }

    /** The lower-case name used by C-Blosc2 and on the command line ("blosclz", "lz4", ...). */
    public String lowerName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Codec ofId(int id) {
        for (Codec c : values()) {
            if (c.id == id) {
                return c;
            }
        }
        throw new UnsupportedFeatureException("unknown codec id " + id);
    }

    public static Codec ofName(String name) {
        for (Codec c : values()) {
            if (c.lowerName().equalsIgnoreCase(name)) {
                return c;
            }
        }
        throw new InvalidArgumentException("unknown codec '" + name + "' (expected blosclz, lz4, lz4hc, zlib or zstd)");
    }
}
