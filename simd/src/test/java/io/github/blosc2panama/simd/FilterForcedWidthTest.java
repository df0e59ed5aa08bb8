package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import jdk.incubator.vector.ByteVector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC vector kernels, and Adler-32's, at forced vector widths (each in a
 * child JVM, since the species are constants) equal the scalar twins.
 */
class FilterForcedWidthTest {
    @ParameterizedTest
    @ValueSource(ints = {64, 128, 256, 512})
    void equalsScalarAtWidth(int bits) throws Exception {
        Assumptions.assumeTrue(bits <= ByteVector.SPECIES_MAX.vectorBitSize(), "CPU vectors are narrower");
        ChildJvm.Result r = ChildJvm.run(List.of("--add-modules", "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED", "-Dblosc2.simd.bits=" + bits), FilterEquivalenceMain.class);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("OK cases="), r.out());
    }
}
