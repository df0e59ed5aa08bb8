package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.simd.ByteFill;

import java.lang.foreign.MemorySegment;

import static io.github.blosc2panama.core.codec.BloscLzEncoder.BYTE;
import static io.github.blosc2panama.core.codec.BloscLzEncoder.LONG_LE;

/**
 * The match copy of an LZ77 decoder (BloscLZ, LZ4): {@code len} bytes from {@code distance} back, overlapping as
 * LZ77 requires, by 8-byte words, words made in registers for short periods, a vector fill for runs and doubling
 * {@code MemorySegment.copy} calls for long matches far back. The caller has checked that the match lies inside the
 * output; the methods that may write past the match's end say by how much, and their callers leave that room.
 */
final class MatchCopy {
    /**
     * The least distance at which a long match is copied by {@code MemorySegment.copy} calls of doubling size; a
     * shorter one is copied by 8-byte words (a match of a few thousand bytes 8 to 255 bytes back takes up to 9
     * calls, each costing more in checks and a stub call than the words it moves: 4.0 GB/s against 9 on the byte
     * streams of i64_walk).
     */
    private static final int DOUBLING_DISTANCE = 256;
    /**
     * Runs (matches of distance 1) shorter than this are written as 8-byte words here rather than through the simd
     * module's fill, whose checks and call cost more than such a run (BloscLZ streams of f64_noise: 4.6 -> 5.0 GB/s).
     */
    private static final int SHORT_RUN = 64;
    /** For a period of d bytes (1 to 7), the multiplier that repeats d bytes over a 64-bit word. */
    private static final long[] REPEAT = repeats();

    private MatchCopy() {
    }

    /**
     * Copies {@code len} bytes from {@code distance} back to {@code out[outBase + op, ...)}, overlapping as LZ77
     * requires, and returns the new op. Writes nothing at or past {@code maxout}; the caller has checked that
     * {@code distance <= op} and {@code op + len <= maxout}.
     */
    static int copyMatch(MemorySegment out, long outBase, int op, int distance, int len, int maxout) {
        int end = op + len;
        if (distance == 1) {
            byte b = out.get(BYTE, outBase + op - 1);
            if (end <= maxout - 8) {
                writeRun(out, outBase + op, outBase + end, b);
            } else {
                ByteFill.fill(out, outBase + op, len, b);
            }
            return end;
        }
        if (len >= 64 && distance >= DOUBLING_DISTANCE) {
            // the bytes from op - distance on repeat with period distance: copy what is there, doubling
            int from = op - distance;
            while (op < end) {
                int n = Math.min(op - from, end - op);
                MemorySegment.copy(out, outBase + from, out, outBase + op, n);
                op += n;
            }
            return end;
        }
        if (distance >= 8) {
            if (end <= maxout - 16) {
                copyWords(out, outBase + op, outBase + end, distance);
                return end;
            }
            while (op + 8 <= end) {
                out.set(LONG_LE, outBase + op, out.get(LONG_LE, outBase + op - distance));
                op += 8;
            }
            while (op < end) {
                out.set(BYTE, outBase + op, out.get(BYTE, outBase + op - distance));
                op++;
            }
            return end;
        }
        if (len >= 16 && end <= maxout - 8) {
            repeatPeriod(out, outBase + op, outBase + end, distance);
            return end;
        }
        // short period 2..7: once step - distance bytes are in place, the pattern repeats every step >= 8 bytes
        int step = distance * ((8 + distance - 1) / distance);
        int head = Math.min(len, step - distance);
        for (int i = 0; i < head; i++, op++) {
            out.set(BYTE, outBase + op, out.get(BYTE, outBase + op - distance));
        }
        while (op + 8 <= end) {
            out.set(LONG_LE, outBase + op, out.get(LONG_LE, outBase + op - step));
            op += 8;
        }
        while (op < end) {
            out.set(BYTE, outBase + op, out.get(BYTE, outBase + op - distance));
            op++;
        }
        return end;
    }

    /**
     * A match 8 or more bytes back over {@code [at, stop)} (absolute offsets in {@code out}), by whole 8-byte words,
     * each read from before the word being written; the first two unconditionally, so that the usual short matches
     * take no branch on their length. May write up to 15 bytes past {@code stop} (overwritten later).
     */
    static void copyWords(MemorySegment out, long at, long stop, int distance) {
        out.set(LONG_LE, at, out.get(LONG_LE, at - distance));
        out.set(LONG_LE, at + 8, out.get(LONG_LE, at + 8 - distance));
        for (at += 16; at < stop; at += 8) {
            out.set(LONG_LE, at, out.get(LONG_LE, at - distance));
        }
    }

    /**
     * A run of {@code b} over {@code [at, stop)} (absolute offsets in {@code out}): 8-byte words when shorter than
     * {@link #SHORT_RUN}, writing up to 7 bytes past {@code stop} (overwritten later), else the simd module's fill.
     */
    static void writeRun(MemorySegment out, long at, long stop, byte b) {
        if (stop - at >= SHORT_RUN) {
            ByteFill.fill(out, at, stop - at, b);
            return;
        }
        long word = (b & 0xFFL) * 0x0101010101010101L;
        for (; at < stop; at += 8) {
            out.set(LONG_LE, at, word);
        }
    }

    /**
     * A match of period {@code distance} (2 to 7) over {@code [at, stop)} (absolute offsets in {@code out}), by
     * 8-byte words made in registers from the period (the bytes before {@code at}, read as one word): the word at
     * phase p of the period is bytes p..p+8 of the period repeated over 16 bytes, {@code lo} and {@code hi}, each the
     * period rotated to its phase and repeated by a multiplication. Reading each word back from the output instead
     * would read across the words just stored, which the CPU cannot forward (a stall per word). Reads the 8 bytes
     * from {@code at - distance}; may write up to 7 bytes past {@code stop}.
     */
    static void repeatPeriod(MemorySegment out, long at, long stop, int distance) {
        long periodMask = (1L << (distance << 3)) - 1;
        long period = out.get(LONG_LE, at - distance) & periodMask;
        int advance = 8 % distance;
        long lo = period * REPEAT[distance];
        long hi = advance == 0 ? lo
                : (((period >>> (advance << 3)) | (period << ((distance - advance) << 3))) & periodMask)
                        * REPEAT[distance];
        int phase = 0;
        for (; at < stop; at += 8) {
            out.set(LONG_LE, at, phase == 0 ? lo : (lo >>> (phase << 3)) | (hi << (64 - (phase << 3))));
            phase += advance;
            if (phase >= distance) {
                phase -= distance;
            }
        }
    }

    private static long[] repeats() {
        long[] r = new long[8];
        for (int d = 1; d < 8; d++) {
            for (int bit = 0; bit < 64; bit += 8 * d) {
                r[d] |= 1L << bit;
            }
        }
        return r;
    }
}
