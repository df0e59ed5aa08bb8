package io.github.blosc2panama.simd;

/**
 * Whether the Vector API kernels can run: {@code jdk.incubator.vector} must be in the boot layer (the JVM was started
 * with {@code --add-modules jdk.incubator.vector}) and not switched off with {@code -Dblosc2.simd=scalar}. When they
 * cannot, every filter runs on its scalar twin and this is logged once. This class references no Vector API type, so
 * it loads whether or not the module is present; the {@code *Vector} classes are only touched when {@link #VECTOR}.
 */
final class SimdSupport {
    /** True when the Vector API kernels are used. */
    static final boolean VECTOR = decide();

    private SimdSupport() {
    }

    private static boolean decide() {
        System.Logger log = System.getLogger("io.github.blosc2panama.simd");
        if ("scalar".equalsIgnoreCase(System.getProperty("blosc2.simd", ""))) {
            log.log(System.Logger.Level.INFO, "blosc2.simd=scalar: filters run scalar");
            return false;
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            log.log(System.Logger.Level.INFO,
                    "jdk.incubator.vector not available (start the JVM with --add-modules jdk.incubator.vector): "
                            + "filters run scalar");
            return false;
        }
        return true;
    }
}
