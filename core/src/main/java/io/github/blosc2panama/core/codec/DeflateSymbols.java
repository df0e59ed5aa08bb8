package io.github.blosc2panama.core.codec;

import java.util.Arrays;

/**
 * Deflate's alphabets (RFC 1951, 3.2.5): how a match length (3..258) and a distance (1..32768) become a
 * literal/length or distance symbol plus extra bits, and the lengths of the fixed Huffman codes (3.2.6).
 *
 * <p>The encoder keeps its parse as one {@code int} per symbol: a literal byte as itself (0..255), a match as
 * {@link #match(int, int)}: {@code distance << 9 | (256 + length - 3)}, which is 256 or more.
 */
final class DeflateSymbols {
    static final int MIN_MATCH = 3;
    static final int MAX_MATCH = 258;
    static final int MAX_DISTANCE = 32768;
    /** Literal/length symbols: 256 literals, end of block (256), 29 length codes. */
    static final int LITLEN_SYMBOLS = 286;
    static final int END_OF_BLOCK = 256;
    static final int DISTANCE_SYMBOLS = 30;

    private static final int[] LENGTH_BASE = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static final byte[] LENGTH_EXTRA = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
        5, 5, 0};
    private static final int[] DISTANCE_BASE = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
        513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    static final byte[] DISTANCE_EXTRA = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
        11, 11, 12, 12, 13, 13};

    /** Length code (0..28, symbol 257 + code) of {@code length - 3}. */
    private static final byte[] LENGTH_CODE = new byte[MAX_MATCH - MIN_MATCH + 1];
    /** Distance code of {@code distance - 1} below 256, and of {@code (distance - 1) >> 7} from 256 on. */
    private static final byte[] DISTANCE_CODE_LOW = new byte[256];
    private static final byte[] DISTANCE_CODE_HIGH = new byte[256];

    /** The fixed code's lengths: literal/length symbols 0..287 and distance symbols 0..29. */
    static final byte[] FIXED_LITLEN_LENGTHS = new byte[288];
    static final byte[] FIXED_DISTANCE_LENGTHS = new byte[DISTANCE_SYMBOLS];

    static {
        for (int code = 0; code < LENGTH_BASE.length; code++) {
            for (int k = 0; k < 1 << LENGTH_EXTRA[code]; k++) {
                int length = LENGTH_BASE[code] + k;
                if (length <= MAX_MATCH) {
                    LENGTH_CODE[length - MIN_MATCH] = (byte) code;
                }
            }
        }
        LENGTH_CODE[MAX_MATCH - MIN_MATCH] = 28;
        for (int code = 0; code < DISTANCE_BASE.length; code++) {
            for (int k = 0; k < 1 << DISTANCE_EXTRA[code]; k++) {
                int d = DISTANCE_BASE[code] + k - 1;
                if (d < 256) {
                    DISTANCE_CODE_LOW[d] = (byte) code;
                } else {
                    DISTANCE_CODE_HIGH[d >> 7] = (byte) code;
                }
            }
        }
        for (int s = 0; s < 288; s++) {
            FIXED_LITLEN_LENGTHS[s] = (byte) (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
        }
        Arrays.fill(FIXED_DISTANCE_LENGTHS, (byte) 5);
    }

    private DeflateSymbols() {
    }

    /** The parse symbol of a match. */
    static int match(int length, int distance) {
        return distance << 9 | (256 + length - MIN_MATCH);
    }

    static boolean isMatch(int symbol) {
        return symbol >= 256;
    }

    static int length(int symbol) {
        return (symbol & 0x1FF) - 256 + MIN_MATCH;
    }

    static int distance(int symbol) {
        return symbol >>> 9;
    }

    /** Length code 0..28 of a match length. */
    static int lengthCode(int length) {
        return LENGTH_CODE[length - MIN_MATCH];
    }

    static int lengthExtraValue(int length, int code) {
        return length - LENGTH_BASE[code];
    }

    /** Distance code 0..29 of a distance. */
    static int distanceCode(int distance) {
        int d = distance - 1;
        return d < 256 ? DISTANCE_CODE_LOW[d] : DISTANCE_CODE_HIGH[d >> 7];
    }

    static int distanceExtraValue(int distance, int code) {
        return distance - DISTANCE_BASE[code];
    }
}
