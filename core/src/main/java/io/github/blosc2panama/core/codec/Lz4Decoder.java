package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.RawAddresses;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import static io.github.blosc2panama.core.codec.BloscLzEncoder.BYTE;
import static io.github.blosc2panama.core.codec.BloscLzEncoder.LONG_LE;

/**
 * An LZ4 block decoder in Java, for streams that expand many times over (see {@link Lz4Codec}): there the work is
 * in a few long matches, which {@link MatchCopy} writes with vector fills and doubling copies where the LZ4
 * library copies 8 to 32 bytes at a time. On streams of short sequences the library is faster (RESULTS.md).
 *
 * <p>A sequence is a token (literal count in its high nibble, match length - 4 in its low one; 15 goes on in
 * bytes of 255 and a last byte below 255), the literals, a 2-byte little-endian match offset and the rest of the
 * match length; the last sequence is literals only. It accepts what {@code LZ4_decompress_safe} accepts for a
 * whole block and nothing more: a literal run that ends within 12 bytes of the output's end, or within 8 bytes of
 * the input's end, must be the last sequence and end the input exactly; a match must end at least 5 bytes before
 * the output's end and reach no further back than the output's start; and the output must be filled exactly (as
 * C-Blosc2 requires). It also refuses an offset of 0, which no encoder writes. Every violation is a
 * {@link CorruptDataException} naming the offsets; every loop consumes input, and all writes stay inside the
 * output.
 */
