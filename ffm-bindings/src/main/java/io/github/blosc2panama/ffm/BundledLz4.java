package io.github.blosc2panama.ffm;

import java.io.IOException;
import java.lang.foreign.SymbolLookup;
import java.util.Locale;

/**
 * The liblz4 builds carried in jars. One is inside the lz4-java jar ({@code at.yawk.lz4:lz4-java}, 1.9 to 1.12: LZ4
 * 1.10, the version C-Blosc2 3.3 bundles); its JNI library also exports the plain {@code LZ4_*} C functions, which FFM
 * can call like those of the system's liblz4. The other is a newer lz4-java's (1.13 and newer: LZ4 1.11), which the
 * build unpacks into this module under {@link #DECODER_FOLDER}: it decodes up to twice as fast, but its fast levels
 * write other bytes than C-Blosc2 (a little larger, slower to decode) and its LZ4HC compresses slower, so it only
 * decompresses ({@link NativeLibraries.Library#LZ4_DECOMPRESSION}); so does the first, should the lz4-java on the class
 * path be such a newer one ({@link NativeLibraries#LZ4_COMPRESSION_NEWEST}). Each is copied to a temporary file for the
 * system loader to map, and the file is removed once mapped ({@link JarLibraries#load}).
 */
final class BundledLz4 {
    /** Setting this system property to {@code false} ignores both copies: the system's liblz4 does everything. */
    static final String PROPERTY = "blosc2.lib.lz4.bundled";
    /** The folder of this module's resources holding the newer lz4-java's libraries, laid out as in its jar. */
    static final String DECODER_FOLDER = "lz4-decoder/";

    private BundledLz4() {
    }

    /** The resource name of the library for this OS and architecture, as lz4-java lays out its jar. */
    static String resourceName() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.contains("mac") || os.contains("darwin")) {
            return "net/jpountz/util/darwin/" + arch + "/liblz4-java.dylib";
        }
        if (os.contains("win")) {
            return "net/jpountz/util/windows/" + arch + "/liblz4-java.dll";
        }
        return "net/jpountz/util/linux/" + arch + "/liblz4-java.so";
    }

    /**
     * Loads the library out of the lz4-java jar seen by {@code loader}.
     *
     * @return its symbols, or {@code null} when the jar (or a library for this platform) is absent
     * @throws IOException              when the copy fails
     * @throws IllegalArgumentException when the system loader refuses it
     */
    static SymbolLookup load(ClassLoader loader) throws IOException {
        return JarLibraries.load(loader, resourceName(), "blosc2-lz4-");
    }

    /** Loads the decoder build out of this module ({@link #DECODER_FOLDER}); as {@link #load}. */
    static SymbolLookup loadDecoder(ClassLoader loader) throws IOException {
        return JarLibraries.load(loader, DECODER_FOLDER + resourceName(), "blosc2-lz4-decoder-");
    }
}
