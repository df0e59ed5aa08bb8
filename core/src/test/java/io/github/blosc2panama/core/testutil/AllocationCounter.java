package io.github.blosc2panama.core.testutil;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code com.sun.management.ThreadMXBean}'s byte counters, reached through method handles: this module's tests
 * are compiled against a module that does not read {@code jdk.management}. The handles are exact (no boxing), so
 * reading a counter allocates nothing.
 */
public final class AllocationCounter {
    private static final Object BEAN;
    private static final MethodHandle SUPPORTED;
    private static final MethodHandle CURRENT;
    private static final MethodHandle OF;

    static {
        try {
            Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
            BEAN = factory.getMethod("getThreadMXBean").invoke(null);
            Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            SUPPORTED = lookup.findVirtual(type, "isThreadAllocatedMemorySupported",
                    MethodType.methodType(boolean.class)).asType(MethodType.methodType(boolean.class, Object.class));
            CURRENT = lookup.findVirtual(type, "getCurrentThreadAllocatedBytes", MethodType.methodType(long.class))
                    .asType(MethodType.methodType(long.class, Object.class));
            OF = lookup.findVirtual(type, "getThreadAllocatedBytes",
                    MethodType.methodType(long[].class, long[].class))
                    .asType(MethodType.methodType(long[].class, Object.class, long[].class));
            type.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(BEAN, true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static boolean supported() {
        try {
            return (boolean) SUPPORTED.invokeExact(BEAN);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The bytes the calling thread has allocated so far. */
    public static long current() {
        try {
            return (long) CURRENT.invokeExact(BEAN);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The bytes each of {@code threadIds} has allocated so far (-1 for a thread that is gone). */
    public static long[] of(long[] threadIds) {
        try {
            return (long[]) OF.invokeExact(BEAN, threadIds);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
