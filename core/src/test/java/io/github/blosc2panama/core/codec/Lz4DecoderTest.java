package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.Lz4;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Our LZ4 decoder against the LZ4 library: what the library's compressors write decodes to the data, and on damaged
 * streams ours refuses exactly what {@code LZ4_decompress_safe} refuses (and offset 0, which it may take), gives
 * the library's bytes otherwise, and never writes outside its output.
 */
class Lz4DecoderTest {
    private static final byte GUARD = (byte) 0xA5;
    private static final int SLACK = 64;

    @Test
    void decodesWhatTheLibraryWrites() {
        int streams = 0;
        for (byte[] data : corpus(new Random(7))) {
            for (byte[] stream : compressions(data)) {
                assertArrayEquals(data, decodeHeap(stream, data.length), "heap, " + data.length + " bytes");
                assertArrayEquals(data, decodeNative(stream, 3, 5, data.length), "native, " + data.length + " bytes");
                streams++;
            }
        }
        assertTrue(streams > 100, "streams " + streams);
    }

    @Test
    void refusesWhatTheLibraryRefusesOnDamagedStreams() {
        Random random = new Random(11);
        List<byte[]> corpus = corpus(random);
        List<List<byte[]>> compressed = corpus.stream().map(Lz4DecoderTest::compressions).toList();
        int refused = 0;
        int accepted = 0;
        for (int round = 0; round < 20_000; round++) {
            int pick = random.nextInt(corpus.size());
            List<byte[]> streams = compressed.get(pick);
            byte[] stream = damage(streams.get(random.nextInt(streams.size())), random);
            int maxout = Math.max(0, corpus.get(pick).length
                    + (random.nextInt(4) == 0 ? random.nextInt(41) - 20 : 0));
            if (agreesWithLibrary(stream, maxout)) {
                accepted++;
            } else {
                refused++;
            }
        }
        assertTrue(refused > 1000 && accepted > 1000, "refused " + refused + ", accepted " + accepted);
    }

