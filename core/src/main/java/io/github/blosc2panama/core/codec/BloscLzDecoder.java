package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.RawAddresses;
import java.lang.foreign.MemorySegment;

import static io.github.blosc2panama.core.codec.BloscLzEncoder.BYTE;
import static io.github.blosc2panama.core.codec.BloscLzEncoder.LONG_LE;
import static io.github.blosc2panama.core.codec.BloscLzEncoder.MAX_DISTANCE;

/**
 * The BloscLZ decompressor (the token format is described on {@link BloscLzEncoder}).
 *
 * <p>It accepts the same streams as C-Blosc2's decoder and nothing more: the stream must be consumed
 * exactly, end with a literal run, never reach before the start of the output, and fill the output
 * exactly. Every violation is a {@link CorruptDataException} naming the offsets; all writes stay
 * inside the destination segment and every loop consumes input, so hostile streams cannot hang it.
 */
final class BloscLzDecoder {
    /**
     * How many bytes of input and of output the fast loop keeps clear of their ends: a literal run reads 33 bytes
     * (its control byte and 32) and writes 32, a match token is at most 5 bytes, so none can run past either end.
     */
    private static final int FAST_MARGIN = 40;
    // The stream is in[inBase, inBase + length), the output out[outBase, outBase + maxout); ip and op count from
    // those bases.

    /** All native memory, for the fast loop's accesses by address (the caller has checked the ranges). */
    private static final MemorySegment MEMORY = RawAddresses.ADDRESS_SPACE;

    private BloscLzDecoder() {
    }

    /**
     * Decodes {@code in[inBase, inBase + length)} into {@code out[outBase, outBase + maxout)}, which it must fill
     * exactly; returns {@code maxout}. Heap segments are staged in native memory ({@link NativeStaging#decode}).
     */
    static int decompress(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout) {
        return NativeStaging.get().decode(in, inBase, length, out, outBase, maxout, BloscLzDecoder::decodeNative);
    }

    private static int decodeNative(MemorySegment in, long inBase, int length, MemorySegment out, long outBase,
            int maxout) {
        if (length == 0) {
            if (maxout == 0) {
                return 0;
            }
            throw new CorruptDataException("BloscLZ stream is empty but " + maxout + " bytes are expected");
        }
        int ip = 0;
        int op = 0;
        int mask = 31; // the first token is always a literal run (its top three bits are ignored)
        while (true) {
            if (mask != 31) {
                long r = fastLoop(in.address() + inBase, length, out.address() + outBase, maxout, ip, op);
                ip = (int) (r >>> 32);
                op = (int) r;
            }
            // the careful path: one token, every check (the messages name the offsets)
            int ctrl = in.get(BYTE, inBase + ip++) & mask;
            mask = 0xFF;
            if (ctrl >= 32) {
                int tokenStart = ip - 1;
                int len = (ctrl >>> 5) - 1;
                int ofs = (ctrl & 31) << 8;
                int code;
                if (len == 6) {
                    long longLen = len;
                    do {
                        if (ip + 1 >= length) {
                            throw truncated(tokenStart, length);
                        }
                        code = in.get(BYTE, inBase + ip++) & 0xFF;
                        longLen += code;
                        if (longLen > maxout) {
                            throw new CorruptDataException("BloscLZ match at input offset " + tokenStart
                                    + " has a length beyond the " + maxout + "-byte output");
                        }
                    } while (code == 255);
                    len = (int) longLen;
                } else if (ip + 1 >= length) {
                    throw truncated(tokenStart, length);
                }
                code = in.get(BYTE, inBase + ip++) & 0xFF;
                len += 3;
                int distance = ofs + code + 1;
                if (code == 255 && ofs == (31 << 8)) {
                    if (ip + 1 >= length) {
                        throw truncated(tokenStart, length);
                    }
                    int far = ((in.get(BYTE, inBase + ip) & 0xFF) << 8) | (in.get(BYTE, inBase + ip + 1) & 0xFF);
                    ip += 2;
                    distance = far + MAX_DISTANCE + 1;
                }
                if (len > maxout - op) {
                    throw new CorruptDataException("BloscLZ match at input offset " + tokenStart + " copies " + len
                            + " bytes at output offset " + op + ", past the " + maxout + "-byte output");
                }
                if (distance > op) {
                    throw new CorruptDataException("BloscLZ match at input offset " + tokenStart + " reaches "
                            + distance + " bytes back from output offset " + op + ", before the start of the output");
                }
                if (ip >= length) {
                    throw new CorruptDataException("BloscLZ stream of " + length
                            + " bytes ends with a match (at input offset " + tokenStart + ") instead of a literal run");
                }
                op = MatchCopy.copyMatch(out, outBase, op, distance, len, maxout);
            } else {
                int run = ctrl + 1;
                if (run > maxout - op) {
                    throw new CorruptDataException("BloscLZ literal run at input offset " + (ip - 1) + " of " + run
                            + " bytes overflows the " + maxout + "-byte output at offset " + op);
                }
                if (run > length - ip) {
                    throw new CorruptDataException("BloscLZ literal run at input offset " + (ip - 1) + " of " + run
                            + " bytes is cut off by the end of the " + length + "-byte stream");
                }
                MemorySegment.copy(in, inBase + ip, out, outBase + op, run);
                op += run;
                ip += run;
                if (ip >= length) {
                    break;
                }
            }
        }
        if (op != maxout) {
            throw new CorruptDataException("BloscLZ stream of " + length + " bytes decodes to " + op
                    + " bytes, expected " + maxout);
        }
        return op;
    }

