package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * zlib's {@code struct z_stream_s} ({@code z_stream}) on LP64 platforms, in the shape jextract generates: its layout
 * and accessors for the fields a deflate caller sets and reads. The buffer pointers are raw addresses
 * ({@code long}), as the callers hold them (see {@link RawAddresses}).
 */
public final class ZStream {
    private static final GroupLayout LAYOUT = MemoryLayout.structLayout(
            ADDRESS.withName("next_in"),
            JAVA_INT.withName("avail_in"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("total_in"),
            ADDRESS.withName("next_out"),
            JAVA_INT.withName("avail_out"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("total_out"),
            ADDRESS.withName("msg"),
            ADDRESS.withName("state"),
            ADDRESS.withName("zalloc"),
            ADDRESS.withName("zfree"),
            ADDRESS.withName("opaque"),
            JAVA_INT.withName("data_type"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("adler"),
            JAVA_LONG.withName("reserved")).withName("z_stream_s");

    /** {@code sizeof(z_stream)}: 112 bytes. */
    public static final long SIZE = LAYOUT.byteSize();

    private static final long NEXT_IN = offset("next_in");
    private static final long AVAIL_IN = offset("avail_in");
    private static final long NEXT_OUT = offset("next_out");
    private static final long AVAIL_OUT = offset("avail_out");
    private static final long TOTAL_OUT = offset("total_out");

    private ZStream() {
    }

    /** The struct's layout. */
    public static GroupLayout layout() {
        return LAYOUT;
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** Sets {@code next_in} and {@code avail_in}. */
    public static void input(MemorySegment strm, long nextIn, int availIn) {
        strm.set(JAVA_LONG, NEXT_IN, nextIn);
        strm.set(JAVA_INT, AVAIL_IN, availIn);
    }

    /** Sets {@code next_out} and {@code avail_out}. */
    public static void output(MemorySegment strm, long nextOut, int availOut) {
        strm.set(JAVA_LONG, NEXT_OUT, nextOut);
        strm.set(JAVA_INT, AVAIL_OUT, availOut);
    }

    /** {@code avail_in}: input bytes not consumed yet. */
    public static int availIn(MemorySegment strm) {
        return strm.get(JAVA_INT, AVAIL_IN);
    }

    /** {@code avail_out}: room left at {@code next_out}. */
    public static int availOut(MemorySegment strm) {
        return strm.get(JAVA_INT, AVAIL_OUT);
    }

    /** {@code next_out}: where the next output byte goes. */
    public static long nextOut(MemorySegment strm) {
        return strm.get(JAVA_LONG, NEXT_OUT);
    }

    /** {@code total_out}: bytes written since the stream began. */
    public static long totalOut(MemorySegment strm) {
        return strm.get(JAVA_LONG, TOTAL_OUT);
    }
}
