package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.data.Datasets;
import io.github.blosc2panama.ffm.Lz4;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * LZ4 blocks decoded with room after the output ({@link BlockCodec#SPARE} bytes of scratch, after a walk of the block
 * by {@link Lz4BlockEnd}) give what {@code LZ4_decompress_safe} gives with the output's own size, and are refused
 * where it refuses them: blocks built by hand whose last match, 4 KiB long, ends 0 to 14 bytes before the output's
 * end, or is followed by a short match that starts within 12 bytes of it. And whole chunks of i64_walk, whose blocks
 * take that path where {@link Lz4CarefulPath} turns it on, decode to their data.
 */
class Lz4SpareTest {
    @Test
    void blocksEndingInALongMatchDecodeAsWithoutRoomOrAreRefusedAlike() {
        SplittableRandom r = new SplittableRandom(4);
        int decoded = 0;
        int refused = 0;
        for (int offset : new int[] {1, 2, 3, 5, 8, 17, 300}) {
            for (int shortMatchLiterals = -1; shortMatchLiterals <= 3; shortMatchLiterals++) {
                for (int finalLiterals = 0; finalLiterals <= 14; finalLiterals++) {
                    byte[] lead = new byte[600];
                    r.nextBytes(lead);
                    ByteArrayOutputStream s = new ByteArrayOutputStream();
                    int size = sequence(s, lead, offset, 4000);
                    int lastMatch = 4000;
                    if (shortMatchLiterals >= 0) {
                        byte[] lits = new byte[shortMatchLiterals];
                        r.nextBytes(lits);
                        lastMatch = 4 + r.nextInt(5);
                        size += sequence(s, lits, 1, lastMatch);
                    }
                    byte[] tail = new byte[finalLiterals];
                    r.nextBytes(tail);
                    size += sequence(s, tail, 0, 0);
                    byte[] stream = s.toByteArray();
                    String what = "offset " + offset + ", short match after " + shortMatchLiterals
                            + " literals, final literals " + finalLiterals;
                    assertTrue((long) stream.length * Lz4Codec.WALK_MIN_RATIO <= size
                            && (long) stream.length * Lz4Codec.WALK_MAX_RATIO > size, what + ": ratio in the window");
                    byte[] expected = library(stream, size);
                    byte[] got = withRoom(stream, size);
                    // LZ4's end of block: the last 5 bytes are literals, the last match starts 12 or more before
                    assertEquals(finalLiterals >= 5 && lastMatch + finalLiterals >= 12, expected != null,
                            what + ": the library's verdict");
                    if (expected == null) {
                        assertNull(got, what + ": the library refuses it with the output's size, ours decodes it");
                        refused++;
                    } else {
                        assertArrayEquals(expected, got, what);
                        assertTrue(Lz4BlockEnd.holds(MemorySegment.ofArray(stream), 0, stream.length, size, 100),
                                what + ": walked as good");
                        decoded++;
                    }
                }
            }
        }
        assertTrue(decoded > 100 && refused > 100, decoded + " decoded, " + refused + " refused");
    }

    @Test
    void theWalkGivesUpAtItsBudgetAndOnCutStreams() {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        int size = 0;
        for (int i = 0; i < 10; i++) {
            size += sequence(s, new byte[] {(byte) i}, 1, 20);
        }
        size += sequence(s, new byte[8], 0, 0);
        byte[] stream = s.toByteArray();
        MemorySegment in = MemorySegment.ofArray(stream);
        assertTrue(Lz4BlockEnd.holds(in, 0, stream.length, size, 11));
        assertFalse(Lz4BlockEnd.holds(in, 0, stream.length, size, 10), "11 sequences, budget 10");
        assertFalse(Lz4BlockEnd.holds(in, 0, stream.length, size + 1, 11), "one byte short of the output");
        for (int cut = 1; cut < stream.length; cut++) {
            assertFalse(Lz4BlockEnd.holds(in, 0, stream.length - cut, size, 11), "cut by " + cut);
        }
    }

    @Test
    void chunksOfI64WalkDecodeToTheirData() {
        var walk = Datasets.dataset("i64_walk");
        byte[] data = walk.generate(4 << 20);
        try (Arena arena = Arena.ofConfined()) {
            for (String config : new String[] {"lz4hc-5-shuffle", "lz4-5-bitshuffle", "lz4-5-shuffle"}) {
                CParams p = Datasets.configuration(config).cparams(walk.typesize(), 1);
                byte[] chunk = Blosc2.compress(data, p);
                MemorySegment nativeChunk = arena.allocate(chunk.length).copyFrom(MemorySegment.ofArray(chunk));
                for (int nthreads = 1; nthreads <= 2; nthreads++) {
                    MemorySegment dst = arena.allocate(data.length);
                    Blosc2.decompress(nativeChunk, dst, new DParams(nthreads));
                    assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), config + ", " + nthreads + " threads");
                }
            }
        }
    }

    /**
     * Appends one sequence: {@code literals}, then a match of {@code matchLength} bytes {@code offset} back, or none
     * when {@code matchLength} is 0 (the last sequence). Returns the bytes it decodes to.
     */
    private static int sequence(ByteArrayOutputStream s, byte[] literals, int offset, int matchLength) {
        int ml = matchLength == 0 ? 0 : matchLength - 4;
        s.write((Math.min(literals.length, 15) << 4) | Math.min(ml, 15));
        length(s, literals.length);
        s.writeBytes(literals);
        if (matchLength > 0) {
            s.write(offset & 0xFF);
            s.write(offset >>> 8);
            length(s, ml);
        }
        return literals.length + matchLength;
    }

    private static void length(ByteArrayOutputStream s, int n) {
        if (n >= 15) {
            int rest = n - 15;
            for (; rest >= 255; rest -= 255) {
                s.write(255);
            }
            s.write(rest);
        }
    }

    /** What {@code LZ4_decompress_safe} makes of the stream into exactly {@code size} bytes, or null if it fails. */
    private static byte[] library(byte[] stream, int size) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(stream.length).copyFrom(MemorySegment.ofArray(stream));
            MemorySegment dst = arena.allocate(size);
            int n = Lz4.LZ4_decompress_safe(src, dst, stream.length, size);
            return n == size ? dst.toArray(ValueLayout.JAVA_BYTE) : null;
        }
    }

    /** Ours, into native memory with {@link BlockCodec#SPARE} bytes of room after the output; null if refused. */
    private static byte[] withRoom(byte[] stream, int size) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(stream.length).copyFrom(MemorySegment.ofArray(stream));
            MemorySegment dst = arena.allocate(size + BlockCodec.SPARE);
            try {
                // the codec's own path with room, whether or not this CPU's measurement turns it on
                assertEquals(size, Lz4Codec.decompressLz4(src, 0, stream.length, dst, 0, size, BlockCodec.SPARE, null,
                        "lz4"));
            } catch (CorruptDataException e) {
                return null;
            }
            return dst.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE);
        } catch (RuntimeException e) {
            fail("not a CorruptDataException: " + e);
            return null;
        }
    }
}
