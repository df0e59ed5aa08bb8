package io.github.blosc2panama.core.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link Lz4CarefulPath}: the setting wins over the measurement, and the measurement decodes its block both ways (it
 * checks the output itself) in a positive time.
 */
class Lz4CarefulPathTest {
    @Test
    void theSettingDecidesWhenGiven() {
        assertTrue(Lz4CarefulPath.decide("true"));
        assertFalse(Lz4CarefulPath.decide("false"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lz4CarefulPath.decide("yes"));
        assertTrue(e.getMessage().contains("blosc2.lz4.room"), e.getMessage());
    }

    @Test
    void theMeasurementDecodesItsBlockBothWays() {
        long[] nanos = Lz4CarefulPath.measure();
        assertEquals(2, nanos.length);
        assertTrue(nanos[0] > 0 && nanos[1] > 0, nanos[0] + " and " + nanos[1] + " ns");
    }
}
