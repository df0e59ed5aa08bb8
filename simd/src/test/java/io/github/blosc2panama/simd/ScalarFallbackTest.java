package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Without {@code jdk.incubator.vector} in the boot layer (a child JVM started without {@code --add-modules}) the
 * public filters still work, on the scalar twins, give the same bytes, and the fallback is logged exactly once.
 */
class ScalarFallbackTest {
    @Test
    void worksWithoutTheVectorModule() throws Exception {
        ChildJvm.Result r = ChildJvm.run(List.of("--enable-native-access=ALL-UNNAMED"), FallbackMain.class);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("module=false\n"), r.out());
        assertTrue(r.out().contains("vector=false\n"), r.out());
        String message = "jdk.incubator.vector not available";
        assertEquals(1, r.err().split(message, -1).length - 1, "logged once: " + r.err());

        byte[] data = TestData.random(42, 1000);
        MemorySegment src = MemorySegment.ofArray(data);
        for (int ts : new int[] {2, 4, 7, 8, 16}) {
            MemorySegment a = MemorySegment.ofArray(new byte[1000]);
            MemorySegment b = MemorySegment.ofArray(new byte[1000]);
            MemorySegment c = MemorySegment.ofArray(new byte[1000]);
            MemorySegment d = MemorySegment.ofArray(new byte[1000]);
            ShuffleVector.shuffle(src, a, 1000, ts);
            ShuffleVector.unshuffle(src, b, 1000, ts);
            BitShuffleVector.bitshuffle(src, c, 1000, ts);
            BitShuffleVector.bitunshuffle(src, d, 1000, ts);
            String expected = "ts" + ts + "=" + TestData.sha256(TestData.bytes(a)) + TestData.sha256(TestData.bytes(b))
                    + TestData.sha256(TestData.bytes(c)) + TestData.sha256(TestData.bytes(d));
            assertTrue(r.out().contains(expected + "\n"), "child output for typesize " + ts + ": " + r.out());
        }
        assertTrue(r.out().contains("rows=" + TestData.sha256(FallbackMain.rowCopy(src)) + "\n"), r.out());
        assertTrue(r.out().contains("runs=TFFF\n"), r.out());
    }
}
