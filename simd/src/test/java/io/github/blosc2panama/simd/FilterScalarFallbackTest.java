package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Without {@code jdk.incubator.vector} in the boot layer (a child JVM started without {@code --add-modules}) the
 * public DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC entry points still work, on the scalar twins (no vector class is
 * loaded), and give the same bytes as the scalar twins run here; in this JVM, where they run on the Vector API, too.
 */
class FilterScalarFallbackTest {
    @Test
    void publicEntryPointsWorkWithoutTheVectorModule() throws Exception {
        ChildJvm.Result r = ChildJvm.run(List.of("--enable-native-access=ALL-UNNAMED"), FilterFallbackMain.class);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("vector=false\n"), r.out());
        assertTrue(SimdSupport.VECTOR, "this JVM runs the vector kernels");
        for (int ts : new int[] {1, 2, 4, 8}) {
            String expected = "ts" + ts + "=" + FilterFallbackMain.run(ts, true);
            assertTrue(r.out().contains(expected + "\n"), "child output for typesize " + ts + ": " + r.out());
            assertEquals(expected, "ts" + ts + "=" + FilterFallbackMain.run(ts, false), "vector, typesize " + ts);
        }
    }
}
