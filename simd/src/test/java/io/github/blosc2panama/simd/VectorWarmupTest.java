package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VectorWarmupTest {

    @Test
    void withoutWarmUpEveryKernelIsWarmAtOnce() {
        VectorWarmup w = new VectorWarmup(false);
        for (VectorWarmup.Kernel k : VectorWarmup.Kernel.values()) {
            for (int ts : new int[] {1, 4, 7, 255, 4096}) {
                assertTrue(w.isWarm(k, ts, 1), k + " typesize " + ts);
            }
        }
    }

    @Test
    void aKernelIsColdUntilItsCallsHaveCoveredEnoughBytesAndTheThreadHasWarmedIt() throws InterruptedException {
        assumeTrue(SimdSupport.VECTOR, "needs the Vector API");
        VectorWarmup w = new VectorWarmup(true);
        long enough = VectorWarmup.QUEUE_AFTER_BYTES;
        assertFalse(w.isWarm(VectorWarmup.Kernel.BITSHUFFLE, 4, enough - 1), "warm before its first call");
        assertFalse(w.isWarm(VectorWarmup.Kernel.SHUFFLE, 4, enough), "another kernel warm with the first");
        Thread.sleep(3 * VectorWarmup.MAX_WARM_MILLIS / 20);
        assertFalse(w.isWarm(VectorWarmup.Kernel.BITSHUFFLE, 4, 0), "warmed before its calls covered enough bytes");
        assertFalse(w.isWarm(VectorWarmup.Kernel.BITSHUFFLE, 4, 1), "warm as soon as its calls covered enough bytes");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(3 * VectorWarmup.MAX_WARM_MILLIS);
        while (!(w.isWarm(VectorWarmup.Kernel.BITSHUFFLE, 4, 0) && w.isWarm(VectorWarmup.Kernel.SHUFFLE, 4, 0))) {
            assertTrue(System.nanoTime() < deadline, "not warm after the longest warm-up of two kernels");
            Thread.sleep(10);
        }
        assertFalse(w.isWarm(VectorWarmup.Kernel.BITSHUFFLE, 8, enough), "a typesize warm with another");
    }

    /**
     * Every kernel's warm-up runs both versions with valid arguments (the unshuffle's also runs the split rows) and
     * ends with the vector version keeping up with its scalar twin, well before the time limit.
     */
    @ParameterizedTest
    @EnumSource(VectorWarmup.Kernel.class)
    void everyKernelWarmsUp(VectorWarmup.Kernel kernel) {
        assumeTrue(SimdSupport.VECTOR, "needs the Vector API");
        for (int ts : new int[] {4, 8}) {
            assertTrue(VectorWarmup.warm(kernel, ts), kernel + " typesize " + ts + " did not keep up with its twin");
        }
    }

    @Test
    void aTypesizeTheKernelRefusesIsNotWarmedUp() {
        assumeTrue(SimdSupport.VECTOR, "needs the Vector API");
        assertFalse(VectorWarmup.warm(VectorWarmup.Kernel.TRUNC_PREC, 3));
        assertTrue(VectorWarmup.warm(VectorWarmup.Kernel.SHUFFLE, 3), "the general path of a kernel that takes 3");
    }
}
