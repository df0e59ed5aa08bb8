package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.blosc2panama.core.CorruptDataException;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Hostile input: random, bit-flipped, truncated and extended streams. Our decoder may only throw
 * {@link CorruptDataException} or fill the destination exactly, in bounded time; when the C peer is
 * available it must accept exactly the streams C accepts, with the same output.
 */
class BloscLzHostileTest {

    private static final BloscLzCodec CODEC = BloscLzCodec.INSTANCE;

    /** Outcome of our decoder: the output, or null when it threw CorruptDataException. */
    private static byte[] ours(byte[] stream, int size) {
        byte[] out = new byte[size];
        try {
            int n = CODEC.decompress(MemorySegment.ofArray(stream), MemorySegment.ofArray(out), null);
            assertEquals(size, n, "a decoder that does not throw must fill the output");
            return out;
        } catch (CorruptDataException e) {
            assertTrue(e.getMessage().contains("offset") || e.getMessage().contains("bytes"), e.getMessage());
            return null;
        } catch (RuntimeException e) {
            fail("decoder threw " + e + " instead of CorruptDataException", e);
            return null;
        }
    }

    /** Ours, and C's verdict when the peer is there (streams of length == size are raw to C, not compared). */
    private static int[] check(byte[] stream, int size, int[] tally) throws Throwable {
        byte[] mine = ours(stream, size);
        tally[mine == null ? 0 : 1]++;
        BloscLzTestNative c = BloscLzTestNative.get();
        if (c != null && stream.length > 0 && stream.length != size && size > 0) {
            byte[] theirs = BloscLzInteropTest.cDecodeWith(c, MemorySegment.ofArray(stream), size);
            if (theirs == null) {
                assertEquals(null, mine == null ? null : "accepted",
                        "C rejects a stream we accept (len " + stream.length + ")");
            } else {
                assertArrayEquals(theirs, mine, "C accepts this stream; we must decode it the same way");
            }
            tally[2]++;
        }
        return tally;
    }

    private static List<byte[][]> seeds() throws Exception {
        // real C streams (from the vectors) plus our own, each with its decoded size
        List<byte[][]> out = new ArrayList<>();
        try {
            for (BloscLzVectorsTest.Stream s : BloscLzVectorsTest.allStreams()) {
                if (s.compressed().length < 4000 && out.size() < 60) {
                    out.add(new byte[][] {s.compressed(), new byte[s.expectedSize()]});
                }
            }
        } catch (org.opentest4j.TestAbortedException noVectors) {
            // vectors absent: our own streams only
        }
        SplittableRandom rnd = new SplittableRandom(7);
        for (int size : new int[] {100, 3000, 20_000, 90_000}) {
            byte[] data = BloscLzInteropTest.runsAndNoise(rnd, size);
            for (int clevel : new int[] {1, 5, 9}) {
                byte[] dst = new byte[size];
                int n = CODEC.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(dst), clevel, null);
                if (n > 0) {
                    out.add(new byte[][] {Arrays.copyOf(dst, n), new byte[size]});
                }
            }
        }
        return out;
    }

    @Test
    void mutatedRealStreamsOnlyFailCleanly() throws Throwable {
        List<byte[][]> seeds = seeds();
        assertTrue(seeds.size() >= 20, "only " + seeds.size() + " seed streams");
        SplittableRandom rnd = new SplittableRandom(2024);
        int[] tally = new int[3];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (byte[][] seed : seeds) {
                byte[] stream = seed[0];
                int size = seed[1].length;
                check(stream, size, tally); // the intact stream
                for (int t = 0; t < 150; t++) {
                    byte[] m = stream.clone();
                    int flips = 1 + rnd.nextInt(3);
                    for (int f = 0; f < flips; f++) {
                        int pos = rnd.nextInt(m.length);
                        m[pos] ^= (byte) (1 << rnd.nextInt(8));
                    }
                    check(m, size, tally);
                }
                for (int t = 0; t < 20; t++) {
                    check(Arrays.copyOf(stream, rnd.nextInt(stream.length)), size, tally);
                    byte[] longer = Arrays.copyOf(stream, stream.length + 1 + rnd.nextInt(40));
                    check(longer, size, tally);
                    check(stream, Math.max(0, size - 1 - rnd.nextInt(50)), tally);
                    check(stream, size + 1 + rnd.nextInt(50), tally);
                }
            }
        });
        System.out.printf("BloscLZ hostile mutations: %d rejected, %d decoded, %d compared with C%n",
                tally[0], tally[1], tally[2]);
        assertTrue(tally[0] > 1000, "too few rejections: " + tally[0]);
    }

    @Test
    void randomStreamsOnlyFailCleanly() throws Throwable {
        SplittableRandom rnd = new SplittableRandom(99);
        int[] tally = new int[3];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int t = 0; t < 20_000; t++) {
                byte[] stream = new byte[rnd.nextInt(1, 300)];
                rnd.nextBytes(stream);
                if (rnd.nextBoolean()) {
                    stream[0] &= 31; // a plausible first literal
                }
                check(stream, rnd.nextInt(0, 2000), tally);
            }
        });
        System.out.printf("BloscLZ random streams: %d rejected, %d decoded, %d compared with C%n",
                tally[0], tally[1], tally[2]);
    }

    @Test
    void hugeLengthsAndDistancesAreRejectedWithOffsets() {
        byte[] out = new byte[1000];
        // literal of 4, then a long match whose 255-chain claims far more than the output holds
        byte[] chain = new byte[5 + 1 + 100 + 2];
        chain[0] = 3;
        chain[5] = (byte) 0xE0;
        Arrays.fill(chain, 6, 106, (byte) 255);
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> CODEC.decompress(MemorySegment.ofArray(chain), MemorySegment.ofArray(out), null));
        assertTrue(e.getMessage().contains("offset 5"), e.getMessage());
        // a far match reaching before the output start
        byte[] far = {3, 1, 2, 3, 4, (byte) 0x3F, (byte) 255, 0x10, 0x00, 0};
        e = assertThrows(CorruptDataException.class,
                () -> CODEC.decompress(MemorySegment.ofArray(far), MemorySegment.ofArray(out), null));
        assertTrue(e.getMessage().contains("before the start"), e.getMessage());
        // a valid stream ending with a match (C refuses it: the last token must be a literal)
        byte[] endsWithMatch = {3, 1, 2, 3, 4, 0x20, 0x00};
        assertThrows(CorruptDataException.class,
                () -> CODEC.decompress(MemorySegment.ofArray(endsWithMatch), MemorySegment.ofArray(new byte[7]), null));
        // the same with a closing literal is fine: 4 literals, a 3-byte run of '4', one literal
        byte[] ok = {3, 1, 2, 3, 4, 0x20, 0x00, 0, 9};
        byte[] dst = new byte[8];
        assertEquals(8, CODEC.decompress(MemorySegment.ofArray(ok), MemorySegment.ofArray(dst), null));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 4, 4, 4, 9}, dst);
        // empty stream
        assertThrows(CorruptDataException.class,
                () -> CODEC.decompress(MemorySegment.ofArray(new byte[0]), MemorySegment.ofArray(dst), null));
        assertEquals(0, CODEC.decompress(MemorySegment.ofArray(new byte[0]), MemorySegment.ofArray(new byte[0]), null));
    }
}
