package io.github.blosc2panama.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The BloscLZ 2.5.x compressor.
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
 *
 * <p>The output is byte for byte C-Blosc2's, including where it gives up for lack of room; the work is
 * organised differently for speed: the literal scan is a tight loop that leaves only at hash hits whose
 * first 7 bytes agree (shorter ones end up as literals anyway once the match is cut back), literal runs
 * are written in one piece when a match or the end closes them, the entropy probe counts them the same
 * way, and matches are extended 8 bytes at a time (long ones with the JDK's vectorized mismatch). Heap
 * segments are read and written in place; native ones go through per-thread arrays.
 */
final class BloscLzEncoder {

    private BloscLzEncoder() {
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
    /** Matches are extended word by word up to this many words, beyond that by the JDK's vectorized mismatch. */
    private static final int INLINE_WORDS = 32;

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

    /** The byte[] behind the heap segment {@code s} (which starts at index {@code s.address()}); else null. */
    private static byte[] heapArray(MemorySegment s) {
        if (s.isNative()) {
            return null;
        }
        return s.heapBase().orElse(null) instanceof byte[] a ? a : null;
    }

    /**
     * Compresses {@code length} bytes of {@code src} into at most {@code maxout} bytes of {@code dst};
     * returns the stream size, or 0 when the block is not worth it or does not fit. Heap segments are
     * worked on in place; native ones go through per-thread arrays.
     */
    static int compress(int clevel, MemorySegment src, int length, MemorySegment dst, int maxout) {
        Scratch scratch = SCRATCH.get();
        int hashLog = hashLog(clevel);
        int maxlen = length;
        if (clevel < 2) {
            maxlen /= 8;
        } else if (clevel < 4) {
            maxlen /= 4;
        } else if (clevel < 7) {
            maxlen /= 2;
        }
        // the probe reads only its window: a native block is copied in two steps, the rest only if it passes
        int window = length - maxlen;
        int windowEnd = window + Math.min(maxlen, 1 << hashLog);
        byte[] in = heapArray(src);
        boolean copied = in == null;
        int start;
        if (copied) {
            in = length <= scratch.in.length ? scratch.in : new byte[length];
            if (length <= MAX_CACHED_BUFFER && in != scratch.in) {
                scratch.in = in;
            }
            MemorySegment.copy(src, BYTE, window, in, window, windowEnd - window);
            start = 0;
        } else {
            start = (int) src.address();
        }
        double cratio = probeRatio(in, start + window, maxlen, hashLog, scratch.htab);
        if (cratio < MIN_CRATIO[clevel]) {
            return 0;
        }
        if (length < 16 || maxout < 66) {
            return 0;
        }
        if (copied) {
            MemorySegment.copy(src, BYTE, 0, in, 0, window);
            MemorySegment.copy(src, BYTE, windowEnd, in, windowEnd, length - windowEnd);
        }
        byte[] out = dst.isReadOnly() ? null : heapArray(dst);
        boolean direct = out != null;
        int outStart;
        if (direct) {
            outStart = (int) dst.address();
        } else {
            out = maxout <= scratch.out.length ? scratch.out : new byte[maxout];
            if (maxout <= MAX_CACHED_BUFFER && out != scratch.out) {
                scratch.out = out;
            }
            outStart = 0;
        }
        int n = encode(clevel == 9, in, start, length, out, outStart, outStart + maxout, hashLog, scratch.htab);
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

    private static int getInt(byte[] a, int i) {
        return (int) INT_LE_ARRAY.get(a, i);
    }

    private static long getLong(byte[] a, int i) {
        return (long) LONG_LE_ARRAY.get(a, i);
    }

    /** True when a hash hit {@code distance} bytes back can be a match at all: 1 .. MAX_FARDISTANCE - 1. */
    private static boolean inReach(int distance) {
        return Integer.compareUnsigned(distance - 1, MAX_FARDISTANCE - 1) < 0;
    }

    /**
     * End of a match known to reach {@code p} (against {@code r < p}), as BloscLZ measures it: one past the
     * first mismatching byte, but never beyond {@code bound}; reads stay below {@code bound}. Most matches
     * end within a few words, compared inline 8 bytes at a time; long ones go on with {@link Arrays#mismatch}.
     */
    private static int longMatchEnd(byte[] in, int p, int r, int bound) {
        int words = Math.min((bound - p) >>> 3, INLINE_WORDS);
        for (int i = 0; i < words; i++) {
            long diff = getLong(in, p) ^ getLong(in, r);
            if (diff != 0) {
                return p + (Long.numberOfTrailingZeros(diff) >>> 3) + 1;
            }
            p += 8;
            r += 8;
        }
        int at = Arrays.mismatch(in, p, bound, in, r, r + (bound - p));
        return at < 0 ? bound : p + at + 1;
    }

    /**
     * The literal scan: from {@code ip} on, inserts each position into the hash table until one that can
     * start a match, and returns it in the low half with its hash hit in the high half; or just where the
     * scan stopped ({@code max(ip, ipLimit)}) when none can.
     *
     * <p>A position can start a match when its hit is in reach and the first 7 bytes agree: with 4 to 6
     * equal bytes the match, cut back by IPSHIFT, is shorter than MINLEN, so BloscLZ takes a literal there
     * anyway. Deciding that here keeps the scan a tight counted loop (which the JIT unrolls and whose bounds
     * checks it hoists) that leaves only for real matches. Needs 12 readable bytes from {@code ipLimit} on.
     */
    private static long nextCandidate(byte[] in, int ip, int ipLimit, int[] htab, int shift) {
        for (; ip < ipLimit; ip++) {
            long word = getLong(in, ip);
            int h = hash((int) word, shift);
            int ref = htab[h];
            htab[h] = ip;
            if (inReach(ip - ref) && (word ^ getLong(in, ref)) << 8 == 0) {
                return (long) ref << 32 | ip;
            }
        }
        return ip;
    }

    /** End of a match at {@code ip} against {@code ref} whose first 7 bytes agree (see {@link #longMatchEnd}). */
    private static int candidateEnd(byte[] in, int ip, int ref, int bound) {
        long diff = getLong(in, ip) ^ getLong(in, ref);
        if (diff != 0) {
            return ip + 8; // the 8th byte differs; ip + 8 <= bound here
        }
        return longMatchEnd(in, ip + 8, ref + 8, bound);
    }

    /**
     * Estimates the compression ratio of {@code maxlen} bytes from {@code base} (at most the hash
     * table's size of them) by running the parser without writing anything.
     */
    static double probeRatio(byte[] in, int base, int maxlen, int hashLog, int[] htab) {
        int hashLen = 1 << hashLog;
        int shift = 32 - hashLog;
        int limit = Math.min(maxlen, hashLen);
        int ipBound = base + limit - 1;
        int ipLimit = base + limit - 12;
        // an empty slot means "the window's first byte": distances stay relative to base
        Arrays.fill(htab, 0, hashLen, base);
        int oc = 5; // output bytes so far, as if the first 4 bytes had been written as literals
        int copy = 4; // literal counter (mod 32) at lit
        int lit = base; // first literal not yet counted in oc
        int ip = base;
        while (true) {
            long hit = nextCandidate(in, ip, ipLimit, htab, shift);
            ip = (int) hit;
            if (ip >= ipLimit) {
                break;
            }
            int ref = (int) (hit >>> 32);
            int distance = ip - ref;
            int end = candidateEnd(in, ip, ref, ipBound) - IPSHIFT;
            int len = end - ip;
            if (len >= MINLEN) {
                // the literals since lit: one byte each plus a control byte per 32
                int run = copy + (ip - lit);
                oc += ip - lit + (run >>> 5);
                if ((run & (MAX_COPY - 1)) == 0) {
                    oc--; // no literal pending: the speculative control byte goes
                }
                copy = 0;
                if (len >= 7) {
                    oc += (len - 7) / 255 + 1;
                }
                oc += distance - 1 < MAX_DISTANCE ? 2 : 4;
                htab[hash(getInt(in, end), shift)] = end;
                ip = end + 2;
                lit = ip;
                oc++; // the next literal run's control byte
            } else {
                ip++;
            }
        }
        oc += ip - lit + ((copy + (ip - lit)) >>> 5);
        return (double) (ip - base) / (double) oc;
    }

    /**
     * The greedy parse of {@code in[start, start + length)} into {@code out[outStart, outEnd)}; returns the
     * stream size or 0. Literals are not written one by one: a pending run {@code [lit, ip)} goes out in one
     * piece when a match (or the end) closes it, and gives up exactly where writing it byte by byte would
     * have run out of room.
     */
    private static int encode(boolean doubleHash, byte[] in, int start, int length, byte[] out, int outStart,
                              int outEnd, int hashLog, int[] htab) {
        int shift = 32 - hashLog;
        int end0 = start + length;
        int ipBound = end0 - 1;
        int ipLimit = end0 - 12;
        // an empty slot means "the first byte"
        Arrays.fill(htab, 0, 1 << hashLog, start);

        int op = outStart; // where the pending literal run's control byte goes
        int lit = start; // the pending literal run starts here; the first 4 bytes are literals, never hashed
        int ip = start + 4;
        while (true) {
            long hit = nextCandidate(in, ip, ipLimit, htab, shift);
            ip = (int) hit;
            if (ip >= ipLimit) {
                break;
            }
            int ref = (int) (hit >>> 32);
            int distance = ip - ref - 1;
            int end = candidateEnd(in, ip, ref, ipBound) - IPSHIFT;
            int len = end - ip;
            if (len >= MINLEN && (len > 5 || distance < MAX_DISTANCE)) {
                op = putLiterals(in, lit, ip, end0, out, op, outEnd);
                if (op < 0) {
                    return 0;
                }
                op = putMatch(out, op, outEnd, len, distance);
                if (op < 0) {
                    return 0;
                }
                int seq = getInt(in, end);
                htab[hash(seq, shift)] = end;
                if (doubleHash) {
                    htab[hash(seq >>> 8, shift)] = end + 1;
                }
                ip = end + 2;
                lit = ip;
            } else {
                ip++;
            }
        }
        // the tail goes out as literals
        op = putLiterals(in, lit, end0, end0, out, op, outEnd);
        if (op < 0) {
            return 0;
        }
        // format marker in the first control byte
        out[outStart] = (byte) (out[outStart] | 0x20);
        return op - outStart;
    }

    /**
     * Writes the literals {@code in[from, to)} at {@code op} as runs of at most 32, each behind its
     * control byte; returns the new output position, or -1 where BloscLZ (checking for 2 free bytes before
     * each literal) runs out of room. {@code in} is readable up to {@code inEnd}, {@code out} writable up to
     * {@code outEnd}.
     */
    private static int putLiterals(byte[] in, int from, int to, int inEnd, byte[] out, int op, int outEnd) {
        int n = to - from;
        if (n == 0) {
            return op;
        }
        if (op + n + ((n - 1) >>> 5) + 2 > outEnd) {
            return -1;
        }
        while (n > MAX_COPY) {
            out[op] = (byte) (MAX_COPY - 1);
            copyLiterals(in, from, out, op + 1, MAX_COPY, inEnd, outEnd);
            op += MAX_COPY + 1;
            from += MAX_COPY;
            n -= MAX_COPY;
        }
        out[op] = (byte) (n - 1);
        copyLiterals(in, from, out, op + 1, n, inEnd, outEnd);
        return op + 1 + n;
    }

    /**
     * Copies {@code n <= 32} bytes; as whole longs (up to 7 bytes too many, overwritten later or past the
     * end of the stream) when both ranges have room for 32.
     */
    private static void copyLiterals(byte[] in, int from, byte[] out, int op, int n, int inEnd, int outEnd) {
        if (op + MAX_COPY <= outEnd && from + MAX_COPY <= inEnd) {
            for (int k = 0; k < n; k += 8) {
                LONG_LE_ARRAY.set(out, op + k, getLong(in, from + k));
            }
        } else {
            System.arraycopy(in, from, out, op, n);
        }
    }

    /**
     * Writes a match of {@code len} (already cut back) at {@code distance - 1}; returns the new output
     * position, or -1 when the token plus the next control byte do not fit (where BloscLZ gives up).
     */
    private static int putMatch(byte[] out, int op, int outEnd, int len, int distance) {
        boolean near = distance < MAX_DISTANCE;
        int extra = len - 7;
        int size = (near ? 2 : 4) + (extra >= 0 ? extra / 255 + 1 : 0);
        if (op + size + 1 > outEnd) {
            return -1;
        }
        int high = near ? distance >>> 8 : 31;
        if (extra < 0) {
            out[op++] = (byte) ((len << 5) + high);
        } else {
            out[op++] = (byte) ((7 << 5) + high);
            for (; extra >= 255; extra -= 255) {
                out[op++] = (byte) 255;
            }
            out[op++] = (byte) extra;
        }
        if (near) {
            out[op++] = (byte) distance;
        } else {
            distance -= MAX_DISTANCE;
            out[op++] = (byte) 255;
            out[op++] = (byte) (distance >>> 8);
            out[op++] = (byte) distance;
        }
        return op;
    }
}
