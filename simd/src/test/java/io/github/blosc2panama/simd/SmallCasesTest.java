package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Hand-computed cases read off the C code, lossy bounds, and argument validation before any access. */
class SmallCasesTest {
    private static MemorySegment seg(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return MemorySegment.ofArray(b);
    }

    private static byte[] arr(int... bytes) {
        return TestData.bytes(seg(bytes));
    }

    @Test
    void shuffleSmall() {
        MemorySegment dst = MemorySegment.ofArray(new byte[7]);
        Shuffle.shuffle(seg(1, 2, 3, 4, 5, 6, 7), dst, 7, 2); // 3 elements of 2 bytes, tail 7
        assertArrayEquals(arr(1, 3, 5, 2, 4, 6, 7), TestData.bytes(dst));
    }

    @Test
    void bitshuffleSmall() {
        // 8 one-byte elements: element k has only bit (k % 8) set -> row b has only bit b set
        MemorySegment src = seg(1, 2, 4, 8, 16, 32, 64, 128, 0x33);
        MemorySegment dst = MemorySegment.ofArray(new byte[9]);
        BitShuffle.bitshuffle(src, dst, 9, 1);
        assertArrayEquals(arr(1, 2, 4, 8, 16, 32, 64, 128, 0x33), TestData.bytes(dst));
        // all elements 0x01: row 0 is 0xFF, the others 0
        BitShuffle.bitshuffle(seg(1, 1, 1, 1, 1, 1, 1, 1), dst, 8, 1);
        assertArrayEquals(arr(0xFF, 0, 0, 0, 0, 0, 0, 0, 0x33), TestData.bytes(dst));
        // fewer than 8 elements: copy
        BitShuffle.bitshuffle(seg(9, 8, 7, 6, 5, 4, 3), dst, 7, 1);
        assertArrayEquals(arr(9, 8, 7, 6, 5, 4, 3, 0, 0x33), TestData.bytes(dst));
    }

    @Test
    void deltaSmallAndTheTrailingBytesQuirk() {
        // typesize 1, reference block: each byte XOR its predecessor
        MemorySegment src = seg(1, 2, 3, 7);
        MemorySegment dst = MemorySegment.ofArray(new byte[4]);
        Delta.encode(src, 0, src, dst, 4, 1);
        assertArrayEquals(arr(1, 3, 1, 4), TestData.bytes(dst));
        Delta.decode(dst, 0, dst, 4, 1);
        assertArrayEquals(arr(1, 2, 3, 7), TestData.bytes(dst));

        // typesize 2, 5 bytes: words 0x0201, 0x0403 -> second is 0x0403 ^ 0x0201; byte 5 is not encoded
        src = seg(1, 2, 3, 4, 5);
        dst = MemorySegment.ofArray(new byte[5]);
        Delta.encode(src, 0, src, dst, 5, 2);
        assertArrayEquals(arr(1, 2, 2, 6, 5), TestData.bytes(dst));
        // a non-reference block: XOR with the reference word by word, tail 9 untouched
        MemorySegment ref = seg(1, 2, 3, 4, 5);
        MemorySegment other = seg(1, 2, 7, 7, 9);
        Delta.encode(ref, 5, other, dst, 5, 2);
        assertArrayEquals(arr(0, 0, 4, 3, 9), TestData.bytes(dst));
        Delta.decode(ref, 5, dst, 5, 2);
        assertArrayEquals(arr(1, 2, 7, 7, 9), TestData.bytes(dst));

        // typesize 12 (not a multiple of 8) works bytewise, typesize 16 in 8-byte words
        assertEquals(1, Delta.wordWidth(12));
        assertEquals(8, Delta.wordWidth(16));
        assertEquals(1, Delta.wordWidth(3));
        // C decodes an encoded tail as is: if a C-written chunk holds garbage there, decode keeps it
        MemorySegment buf = seg(1, 2, 2, 6, 0xEE);
        Delta.decode(buf, 0, buf, 5, 2);
        assertArrayEquals(arr(1, 2, 3, 4, 0xEE), TestData.bytes(buf));
    }

    @Test
    void byteDeltaSmall() {
        // typesize 2, 5 bytes: streams [1,2] and [3,4] of length 2, tail [5]
        MemorySegment dst = MemorySegment.ofArray(new byte[5]);
        ByteDelta.encode(seg(1, 2, 3, 4, 5), dst, 5, 2);
        assertArrayEquals(arr(1, 1, 3, 1, 5), TestData.bytes(dst));
        MemorySegment back = MemorySegment.ofArray(new byte[5]);
        ByteDelta.decode(dst, back, 5, 2);
        assertArrayEquals(arr(1, 2, 3, 4, 5), TestData.bytes(back));
        // differences wrap mod 256
        ByteDelta.encode(seg(200, 10, 0, 0, 0), dst, 5, 1);
        assertArrayEquals(arr(200, 66, 246, 0, 0), TestData.bytes(dst));
    }

