package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A frozen copy of the straightforward BloscLZ 2.5.x compressor (byte[] based, as it was before the
 * encoder was tuned for speed), kept only as the reference the tuned {@link BloscLzEncoder} must match
 * byte for byte. Do not optimise this class.
 *
 * <p>Stream format: a sequence of tokens. A literal token is one control byte {@code n} (0..31)
 * followed by {@code n + 1} raw bytes. A match token has a control byte whose top 3 bits {@code L}
 * (1..7) hold the length code and whose low 5 bits hold the high bits of the distance; when
 * {@code L == 7} extra length bytes follow (255 means "add 255 and read another"), then the low
 * distance byte. A low distance byte of 255 together with high bits 31 marks a far match, whose
 * 16-bit distance (minus 8191) follows big-endian. A match copies {@code length code + 2} bytes from
 * {@code distance + 1} bytes back. The first byte of a stream is always a literal control byte, with
 * bit 5 set as the format marker.
 *
 * <p>The parser is greedy with a single-entry hash table (LZ4's multiplicative hash), and it ends
 * every match 4 bytes before the real mismatch (the "ipshift" of BloscLZ) so that the next token
 * can start with a fresh hash probe. Before compressing, an entropy probe estimates the compression
 * ratio of a window of the block and gives up on blocks below a clevel-dependent threshold.
 */
final class BloscLzEncoderReference {

    private BloscLzEncoderReference() {
    }

    private static final VarHandle INT_LE_ARRAY = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** Longest literal run of one token. */
    static final int MAX_COPY = 32;
    /** Distances (biased by one) below this use the 2-byte near form. */
    static final int MAX_DISTANCE = 8191;
    /** Distances from here on cannot be encoded at all. */
    static final int MAX_FARDISTANCE = 65535 + MAX_DISTANCE - 1;

    private static final int HASH_LOG = 14;
    private static final int HASH_MULTIPLIER = 0x9E3779B1; // 2654435761
    /** How much a match is cut back before the real mismatch. */
    private static final int IPSHIFT = 4;
    /** Shortest (already cut back) match worth a token. */
    private static final int MINLEN = 4;

    /** Below this estimated ratio the block is left uncompressed, per clevel. */
    private static final double[] MIN_CRATIO = {0, 2, 1.5, 1.2, 1.2, 1.2, 1.2, 1.15, 1.1, 1.0};

    /** Blocks up to this size reuse per-thread copy buffers; larger ones get fresh arrays. */
    private static final int MAX_CACHED_BUFFER = 8 << 20;

    /** Per-thread working memory: the hash table and array copies of native input / output. */
    private static final class Scratch {
        final int[] htab = new int[1 << HASH_LOG];
        byte[] in = new byte[0];
        byte[] out = new byte[0];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** The array behind {@code s} when {@code s} is exactly one whole writable byte[]; else null. */
    private static byte[] wholeArray(MemorySegment s) {
        if (s.isNative() || s.isReadOnly()) {
            return null;
        }
        Object base = s.heapBase().orElse(null);
        if (base instanceof byte[] a && s.address() == 0 && a.length == s.byteSize()) {
            return a;
        }
        return null;
    }

    /**
     * Compresses {@code length} bytes of {@code src} into at most {@code maxout} bytes of {@code dst};
     * returns the stream size, or 0 when the block is not worth it or does not fit.
     */
    static int compress(int clevel, MemorySegment src, int length, MemorySegment dst, int maxout) {
        Scratch scratch = SCRATCH.get();
        byte[] in = wholeArray(src);
        if (in == null) {
            in = length <= scratch.in.length ? scratch.in : new byte[length];
            if (length <= MAX_CACHED_BUFFER && in != scratch.in) {
                scratch.in = in;
            }
            MemorySegment.copy(src, BYTE, 0, in, 0, length);
        }
        byte[] out = wholeArray(dst);
        boolean direct = out != null;
        if (!direct) {
            out = maxout <= scratch.out.length ? scratch.out : new byte[maxout];
            if (maxout <= MAX_CACHED_BUFFER && out != scratch.out) {
                scratch.out = out;
            }
        }
        int n = compress(clevel, in, length, out, maxout, scratch.htab);
        if (n > 0 && !direct) {
            MemorySegment.copy(out, 0, dst, BYTE, 0, n);
        }
        return n;
    }

    static int hashLog(int clevel) {
        return clevel == 1 ? HASH_LOG - 2 : clevel == 2 ? HASH_LOG - 1 : HASH_LOG;
    }

    private static int hash(int seq, int shift) {
        return (seq * HASH_MULTIPLIER) >>> shift;
    }

    /**
     * End of the match that starts at {@code p} against {@code r = p - distance}, as BloscLZ measures it:
     * one past the first mismatching byte, but never beyond {@code bound}. Reads stay below {@code readEnd}.
     */
    private static int matchEnd(byte[] in, int p, int r, int bound, int readEnd) {
        int longEnd = readEnd - 8;
        while (p <= longEnd) {
            long diff = (long) LONG_LE_ARRAY.get(in, p) ^ (long) LONG_LE_ARRAY.get(in, r);
            if (diff != 0) {
                int end = p + (Long.numberOfTrailingZeros(diff) >>> 3) + 1;
                return Math.min(end, bound);
            }
            p += 8;
            r += 8;
            if (p >= bound) {
                return bound;
            }
        }
        while (p < bound) {
            if (in[p] != in[r]) {
                return p + 1;
            }
            p++;
            r++;
        }
        return bound;
    }

    /**
     * Estimates the compression ratio of {@code maxlen} bytes from {@code base} (at most the hash
     * table's size of them) by running the parser without writing anything.
     */
    static double probeRatio(byte[] in, int base, int maxlen, int hashLog, int[] htab, int readEnd) {
        int hashLen = 1 << hashLog;
        int shift = 32 - hashLog;
        int limit = Math.min(maxlen, hashLen);
        int ipBound = base + limit - 1;
        int ipLimit = base + limit - 12;
        Arrays.fill(htab, 0, hashLen, 0);
        int oc = 5;
        int copy = 4;
        int ip = base;
        while (ip < ipLimit) {
            int anchor = ip;
            int seq = (int) INT_LE_ARRAY.get(in, anchor);
            int h = hash(seq, shift);
            int ref = base + htab[h];
            int distance = anchor - ref;
            htab[h] = anchor - base;
            if (distance != 0 && distance < MAX_FARDISTANCE && (int) INT_LE_ARRAY.get(in, ref) == seq) {
                distance--;
                ip = matchEnd(in, anchor + 4, ref + 4, ipBound, readEnd) - IPSHIFT;
                int len = ip - anchor;
                if (len >= MINLEN) {
                    if (copy == 0) {
                        oc--;
                    }
                    copy = 0;
                    if (len >= 7) {
                        oc += (len - 7) / 255 + 1;
                    }
                    oc += distance < MAX_DISTANCE ? 2 : 4;
                    seq = (int) INT_LE_ARRAY.get(in, ip);
                    htab[hash(seq, shift)] = ip - base;
                    ip += 2;
                    oc++;
                    continue;
                }
            }
            // literal
            oc++;
            ip = anchor + 1;
            copy++;
            if (copy == MAX_COPY) {
                copy = 0;
                oc++;
            }
        }
        return (double) (ip - base) / (double) oc;
    }

    static int compress(int clevel, byte[] in, int length, byte[] out, int maxout, int[] htab) {
        int hashLog = hashLog(clevel);

        int maxlen = length;
        if (clevel < 2) {
            maxlen /= 8;
        } else if (clevel < 4) {
            maxlen /= 4;
        } else if (clevel < 7) {
            maxlen /= 2;
        }
        double cratio = probeRatio(in, length - maxlen, maxlen, hashLog, htab, length);
        if (cratio < MIN_CRATIO[clevel]) {
            return 0;
        }
        if (length < 16 || maxout < 66) {
            return 0;
        }
        return encode(clevel == 9, in, length, out, maxout, hashLog, htab);
    }

    private static int encode(boolean doubleHash, byte[] in, int length, byte[] out, int maxout,
                              int hashLog, int[] htab) {
        int shift = 32 - hashLog;
        int ipBound = length - 1;
        int ipLimit = length - 12;
        Arrays.fill(htab, 0, 1 << hashLog, 0);

        // the stream opens with a literal run of (at least) the first 4 bytes
        out[0] = (byte) (MAX_COPY - 1);
        INT_LE_ARRAY.set(out, 1, (int) INT_LE_ARRAY.get(in, 0));
        int op = 5;
        int ip = 4;
        int copy = 4;

        while (ip < ipLimit) {
            int anchor = ip;
            int seq = (int) INT_LE_ARRAY.get(in, anchor);
            int h = hash(seq, shift);
            int ref = htab[h];
            int distance = anchor - ref;
            htab[h] = anchor;
            if (distance != 0 && distance < MAX_FARDISTANCE && (int) INT_LE_ARRAY.get(in, ref) == seq) {
                distance--;
                int end = matchEnd(in, anchor + 4, ref + 4, ipBound, length) - IPSHIFT;
                int len = end - anchor;
                if (len >= MINLEN && (len > 5 || distance < MAX_DISTANCE)) {
                    // close the pending literal run (or drop its unused control byte)
                    if (copy != 0) {
                        out[op - copy - 1] = (byte) (copy - 1);
                    } else {
                        op--;
                    }
                    copy = 0;
                    op = distance < MAX_DISTANCE
                            ? putNearMatch(out, op, maxout, len, distance)
                            : putFarMatch(out, op, maxout, len, distance - MAX_DISTANCE);
                    if (op < 0) {
                        return 0;
                    }
                    ip = end;
                    seq = (int) INT_LE_ARRAY.get(in, ip);
                    htab[hash(seq, shift)] = ip;
                    ip++;
                    if (doubleHash) {
                        htab[hash(seq >>> 8, shift)] = ip;
                    }
                    ip++;
                    if (op + 1 > maxout) {
                        return 0;
                    }
                    out[op++] = (byte) (MAX_COPY - 1);
                    continue;
                }
            }
            // literal
            if (op + 2 > maxout) {
                return 0;
            }
            out[op++] = (byte) seq; // == in[anchor]
            ip = anchor + 1;
            if (++copy == MAX_COPY) {
                copy = 0;
                out[op++] = (byte) (MAX_COPY - 1);
            }
        }

        // the tail goes out as literals
        while (ip <= ipBound) {
            if (op + 2 > maxout) {
                return 0;
            }
            out[op++] = in[ip++];
            if (++copy == MAX_COPY) {
                copy = 0;
                out[op++] = (byte) (MAX_COPY - 1);
            }
        }
        if (copy != 0) {
            out[op - copy - 1] = (byte) (copy - 1);
        } else {
            op--;
        }
        // format marker in the first control byte
        out[0] = (byte) (out[0] | 0x20);
        return op;
    }

    /** Writes a match with a 13-bit distance; returns the new output position or -1 when out of room. */
    private static int putNearMatch(byte[] out, int op, int maxout, int len, int distance) {
        if (len < 7) {
            if (op + 2 > maxout) {
                return -1;
            }
            out[op] = (byte) ((len << 5) + (distance >>> 8));
            out[op + 1] = (byte) distance;
            return op + 2;
        }
        if (op + 1 > maxout) {
            return -1;
        }
        out[op++] = (byte) ((7 << 5) + (distance >>> 8));
        op = putLongLength(out, op, maxout, len - 7);
        if (op < 0 || op + 2 > maxout) {
            return -1;
        }
        out[op] = (byte) ((len - 7) % 255);
        out[op + 1] = (byte) distance;
        return op + 2;
    }

    /** Writes a match with a 16-bit distance (already reduced by MAX_DISTANCE); -1 when out of room. */
    private static int putFarMatch(byte[] out, int op, int maxout, int len, int distance) {
        if (len < 7) {
            if (op + 4 > maxout) {
                return -1;
            }
            out[op] = (byte) ((len << 5) + 31);
            out[op + 1] = (byte) 255;
            out[op + 2] = (byte) (distance >>> 8);
            out[op + 3] = (byte) distance;
            return op + 4;
        }
        if (op + 1 > maxout) {
            return -1;
        }
        out[op++] = (byte) ((7 << 5) + 31);
        op = putLongLength(out, op, maxout, len - 7);
        if (op < 0 || op + 4 > maxout) {
            return -1;
        }
        out[op] = (byte) ((len - 7) % 255);
        out[op + 1] = (byte) 255;
        out[op + 2] = (byte) (distance >>> 8);
        out[op + 3] = (byte) distance;
        return op + 4;
    }

    /** Writes the 255 bytes of an extra length (the final remainder byte is left to the caller). */
    private static int putLongLength(byte[] out, int op, int maxout, int extra) {
        for (; extra >= 255; extra -= 255) {
            if (op + 1 > maxout) {
                return -1;
            }
            out[op++] = (byte) 255;
        }
        return op;
    }
}
