package io.github.blosc2panama.ffm;

import java.io.IOException;
import java.lang.foreign.SymbolLookup;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The zstd carried inside the zstd-jni jar ({@code com.github.luben:zstd-jni}; 1.5.7 as C-Blosc2 3.3 bundles, while
 * many systems still have 1.5.4 or older). In zstd-jni 1.5.7-28 (not in 1.5.7-15 or older) its JNI library also
 * exports a subset of the plain {@code ZSTD_*} functions ({@code ZSTD_compress2}, {@code ZSTD_decompressDCtx},
 * {@code ZSTD_CCtx_setParameter}, {@code ZSTD_CCtx_loadDictionary}, ...), which FFM can call; {@link ZstdBundledBackend}
 * uses them. The library is a resource of the jar, named after zstd-jni's version; it is copied to a temporary file
 * for the system loader to map, and the file is removed once mapped ({@link JarLibraries#load}).
 */
final class BundledZstd {
    /** Setting this system property to {@code false} ignores the copy in zstd-jni. */
    static final String PROPERTY = "blosc2.lib.zstd.bundled";

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)(?:-\\d+)?");

    private BundledZstd() {
    }

    /** The resource name of the library of zstd-jni {@code version} for this OS and architecture, as zstd-jni lays out its jar. */
    static String resourceName(String version) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.contains("mac") || os.contains("darwin")) {
            return "darwin/" + arch + "/libzstd-jni-" + version + ".dylib";
        }
        if (os.contains("win")) {
            return "win/" + arch + "/libzstd-jni-" + version + ".dll";
        }
        return "linux/" + arch + "/libzstd-jni-" + version + ".so";
    }

    /**
     * The zstd version number ({@code ZSTD_versionNumber()} style: 10507 for 1.5.7) of zstd-jni's version string
     * (e.g. {@code "1.5.7-28"}), or -1 when it is not of that form.
     */
    static int versionNumber(String zstdJniVersion) {
        Matcher m = VERSION.matcher(zstdJniVersion);
        if (!m.matches()) {
            return -1;
        }
        return Integer.parseInt(m.group(1)) * 10000 + Integer.parseInt(m.group(2)) * 100
                + Integer.parseInt(m.group(3));
    }

    /**
     * The version of the zstd-jni seen by {@code loader}, else null. Read by reflection: the field is a compile-time
     * constant, which a direct reference would freeze at the version this module was compiled against.
     */
    static String zstdJniVersion(ClassLoader loader) {
        try {
            Class<?> c = Class.forName("com.github.luben.zstd.util.ZstdVersion", false, loader);
            return (String) c.getField("VERSION").get(null);
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return null;
        }
    }

    /**
     * Loads the library of zstd-jni {@code version} out of the jar seen by {@code loader}.
     *
     * @return its symbols, or {@code null} when the jar (or a library for this platform) is absent
     * @throws IOException              when the copy fails
     * @throws IllegalArgumentException when the system loader refuses it
     */
    static SymbolLookup load(ClassLoader loader, String version) throws IOException {
        return JarLibraries.load(loader, resourceName(version), "blosc2-zstd-");
    }
}