    @Test
    void truncPrecMasksAndBounds() {
        SplittableRandom r = new SplittableRandom(5);
        try (Arena arena = Arena.ofConfined()) {
            int n = 1001;
            MemorySegment f = arena.allocate(4L * n + 3, 1).asSlice(1);
            MemorySegment d = arena.allocate(8L * n + 5, 1).asSlice(3);
            for (int i = 0; i < n; i++) {
                f.set(JAVA_FLOAT_UNALIGNED, 4L * i, (float) ((r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-40, 40))));
                d.set(JAVA_DOUBLE_UNALIGNED, 8L * i, (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-300, 300)));
            }
            for (int prec : new int[] {1, 5, 10, 22, 23, -1, -7, -22}) {
                MemorySegment out = MemorySegment.ofArray(new byte[4 * n + 2]);
                TruncPrec.truncate(f, out, 4L * n + 2, 4, prec);
                int zeroed = prec > 0 ? 23 - prec : -prec;
                int kept = 23 - zeroed;
                for (int i = 0; i < n; i++) {
                    int x = f.get(JAVA_INT_UNALIGNED, 4L * i);
                    int t = out.get(JAVA_INT_UNALIGNED, 4L * i);
                    assertEquals(x & ~((1 << zeroed) - 1), t);
                    float xf = Float.intBitsToFloat(x);
                    float tf = Float.intBitsToFloat(t);
                    assertTrue(Math.abs(xf - tf) <= Math.abs(xf) * Math.pow(2, -kept), "float bound");
                }
                // the partial element is copied
                assertEquals(f.get(JAVA_SHORT_UNALIGNED, 4L * n), out.get(JAVA_SHORT_UNALIGNED, 4L * n));
            }
            for (int prec : new int[] {1, 20, 52, -1, -51}) {
                MemorySegment out = MemorySegment.ofArray(new long[n]);
                TruncPrec.truncate(d, out, 8L * n, 8, prec);
                int zeroed = prec > 0 ? 52 - prec : -prec;
                for (int i = 0; i < n; i++) {
                    long x = d.get(JAVA_LONG_UNALIGNED, 8L * i);
                    assertEquals(x & ~((1L << zeroed) - 1), out.get(JAVA_LONG_UNALIGNED, 8L * i));
                }
            }
            // the meta byte as stored (unsigned 248 = -8)
            MemorySegment a = MemorySegment.ofArray(new byte[4 * n]);
            MemorySegment b = MemorySegment.ofArray(new byte[4 * n]);
            TruncPrec.truncate(f, a, 4L * n, 4, 248);
            TruncPrec.truncate(f, b, 4L * n, 4, -8);
            assertEquals(-1, a.mismatch(b));
            // in place
            MemorySegment copy = MemorySegment.ofArray(TestData.bytes(f.asSlice(0, 4L * n)));
            TruncPrec.truncate(copy, copy, 4L * n, 4, -8);
            assertEquals(-1, copy.mismatch(b));
        }
        MemorySegment s = MemorySegment.ofArray(new byte[16]);
        MemorySegment t = MemorySegment.ofArray(new byte[16]);
        for (int bad : new int[] {0, 24, -23, 200, 300, -129}) {
            assertThrows(IllegalArgumentException.class, () -> TruncPrec.truncate(s, t, 16, 4, bad), "prec " + bad);
        }
        for (int bad : new int[] {0, 53, -52}) {
            assertThrows(IllegalArgumentException.class, () -> TruncPrec.truncate(s, t, 16, 8, bad), "prec " + bad);
        }
        for (int ts : new int[] {1, 2, 3, 16}) {
            assertThrows(IllegalArgumentException.class, () -> TruncPrec.truncate(s, t, 16, ts, 5), "ts " + ts);
        }
    }

    @Test
    void intTruncMasksSignedAndUnsignedAlike() {
        // int16 -3 (0xFFFD) keeping 12 bits -> clear 4: 0xFFF0 = -16 (rounds toward minus infinity); 0x1234 -> 0x1230
        MemorySegment src = seg(0xFD, 0xFF, 0x34, 0x12, 0x77);
        MemorySegment dst = MemorySegment.ofArray(new byte[5]);
        IntTrunc.truncate(src, dst, 5, 2, 12);
        assertArrayEquals(arr(0xF0, 0xFF, 0x30, 0x12, 0x77), TestData.bytes(dst));
        IntTrunc.truncate(src, dst, 5, 2, 252); // stored meta byte of -4: same result
        assertArrayEquals(arr(0xF0, 0xFF, 0x30, 0x12, 0x77), TestData.bytes(dst));
        // uint8 keep 1 bit
        IntTrunc.truncate(seg(0xFF, 0x7F, 0x80), dst, 3, 1, 1);
        assertArrayEquals(arr(0x80, 0x00, 0x80), TestData.bytes(dst.asSlice(0, 3)));
        // int64 keep all 64 bits: identity; clear 63
        MemorySegment l = MemorySegment.ofArray(new long[] {-1L, 0x123456789ABCDEFL});
        MemorySegment lo = MemorySegment.ofArray(new long[2]);
        IntTrunc.truncate(l, lo, 16, 8, 64);
        assertEquals(-1, l.mismatch(lo));
        IntTrunc.truncate(l, lo, 16, 8, -63);
        assertEquals(Long.MIN_VALUE, lo.get(JAVA_LONG_UNALIGNED, 0));
        assertEquals(0L, lo.get(JAVA_LONG_UNALIGNED, 8));
        // int32 clear 31 bits
        MemorySegment i = MemorySegment.ofArray(new int[] {-5, 12345});
        MemorySegment io = MemorySegment.ofArray(new int[2]);
        IntTrunc.truncate(i, io, 8, 4, -31);
        assertEquals(Integer.MIN_VALUE, io.get(JAVA_INT_UNALIGNED, 0));
        assertEquals(0, io.get(JAVA_INT_UNALIGNED, 4));
        // decode is a copy
        IntTrunc.decode(src, dst, 5);
        assertArrayEquals(TestData.bytes(src), TestData.bytes(dst));

        MemorySegment s = MemorySegment.ofArray(new byte[16]);
        MemorySegment t = MemorySegment.ofArray(new byte[16]);
        int[][] bad = {{1, 0}, {1, 9}, {1, -8}, {2, 17}, {2, -16}, {4, 33}, {4, -32}, {8, 65}, {8, -64}, {8, 0},
            {3, 4}, {16, 4}, {4, 256}, {4, -129}};
        for (int[] b : bad) {
            assertThrows(IllegalArgumentException.class, () -> IntTrunc.truncate(s, t, 16, b[0], b[1]),
                    "ts " + b[0] + " meta " + b[1]);
        }
    }

    @Test
    void badArgumentsAreRejectedBeforeAnyWrite() {
        byte[] dstBytes = new byte[8];
        MemorySegment src = MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        MemorySegment dst = MemorySegment.ofArray(dstBytes);
        assertThrows(IllegalArgumentException.class, () -> Shuffle.shuffle(src, dst, 16, 4)); // dst too short
        assertThrows(IllegalArgumentException.class, () -> Shuffle.unshuffle(src, dst, -1, 4));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitshuffle(src, dst, 8, 0));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitunshuffle(dst, src, 9, 1));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitunshuffleLegacy(src, dst, 16, 1));
        assertThrows(IllegalArgumentException.class, () -> ByteDelta.encode(src, dst, 9, 1));
        assertThrows(IllegalArgumentException.class, () -> ByteDelta.decode(src, dst, 8, -3));
        assertThrows(IllegalArgumentException.class, () -> Delta.encode(dst.asSlice(0, 4), 0, src, dst, 8, 1)); // dref short
        assertThrows(IllegalArgumentException.class, () -> Delta.encode(src, -1, src, dst, 8, 1));
        assertThrows(IllegalArgumentException.class, () -> Delta.decode(dst, 8, src, 16, 1)); // dref shorter than block
        assertThrows(IllegalArgumentException.class, () -> IntTrunc.decode(src, dst, 9));
        assertArrayEquals(new byte[8], dstBytes, "nothing written");
        // overlapping src and dst
        MemorySegment both = MemorySegment.ofArray(new byte[32]);
        assertThrows(IllegalArgumentException.class, () -> Shuffle.shuffle(both, both.asSlice(4), 16, 4));
        assertThrows(IllegalArgumentException.class, () -> BitShuffle.bitshuffle(both, both.asSlice(15), 16, 1));
        assertThrows(IllegalArgumentException.class, () -> ByteDelta.encode(both, both, 16, 2));
        assertThrows(IllegalArgumentException.class, () -> Delta.encode(both, 16, both.asSlice(16), both.asSlice(4), 8, 1)); // dref vs dst
        assertThrows(IllegalArgumentException.class, () -> Delta.decode(both, 8, both.asSlice(4), 8, 1));
        assertThrows(IllegalArgumentException.class, () -> TruncPrec.truncate(both, both.asSlice(4), 16, 4, 5));
        assertThrows(IllegalArgumentException.class, () -> IntTrunc.truncate(both, both.asSlice(2), 16, 2, 5));
        // disjoint neighbours and zero lengths are fine
        Shuffle.shuffle(both, both.asSlice(16), 16, 4);
        BitShuffle.bitshuffle(both, both, 0, 3);
    }
}