    /**
     * The fast loop, from token {@code ip} of the stream at address {@code in} (its {@code length} bytes checked to be
     * there) into the {@code maxout} bytes at address {@code out}: while FAST_MARGIN bytes of input and of output are
     * left, a token cannot run past either end, so only a match's distance and length are checked. It reads a token's
     * bytes with one 8-byte load and writes whole 8-byte words, and leaves every token it does not handle (a match of
     * 264 bytes or more, one near the end, any invalid one) to the careful path, which then reads it again from the
     * start. It works by address ({@link #MEMORY}): through the segments, each access would check their bounds and
     * scope again (f64_noise's byte streams: 8.4 GB/s against 11.4). Returns where it stopped, the input offset in the
     * high 32 bits and the output offset in the low 32.
     */
    private static long fastLoop(long in, int length, long out, int maxout, int ip, int op) {
        long i = in + ip;
        long o = out + op;
        long iLimit = in + length - FAST_MARGIN;
        long oEnd = out + maxout;
        long oLimit = oEnd - FAST_MARGIN;
        while (i <= iLimit && o <= oLimit) {
            long w = MEMORY.get(LONG_LE, i);
            int ctrl = (int) w & 0xFF;
            if (ctrl < 32) {
                // a literal run of 1 to 32 bytes: 16 (or 32) are copied, the bytes past the run are
                // overwritten by the tokens after it
                int run = ctrl + 1;
                MEMORY.set(LONG_LE, o, MEMORY.get(LONG_LE, i + 1));
                MEMORY.set(LONG_LE, o + 8, MEMORY.get(LONG_LE, i + 9));
                if (run > 16) {
                    MEMORY.set(LONG_LE, o + 16, MEMORY.get(LONG_LE, i + 17));
                    MEMORY.set(LONG_LE, o + 24, MEMORY.get(LONG_LE, i + 25));
                }
                i += 1 + run;
                o += run;
                continue;
            }
            // a match; with ctrl >= 0xE0 its length goes on in the next byte. Worked out without a branch
            // (extended is 1 for ctrl >= 0xE0, else 0): the two forms come in no order a predictor learns,
            // and the branch cost a fifth of the time on f64_noise's streams
            int extended = (ctrl + 32) >>> 8;
            int more = (int) (w >>> 8) & 0xFF & -extended;
            if (more == 255) {
                break;
            }
            int len = (ctrl >>> 5) + 2 + more;
            int shift = 8 + (extended << 3);
            int code = (int) (w >>> shift) & 0xFF;
            int distance = ((ctrl & 31) << 8) + code + 1;
            long next = i + 2 + extended;
            if (distance == (31 << 8) + 256) {
                distance = ((((int) (w >>> (shift + 8)) & 0xFF) << 8) | ((int) (w >>> (shift + 16)) & 0xFF))
                        + MAX_DISTANCE + 1;
                next += 2;
            }
            if (distance > o - out || len > oEnd - 16 - o) {
                break; // the careful path throws
            }
            if (distance >= 8) {
                MatchCopy.copyWords(MEMORY, o, o + len, distance);
            } else if (distance == 1) {
                MatchCopy.writeRun(MEMORY, o, o + len, MEMORY.get(BYTE, o - 1));
            } else {
                MatchCopy.repeatPeriod(MEMORY, o, o + len, distance);
            }
            i = next;
            o += len;
        }
        return (i - in) << 32 | (o - out);
    }

    private static CorruptDataException truncated(int tokenStart, int length) {
        return new CorruptDataException("BloscLZ match at input offset " + tokenStart
                + " is cut off by the end of the " + length + "-byte stream");
    }
}
