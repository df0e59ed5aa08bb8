package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.simd.ByteFill;

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
    // The stream is in[inBase, inBase + length), the output out[outBase, outBase + maxout); ip and op count from
    // those bases.

    private BloscLzDecoder() {
    }

    static int decompress(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout) {
        if (length == 0) {
            if (maxout == 0) {
                return 0;
            }
            throw new CorruptDataException("BloscLZ stream is empty but " + maxout + " bytes are expected");
        }
        int ip = 0;
        int op = 0;
        int ctrl = in.get(BYTE, inBase + ip++) & 31;
        while (true) {
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
                ctrl = in.get(BYTE, inBase + ip++) & 0xFF;
                op = copyMatch(out, outBase, op, distance, len, maxout);
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
                if (maxout - op >= 32 && length - ip >= 32) {
                    // a run is at most 32 bytes: copy 32 unconditionally (what lies past the run is overwritten
                    // by later tokens), no branch on the run's length
                    long from = inBase + ip;
                    long to = outBase + op;
                    long w0 = in.get(LONG_LE, from);
                    long w1 = in.get(LONG_LE, from + 8);
                    long w2 = in.get(LONG_LE, from + 16);
                    long w3 = in.get(LONG_LE, from + 24);
                    out.set(LONG_LE, to, w0);
                    out.set(LONG_LE, to + 8, w1);
                    out.set(LONG_LE, to + 16, w2);
                    out.set(LONG_LE, to + 24, w3);
                } else {
                    MemorySegment.copy(in, inBase + ip, out, outBase + op, run);
                }
                op += run;
                ip += run;
                if (ip >= length) {
                    break;
                }
                ctrl = in.get(BYTE, inBase + ip++) & 0xFF;
            }
        }
        if (op != maxout) {
            throw new CorruptDataException("BloscLZ stream of " + length + " bytes decodes to " + op
                    + " bytes, expected " + maxout);
        }
        return op;
    }

    private static CorruptDataException truncated(int tokenStart, int length) {
        return new CorruptDataException("BloscLZ match at input offset " + tokenStart
                + " is cut off by the end of the " + length + "-byte stream");
    }

    /** Copies {@code len} bytes from {@code distance} back, overlapping as LZ77 requires; returns the new op. */
    private static int copyMatch(MemorySegment out, long outBase, int op, int distance, int len, int maxout) {
        int end = op + len;
        if (len >= 64) {
            if (distance == 1) {
                fillRun(out, outBase, op, end, out.get(BYTE, outBase + op - 1));
            } else {
                // the bytes from op - distance on repeat with period distance: copy what is there, doubling
                int from = op - distance;
                while (op < end) {
                    int n = Math.min(op - from, end - op);
                    MemorySegment.copy(out, outBase + from, out, outBase + op, n);
                    op += n;
                }
            }
            return end;
        }
        if (distance >= 8) {
            if (end <= maxout - 16) {
                // whole 8-byte words, may run up to 15 bytes past the match (overwritten later); the first two
                // unconditionally, so that the usual short matches take no branch on their length
                long at = outBase + op;
                out.set(LONG_LE, at, out.get(LONG_LE, at - distance));
                out.set(LONG_LE, at + 8, out.get(LONG_LE, at + 8 - distance));
                op += 16;
                while (op < end) {
                    out.set(LONG_LE, outBase + op, out.get(LONG_LE, outBase + op - distance));
                    op += 8;
                }
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
        if (distance == 1) {
            fillRun(out, outBase, op, end, out.get(BYTE, outBase + op - 1));
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

    /** Writes {@code b} over output offsets {@code [op, end)}. */
    private static void fillRun(MemorySegment out, long outBase, int op, int end, byte b) {
        ByteFill.fill(out, outBase + op, end - op, b);
    }
}
