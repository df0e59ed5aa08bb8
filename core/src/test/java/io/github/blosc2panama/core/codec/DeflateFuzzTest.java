package io.github.blosc2panama.core.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Fuzz target for our deflate encoder: any bytes at any level, into a destination of any size, give either 0 (the
 * stream does not fit) or a zlib stream that the JDK's zlib inflates back to them, checksum included; with room for
 * stored blocks, never 0. Without {@code JAZZER_FUZZ} it replays the inputs kept in
 * {@code src/test/resources/.../DeflateFuzzTestInputs/roundTrip/}. See docs/FUZZING.md.
 */
class DeflateFuzzTest {
    private static final ThreadLocal<DeflateEncoder> ENCODER = ThreadLocal.withInitial(DeflateEncoder::new);

    @FuzzTest(maxDuration = "1m")
    void roundTrip(byte[] input) throws DataFormatException {
        if (input.length < 2) {
            return;
        }
        int level = 1 + (input[0] & 0xFF) % 9;
        int room = input[1] & 0xFF; // 0: the full bound, else that many 256ths of it
        byte[] data = Arrays.copyOfRange(input, 2, input.length);
        int bound = data.length + data.length / 1024 + 64;
        int capacity = room == 0 ? bound : (int) ((long) bound * room / 256);
        byte[] out = new byte[capacity];
        int n = ENCODER.get().compress(data, data.length, level, out, capacity,
                DeflateEncoderTest.adler(data, data.length));
        if (n == 0) {
            if (room == 0) {
                throw new AssertionError("no stream within the stored-block bound, level " + level);
            }
            return;
        }
        if (n > capacity) {
            throw new AssertionError("stream of " + n + " bytes in a " + capacity + "-byte destination");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(out, 0, n);
            byte[] back = new byte[data.length + 1];
            int got = 0;
            while (!inflater.finished()) {
                int k = inflater.inflate(back, got, back.length - got);
                if (k == 0 && !inflater.finished()) {
                    throw new AssertionError("the stream stops short (level " + level + ")");
                }
                got += k;
            }
            if (got != data.length || !Arrays.equals(data, 0, got, back, 0, got) || inflater.getTotalIn() != n) {
                throw new AssertionError("the stream inflates to other bytes (level " + level + ")");
            }
        } finally {
            inflater.end();
        }
    }
}
