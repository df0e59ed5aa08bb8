package io.github.blosc2panama.core.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.blosc2panama.core.CorruptDataException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Fuzz target for the BloscLZ decoder against {@link BloscLzTokensTest#reference}, the format decoded one byte at a
 * time: the first three bytes (little-endian, the low 20 bits) give the output size, the rest is the stream. Our
 * decoder must throw {@link CorruptDataException} exactly when the reference refuses the stream and otherwise give
 * the same bytes, from a heap array and from native memory alike. Without {@code JAZZER_FUZZ} it replays the inputs
 * kept in {@code src/test/resources/.../BloscLzFuzzTestInputs/decode/}. See docs/FUZZING.md.
 */
class BloscLzFuzzTest {

    @FuzzTest(maxDuration = "1m")
    void decode(byte[] input) {
        if (input.length < 3) {
            return;
        }
        int maxout = ((input[0] & 0xFF) | (input[1] & 0xFF) << 8 | (input[2] & 0xFF) << 16) & 0xFFFFF;
        byte[] stream = Arrays.copyOfRange(input, 3, input.length);
        byte[] expected = BloscLzTokensTest.reference(stream, maxout);
        byte[] heap = new byte[maxout];
        byte[] fromHeap = decodeOrNull(MemorySegment.ofArray(stream), MemorySegment.ofArray(heap)) ? heap : null;
        check(expected, fromHeap, "heap");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(stream.length + 3L).asSlice(3, stream.length);
            MemorySegment.copy(stream, 0, src, ValueLayout.JAVA_BYTE, 0, stream.length);
            MemorySegment dst = arena.allocate(maxout + 1L).asSlice(1, maxout);
            byte[] fromNative = decodeOrNull(src, dst) ? dst.toArray(ValueLayout.JAVA_BYTE) : null;
            check(expected, fromNative, "native");
        }
    }

    private static boolean decodeOrNull(MemorySegment src, MemorySegment dst) {
        try {
            int n = BloscLzCodec.INSTANCE.decompress(src, dst, null);
            if (n != dst.byteSize()) {
                throw new AssertionError("decoded " + n + " bytes into a " + dst.byteSize() + "-byte output");
            }
            return true;
        } catch (CorruptDataException e) {
            return false;
        }
    }

    private static void check(byte[] expected, byte[] actual, String where) {
        if (expected == null && actual != null) {
            throw new AssertionError("the reference refuses the stream, ours (" + where + ") decodes it");
        }
        if (expected != null && actual == null) {
            throw new AssertionError("the reference decodes the stream, ours (" + where + ") refuses it");
        }
        if (expected != null && !Arrays.equals(expected, actual)) {
            throw new AssertionError("ours (" + where + ") decodes to other bytes, first difference at "
                    + Arrays.mismatch(expected, actual));
        }
    }
}
