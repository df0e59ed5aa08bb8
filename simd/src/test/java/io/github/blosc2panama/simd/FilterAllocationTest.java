package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DELTA, BYTEDELTA, TRUNC_PREC and INT_TRUNC kernels, scalar and vector, allocate (next to) nothing per call once
 * warm: no per-call stage arrays or buffers. Measured with the thread's allocated-bytes counter over rounds of calls;
 * a kernel passes once a round averages under 512 bytes a call (argument checks may allocate a few small slices until
 * C2 removes them), and a kernel that allocates a buffer of a stream's size (4 KiB here) every call never does.
 * (The counter is reached by reflection: the tests compile inside the simd module, which does not read
 * {@code jdk.management}; they run on the class path, where it is readable.)
 */
class FilterAllocationTest {
    private static final int LENGTH = 16 * 1024;
    private static final int CALLS = 100;
    /** Per kernel: C2 must have compiled it by then (the machine may be loaded). */
    private static final long DEADLINE_NANOS = 15_000_000_000L;
    private static final long LIMIT_PER_CALL = 512;

    @Test
    void kernelsDoNotAllocatePerCall() throws ReflectiveOperationException {
        Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        Method allocated = Class.forName("com.sun.management.ThreadMXBean")
                .getMethod("getThreadAllocatedBytes", long.class);
        long thread = Thread.currentThread().threadId();
        List<String> failures = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(LENGTH, 64);
            MemorySegment ref = arena.allocate(LENGTH, 64);
            MemorySegment dst = arena.allocate(LENGTH, 64);
            MemorySegment.copy(MemorySegment.ofArray(TestData.random(3, LENGTH)), 0, src, 0, LENGTH);
            for (FilterEquivalence.Pair pair : FilterEquivalence.pairs()) {
                int meta = pair.name().startsWith("trunc_prec") ? 10 : 5;
                for (int side = 0; side < 2; side++) {
                    FilterEquivalence.Kernel k = side == 0 ? pair.scalar() : pair.vector();
                    long best = Long.MAX_VALUE;
                    long start = System.nanoTime();
                    int rounds = 0;
                    for (; best >= LIMIT_PER_CALL && System.nanoTime() - start < DEADLINE_NANOS; rounds++) {
                        long before = (long) allocated.invoke(mx, thread);
                        for (int i = 0; i < CALLS; i++) {
                            k.run(src, ref, dst, LENGTH, 4, meta);
                        }
                        best = Math.min(best, ((long) allocated.invoke(mx, thread) - before) / CALLS);
                    }
                    System.out.println(pair.name() + (side == 0 ? " scalar" : " vector") + ": " + best
                            + " bytes/call after " + rounds + " rounds");
                    if (best >= LIMIT_PER_CALL) {
                        failures.add(pair.name() + (side == 0 ? " scalar" : " vector") + ": " + best + " bytes/call");
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), "allocating kernels: " + failures);
    }
}
