package io.github.blosc2panama.core;

import java.util.Locale;

/** Whether the bytes of a block are compressed as one stream or as one stream per byte of the type. */
public enum SplitMode {
    ALWAYS(1),
    NEVER(2),
    AUTO(3),
    FORWARD_COMPAT(4);

    private final int id;

    SplitMode(int id) {
        this.id = id;
    }

    /** The value used by C-Blosc2 (BLOSC_ALWAYS_SPLIT = 1 ... BLOSC_FORWARD_COMPAT_SPLIT = 4). */
    public int id() {
        return id;
    }

    public static SplitMode ofId(int id) {
        for (SplitMode m : values()) {
            if (m.id == id) {
                return m;
            }
        }
        throw new InvalidArgumentException("unknown splitmode " + id);
    }

    public static SplitMode ofName(String name) {
        String n = name.toUpperCase(Locale.ROOT).replace('-', '_');
        for (SplitMode m : values()) {
            if (m.name().equals(n) || (m.name() + "_SPLIT").equals(n)) {
                return m;
            }
        }
        throw new InvalidArgumentException("unknown splitmode '" + name + "' (expected always, never, auto or forward_compat)");
    }
}
