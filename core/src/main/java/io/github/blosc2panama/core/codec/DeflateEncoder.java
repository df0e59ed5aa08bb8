package io.github.blosc2panama.core.codec;

import static io.github.blosc2panama.core.codec.DeflateSymbols.MAX_MATCH;
import static io.github.blosc2panama.core.codec.DeflateSymbols.MIN_MATCH;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A deflate encoder in the zlib format (RFC 1950, 1951), for Blosc2's zlib codec: hash chains over a 32 KiB
 * window and zlib's parse (greedy at levels 1..3, lazy at 4..9, with zlib's search limits per level), with two
 * changes, both as zlib-ng makes them: a match is 4 bytes at least (the hash covers 4), and of a match longer than
 * {@link Level#insertLimit} only the two positions a search at its end wants go into the hash chains, not every
 * one. Inserting every position of a 258-byte match is most of the time zlib and libdeflate spend on runs and
 * periodic data (shuffled counters: 0.3-0.9 GB/s); the search at the match's end finds the data again at the
 * match's distance or one byte back ({@link #insertMatch}).
 *
 * <p>The streams are about as small as zlib's at the same level (within an eighth; up to a fifth larger at the
 * greedy levels, where zlib also takes 3-byte matches): {@code DeflateEncoderTest}. Each stream starts from
 * cleared tables, as large as the stream needs ({@link #startStream}), so that a stream depends on its own bytes
 * only, never on what the thread compressed before. One encoder per thread.
 */
final class DeflateEncoder {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int WINDOW = DeflateSymbols.MAX_DISTANCE;
    private static final int WINDOW_MASK = WINDOW - 1;
    /** zlib's MAX_DIST: matches reach back at most this far, so the chain slot of a candidate is never reused. */
    private static final int MAX_DISTANCE = WINDOW - (MAX_MATCH + MIN_MATCH + 1);
    /**
     * Up to 2^18 chain heads (512 KiB) for a window of 32K positions, where zlib has 2^15. With 2^15, on bytes
     * that seldom repeat (the low bytes of a random walk) 35 % of the positions found a candidate within reach at the
     * head of their chain, 1.2 % one that passed the 4-byte check: each of the others a search cut short after a
     * mispredicted branch and two dependent loads. With 2^18, 6.4 %: such a stream goes from 49 to 84 MB/s, a
     * shuffled block of i64_walk from 306 to 482 MB/s, where 2^19 and 2^20 are slower again (435, 396: the table
     * outgrows the 2 MiB L2). Heads of 16 bits rather than 32 halve the table: the load of a head (an L2 miss) was
     * a quarter of the time of {@link #parseLazy} on i64_walk, whose chunks then compressed at 0.97 of C-Blosc2's
     * speed at 1 thread and 0.86 at 2, now 1.01-1.04 and 0.94-1.08 ({@code Alternating}, Zen 5; 2^17 and 2^19
     * 16-bit heads: 0.98 at 1 thread). Clearing the heads for each stream costs i32_arange's chunks, which compress
     * at 3.5 GB/s, 5 % (1.52 to 1.45 of C-Blosc2's).
     */
    private static final int MAX_HASH_BITS = 18;
    /** The fewest heads a stream gets: a stream of n bytes gets about n (a power of two), within these bounds. */
    private static final int MIN_HASH_BITS = 10;
    /** Parse symbols per block (zlib's lit_bufsize - 1 at its default memLevel). */
    static final int BLOCK_SYMBOLS = 16383;

    /**
     * zlib's search limits per level (deflate.c configuration_table): the chain is cut to a quarter once the
     * previous match is {@code good} long, no lazy search follows a match of {@code lazy} (greedy levels: none),
     * the search stops at a match of {@code nice}, and follows at most {@code chain} candidates.
     */
    record Level(int good, int lazy, int nice, int chain, boolean greedy, int insertLimit) {
    }

    private static final Level[] LEVELS = {
        null,
        new Level(4, 4, 8, 4, true, 4),
        new Level(4, 5, 16, 8, true, 5),
        new Level(4, 6, 32, 32, true, 6),
        new Level(4, 4, 16, 16, false, 32),
        new Level(8, 16, 32, 32, false, 32),
        new Level(8, 16, 128, 128, false, 32),
        new Level(8, 32, 128, 256, false, 32),
        new Level(32, 128, 258, 1024, false, 258),
        new Level(32, 258, 258, 4096, false, 258),
    };

    /**
     * For each hash, the last position with it, as its low 16 bits of {@code pos + 1} (0: none): a head within reach
     * of a position is told from an older one by the distance it gives ({@link #insert}).
     */
    private final char[] head = new char[1 << MAX_HASH_BITS];
    /**
     * For each position in the window, how far back the previous one with its hash is (0: none within reach): 16
     * bits, so that the chains fit in 64 KiB and stay in the core's cache.
     */
    private final char[] prev = new char[WINDOW];
    private final int[] symbols = new int[BLOCK_SYMBOLS];
    private final DeflateBlockWriter writer = new DeflateBlockWriter();
    /** {@code 32 - } the current stream's hash bits. */
    private int hashShift;

    private byte[] src;
    private int end;
    private int symbolCount;
    /** The input covered by the symbols of the block being gathered. */
    private int blockStart;
    private int covered;

    /** The zlib header's two bytes for a level, as zlib writes them (FLEVEL 0..3). */
    static int header(int level) {
        int flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
        int header = 0x78 << 8 | flevel << 6;
        return header + 31 - header % 31;
    }

    /**
     * Compresses {@code src[0..length)} ({@code length} at most {@link DeflateStreams#MAX_SOURCE}) at {@code level}
     * (1..9) into {@code out[0..capacity)}: the size of the zlib stream, or 0 if it does not fit. {@code adler32} is
     * the source's Adler-32, which ends the stream: the caller has it from the source segment through the simd
     * module's vector kernel ({@code java.util.zip.Adler32} here ran libzip's scalar code, at 3 GB/s: 1.65 against
     * 2.9-3.6 GB/s for a whole shuffled i32_arange block).
     */
    int compress(byte[] src, int length, int level, byte[] out, int capacity, int adler32) {
        Level config = LEVELS[level];
        if (capacity < 6) {
            return 0;
        }
        startStream(src, length);
        int header = header(level);
        out[0] = (byte) (header >>> 8);
        out[1] = (byte) header;
        writer.begin(out, 2, capacity);
        boolean fits = config.greedy() ? parseGreedy(config) : parseLazy(config);
        fits = fits && flush(true) && writer.alignToByte();
        if (!fits || capacity - writer.position() < 4) {
            return 0;
        }
        int n = writer.position();
        out[n] = (byte) (adler32 >>> 24);
        out[n + 1] = (byte) (adler32 >>> 16);
        out[n + 2] = (byte) (adler32 >>> 8);
        out[n + 3] = (byte) adler32;
        return n + 4;
    }

    /**
     * Clears the heads the stream uses (about one per byte: 2 bytes of clearing per byte of input) and the chain
     * slots of its first window.
     */
    private void startStream(byte[] src, int length) {
        int bits = Math.clamp(32 - Integer.numberOfLeadingZeros(Math.max(length, 1) - 1), MIN_HASH_BITS,
                MAX_HASH_BITS);
        hashShift = 32 - bits;
        Arrays.fill(head, 0, 1 << bits, (char) 0);
        Arrays.fill(prev, 0, Math.min(length + 1, WINDOW), (char) 0);
        this.src = src;
        this.end = length;
        this.symbolCount = 0;
        this.blockStart = 0;
        this.covered = 0;
    }

    private boolean parseGreedy(Level config) {
        int pos = 0;
        int lastHashable = end - 4;
        while (pos < end) {
            int length = 0;
            int distance = 0;
            if (pos <= lastHashable) {
                int candidate = insert(pos);
                if (candidate >= 0) {
                    long found = longestMatch(pos, candidate, MIN_MATCH - 1, config, config.chain());
                    length = (int) found;
                    distance = (int) (found >>> 32);
                }
            }
            boolean fits;
            if (length >= MIN_MATCH) {
                fits = emit(DeflateSymbols.match(length, distance), pos + length);
                insertMatch(pos + 1, pos + length, distance, config);
                pos += length;
            } else {
                fits = emit(src[pos] & 0xFF, pos + 1);
                pos++;
            }
            if (!fits) {
                return false;
            }
        }
        return true;
    }

    private boolean parseLazy(Level config) {
        int pos = 0;
        int lastHashable = end - 4;
        int prevLength = MIN_MATCH - 1;
        int prevDistance = 0;
        boolean pending = false; // the byte at pos - 1 waits: a literal, or the start of a match of prevLength
        boolean fits = true;
        while (fits) {
            boolean more = pos < end;
            int length = MIN_MATCH - 1;
            int distance = 0;
            if (more && pos <= lastHashable) {
                int candidate = insert(pos);
                if (candidate >= 0 && prevLength < config.lazy()) {
                    int chain = prevLength >= config.good() ? config.chain() >>> 2 : config.chain();
                    long found = longestMatch(pos, candidate, prevLength, config, chain);
                    length = (int) found;
                    distance = (int) (found >>> 32);
                }
            }
            if (prevLength >= MIN_MATCH && length <= prevLength) {
                int start = pos - 1;
                int stop = start + prevLength;
                fits = emit(DeflateSymbols.match(prevLength, prevDistance), stop);
                insertMatch(pos + 1, stop, prevDistance, config);
                pos = stop;
                pending = false;
                prevLength = MIN_MATCH - 1;
            } else {
                if (pending) {
                    fits = emit(src[pos - 1] & 0xFF, pos);
                }
                if (!more) {
                    break;
                }
                pending = true;
                prevLength = length;
                prevDistance = distance;
                pos++;
            }
        }
        return fits;
    }

    /**
     * Puts the positions {@code from..stop) of a match of {@code distance} into the hash chains: all of them when the
     * match is at most {@link Level#insertLimit} long, else only the two a search at {@code stop} wants when the data
     * goes on as it did: {@code stop - distance} (the period the match found) and {@code stop - 1} (a run).
     */
    private void insertMatch(int from, int stop, int distance, Level config) {
        int last = Math.min(stop, end - 3);
        if (stop - from < config.insertLimit()) {
            for (int p = from; p < last; p++) {
                insert(p);
            }
            return;
        }
        int period = stop - distance;
        if (period >= from && period < last) {
            insert(period);
        }
        if (stop - 1 > period && stop - 1 >= from && stop - 1 < last) {
            insert(stop - 1);
        }
    }

    /**
     * Puts {@code pos} at the head of its hash chain; returns the position that was there, or -1 if there was none
     * within reach. Heads keep 16 bits of {@code pos + 1}, so the distance to a head is known modulo 2^16: a head
     * from 2^16 or more positions back can pass for one within reach, which costs a search (every match is
     * compared byte for byte) but never a wrong match. A head of 0 is empty (or a position whose low 16 bits of
     * {@code pos + 1} are 0, then missed).
     */
    private int insert(int pos) {
        int h = ((int) INT_LE.get(src, pos) * 0x9E3779B1) >>> hashShift;
        int numbered = pos + 1;
        int last = head[h];
        int back = (numbered - last) & 0xFFFF;
        head[h] = (char) numbered;
        boolean reach = last != 0 && back != 0 && back <= MAX_DISTANCE;
        prev[numbered & WINDOW_MASK] = (char) (reach ? back : 0);
        int c = pos - back;
        return reach && c >= 0 ? c : -1;
    }

    /**
     * The longest match for {@code pos} along the chain from {@code candidate} that is longer than {@code better};
     * returns {@code distance << 32 | length}, length {@code better} or less if none is.
     */
    private long longestMatch(int pos, int candidate, int better, Level config, int chain) {
        byte[] s = src;
        int maxLength = Math.min(MAX_MATCH, end - pos);
        int nice = Math.min(config.nice(), maxLength);
        int bestLength = better;
        int bestDistance = 0;
        if (bestLength >= maxLength) {
            return bestLength;
        }
        int limit = Math.max(pos - MAX_DISTANCE, 0);
        // a candidate must agree on the first four bytes and on the four ending at bestLength, else it is no longer
        int first = (int) INT_LE.get(s, pos);
        int tailOffset = Math.max(bestLength - 3, 0);
        int tail = (int) INT_LE.get(s, pos + tailOffset);
        int c = candidate;
        while (true) {
            if ((int) INT_LE.get(s, c + tailOffset) == tail && (int) INT_LE.get(s, c) == first) {
                int length = matchLength(s, c, pos, maxLength);
                if (length > bestLength) {
                    bestLength = length;
                    bestDistance = pos - c;
                    if (length >= nice) {
                        break;
                    }
                    tailOffset = bestLength - 3;
                    tail = (int) INT_LE.get(s, pos + tailOffset);
                }
            }
            if (--chain == 0) {
                break;
            }
            int back = prev[(c + 1) & WINDOW_MASK];
            c -= back;
            if (back == 0 || c < limit) {
                break;
            }
        }
        return (long) bestDistance << 32 | bestLength;
    }

    /** How many bytes from {@code a} equal those from {@code b} ({@code a < b}), at most {@code max}. */
    private static int matchLength(byte[] s, int a, int b, int max) {
        int n = 0;
        while (n + 8 <= max) {
            long x = (long) LONG_LE.get(s, a + n) ^ (long) LONG_LE.get(s, b + n);
            if (x != 0) {
                return n + (Long.numberOfTrailingZeros(x) >>> 3);
            }
            n += 8;
        }
        while (n < max && s[a + n] == s[b + n]) {
            n++;
        }
        return n;
    }

    /** Adds a symbol covering the input up to {@code coveredTo}; writes the block when it is full. */
    private boolean emit(int symbol, int coveredTo) {
        symbols[symbolCount++] = symbol;
        covered = coveredTo;
        return symbolCount < BLOCK_SYMBOLS || flush(false);
    }

    private boolean flush(boolean last) {
        boolean fits = writer.block(symbols, symbolCount, src, blockStart, covered, last);
        symbolCount = 0;
        blockStart = covered;
        return fits;
    }
}
