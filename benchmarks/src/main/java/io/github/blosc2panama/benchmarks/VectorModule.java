package io.github.blosc2panama.benchmarks;

/**
 * Refuses to benchmark our kernels without the Vector API. A {@code -jvmArgsAppend} given on the JMH command line
 * replaces the one of the benchmark classes' {@code @Fork}, {@code --add-modules jdk.incubator.vector} with it; the
 * forks then run the scalar twins at about half the speed and the numbers look plausible but are not ours.
 */
final class VectorModule {
    private VectorModule() {
    }

    /**
     * Throws unless {@code jdk.incubator.vector} is in the boot layer, or the scalar twins were asked for on purpose
     * ({@code -Dblosc2.simd=scalar}). Also has the vector kernels used from their first call ({@code
     * -Dblosc2.simd.warmup=off} unless given): in a fresh JVM the library holds each kernel back on its scalar twin
     * until a background thread has warmed it (the simd module's {@code VectorWarmup}), which would have JMH's first
     * iterations measure the twins; JMH's own warm-up iterations warm the kernels. Called first in every setup,
     * before any kernel runs.
     */
    static void require() {
        if (System.getProperty("blosc2.simd.warmup") == null) {
            System.setProperty("blosc2.simd.warmup", "off");
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()
                && !"scalar".equalsIgnoreCase(System.getProperty("blosc2.simd", ""))) {
            throw new IllegalStateException("the benchmark JVM has no jdk.incubator.vector: a -jvmArgsAppend on the "
                    + "command line replaces the benchmark's own, so pass \"--add-modules jdk.incubator.vector "
                    + "--enable-native-access=ALL-UNNAMED\" in it too (or -Dblosc2.simd=scalar to measure the scalar "
                    + "twins on purpose)");
        }
    }
}
