package io.github.blosc2panama.core;

/** The filters of the Blosc2 pipeline, with their ids. */
public enum Filter {
    NOFILTER(0, "nofilter"),
    SHUFFLE(1, "shuffle"),
    BITSHUFFLE(2, "bitshuffle"),
    DELTA(3, "delta"),
    TRUNC_PREC(4, "trunc-prec"),
    BYTEDELTA(35, "bytedelta"),
    INT_TRUNC(36, "int-trunc");

    private final int id;
    private final String cliName;

    Filter(int id, String cliName) {
        this.id = id;
        this.cliName = cliName;
    }

    public int id() {
        return id;
    }

    /** The name used on the command line ("nofilter", "shuffle", "trunc-prec", ...). */
    public String cliName() {
        return cliName;
    }

    public static Filter ofId(int id) {
        for (Filter f : values()) {
            if (f.id == id) {
                return f;
            }
        }
        throw new UnsupportedFeatureException("unknown filter id " + id);
    }

    public static Filter ofName(String name) {
        for (Filter f : values()) {
            if (f.cliName.equalsIgnoreCase(name) || f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new InvalidArgumentException("unknown filter '" + name
                + "' (expected nofilter, shuffle, bitshuffle, delta, trunc-prec, bytedelta or int-trunc)");
    }
}
