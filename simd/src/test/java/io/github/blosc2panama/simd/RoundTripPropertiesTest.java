package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Round trips of every kernel, and shuffle / bitshuffle against a naive transcription of their definition, for
 * typesizes 1..32, 255, 300 and 5000 (above the tiled path), every length up to a few bit-transpose periods and sparse
 * lengths up to 70000, on heap and native segments at unaligned offsets.
 */
class RoundTripPropertiesTest {
    private static final int MAX_LENGTH = 70_000;

    static Stream<Integer> typesizes() {
        return Stream.concat(IntStream.rangeClosed(1, 32).boxed(), Stream.of(255, 300, 5000));
    }

    static List<Integer> lengths(int typesize) {
        TreeSet<Integer> set = new TreeSet<>();
        int dense = Math.min(16 * typesize + 17, 700);
        for (int n = 0; n <= dense; n++) {
            set.add(n);
        }
        SplittableRandom r = new SplittableRandom(typesize * 7L);
        for (int i = 0; i < 6; i++) {
            set.add(r.nextInt(dense, MAX_LENGTH + 1));
        }
        set.add(8 * typesize * 9);
        set.add(8 * typesize * 9 + 1);
        set.add(MAX_LENGTH);
        set.removeIf(n -> n > MAX_LENGTH);
        return new ArrayList<>(set);
    }

    @ParameterizedTest(name = "typesize {0}")
    @MethodSource("typesizes")
    void shufflesMatchDefinitionAndRoundTrip(int typesize) {
        try (Arena arena = Arena.ofConfined()) {
            byte[] all = TestData.random(typesize, MAX_LENGTH);
            int round = 0;
            for (int length : lengths(typesize)) {
                byte[] data = Arrays.copyOf(all, length);
                Arena where = (round % 2 == 0) ? arena : null; // alternate native and heap
                int off = round++ % 8;
                MemorySegment src = TestData.place(data, off, where);
                MemorySegment mid = TestData.blank(length, (off + 3) % 8, where == null ? arena : null, (byte) 1);
                MemorySegment back = TestData.blank(length, (off + 5) % 8, where, (byte) 2);
                String at = "typesize " + typesize + " length " + length;

                Shuffle.shuffle(src, mid, length, typesize);
                assertArrayEquals(naiveShuffle(data, typesize), TestData.bytes(mid), "shuffle " + at);
                Shuffle.unshuffle(mid, back, length, typesize);
                assertArrayEquals(data, TestData.bytes(back), "unshuffle " + at);

                BitShuffle.bitshuffle(src, mid, length, typesize);
                byte[] bits = TestData.bytes(mid);
                assertArrayEquals(naiveBitshuffle(data, typesize), bits, "bitshuffle " + at);
                back.fill((byte) 3);
                BitShuffle.bitunshuffle(mid, back, length, typesize);
                assertArrayEquals(data, TestData.bytes(back), "bitunshuffle " + at);
                back.fill((byte) 4);
                BitShuffle.bitunshuffleLegacy(mid, back, length, typesize);
                boolean whole = (length / typesize) % 8 == 0;
                assertArrayEquals(whole ? data : bits, TestData.bytes(back), "legacy bitunshuffle " + at);

                if (typesize <= 300) {
                    deltaRoundTrip(data, typesize, where);
                    byteDeltaRoundTrip(data, typesize, where, off);
                }
            }
        }
    }

    /** A whole chunk cut in blocks, delta-encoded block by block and decoded in place, as C's pipeline does. */
    private static void deltaRoundTrip(byte[] data, int typesize, Arena where) {
        int length = data.length;
        int blocksize = Math.max(1, Math.min(length, 8 * typesize * 3 + 5));
        MemorySegment src = TestData.place(data, 1, where);
        MemorySegment enc = TestData.blank(length, 2, where, (byte) 9);
        for (int offset = 0; offset < length; offset += blocksize) {
            int len = Math.min(blocksize, length - offset);
            Delta.encode(src, offset, src.asSlice(offset, len), enc.asSlice(offset, len), len, typesize);
        }
        // non-reference blocks are XORed with block 0 word by word; check one against the definition
        int w = Delta.wordWidth(typesize);
        if (length > blocksize) {
            int len = Math.min(blocksize, length - blocksize);
            for (int k = 0; k < len - len % w; k++) {
                assertEquals((byte) (data[blocksize + k] ^ data[k]), enc.getAtIndex(java.lang.foreign.ValueLayout.JAVA_BYTE,
                        blocksize + k), "delta block 1 byte " + k);
            }
        }
        for (int offset = 0; offset < length; offset += blocksize) {
            int len = Math.min(blocksize, length - offset);
            Delta.decode(enc, offset, enc.asSlice(offset, len), len, typesize);
        }
        assertArrayEquals(data, TestData.bytes(enc), "delta typesize " + typesize + " length " + length);
    }

    private static void byteDeltaRoundTrip(byte[] data, int typesize, Arena where, int off) {
        int length = data.length;
        MemorySegment src = TestData.place(data, off, where);
        MemorySegment enc = TestData.blank(length, off + 1, where, (byte) 9);
        MemorySegment dec = TestData.blank(length, off + 2, where, (byte) 8);
        ByteDelta.encode(src, enc, length, typesize);
        ByteDelta.decode(enc, dec, length, typesize);
        assertArrayEquals(data, TestData.bytes(dec), "bytedelta typesize " + typesize + " length " + length);
    }

    /** dst[j * nel + i] = src[i * ts + j]; tail unchanged. */
    static byte[] naiveShuffle(byte[] src, int ts) {
        byte[] dst = src.clone();
        int nel = src.length / ts;
        for (int i = 0; i < nel; i++) {
            for (int j = 0; j < ts; j++) {
                dst[j * nel + i] = src[i * ts + j];
            }
        }
        return dst;
    }

    /** Bit k of dst[(8j + b) * R + m] = bit b of byte j of element 8m + k, over nel8 elements; rest unchanged. */
    static byte[] naiveBitshuffle(byte[] src, int ts) {
        byte[] dst = src.clone();
        int nel8 = src.length / ts / 8 * 8;
        int rowLen = nel8 / 8;
        if (nel8 == 0) {
            return dst;
        }
        Arrays.fill(dst, 0, nel8 * ts, (byte) 0);
        for (int e = 0; e < nel8; e++) {
            for (int j = 0; j < ts; j++) {
                for (int b = 0; b < 8; b++) {
                    int bit = (src[e * ts + j] >>> b) & 1;
                    dst[(8 * j + b) * rowLen + e / 8] |= (byte) (bit << (e % 8));
                }
            }
        }
        return dst;
    }
}
