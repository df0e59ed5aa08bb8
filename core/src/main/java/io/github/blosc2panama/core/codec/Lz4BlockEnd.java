package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;

import static io.github.blosc2panama.core.codec.BloscLzEncoder.BYTE;
import static io.github.blosc2panama.core.codec.BloscLzEncoder.LONG_LE;
import static io.github.blosc2panama.core.codec.Lz4Decoder.LAST_LITERALS;
import static io.github.blosc2panama.core.codec.Lz4Decoder.MF_LIMIT;

/**
 * Whether an LZ4 block ends as LZ4 requires for an output of a given size, found by walking its sequences without
 * decoding them: the last sequence is literals only and ends the input exactly, the sequences add up to the output
 * size, and the last match ends at least 5 bytes before the output's end ({@code LASTLITERALS}) and starts at least
 * 12 bytes before it ({@code MFLIMIT}).
 *
 * <p>{@code LZ4_decompress_safe} checks these end conditions against the capacity it is given. {@link Lz4Codec}
 * gives it more than the output where the bytes after the output are scratch, so that a long last match stays on its
 * fast path (copied 8 bytes at a time from registers) instead of its careful one (8 bytes at a time, each read back
 * from the word just stored: 5.6 against 15.5 GB/s on i64_walk's LZ4HC blocks, whose last match is 160 KiB of zero
 * bytes); this walk, done first, keeps the streams it accepts exactly those it accepts with the output's own size.
 * A walk costs a few nanoseconds a sequence, so it gives up after {@code maxSequences}.
 */
final class Lz4BlockEnd {
    /** How far from the input's end {@link #endsInLongMatch} looks for the length bytes of a long last match. */
    static final int TAIL = 64;

    private Lz4BlockEnd() {
    }

    /**
     * Whether the last {@value #TAIL} bytes of the block {@code in[inBase, inBase + length)} hold 8 bytes 0xFF in a
     * row: the length bytes of a match of 2 KiB or more, which is then (the last sequence being a few literals) the
     * last match. A cheap guess, for deciding whether a {@link #holds} walk may pay: a stream whose last match is
     * short gains nothing from room after the output (i32_arange's bit shuffle: walks there cost 9 %).
     */
    static boolean endsInLongMatch(MemorySegment in, long inBase, int length) {
        long end = inBase + length;
        for (long at = Math.max(inBase, end - TAIL); at + 8 <= end; at++) {
            if (in.get(LONG_LE, at) == -1L) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the block {@code in[inBase, inBase + length)} decodes, by its sequences' lengths, to exactly
     * {@code maxout} bytes and ends as LZ4 requires; false also when it has more than {@code maxSequences} sequences
     * or a length runs past the input (the decoder then says what is wrong). Offsets are not looked at.
     */
    static boolean holds(MemorySegment in, long inBase, int length, int maxout, int maxSequences) {
        long ip = inBase;
        long end = inBase + length;
        long op = 0;
        long lastMatchStart = -1;
        long lastMatchEnd = -1;
        for (int seq = 0; seq < maxSequences; seq++) {
            if (ip >= end) {
                return false;
            }
            int token = in.get(BYTE, ip++) & 0xFF;
            long literals = token >>> 4;
            if (literals == 15) {
                long last = past255(in, ip, end);
                if (last >= end) {
                    return false;
                }
                literals += 255 * (last - ip) + (in.get(BYTE, last) & 0xFF);
                ip = last + 1;
            }
            if (literals > end - ip) {
                return false;
            }
            ip += literals;
            op += literals;
            if (ip == end) {
                return op == maxout && (lastMatchStart < 0
                        || (lastMatchEnd <= maxout - LAST_LITERALS && lastMatchStart <= maxout - MF_LIMIT));
            }
            if (end - ip < 2) {
                return false;
            }
            ip += 2;
            long match = (token & 15) + 4L;
            if ((token & 15) == 15) {
                long last = past255(in, ip, end);
                if (last >= end) {
                    return false;
                }
                match += 255 * (last - ip) + (in.get(BYTE, last) & 0xFF);
                ip = last + 1;
            }
            lastMatchStart = op;
            op += match;
            lastMatchEnd = op;
            if (op > maxout) {
                return false;
            }
        }
        return false;
    }

    /** The offset of the first byte other than 0xFF in {@code in[ip, end)}, or {@code end}: 8 bytes at a time. */
    private static long past255(MemorySegment in, long ip, long end) {
        while (end - ip >= 8) {
            long w = in.get(LONG_LE, ip);
            if (w != -1L) {
                return ip + (Long.numberOfTrailingZeros(~w) >>> 3);
            }
            ip += 8;
        }
        while (ip < end && in.get(BYTE, ip) == (byte) 0xFF) {
            ip++;
        }
        return ip;
    }
}
