package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Finds streams that repeat themselves in long stretches at a short power-of-two distance: runs (distance 1) and the
 * byte streams of shuffled counters (the low byte of a counter with step k repeats every 256 / gcd(k, 256) items,
 * its higher bytes are runs). Deflate codes such a stream as matches of 258 bytes, and {@link DeflateEncoder}
 * writes it several times faster than libdeflate, whose match finder puts every position of those matches into its
 * hash chains (shuffled int32 counters: 1.5-2 GB/s against 0.6). On other data, text for one, libdeflate is faster
 * at the same ratio, so the zlib codec asks this probe which one to run.
 *
 * <p>The test: at each of {@value #SAMPLES} points spread over the stream, whether the {@value #SPAN} bytes there
 * equal those 1, 2, 4, ... or 256 bytes before; at least three quarters of the points must.
 */
final class RepeatProbe {
    static final int SAMPLES = 32;
    static final int SPAN = 32;
    static final int MAX_DISTANCE = 256;
    /** Streams shorter than this are not probed (either encoder is quick on them). */
    static final int MIN_SIZE = 4096;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private RepeatProbe() {
    }

    /** Whether {@code src} repeats itself as described above. */
    static boolean isRepetitive(MemorySegment src) {
        long size = src.byteSize();
        if (size < MIN_SIZE) {
            return false;
        }
        long first = MAX_DISTANCE;
        long step = (size - SPAN - first) / SAMPLES;
        int hits = 0;
        for (int i = 0; i < SAMPLES; i++) {
            if (repeatsBehind(src, first + i * step)) {
                hits++;
            }
        }
        return hits * 4 >= SAMPLES * 3;
    }

    private static boolean repeatsBehind(MemorySegment src, long at) {
        for (int distance = 1; distance <= MAX_DISTANCE; distance <<= 1) {
            if (equalSpans(src, at, at - distance)) {
                return true;
            }
        }
        return false;
    }

    private static boolean equalSpans(MemorySegment src, long a, long b) {
        for (int k = 0; k < SPAN; k += 8) {
            if (src.get(LONG, a + k) != src.get(LONG, b + k)) {
                return false;
            }
        }
        return true;
    }
}
