package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CorruptDataException;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Streams written token by token, with every form of token (literal runs of 1 to 32 bytes; matches of short, extended
 * and 255-extended length; near and far; 1, 2 to 7, 8 to 31 and more bytes back) at every distance from the ends of
 * the input and the output, so that the decoder's fast loop and its careful path both see each form, and hand over
 * between them at every point. The expected output comes from {@link #reference}, a byte-at-a-time decoder of the
 * format; invalid tokens in the middle of long streams must be reported with their own input offset. With the C
 * peer, C decodes the same streams to the same bytes.
 */
class BloscLzTokensTest {

    private static final BloscLzCodec CODEC = BloscLzCodec.INSTANCE;

    /** Builds a stream and, alongside, the output it decodes to. */
    private static final class Writer {
        final ByteArrayOutputStream stream = new ByteArrayOutputStream();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        private boolean first = true;

        void literal(byte[] bytes) {
            assertTrue(bytes.length >= 1 && bytes.length <= 32);
            // the first control byte's top three bits are ignored: set them to show it
            stream.write((bytes.length - 1) | (first ? 0xE0 : 0));
            stream.writeBytes(bytes);
            output.writeBytes(bytes);
            first = false;
        }

        /** A match of {@code len} bytes from {@code distance} back: its token, and the bytes it copies. */
        void match(int len, int distance) {
            assertTrue(!first && len >= 3 && distance >= 1 && distance <= output.size());
            matchToken(len, distance);
            byte[] done = output.toByteArray();
            byte[] copied = new byte[len];
            for (int k = 0; k < len; k++) {
                // LZ77: a byte copied may be one this match wrote
                copied[k] = k < distance ? done[done.length - distance + k] : copied[k - distance];
            }
            output.writeBytes(copied);
        }

        /** Only the token of such a match, whatever the output holds (so also an invalid one). */
        void matchToken(int len, int distance) {
            int lenField = len - 2; // ctrl >> 5 holds len - 2 when it is 1..6
            int d = distance - 1;
            boolean far = d >= BloscLzEncoder.MAX_DISTANCE;
            int ofsHigh = far ? 31 : d >> 8;
            if (lenField < 7) {
                stream.write((lenField << 5) | ofsHigh);
            } else {
                stream.write((7 << 5) | ofsHigh);
                int rest = len - 9;
                while (rest >= 255) {
                    stream.write(255);
                    rest -= 255;
                }
                stream.write(rest);
            }
            if (far) {
                stream.write(255);
                int f = d - BloscLzEncoder.MAX_DISTANCE;
                stream.write(f >> 8);
                stream.write(f & 0xFF);
            } else {
                stream.write(d & 0xFF);
            }
        }
    }

    /** The format, one byte at a time: the decoded bytes, or null for a stream C-Blosc2 rejects. */
    static byte[] reference(byte[] in, int maxout) {
        byte[] out = new byte[maxout];
        int ip = 0;
        int op = 0;
        if (in.length == 0) {
            return maxout == 0 ? out : null;
        }
        int ctrl = in[ip++] & 31;
        while (true) {
            if (ctrl >= 32) {
                long len = (ctrl >>> 5) - 1;
                int ofs = (ctrl & 31) << 8;
                int code;
                if (len == 6) {
                    do {
                        if (ip + 1 >= in.length) {
                            return null;
                        }
                        code = in[ip++] & 0xFF;
                        len += code;
                    } while (code == 255);
                } else if (ip + 1 >= in.length) {
                    return null;
                }
                code = in[ip++] & 0xFF;
                len += 3;
                long distance = ofs + code + 1;
                if (code == 255 && ofs == (31 << 8)) {
                    if (ip + 1 >= in.length) {
                        return null;
                    }
                    distance = (((in[ip] & 0xFF) << 8) | (in[ip + 1] & 0xFF)) + BloscLzEncoder.MAX_DISTANCE + 1;
                    ip += 2;
                }
                if (op + len > maxout || distance > op || ip >= in.length) {
                    return null;
                }
                ctrl = in[ip++] & 0xFF;
                for (long k = 0; k < len; k++, op++) {
                    out[op] = out[(int) (op - distance)];
                }
            } else {
                int run = ctrl + 1;
                if (op + run > maxout || ip + run > in.length) {
                    return null;
                }
                System.arraycopy(in, ip, out, op, run);
                op += run;
                ip += run;
                if (ip >= in.length) {
                    break;
                }
                ctrl = in[ip++] & 0xFF;
            }
        }
        return op == maxout ? out : null;
    }

    private static byte[] randomBytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** A random valid stream of about {@code tokens} tokens, drawing every form of token. */
    private static Writer randomStream(SplittableRandom rnd, int tokens) {
        Writer w = new Writer();
        w.literal(randomBytes(rnd, 1 + rnd.nextInt(32)));
        for (int t = 0; t < tokens; t++) {
            int have = w.output.size();
            int kind = rnd.nextInt(10);
            if (kind < 4) {
                w.literal(randomBytes(rnd, 1 + rnd.nextInt(32)));
                continue;
            }
            int len = switch (rnd.nextInt(4)) {
                case 0 -> 3 + rnd.nextInt(6);        // short form, 3..8
                case 1 -> 9 + rnd.nextInt(20);       // one length byte
                case 2 -> 9 + rnd.nextInt(254);      // up to 262: the fast loop's longest
                default -> 264 + rnd.nextInt(700);   // 255-extended: the careful path's
            };
            int distance = switch (rnd.nextInt(6)) {
                case 0 -> 1;
                case 1 -> 2 + rnd.nextInt(6);
                case 2 -> 8 + rnd.nextInt(24);
                case 3 -> 32 + rnd.nextInt(300);
                case 4 -> 1 + rnd.nextInt(BloscLzEncoder.MAX_DISTANCE);
                default -> BloscLzEncoder.MAX_DISTANCE + 1 + rnd.nextInt(65_535);
            };
            w.match(len, Math.min(distance, have));
            w.literal(randomBytes(rnd, 1 + rnd.nextInt(4))); // keeps the stream ending with a literal
        }
        return w;
    }

    private static MemorySegment at(Arena arena, byte[] bytes, int misalign) {
        MemorySegment s = arena.allocate(bytes.length + misalign + 1L).asSlice(misalign, bytes.length);
        MemorySegment.copy(bytes, 0, s, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return s;
    }

    @Test
    void everyTokenFormDecodesAsTheReferenceDoes() throws Throwable {
        SplittableRandom rnd = new SplittableRandom(35);
        BloscLzTestNative c = BloscLzTestNative.get();
        int compared = 0;
        long tokensBytes = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int s = 0; s < 400; s++) {
                Writer w = randomStream(rnd, 1 + rnd.nextInt(s < 200 ? 12 : 400));
                byte[] stream = w.stream.toByteArray();
                byte[] expected = w.output.toByteArray();
                assertArrayEquals(expected, reference(stream, expected.length),
                        "the writer and the reference disagree");
                byte[] heap = new byte[expected.length];
                assertEquals(expected.length,
                        CODEC.decompress(MemorySegment.ofArray(stream), MemorySegment.ofArray(heap), null));
                assertArrayEquals(expected, heap, "stream " + s + " (" + stream.length + " bytes), heap");
                MemorySegment dst = at(arena, new byte[expected.length], s % 8);
                assertEquals(expected.length, CODEC.decompress(at(arena, stream, s % 5), dst, null));
                assertArrayEquals(expected, dst.toArray(ValueLayout.JAVA_BYTE), "stream " + s + ", native");
                // one byte too few or too many of output: rejected, as by the reference
                assertEquals(null, reference(stream, expected.length - 1));
                assertThrows(CorruptDataException.class, () -> CODEC.decompress(MemorySegment.ofArray(stream),
                        MemorySegment.ofArray(new byte[expected.length - 1]), null));
                assertThrows(CorruptDataException.class, () -> CODEC.decompress(MemorySegment.ofArray(stream),
                        MemorySegment.ofArray(new byte[expected.length + 1]), null));
                if (c != null && stream.length != expected.length) {
                    assertArrayEquals(expected, BloscLzInteropTest.cDecodeWith(c, MemorySegment.ofArray(stream),
                            expected.length), "C decodes stream " + s + " differently");
                    compared++;
                }
                tokensBytes += stream.length;
            }
        }
        assertTrue(tokensBytes > 100_000, "streams too short to reach the fast loop often: " + tokensBytes);
        System.out.printf("BloscLZ token streams: 400 decoded (%d bytes of stream), %d compared with C%n",
                tokensBytes, compared);
    }

    @Test
    void badTokensDeepInAStreamAreReportedAtTheirOffset() {
        SplittableRandom rnd = new SplittableRandom(36);
        for (int t = 0; t < 300; t++) {
            Writer w = randomStream(rnd, 20 + rnd.nextInt(60));
            int have = w.output.size();
            int badAt = w.stream.size();
            boolean reachBack = rnd.nextBoolean();
            if (reachBack) {
                // a match one byte further back than the output goes
                w.matchToken(3 + rnd.nextInt(20), have + 1);
            } else {
                // a valid match whose length overruns the output the stream is given
                w.match(60, 1 + rnd.nextInt(Math.min(have, 200)));
            }
            Writer rest = randomStream(rnd, 30);
            byte[] tail = rest.stream.toByteArray();
            tail[0] &= 31;
            w.stream.writeBytes(tail);
            byte[] stream = w.stream.toByteArray();
            int maxout = reachBack ? have + 5000 : have + 59;
            assertEquals(null, reference(stream, maxout));
            CorruptDataException e = assertThrows(CorruptDataException.class,
                    () -> CODEC.decompress(MemorySegment.ofArray(stream), MemorySegment.ofArray(new byte[maxout]),
                            null));
            assertTrue(e.getMessage().contains("input offset " + badAt + " "), badAt + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(reachBack ? "before the start of the output" : "past the"),
                    e.getMessage());
        }
    }
}