    @Test
    void refusesOffsetZero() {
        // 4 literals, a match of 4 at offset 0, 12 literals (a valid shape otherwise)
        byte[] stream = withLastLiterals(new byte[] {0x40, 1, 2, 3, 4, 0, 0});
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decodeHeap(stream, 20));
        assertTrue(e.getMessage().contains("offset 0"), e.getMessage());
    }

    @Test
    void refusesAMatchReachingBeforeTheOutput() {
        byte[] stream = withLastLiterals(new byte[] {0x40, 1, 2, 3, 4, 5, 0});
        assertEquals(null, library(stream, 20));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decodeHeap(stream, 20));
        assertTrue(e.getMessage().contains("before the start of the output"), e.getMessage());
    }

    @Test
    void refusesAMatchIntoTheLastFiveBytes() {
        // 4 literals, a match of 19 at offset 4, 4 literals: the match ends 4 bytes before the output's end
        byte[] stream = {0x4F, 1, 2, 3, 4, 4, 0, 0, 0x40, 5, 6, 7, 8};
        assertEquals(null, library(stream, 27));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decodeHeap(stream, 27));
        assertTrue(e.getMessage().contains("last 5 bytes"), e.getMessage());
    }

    /**
     * A run of 15 or more literals (its count goes on in extra bytes) then a match of 4 and a last run of t literals,
     * after a first sequence or not: where the long run ends within 12 bytes of the output's end (t < 8) or the match
     * reaches into its last 5 (t < 5), the library refuses the stream, and so must we, on the fast loop's side of
     * those limits as on the careful path's; so also for outputs too short for the stream, ending just after the run.
     */
    @Test
    void refusesALongLiteralRunNearTheEndAsTheLibraryDoes() {
        int refused = 0;
        int accepted = 0;
        for (int lead = 0; lead <= 40; lead += 40) {
            for (int literals = 15; literals <= 300; literals += literals < 40 ? 1 : 37) {
                for (int last = 0; last <= 40; last++) {
                    ByteArrayOutputStream stream = new ByteArrayOutputStream();
                    if (lead > 0) { // a first sequence: 8 literals, a match of lead - 8 at offset 1
                        stream.write(0x80 | 15);
                        stream.writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
                        stream.writeBytes(new byte[] {1, 0});
                        writeLength(stream, lead - 8 - 4 - 15);
                    }
                    stream.write(0xF0);
                    writeLength(stream, literals - 15);
                    for (int i = 0; i < literals; i++) {
                        stream.write(i * 7);
                    }
                    stream.writeBytes(new byte[] {1, 0}); // the match: 4 bytes at offset 1
                    stream.write(Math.min(last, 15) << 4);
                    if (last >= 15) {
                        writeLength(stream, last - 15);
                    }
                    for (int i = 0; i < last; i++) {
                        stream.write(i);
                    }
                    byte[] bytes = stream.toByteArray();
                    if (agreesWithLibrary(bytes, lead + literals + 4 + last)) {
                        accepted++;
                    } else {
                        refused++;
                        assertTrue(last < 8, "refused with " + last + " last literals, " + literals + " before them");
                    }
                    // the same stream for an output that ends 0..12 bytes after the long run: refused, and nothing
                    // written past that output's end (the run's copy may not run over it)
                    for (int after = 0; after <= 12 && after < 4 + last; after++) {
                        assertFalse(agreesWithLibrary(bytes, lead + literals + after), "cut " + after);
                        refused++;
                    }
                }
            }
        }
        assertTrue(refused > 100 && accepted > 1000, "refused " + refused + ", accepted " + accepted);
    }

    /** An LZ4 length's extra bytes: 255s, then the rest. */
    private static void writeLength(ByteArrayOutputStream stream, int extra) {
        for (; extra >= 255; extra -= 255) {
            stream.write(255);
        }
        stream.write(extra);
    }

    @Test
    void refusesAStreamThatFillsTooLittleOrTooMuch() {
        byte[] data = "a stream of some length, long enough to hold a match or two: match match match"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] stream = compressions(data).get(0);
        assertThrows(CorruptDataException.class, () -> decodeHeap(stream, data.length + 1));
        assertThrows(CorruptDataException.class, () -> decodeHeap(stream, data.length - 1));
        assertThrows(CorruptDataException.class, () -> decodeHeap(new byte[0], 0));
        assertThrows(CorruptDataException.class, () -> decodeHeap(Arrays.copyOf(stream, stream.length - 1),
                data.length));
    }

    @Test
    void refusesALengthPastTheOutput() {
        byte[] stream = new byte[40];
        stream[0] = (byte) 0xF0;
        Arrays.fill(stream, 1, 40, (byte) 255); // a literal count that never ends
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decodeHeap(stream, 300));
        assertTrue(e.getMessage().contains("beyond the 300-byte output"), e.getMessage());
    }

    @Test
    void theCodecDecodesStreamsThatExpandALotHereAndTheOthersInTheLibrary() {
        byte[] runs = new byte[65_536];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = (byte) (i >>> 10);
        }
        byte[] noisy = new byte[65_536];
        new Random(2).nextBytes(noisy);
        for (int i = 0; i < noisy.length; i += 2) {
            noisy[i] = 0;
        }
        byte[] high = compressions(runs).get(0);
        byte[] low = compressions(noisy).get(0);
        assertTrue((long) high.length * Lz4Codec.JAVA_MIN_RATIO <= runs.length, "ratio " + runs.length / high.length);
        assertTrue((long) low.length * Lz4Codec.JAVA_MIN_RATIO > noisy.length, "ratio " + noisy.length / low.length);
        assertArrayEquals(runs, codec(high, runs.length));
        assertArrayEquals(noisy, codec(low, noisy.length));
        // which decoder ran shows in the message of a refusal: ours names the offsets, the library gives a code
        byte[] highCut = Arrays.copyOf(high, high.length - 1);
        CorruptDataException ours = assertThrows(CorruptDataException.class, () -> codec(highCut, runs.length));
        assertTrue(ours.getMessage().startsWith("LZ4 "), ours.getMessage());
        byte[] lowCut = Arrays.copyOf(low, low.length - 1);
        CorruptDataException library = assertThrows(CorruptDataException.class, () -> codec(lowCut, noisy.length));
        assertTrue(library.getMessage().startsWith("lz4: "), library.getMessage());
    }

    private static byte[] codec(byte[] stream, int maxout) {
        byte[] out = new byte[maxout];
        assertEquals(maxout, Lz4Codec.INSTANCE.decompress(MemorySegment.ofArray(stream), 0, stream.length,
                MemorySegment.ofArray(out), 0, maxout, null));
        return out;
    }

    /** The sequence, then a last one of 12 literals. */
    private static byte[] withLastLiterals(byte[] sequence) {
        byte[] stream = Arrays.copyOf(sequence, sequence.length + 13);
        stream[sequence.length] = (byte) 0xC0;
        for (int i = 0; i < 12; i++) {
            stream[sequence.length + 1 + i] = (byte) (100 + i);
        }
        return stream;
    }

    @Test
    void decodesTheValidShapeOfTheseStreams() {
        // the stream of refusesOffsetZero with offset 4: decodes, as the library does
        byte[] stream = withLastLiterals(new byte[] {0x40, 1, 2, 3, 4, 4, 0});
        assertArrayEquals(library(stream, 20), decodeHeap(stream, 20));
    }

    /** Data of the shapes LZ4 streams take: runs, periods from 1 to 300, noise, counters, words, and mixes. */
    private static List<byte[]> corpus(Random random) {
        List<byte[]> corpus = new ArrayList<>();
        int[] sizes = {0, 1, 5, 12, 13, 17, 31, 64, 100, 255, 1000, 4096, 65_536, 70_001};
        for (int size : sizes) {
            corpus.add(new byte[size]);
            byte[] noise = new byte[size];
            random.nextBytes(noise);
            corpus.add(noise);
            for (int period : new int[] {1, 2, 3, 5, 7, 8, 13, 24, 256, 300}) {
                byte[] periodic = new byte[size];
                for (int i = 0; i < size; i++) {
                    periodic[i] = (byte) (i % period * 37 + 1);
                }
                corpus.add(periodic);
            }
            byte[] runs = new byte[size];
            for (int i = 0; i < size; ) {
                int run = 1 + random.nextInt(random.nextBoolean() ? 16 : 2000);
                Arrays.fill(runs, i, Math.min(size, i + run), (byte) random.nextInt(4));
                i += run;
            }
            corpus.add(runs);
            byte[] mixed = new byte[size];
            for (int i = 0; i < size; ) {
                int piece = 1 + random.nextInt(300);
                int kind = random.nextInt(3);
                for (int j = i; j < Math.min(size, i + piece); j++) {
                    mixed[j] = switch (kind) {
                        case 0 -> (byte) random.nextInt();
                        case 1 -> (byte) (j >>> 8);
                        default -> (byte) "the quick brown fox ".charAt(j % 20);
                    };
                }
                i += piece;
            }
            corpus.add(mixed);
        }
        return corpus;
    }

    /** The streams the library writes for {@code data}: fast at accelerations 1 and 9, HC at level 9. */
    private static List<byte[]> compressions(byte[] data) {
        List<byte[]> streams = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(Math.max(1, data.length));
            MemorySegment.copy(data, 0, src, ValueLayout.JAVA_BYTE, 0, data.length);
            int bound = Lz4.LZ4_compressBound(data.length);
            MemorySegment dst = arena.allocate(bound);
            for (int variant = 0; variant < 3; variant++) {
                int n = variant == 2 ? Lz4.LZ4_compress_HC(src, dst, data.length, bound, 9)
                        : Lz4.LZ4_compress_fast(src, dst, data.length, bound, variant == 0 ? 1 : 9);
                assertTrue(n > 0, "LZ4 compressed " + data.length + " bytes to " + n);
                streams.add(dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE));
            }
        }
        return streams;
    }

    /** One to three of: a byte changed, a byte set to 0 or 255, the stream cut, a byte put in or taken out. */
    private static byte[] damage(byte[] stream, Random random) {
        byte[] s = stream;
        for (int k = 1 + random.nextInt(3); k > 0; k--) {
            int at = s.length == 0 ? 0 : random.nextInt(s.length);
            switch (random.nextInt(5)) {
                case 0 -> {
                    if (s.length > 0) {
                        s = s.clone();
                        s[at] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                case 1 -> {
                    if (s.length > 0) {
                        s = s.clone();
                        s[at] = random.nextBoolean() ? 0 : (byte) 255;
                    }
                }
                case 2 -> s = Arrays.copyOf(s, at);
                case 3 -> {
                    byte[] t = new byte[s.length + 1];
                    System.arraycopy(s, 0, t, 0, at);
                    t[at] = (byte) random.nextInt();
                    System.arraycopy(s, at, t, at + 1, s.length - at);
                    s = t;
                }
                default -> {
                    if (s.length > 0) {
                        byte[] t = new byte[s.length - 1];
                        System.arraycopy(s, 0, t, 0, at);
                        System.arraycopy(s, at + 1, t, at, s.length - at - 1);
                        s = t;
                    }
                }
            }
        }
        return s;
    }

    /**
     * Ours against the library on one stream, from a heap array and from native memory between guard bytes: ours
     * refuses it (with a {@link CorruptDataException}) when the library does, and may refuse an offset of 0, which the
     * library can take; otherwise both give the same bytes. Returns whether ours decoded it. Also the check of
     * {@link Lz4DecoderFuzzTest}.
     */
    static boolean agreesWithLibrary(byte[] stream, int maxout) {
        byte[] expected = library(stream, maxout);
        agrees(expected, () -> decodeHeap(stream, maxout), stream, maxout, "heap");
        return agrees(expected, () -> decodeNative(stream, 1, 7, maxout), stream, maxout, "native");
    }

    private static boolean agrees(byte[] expected, Supplier<byte[]> ours, byte[] stream, int maxout, String where) {
        byte[] got;
        try {
            got = ours.get();
        } catch (CorruptDataException e) {
            if (expected != null && !e.getMessage().contains("has offset 0")) {
                fail("the library decodes the stream (" + maxout + " bytes), ours (" + where + ") refuses it: "
                        + e.getMessage());
            }
            return false;
        }
        if (expected == null) {
            fail("the library refuses the stream (" + maxout + " bytes), ours (" + where + ") decodes it: "
                    + HexFormat.of().formatHex(stream, 0, Math.min(64, stream.length)));
        }
        assertArrayEquals(expected, got, "ours (" + where + ") decodes the stream to other bytes");
        return true;
    }

    /** What {@code LZ4_decompress_safe} makes of the stream into exactly {@code maxout} bytes, or null if it fails. */
    private static byte[] library(byte[] stream, int maxout) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(Math.max(1, stream.length));
            MemorySegment.copy(stream, 0, src, ValueLayout.JAVA_BYTE, 0, stream.length);
            MemorySegment dst = arena.allocate(Math.max(1, maxout));
            int n = Lz4.LZ4_decompress_safe(src, dst, stream.length, maxout);
            return n == maxout ? dst.asSlice(0, maxout).toArray(ValueLayout.JAVA_BYTE) : null;
        }
    }

    private static byte[] decodeHeap(byte[] stream, int maxout) {
        byte[] out = new byte[maxout];
        assertEquals(maxout, Lz4Decoder.decompress(MemorySegment.ofArray(stream), 0, stream.length,
                MemorySegment.ofArray(out), 0, maxout));
        return out;
    }

    /**
     * Decodes from native memory at offset {@code inAt} into native memory at offset {@code outAt}, with guard bytes
     * around the output that must stay as they were whether the stream decodes or not.
     */
    private static byte[] decodeNative(byte[] stream, int inAt, int outAt, int maxout) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocate(inAt + stream.length);
            MemorySegment.copy(stream, 0, in, ValueLayout.JAVA_BYTE, inAt, stream.length);
            MemorySegment out = arena.allocate(outAt + maxout + SLACK);
            out.fill(GUARD);
            try {
                assertEquals(maxout, Lz4Decoder.decompress(in, inAt, stream.length, out, outAt, maxout));
                return out.asSlice(outAt, maxout).toArray(ValueLayout.JAVA_BYTE);
            } finally {
                checkGuard(out, 0, outAt, outAt, maxout);
                checkGuard(out, outAt + maxout, out.byteSize(), outAt, maxout);
            }
        }
    }

    /** The guard bytes {@code out[from, to)} are as {@link #decodeNative} put them. */
    private static void checkGuard(MemorySegment out, long from, long to, int outAt, int maxout) {
        for (long i = from; i < to; i++) {
            if (out.get(ValueLayout.JAVA_BYTE, i) != GUARD) {
                fail("wrote outside the output, at " + (i - outAt) + " of " + maxout);
            }
        }
    }
}