final class Lz4Decoder {
    private static final ValueLayout.OfShort SHORT_LE =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A literal run that ends within this many bytes of the output's end must be the last (LZ4's MFLIMIT). */
    static final int MF_LIMIT = 12;
    /** The last this many bytes of the output are literals (LZ4's LASTLITERALS). */
    static final int LAST_LITERALS = 5;
    /** A literal run that ends within this many bytes of the input's end must be the last (2 + 1 + LASTLITERALS). */
    private static final int INPUT_LIMIT = 8;
    /**
     * How many bytes of input and of output the fast loop keeps clear of their ends: it reads a token, 16 bytes of
     * literals and an offset (19 bytes), and writes 16 bytes of literals and up to 16 of a short match; 32 also
     * keeps its literal runs, which end at least this far from both ends, off both LZ4 end conditions.
     */
    private static final int FAST_MARGIN = 32;
    /** Literal runs at least this long go through {@code MemorySegment.copy}; shorter ones by 8-byte words. */
    private static final int LONG_LITERALS = 64;

    /** All native memory, for the fast loop's accesses by address (the caller has checked the ranges). */
    private static final MemorySegment MEMORY = RawAddresses.ADDRESS_SPACE;

    private Lz4Decoder() {
    }

    /**
     * Decodes the block {@code in[inBase, inBase + length)} into {@code out[outBase, outBase + maxout)}, which it
     * must fill exactly; returns {@code maxout}.
     */
    static int decompress(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout) {
        return NativeStaging.get().decode(in, inBase, length, out, outBase, maxout, Lz4Decoder::decodeNative);
    }

    private static int decodeNative(MemorySegment in, long inBase, int length, MemorySegment out, long outBase,
            int maxout) {
        if (maxout == 0) {
            // LZ4_decompress_safe takes one stream only for an empty output: the single token 0
            if (length != 1 || in.get(BYTE, inBase) != 0) {
                throw new CorruptDataException("LZ4 stream of " + length + " bytes for an empty output is not the"
                        + " single byte 0");
            }
            return 0;
        }
        int ip = 0;
        int op = 0;
        while (true) {
            long r = fastLoop(in.address() + inBase, length, out.address() + outBase, maxout, ip, op);
            ip = (int) (r >>> 32);
            op = (int) r;
            // the careful path: one sequence, every check (the messages name the offsets)
            if (ip >= length) {
                throw new CorruptDataException("LZ4 stream of " + length + " bytes ends at output offset " + op
                        + " without a last literal run");
            }
            int tokenStart = ip;
            int token = in.get(BYTE, inBase + ip++) & 0xFF;
            int literals = token >>> 4;
            if (literals == 15) {
                long read = addLength(in, inBase, ip, length, literals, maxout, tokenStart);
                literals = (int) (read >>> 32);
                ip = (int) read;
            }
            if (literals > maxout - MF_LIMIT - op || literals > length - INPUT_LIMIT - ip) {
                // only the last sequence may come this close to either end, and it must end the input exactly
                if (literals != length - ip) {
                    throw new CorruptDataException("LZ4 literal run at input offset " + tokenStart + " of " + literals
                            + " bytes " + (literals > length - ip ? "is cut off by the end of the " + length
                                    + "-byte stream" : "comes within " + INPUT_LIMIT + " bytes of the stream's end"
                                    + " or " + MF_LIMIT + " of the output's but is not the last sequence"));
                }
                if (literals > maxout - op) {
                    throw new CorruptDataException("LZ4 literal run at input offset " + tokenStart + " of " + literals
                            + " bytes overflows the " + maxout + "-byte output at offset " + op);
                }
                MemorySegment.copy(in, inBase + ip, out, outBase + op, literals);
                op += literals;
                break;
            }
            copyLiterals(in, inBase + ip, out, outBase + op, literals);
            ip += literals;
            op += literals;
            // at least INPUT_LIMIT bytes are left: the offset is there
            int offset = (in.get(BYTE, inBase + ip) & 0xFF) | (in.get(BYTE, inBase + ip + 1) & 0xFF) << 8;
            ip += 2;
            if (offset == 0 || offset > op) {
                throw new CorruptDataException("LZ4 match at input offset " + tokenStart + " has offset " + offset
                        + (offset == 0 ? "" : ", before the start of the output (at output offset " + op + ")"));
            }
            int matchLength = token & 15;
            if (matchLength == 15) {
                long read = addLength(in, inBase, ip, length, matchLength, maxout, tokenStart);
                matchLength = (int) (read >>> 32);
                ip = (int) read;
            }
            matchLength += 4;
            if (matchLength > maxout - LAST_LITERALS - op) {
                throw new CorruptDataException("LZ4 match at input offset " + tokenStart + " of " + matchLength
                        + " bytes at output offset " + op + " reaches into the last " + LAST_LITERALS
                        + " bytes of the " + maxout + "-byte output");
            }
            op = MatchCopy.copyMatch(out, outBase, op, offset, matchLength, maxout);
        }
        if (op != maxout) {
            throw new CorruptDataException("LZ4 stream of " + length + " bytes decodes to " + op + " bytes, expected "
                    + maxout);
        }
        return op;
    }

    /**
     * The fast loop, from sequence {@code ip} of the stream at address {@code in} (its {@code length} bytes checked to
     * be there) into the {@code maxout} bytes at address {@code out}. While FAST_MARGIN bytes of input and of output
     * are left, a sequence whose literals end FAST_MARGIN bytes or more before both ends cannot run past either or be
     * the last, so only its match is checked. It copies 16 bytes of literals whatever their count when fewer than 15
     * (a longer run by words, MemorySegment.copy from LONG_LITERALS on) and commits a sequence only once it is
     * written; a sequence it does not handle (a long run near an end, any invalid one) is left to the careful path,
     * which reads it again from its token. Long runs are taken here since i64_walk's LZ4HC blocks have hundreds of
     * runs of 16-255 literals, each of which left this loop for the careful path and came back (a block: 9.3 -> 8.2
     * us). It works by address ({@link #MEMORY}): through the segments, each access would check their bounds and scope
     * again (i64_walk's LZ4HC blocks: 8.0 us against 6.6). Returns where it stopped, the input offset in the high 32
     * bits and the output offset in the low 32.
     */
    private static long fastLoop(long in, int length, long out, int maxout, int ip, int op) {
        long i = in + ip;
        long o = out + op;
        long iEnd = in + length;
        long iLimit = iEnd - FAST_MARGIN;
        long oEnd = out + maxout;
        long oLimit = oEnd - FAST_MARGIN;
        while (i <= iLimit && o <= oLimit) {
            int token = MEMORY.get(BYTE, i) & 0xFF;
            long literals = token >>> 4;
            long next = i + 1;
            if (literals == 15) {
                long read = fastLength(next, iLimit, maxout);
                if (read < 0) {
                    break;
                }
                literals = read >>> 32;
                next += (int) read;
                if (literals > iLimit - next || literals > oLimit - o) {
                    break; // near an end, or longer than the output: the careful path decides
                }
                copyLiterals(MEMORY, next, MEMORY, o, (int) literals);
            } else {
                MEMORY.set(LONG_LE, o, MEMORY.get(LONG_LE, next));
                MEMORY.set(LONG_LE, o + 8, MEMORY.get(LONG_LE, next + 8));
            }
            long at = o + literals;
            next += literals;
            int offset = MEMORY.get(SHORT_LE, next) & 0xFFFF;
            next += 2;
            long matchLength = token & 15;
            if (matchLength == 15) {
                long read = fastLength(next, iEnd, maxout);
                if (read < 0) {
                    break; // cut off
                }
                matchLength = read >>> 32;
                next += (int) read;
                if (next >= iEnd) {
                    break; // it ends the input: not a last sequence
                }
            }
            matchLength += 4;
            if (offset == 0 || offset > at - out || matchLength > oEnd - LAST_LITERALS - at) {
                break; // the careful path throws
            }
            int len = (int) matchLength;
            if (offset == 1 && len <= oEnd - 8 - at) {
                // a run (as copyMatch would write it, without the call: copyMatch is not inlined here)
                MatchCopy.writeRun(MEMORY, at, at + len, MEMORY.get(BYTE, at - 1));
            } else if (offset >= 8 && len <= 16) {
                // two words, within FAST_MARGIN of o
                MatchCopy.copyWords(MEMORY, at, at + len, offset);
            } else {
                MatchCopy.copyMatch(MEMORY, out, (int) (at - out), offset, len, maxout);
            }
            i = next;
            o = at + len;
        }
        return (i - in) << 32 | (o - out);
    }

    /**
     * The fast loop's length of 15 plus the bytes from address {@code at} on, up to and including the first that is not
     * 255, or until the sum passes {@code maxout}: returns the sum in the high 32 bits and how many bytes it read in
     * the low 32, or -1 when those bytes reach address {@code bound}. A sum past {@code maxout} fails the
     * caller's checks against the output's end. Either way the fast loop leaves the sequence to the careful path
     * ({@link #addLength}), which names what is wrong.
     */
    private static long fastLength(long at, long bound, int maxout) {
        long sum = 15;
        long p = at;
        int b;
        do {
            if (p >= bound) {
                return -1;
            }
            b = MEMORY.get(BYTE, p++) & 0xFF;
            sum += b;
        } while (b == 255 && sum <= maxout);
        return sum << 32 | (p - at);
    }

    /**
     * The length {@code base} (15) plus the bytes from {@code in[inBase + ip]} on, up to and including the first
     * that is not 255: returns the sum in the high 32 bits and the input offset after those bytes in the low 32.
     * Throws when they run past the stream or the sum past {@code maxout}.
     */
    private static long addLength(MemorySegment in, long inBase, int ip, int length, int base, int maxout,
            int tokenStart) {
        long sum = base;
        int b;
        do {
            if (ip >= length) {
                throw new CorruptDataException("LZ4 sequence at input offset " + tokenStart
                        + " has a length cut off by the end of the " + length + "-byte stream");
            }
            b = in.get(BYTE, inBase + ip++) & 0xFF;
            sum += b;
            if (sum > maxout) {
                throw new CorruptDataException("LZ4 sequence at input offset " + tokenStart
                        + " has a length beyond the " + maxout + "-byte output");
            }
        } while (b == 255);
        return sum << 32 | ip;
    }

    /**
     * Literals, by 8-byte words when fewer than {@link #LONG_LITERALS}: the caller leaves at least
     * {@link #INPUT_LIMIT} bytes of input and {@link #MF_LIMIT} of output after the run, so the words may read and
     * write up to 7 bytes past it (the output's are overwritten by what follows).
     */
    private static void copyLiterals(MemorySegment in, long from, MemorySegment out, long to, int count) {
        if (count >= LONG_LITERALS) {
            MemorySegment.copy(in, from, out, to, count);
            return;
        }
        for (int i = 0; i < count; i += 8) {
            out.set(LONG_LE, to + i, in.get(LONG_LE, from + i));
        }
    }
}
