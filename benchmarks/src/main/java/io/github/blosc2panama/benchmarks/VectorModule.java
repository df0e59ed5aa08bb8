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
     * ({@code -Dblosc2.simd=scalar}).
     */
    static void require() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()
                && !"scalar".equalsIgnoreCase(System.getProperty("blosc2.simd", ""))) {
            throw new IllegalStateException("the benchmark JVM has no jdk.incubator.vector: a -jvmArgsAppend on the "
                    + "command line replaces the benchmark's own, so pass \"--add-modules jdk.incubator.vector "
                    + "--enable-native-access=ALL-UNNAMED\" in it too (or -Dblosc2.simd=scalar to measure the scalar "
                    + "twins on purpose)");
        }
    }
}
