package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** {@link Passes}: how many passes a case gets, and which one it reports. */
class PassesTest {
    @Test
    void withoutWarmUpOnePassWarmsAndTheRepsAreTimed() {
        AtomicInteger calls = new AtomicInteger();
        long best = new Passes(3, 0, Long.MAX_VALUE).best(calls::incrementAndGet);
        assertEquals(1 + 3, calls.get());
        assertTrue(best >= 1);
    }

    @Test
    void theWarmUpLastsAtLeastItsTimeAndEnds() {
        AtomicInteger calls = new AtomicInteger();
        long warmup = 20_000_000L;
        long t0 = System.nanoTime();
        new Passes(1, warmup, Long.MAX_VALUE).best(() -> {
            calls.incrementAndGet();
            LockSupport.parkNanos(1_000_000L);
        });
        long took = System.nanoTime() - t0;
        assertTrue(took >= warmup, "took " + took + " ns");
        assertTrue(calls.get() >= 2, calls.get() + " calls");
    }

    @Test
    void theBestPassIsTheShortest() {
        long[] sleeps = {0, 6_000_000L, 2_000_000L, 4_000_000L}; // the warm-up pass, then three timed ones
        AtomicInteger call = new AtomicInteger();
        long best = new Passes(3, 0, Long.MAX_VALUE).best(() -> {
            int i = call.getAndIncrement();
            LockSupport.parkNanos(sleeps[i]);
        });
        assertTrue(best >= 2_000_000L && best < 6_000_000L, "best " + best + " ns");
    }

    @Test
    void theBudgetCutsTheRepsShort() {
        AtomicInteger calls = new AtomicInteger();
        new Passes(100, 0, 1).best(() -> {
            calls.incrementAndGet();
            LockSupport.parkNanos(100_000L);
        });
        assertEquals(1 + 1, calls.get(), "the warm-up pass and one timed pass");
    }
}
