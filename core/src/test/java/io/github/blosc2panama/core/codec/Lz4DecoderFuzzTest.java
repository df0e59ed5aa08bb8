package io.github.blosc2panama.core.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.blosc2panama.core.CorruptDataException;
import java.util.Arrays;

/**
 * Fuzz target for our LZ4 decoder against the LZ4 library's {@code LZ4_decompress_safe}: the first three bytes
 * (little-endian, the low 20 bits) give the output size, the rest is the stream. Ours must throw
 * {@link CorruptDataException} when the library refuses the stream (and may refuse an offset of 0, which the
 * library can take), otherwise give the library's bytes, from a heap array and from native memory alike, and never
 * write past its output (the check is {@link Lz4DecoderTest#agreesWithLibrary}). Without {@code JAZZER_FUZZ} it replays the inputs kept in
 * {@code src/test/resources/.../Lz4DecoderFuzzTestInputs/decode/}. See docs/FUZZING.md.
 */
class Lz4DecoderFuzzTest {

    @FuzzTest(maxDuration = "1m")
    void decode(byte[] input) {
        if (input.length < 3) {
            return;
        }
        int maxout = ((input[0] & 0xFF) | (input[1] & 0xFF) << 8 | (input[2] & 0xFF) << 16) & 0xFFFFF;
        Lz4DecoderTest.agreesWithLibrary(Arrays.copyOfRange(input, 3, input.length), maxout);
    }
}
