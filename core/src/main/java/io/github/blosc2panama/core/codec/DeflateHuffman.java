package io.github.blosc2panama.core.codec;

import java.util.Arrays;

/**
 * Huffman codes as deflate (RFC 1951, 3.2.2) writes them: code lengths from symbol frequencies, no longer than a
 * limit (15 for literal/length and distance codes, 7 for the code-length code), and the canonical codes those
 * lengths define, bit-reversed because deflate sends Huffman codes most significant bit first into an LSB-first
 * bit stream.
 *
 * <p>Every code made here is complete (its lengths fill the Kraft sum exactly): when one symbol is used alone, a
 * second one gets a code too, so that any inflater accepts it.
 */
final class DeflateHuffman {
    private DeflateHuffman() {
    }

    /**
     * The code lengths of {@code n} symbols with frequencies {@code freq[0..n)} into {@code lengths[0..n)}: 0 for an
     * unused symbol, else 1..{@code limit}. {@code work} holds at least {@code 2 * n} longs.
     */
    static void lengths(int[] freq, int n, int limit, byte[] lengths, long[] work) {
        Arrays.fill(lengths, 0, n, (byte) 0);
        int used = 0;
        for (int s = 0; s < n; s++) {
            if (freq[s] != 0) {
                work[used++] = (long) freq[s] << 16 | s;
            }
        }
        if (used == 0) {
            // no symbol at all: two codes of one bit keep the code complete
            lengths[0] = 1;
            lengths[1] = 1;
            return;
        }
        if (used == 1) {
            int s = (int) (work[0] & 0xFFFF);
            lengths[s] = 1;
            lengths[s == 0 ? 1 : 0] = 1;
            return;
        }
        Arrays.sort(work, 0, used);
        int[] depth = treeDepths(work, used);
        // depth[i] is the depth of the i-th least frequent symbol; fold depths over the limit (Kraft repair)
        int[] count = new int[Math.max(limit, 1) + 1];
        for (int i = 0; i < used; i++) {
            count[Math.min(depth[i], limit)]++;
        }
        long kraft = 0;
        for (int len = 1; len <= limit; len++) {
            kraft += (long) count[len] << (limit - len);
        }
        while (kraft > 1L << limit) {
            // move one leaf from the limit up one level: take a leaf of a shorter length and split it
            count[limit]--;
            for (int len = limit - 1; len > 0; len--) {
                if (count[len] != 0) {
                    count[len]--;
                    count[len + 1] += 2;
                    break;
                }
            }
            kraft--;
        }
        // hand the lengths out again: the most frequent symbols get the shortest codes
        int i = used - 1;
        for (int len = 1; len <= limit; len++) {
            for (int k = count[len]; k > 0; k--) {
                lengths[(int) (work[i--] & 0xFFFF)] = (byte) len;
            }
        }
    }

    /**
     * The depth of each leaf in a Huffman tree of {@code used} leaves sorted by ascending weight (the two-queue
     * construction: leaves in order, internal nodes in the order they are made, which is also ascending).
     */
    private static int[] treeDepths(long[] sortedLeaves, int used) {
        long[] internal = new long[used - 1];
        int[] parent = new int[2 * used - 1]; // leaves 0..used-1, internal nodes used..2*used-2
        int leaf = 0;
        int made = 0;
        int taken = 0;
        while (made < used - 1) {
            // the two lightest of the next leaf and the next internal node become children of node used + made
            long weight = 0;
            for (int k = 0; k < 2; k++) {
                boolean fromLeaves = leaf < used
                        && (taken == made || (sortedLeaves[leaf] >>> 16) <= internal[taken]);
                if (fromLeaves) {
                    weight += sortedLeaves[leaf] >>> 16;
                    parent[leaf++] = used + made;
                } else {
                    weight += internal[taken];
                    parent[used + taken++] = used + made;
                }
            }
            internal[made++] = weight;
        }
        int[] depth = new int[2 * used - 1];
        for (int node = 2 * used - 3; node >= 0; node--) {
            depth[node] = depth[parent[node]] + 1;
        }
        return Arrays.copyOf(depth, used);
    }

    /**
     * The canonical codes of {@code lengths[0..n)} (RFC 1951, 3.2.2), bit-reversed, into {@code codes[0..n)}.
     */
    static void codes(byte[] lengths, int n, short[] codes) {
        int[] count = new int[16];
        for (int s = 0; s < n; s++) {
            count[lengths[s]]++;
        }
        count[0] = 0;
        int[] next = new int[16];
        int code = 0;
        for (int len = 1; len < 16; len++) {
            code = (code + count[len - 1]) << 1;
            next[len] = code;
        }
        for (int s = 0; s < n; s++) {
            int len = lengths[s];
            codes[s] = len == 0 ? 0 : (short) (Integer.reverse(next[len]++) >>> (32 - len));
        }
    }
}
