package io.github.blosc2panama.core;

/** The special values a whole chunk can stand for, stored in bits 4..6 of the header's blosc2_flags. */
public enum SpecialValue {
    NONE(0),
    ZERO(1),
    NAN(2),
    VALUE(3),
    UNINIT(4);

    private final int code;

    SpecialValue(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static SpecialValue ofCode(int code) {
        for (SpecialValue v : values()) {
            if (v.code == code) {
                return v;
            }
        }
        throw new CorruptDataException("reserved special value code " + code);
    }
}
