package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The upstream {@code shuffled} vectors: raw blosc2_shuffle / blosc2_bitshuffle output of int32 0..999999. */
class UpstreamShuffledVectorsTest {

    @ParameterizedTest
    @CsvSource({"upstream/shuffle-2.20.0.cdata, unshuffle", "upstream/bitshuffle-2.20.0.cdata, bitunshuffle"})
    void unshuffleMatchesManifestAndShuffleMatchesFile(String file, String op) throws IOException {
        Path dir = TestData.vectors().orElse(null);
        Assumptions.assumeTrue(dir != null, "shared vectors not found");
        String manifest = Files.readString(dir.resolve("manifest.json"));
        Matcher m = Pattern.compile("\\{\"file\": \"" + Pattern.quote(file) + "\", \"kind\": \"shuffled\".*?\"op\": \""
                + op + "\", \"typesize\": (\\d+), \"blocksize\": (\\d+)\\}, \"expect\": \\{\"nbytes\": (\\d+), "
                + "\"sha256\": \"([0-9a-f]{64})\", \"equals_int32_arange\": (true|false)\\}").matcher(manifest);
        assertTrue(m.find(), "manifest entry for " + file);
        int typesize = Integer.parseInt(m.group(1));
        int blocksize = Integer.parseInt(m.group(2));
        int nbytes = Integer.parseInt(m.group(3));
        assertEquals(4, typesize);
        assertEquals(nbytes, blocksize);
        byte[] stored = Files.readAllBytes(dir.resolve(file));
        assertEquals(nbytes, stored.length);
        byte[] arange = TestData.int32Arange(nbytes);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = TestData.place(stored, 5, arena);
            MemorySegment out = TestData.blank(nbytes, 3, arena, (byte) 0x55);
            if (op.equals("unshuffle")) {
                Shuffle.unshuffle(src, out, nbytes, typesize);
            } else {
                BitShuffle.bitunshuffle(src, out, nbytes, typesize);
            }
            byte[] decoded = TestData.bytes(out);
            assertEquals(m.group(4), TestData.sha256(decoded));
            assertEquals(Boolean.parseBoolean(m.group(5)), java.util.Arrays.equals(arange, decoded));

            MemorySegment back = TestData.blank(nbytes, 1, null, (byte) 0x55);
            if (op.equals("unshuffle")) {
                Shuffle.shuffle(MemorySegment.ofArray(arange), back, nbytes, typesize);
            } else {
                BitShuffle.bitshuffle(MemorySegment.ofArray(arange), back, nbytes, typesize);
            }
            assertArrayEquals(stored, TestData.bytes(back));
        }
    }
}
