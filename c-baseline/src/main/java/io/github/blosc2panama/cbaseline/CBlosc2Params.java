package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import io.github.blosc2panama.core.CParams;
import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;

/**
 * The {@code blosc2_cparams} and {@code blosc2_dparams} structs of C-Blosc2 3.3.x ({@code include/blosc2.h}),
 * laid out for the x86-64 / AArch64 LP64 ABIs (natural alignment, explicit padding), and filled like
 * {@code BLOSC2_CPARAMS_DEFAULTS} / {@code BLOSC2_DPARAMS_DEFAULTS} before our values are set.
 * For baselines only (see the package documentation).
 */
public final class CBlosc2Params {
    /** Number of filter slots (BLOSC2_MAX_FILTERS). */
    public static final int MAX_FILTERS = 6;

    /** blosc2_cparams: 136 bytes. */
    public static final StructLayout CPARAMS = MemoryLayout.structLayout(
            JAVA_BYTE.withName("compcode"),
            JAVA_BYTE.withName("compcode_meta"),
            JAVA_BYTE.withName("clevel"),
            MemoryLayout.paddingLayout(1),
            JAVA_INT.withName("use_dict"),
            JAVA_INT.withName("typesize"),
            JAVA_SHORT.withName("nthreads"),
            MemoryLayout.paddingLayout(2),
            JAVA_INT.withName("blocksize"),
            JAVA_INT.withName("splitmode"),
            ADDRESS.withName("schunk"),
            MemoryLayout.sequenceLayout(MAX_FILTERS, JAVA_BYTE).withName("filters"),
            MemoryLayout.sequenceLayout(MAX_FILTERS, JAVA_BYTE).withName("filters_meta"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("prefilter"),
            ADDRESS.withName("preparams"),
            ADDRESS.withName("tuner_params"),
            JAVA_INT.withName("tuner_id"),
            JAVA_BOOLEAN.withName("instr_codec"),
            MemoryLayout.paddingLayout(3),
            ADDRESS.withName("codec_params"),
            MemoryLayout.sequenceLayout(MAX_FILTERS, ADDRESS).withName("filter_params"))
            .withName("blosc2_cparams");

    /** blosc2_dparams: 40 bytes. */
    public static final StructLayout DPARAMS = MemoryLayout.structLayout(
            JAVA_SHORT.withName("nthreads"),
            MemoryLayout.paddingLayout(6),
            ADDRESS.withName("schunk"),
            ADDRESS.withName("postfilter"),
            ADDRESS.withName("postparams"),
            JAVA_INT.withName("typesize"),
            MemoryLayout.paddingLayout(4))
            .withName("blosc2_dparams");

    // C-Blosc2 constants the defaults use.
    private static final byte BLOSC_BLOSCLZ = 0;
    private static final byte BLOSC_SHUFFLE = 1;
    private static final int BLOSC_FORWARD_COMPAT_SPLIT = 4;

    private CBlosc2Params() {
    }

    /** A blosc2_cparams holding {@code p} (pointers NULL: no schunk, prefilter, tuner or plugin params). */
    public static MemorySegment cparams(Arena arena, CParams p) {
        if (p.nthreads() > Short.MAX_VALUE) {
            throw new IllegalArgumentException("nthreads must fit int16_t, got " + p.nthreads());
        }
        MemorySegment s = cparamsDefaults(arena);
        s.set(JAVA_BYTE, offset(CPARAMS, "compcode"), (byte) p.codec().id());
        s.set(JAVA_BYTE, offset(CPARAMS, "compcode_meta"), (byte) p.codecMeta());
        s.set(JAVA_BYTE, offset(CPARAMS, "clevel"), (byte) p.clevel());
        s.set(JAVA_INT, offset(CPARAMS, "use_dict"), p.useDict() ? 1 : 0);
        s.set(JAVA_INT, offset(CPARAMS, "typesize"), p.typesize());
        s.set(JAVA_SHORT, offset(CPARAMS, "nthreads"), (short) p.nthreads());
        s.set(JAVA_INT, offset(CPARAMS, "blocksize"), p.blocksize());
        s.set(JAVA_INT, offset(CPARAMS, "splitmode"), p.splitMode().id());
        long filters = offset(CPARAMS, "filters");
        long meta = offset(CPARAMS, "filters_meta");
        for (int i = 0; i < MAX_FILTERS; i++) {
            s.set(JAVA_BYTE, filters + i, (byte) p.filter(i).id());
            s.set(JAVA_BYTE, meta + i, p.filterMeta(i));
        }
        return s;
    }

    /** BLOSC2_CPARAMS_DEFAULTS: blosclz, clevel 5, typesize 8, 1 thread, auto blocksize, FORWARD_COMPAT, shuffle in slot 5. */
    public static MemorySegment cparamsDefaults(Arena arena) {
        MemorySegment s = arena.allocate(CPARAMS); // zero-filled: NULL pointers, zero metas, tuner_id 0, false
        s.set(JAVA_BYTE, offset(CPARAMS, "compcode"), BLOSC_BLOSCLZ);
        s.set(JAVA_BYTE, offset(CPARAMS, "clevel"), (byte) 5);
        s.set(JAVA_INT, offset(CPARAMS, "typesize"), 8);
        s.set(JAVA_SHORT, offset(CPARAMS, "nthreads"), (short) 1);
        s.set(JAVA_INT, offset(CPARAMS, "splitmode"), BLOSC_FORWARD_COMPAT_SPLIT);
        s.set(JAVA_BYTE, offset(CPARAMS, "filters") + MAX_FILTERS - 1, BLOSC_SHUFFLE);
        return s;
    }

    /** A blosc2_dparams like BLOSC2_DPARAMS_DEFAULTS ({1, NULL, NULL, NULL, 8}) with {@code nthreads} threads. */
    public static MemorySegment dparams(Arena arena, int nthreads) {
        if (nthreads < 1 || nthreads > Short.MAX_VALUE) {
            throw new IllegalArgumentException("nthreads must be 1.." + Short.MAX_VALUE + ", got " + nthreads);
        }
        MemorySegment s = arena.allocate(DPARAMS);
        s.set(JAVA_SHORT, offset(DPARAMS, "nthreads"), (short) nthreads);
        s.set(JAVA_INT, offset(DPARAMS, "typesize"), 8);
        return s;
    }

    /** The byte offset of {@code field} in {@code layout}. */
    public static long offset(StructLayout layout, String field) {
        return layout.byteOffset(groupElement(field));
    }
}
