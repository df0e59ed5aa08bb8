package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Which streams the zlib codec gives to our deflate encoder: runs and the byte streams of shuffled counters yes;
 * text, a random walk's low bytes, noise and short streams no. And what the codec then writes inflates back.
 */
class RepeatProbeTest {

    private static boolean probe(byte[] data) {
        return RepeatProbe.isRepetitive(MemorySegment.ofArray(data));
    }

    @Test
    void runsAndCounterStreamsRepeatTextWalksAndNoiseDoNot() {
        Map<String, byte[]> s = DeflateEncoderTest.samples();
        assertTrue(probe(s.get("zeros")));
        assertTrue(probe(s.get("ramp")));
        assertTrue(probe(s.get("steps")));
        assertFalse(probe(s.get("text")));
        assertFalse(probe(s.get("walk")));
        assertFalse(probe(s.get("noise")));
        assertFalse(probe(s.get("mixed")));
        // a counter with step 3: its low byte repeats every 256 items
        byte[] step3 = new byte[100_000];
        for (int i = 0; i < step3.length; i++) {
            step3[i] = (byte) (3 * i);
        }
        assertTrue(probe(step3));
        // a period of 100 is not a power of two: no
        byte[] period100 = new byte[100_000];
        new Random(1).nextBytes(period100);
        for (int i = 100; i < period100.length; i++) {
            period100[i] = period100[i - 100];
        }
        assertFalse(probe(period100));
        assertFalse(probe(new byte[RepeatProbe.MIN_SIZE - 1]), "too short to probe");
        assertTrue(probe(new byte[RepeatProbe.MIN_SIZE]));
    }

    @Test
    void theZlibCodecWritesRepetitiveStreamsThatInflateBack() throws Exception {
        byte[] ramp = DeflateEncoderTest.samples().get("ramp");
        for (int clevel = 1; clevel <= 9; clevel++) {
            byte[] out = new byte[ramp.length];
            int n = ZlibCodec.INSTANCE.compress(MemorySegment.ofArray(ramp), MemorySegment.ofArray(out), clevel, null);
            assertTrue(n > 0 && n < ramp.length / 100, "clevel " + clevel + ": " + n);
            // the very bytes of our encoder
            byte[] direct = new byte[ramp.length];
            assertEquals(n, new DeflateEncoder().compress(ramp, ramp.length, clevel, direct, direct.length,
                    DeflateEncoderTest.adler(ramp, ramp.length)));
            assertEquals(-1,
                    MemorySegment.ofArray(out).asSlice(0, n).mismatch(MemorySegment.ofArray(direct).asSlice(0, n)));
            assertArrayEquals(ramp, DeflateEncoderTest.inflate(out, n, ramp.length));
            // from a native segment (the checksum then summed by the vector kernel): the same bytes
            MemorySegment nativeRamp = Arena.ofAuto().allocate(ramp.length);
            nativeRamp.copyFrom(MemorySegment.ofArray(ramp));
            byte[] fromNative = new byte[ramp.length];
            assertEquals(n, ZlibCodec.INSTANCE.compress(nativeRamp, MemorySegment.ofArray(fromNative), clevel, null));
            assertArrayEquals(Arrays.copyOf(out, n), Arrays.copyOf(fromNative, n), "clevel " + clevel);
            byte[] back = new byte[ramp.length];
            ZlibCodec.INSTANCE.decompress(MemorySegment.ofArray(out).asSlice(0, n), MemorySegment.ofArray(back), null);
            assertArrayEquals(ramp, back);
        }
    }
}
