package io.github.blosc2panama.core.codec;

import static io.github.blosc2panama.core.codec.DeflateSymbols.DISTANCE_EXTRA;
import static io.github.blosc2panama.core.codec.DeflateSymbols.DISTANCE_SYMBOLS;
import static io.github.blosc2panama.core.codec.DeflateSymbols.END_OF_BLOCK;
import static io.github.blosc2panama.core.codec.DeflateSymbols.FIXED_DISTANCE_LENGTHS;
import static io.github.blosc2panama.core.codec.DeflateSymbols.FIXED_LITLEN_LENGTHS;
import static io.github.blosc2panama.core.codec.DeflateSymbols.LENGTH_EXTRA;
import static io.github.blosc2panama.core.codec.DeflateSymbols.LITLEN_SYMBOLS;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Writes deflate blocks (RFC 1951, 3.2.3-3.2.7) into a byte array: each block of parse symbols as whichever of a
 * stored, a fixed-Huffman or a dynamic-Huffman block is the smallest, its size counted in bits before a byte of it
 * is written, so that a block that would not fit is refused whole ({@link #block} returns false).
 *
 * <p>Bits go out least significant first through a 64-bit accumulator, four bytes at a time. One writer per
 * thread; {@link #begin} starts a stream.
 */
final class DeflateBlockWriter {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** The order in which the code-length code's lengths are sent (3.2.7). */
    private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    private static final short[] FIXED_LITLEN_CODES = new short[288];
    private static final short[] FIXED_DISTANCE_CODES = new short[DISTANCE_SYMBOLS];

    static {
        DeflateHuffman.codes(FIXED_LITLEN_LENGTHS, 288, FIXED_LITLEN_CODES);
        DeflateHuffman.codes(FIXED_DISTANCE_LENGTHS, DISTANCE_SYMBOLS, FIXED_DISTANCE_CODES);
    }

    private byte[] out;
    private int position;
    private int limit;
    private long bits;
    private int bitCount;

    private final int[] litlenFreq = new int[LITLEN_SYMBOLS];
    private final int[] distanceFreq = new int[DISTANCE_SYMBOLS];
    private final byte[] litlenLengths = new byte[LITLEN_SYMBOLS];
    private final byte[] distanceLengths = new byte[DISTANCE_SYMBOLS];
    private final short[] litlenCodes = new short[LITLEN_SYMBOLS];
    private final short[] distanceCodes = new short[DISTANCE_SYMBOLS];
    /** Code lengths of both codes, one after the other, and their run-length encoding (symbol | extra << 8). */
    private final byte[] allLengths = new byte[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    private final int[] lengthRuns = new int[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    private final int[] codeLengthFreq = new int[19];
    private final byte[] codeLengthLengths = new byte[19];
    private final short[] codeLengthCodes = new short[19];
    private final long[] work = new long[2 * LITLEN_SYMBOLS];

    /** Starts writing at {@code out[start]}, never past {@code out[limit - 1]}. */
    void begin(byte[] out, int start, int limit) {
        this.out = out;
        this.position = start;
        this.limit = limit;
        this.bits = 0;
        this.bitCount = 0;
    }

    /** Pads the last byte with zero bits and writes it; false if it does not fit. */
    boolean alignToByte() {
        int n = (bitCount + 7) >>> 3;
        if (n > limit - position) {
            return false;
        }
        for (; n > 0; n--) {
            out[position++] = (byte) bits;
            bits >>>= 8;
        }
        bits = 0;
        bitCount = 0;
        return true;
    }

    /** Bytes written so far (after {@link #alignToByte}, all of the stream). */
    int position() {
        return position;
    }

    /**
     * Writes {@code symbols[0..count)}, the parse of {@code src[start..end)}, as one block: false, and nothing
     * written, if it does not fit.
     */
    boolean block(int[] symbols, int count, byte[] src, int start, int end, boolean last) {
        Arrays.fill(litlenFreq, 0);
        Arrays.fill(distanceFreq, 0);
        for (int i = 0; i < count; i++) {
            int s = symbols[i];
            if (DeflateSymbols.isMatch(s)) {
                litlenFreq[257 + DeflateSymbols.lengthCode(DeflateSymbols.length(s))]++;
                distanceFreq[DeflateSymbols.distanceCode(DeflateSymbols.distance(s))]++;
            } else {
                litlenFreq[s]++;
            }
        }
        litlenFreq[END_OF_BLOCK] = 1;
        long extraBits = 0;
        for (int code = 0; code < 29; code++) {
            extraBits += (long) litlenFreq[257 + code] * LENGTH_EXTRA[code];
        }
        for (int code = 0; code < DISTANCE_SYMBOLS; code++) {
            extraBits += (long) distanceFreq[code] * DISTANCE_EXTRA[code];
        }
        long fixedBits = 3 + extraBits + cost(litlenFreq, FIXED_LITLEN_LENGTHS, LITLEN_SYMBOLS)
                + cost(distanceFreq, FIXED_DISTANCE_LENGTHS, DISTANCE_SYMBOLS);

        DeflateHuffman.lengths(litlenFreq, LITLEN_SYMBOLS, 15, litlenLengths, work);
        DeflateHuffman.lengths(distanceFreq, DISTANCE_SYMBOLS, 15, distanceLengths, work);
        int hlit = trimmed(litlenLengths, LITLEN_SYMBOLS, 257);
        int hdist = trimmed(distanceLengths, DISTANCE_SYMBOLS, 1);
        int runs = lengthRuns(hlit, hdist);
        DeflateHuffman.lengths(codeLengthFreq, 19, 7, codeLengthLengths, work);
        int hclen = 19;
        while (hclen > 4 && codeLengthLengths[CODE_LENGTH_ORDER[hclen - 1]] == 0) {
            hclen--;
        }
        long headerBits = 3 + 5 + 5 + 4 + 3L * hclen;
        for (int i = 0; i < runs; i++) {
            int sym = lengthRuns[i] & 0xFF;
            headerBits += codeLengthLengths[sym] + (sym == 16 ? 2 : sym == 17 ? 3 : sym == 18 ? 7 : 0);
        }
        long dynamicBits = headerBits + extraBits + cost(litlenFreq, litlenLengths, LITLEN_SYMBOLS)
                + cost(distanceFreq, distanceLengths, DISTANCE_SYMBOLS);

        long storedBits = storedBits(end - start);
        long best = Math.min(storedBits, Math.min(fixedBits, dynamicBits));
        if ((bitCount + best + 7) / 8 > limit - position) {
            return false;
        }
        if (best == storedBits) {
            writeStored(src, start, end, last);
        } else if (best == fixedBits) {
            put(last ? 3 : 2, 3);
            writeSymbols(symbols, count, FIXED_LITLEN_CODES, FIXED_LITLEN_LENGTHS, FIXED_DISTANCE_CODES,
                    FIXED_DISTANCE_LENGTHS);
        } else {
            DeflateHuffman.codes(litlenLengths, LITLEN_SYMBOLS, litlenCodes);
            DeflateHuffman.codes(distanceLengths, DISTANCE_SYMBOLS, distanceCodes);
            DeflateHuffman.codes(codeLengthLengths, 19, codeLengthCodes);
            put(last ? 5 : 4, 3);
            put(hlit - 257, 5);
            put(hdist - 1, 5);
            put(hclen - 4, 4);
            for (int i = 0; i < hclen; i++) {
                put(codeLengthLengths[CODE_LENGTH_ORDER[i]], 3);
            }
            for (int i = 0; i < runs; i++) {
                int sym = lengthRuns[i] & 0xFF;
                put(codeLengthCodes[sym] & 0xFFFF, codeLengthLengths[sym]);
                if (sym >= 16) {
                    put(lengthRuns[i] >>> 8, sym == 16 ? 2 : sym == 17 ? 3 : 7);
                }
            }
            writeSymbols(symbols, count, litlenCodes, litlenLengths, distanceCodes, distanceLengths);
        }
        return true;
    }

    private static long cost(int[] freq, byte[] lengths, int n) {
        long bitsTotal = 0;
        for (int s = 0; s < n; s++) {
            bitsTotal += (long) freq[s] * lengths[s];
        }
        return bitsTotal;
    }

    /** HLIT or HDIST: the number of lengths sent, past the last nonzero one, at least {@code min}. */
    private static int trimmed(byte[] lengths, int n, int min) {
        while (n > min && lengths[n - 1] == 0) {
            n--;
        }
        return n;
    }

    /**
     * Run-length codes the {@code hlit + hdist} code lengths with the code-length alphabet (3.2.7: 16 repeats the
     * previous length 3..6 times, 17 and 18 write 3..10 and 11..138 zeros) into {@link #lengthRuns}, counting
     * {@link #codeLengthFreq}; returns the number of runs.
     */
    private int lengthRuns(int hlit, int hdist) {
        System.arraycopy(litlenLengths, 0, allLengths, 0, hlit);
        System.arraycopy(distanceLengths, 0, allLengths, hlit, hdist);
        Arrays.fill(codeLengthFreq, 0);
        int total = hlit + hdist;
        int runs = 0;
        int i = 0;
        while (i < total) {
            int len = allLengths[i];
            int run = 1;
            while (i + run < total && allLengths[i + run] == len) {
                run++;
            }
            i += run;
            if (len == 0) {
                while (run >= 11) {
                    int r = Math.min(run, 138);
                    runs = run(runs, 18, r - 11);
                    run -= r;
                }
                if (run >= 3) {
                    runs = run(runs, 17, run - 3);
                    run = 0;
                }
            } else {
                runs = run(runs, len, 0);
                run--;
                while (run >= 3) {
                    int r = Math.min(run, 6);
                    runs = run(runs, 16, r - 3);
                    run -= r;
                }
            }
            for (; run > 0; run--) {
                runs = run(runs, len, 0);
            }
        }
        return runs;
    }

    private int run(int runs, int symbol, int extra) {
        lengthRuns[runs] = symbol | extra << 8;
        codeLengthFreq[symbol]++;
        return runs + 1;
    }

    /** Bits of {@code length} bytes as stored blocks (3.2.4), from the current bit position. */
    private long storedBits(int length) {
        int pieces = Math.max(1, (length + 65534) / 65535);
        int firstPad = (8 - (bitCount + 3) % 8) % 8;
        return 3 + firstPad + 32 + (pieces - 1) * (3 + 5 + 32L) + 8L * length;
    }

    private void writeStored(byte[] src, int start, int end, boolean last) {
        int at = start;
        do {
            int n = Math.min(end - at, 65535);
            boolean final_ = last && at + n == end;
            put(final_ ? 1 : 0, 3);
            alignToByte();
            out[position++] = (byte) n;
            out[position++] = (byte) (n >>> 8);
            out[position++] = (byte) ~n;
            out[position++] = (byte) (~n >>> 8);
            System.arraycopy(src, at, out, position, n);
            position += n;
            at += n;
        } while (at < end);
    }

    /**
     * The symbols in their codes, then the end of block. The bit accumulator, its count and the output position are
     * kept in locals through the loop (as fields, each code's bits waited on the stores of the code before: a random
     * walk's low bytes, nearly all literals, went from 84 to 95 MB/s through the whole encoder). Under 32 bits are
     * left after a flush; a length code with its extra bits adds at most 15 + 5, a distance code 15 + 13, so one
     * flush between them keeps the 64-bit accumulator from overflowing.
     */
    private void writeSymbols(int[] symbols, int count, short[] llCodes, byte[] llLengths, short[] dCodes,
            byte[] dLengths) {
        byte[] o = out;
        long acc = bits;
        int n = bitCount;
        int at = position;
        for (int i = 0; i < count; i++) {
            int s = symbols[i];
            if (!DeflateSymbols.isMatch(s)) {
                acc |= (long) (llCodes[s] & 0xFFFF) << n;
                n += llLengths[s];
            } else {
                int length = DeflateSymbols.length(s);
                int lc = DeflateSymbols.lengthCode(length);
                acc |= (long) (llCodes[257 + lc] & 0xFFFF) << n;
                n += llLengths[257 + lc];
                acc |= (long) DeflateSymbols.lengthExtraValue(length, lc) << n;
                n += LENGTH_EXTRA[lc];
                if (n >= 32) {
                    INT_LE.set(o, at, (int) acc);
                    at += 4;
                    acc >>>= 32;
                    n -= 32;
                }
                int distance = DeflateSymbols.distance(s);
                int dc = DeflateSymbols.distanceCode(distance);
                acc |= (long) (dCodes[dc] & 0xFFFF) << n;
                n += dLengths[dc];
                acc |= (long) DeflateSymbols.distanceExtraValue(distance, dc) << n;
                n += DISTANCE_EXTRA[dc];
            }
            if (n >= 32) {
                INT_LE.set(o, at, (int) acc);
                at += 4;
                acc >>>= 32;
                n -= 32;
            }
        }
        bits = acc;
        bitCount = n;
        position = at;
        put(llCodes[END_OF_BLOCK] & 0xFFFF, llLengths[END_OF_BLOCK]);
    }

    /** Appends the low {@code n} (0..32) bits of {@code value}, which has no higher bits set. */
    private void put(long value, int n) {
        bits |= value << bitCount;
        bitCount += n;
        if (bitCount >= 32) {
            INT_LE.set(out, position, (int) bits);
            position += 4;
            bits >>>= 32;
            bitCount -= 32;
        }
    }
}
