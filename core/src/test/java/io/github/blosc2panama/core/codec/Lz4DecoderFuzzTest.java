package io.github.blosc2panama.core.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.ffm.Lz4;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Fuzz target for our LZ4 decoder against the LZ4 library's {@code LZ4_decompress_safe}: the first three bytes
 * (little-endian, the low 20 bits) give the output size, the rest is the stream. Ours must throw
 * {@link CorruptDataException} when the library refuses the stream (and may refuse an offset of 0, which the
 * library can take), otherwise give the library's bytes, from a heap array and from native memory alike, and never
 * write past its output. Without {@code JAZZER_FUZZ} it replays the inputs kept in
 * {@code src/test/resources/.../Lz4DecoderFuzzTestInputs/decode/}. See docs/FUZZING.md.
 */
class Lz4DecoderFuzzTest {
    private static final byte GUARD = (byte) 0x5A;

    @FuzzTest(maxDuration = "1m")
    void decode(byte[] input) {
        if (input.length < 3) {
            return;
        }
        int maxout = ((input[0] & 0xFF) | (input[1] & 0xFF) << 8 | (input[2] & 0xFF) << 16) & 0xFFFFF;
        byte[] stream = Arrays.copyOfRange(input, 3, input.length);
        try (Arena arena = Arena.ofConfined()) {
            byte[] expected = library(arena, stream, maxout);
            byte[] heap = new byte[maxout];
            check(expected, refusal(MemorySegment.ofArray(stream), MemorySegment.ofArray(heap), 0, maxout), heap,
                    "heap");
            MemorySegment src = arena.allocate(stream.length + 3L).asSlice(3, stream.length);
            MemorySegment.copy(stream, 0, src, ValueLayout.JAVA_BYTE, 0, stream.length);
            MemorySegment dst = arena.allocate(maxout + 16L);
            dst.fill(GUARD);
            String refused = refusal(src, dst, 1, maxout);
            if (dst.get(ValueLayout.JAVA_BYTE, 0) != GUARD
                    || dst.asSlice(1 + maxout).mismatch(MemorySegment.ofArray(new byte[15]).fill(GUARD)) != -1) {
                throw new AssertionError("ours wrote outside its " + maxout + "-byte output");
            }
            check(expected, refused, dst.asSlice(1, maxout).toArray(ValueLayout.JAVA_BYTE), "native");
        }
    }

    private static byte[] library(Arena arena, byte[] stream, int maxout) {
        MemorySegment src = arena.allocate(Math.max(1, stream.length));
        MemorySegment.copy(stream, 0, src, ValueLayout.JAVA_BYTE, 0, stream.length);
        MemorySegment dst = arena.allocate(Math.max(1, maxout));
        int n = Lz4.LZ4_decompress_safe(src, dst, stream.length, maxout);
        return n == maxout ? dst.asSlice(0, maxout).toArray(ValueLayout.JAVA_BYTE) : null;
    }

    /** Null when ours decodes the stream, else why it refuses it (a CorruptDataException's message). */
    private static String refusal(MemorySegment src, MemorySegment dst, long at, int maxout) {
        try {
            int n = Lz4Decoder.decompress(src, 0, (int) src.byteSize(), dst, at, maxout);
            if (n != maxout) {
                throw new AssertionError("decoded " + n + " bytes into a " + maxout + "-byte output");
            }
            return null;
        } catch (CorruptDataException e) {
            return e.getMessage();
        }
    }

    private static void check(byte[] expected, String refusal, byte[] actual, String where) {
        if (expected == null && refusal == null) {
            throw new AssertionError("the library refuses the stream, ours (" + where + ") decodes it");
        }
        if (expected != null && refusal != null && !refusal.contains("has offset 0")) {
            throw new AssertionError("the library decodes the stream, ours (" + where + ") refuses it: " + refusal);
        }
        if (expected != null && refusal == null && !Arrays.equals(expected, actual)) {
            throw new AssertionError("ours (" + where + ") decodes to other bytes, first difference at "
                    + Arrays.mismatch(expected, actual));
        }
    }
}
