package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Finds and loads the native codec libraries, lazily and once per library.
 *
 * <p>For each {@link Library} the places tried are, in order:
 * <ol>
 *   <li>the file named by the system property {@link Library#property()} ({@code blosc2.lib.lz4},
 *       {@code blosc2.lib.zstd}, {@code blosc2.lib.zlib}, {@code blosc2.lib.deflate}), when set;</li>
 *   <li>the platform names of the library ({@code liblz4.so.1}, {@code libzstd.so.1}, {@code libz.so.1},
 *       {@code libdeflate.so.0} on
 *       Linux; {@code .dylib} names on macOS; {@code .dll} names on Windows), resolved by the system loader,
 *       unless the system property {@code <property>.system} is {@code false}.</li>
 * </ol>
 * For LZ4 there are more candidates, and two roles ({@link BundledLz4}): {@link Library#LZ4} (compression and all
 * else) takes the newer ({@code LZ4_versionNumber}) of the system's liblz4 and the one inside the lz4-java jar when it
 * is on the class path (LZ4 1.10, the version C-Blosc2 3.3 bundles, while many systems still have 1.9), but not one
 * newer than 1.10 while another is found ({@link #LZ4_COMPRESSION_NEWEST}: a newer lz4-java on the class path does
 * not change what we write); {@link Library#LZ4_DECOMPRESSION} takes the newest of those and the decoder build this
 * module carries (LZ4 1.11). The system's wins a tie; the file of {@code -Dblosc2.lib.lz4} takes both roles;
 * {@code -Dblosc2.lib.lz4.bundled=false} ignores both copies.
 * A library that cannot be loaded raises {@link NativeLibraryNotFoundException} naming every place tried,
 * only when one of its functions is first called: a missing zlib does not disturb LZ4 users.
 * For zstd, {@link Zstd}'s context classes may run on the zstd inside zstd-jni instead (see {@link Zstd}).
 */
public final class NativeLibraries {

    /** The native libraries this module binds. */
    public enum Library {
        /** liblz4 for compression and all else but decompression. */
        LZ4("lz4", 1, "blosc2.lib.lz4"),
        /** liblz4 for decompression: possibly a newer build than {@link #LZ4}'s ({@link BundledLz4}). */
        LZ4_DECOMPRESSION("lz4", 1, "blosc2.lib.lz4"),
        ZSTD("zstd", 1, "blosc2.lib.zstd"),
        ZLIB("z", 1, "blosc2.lib.zlib"),
        /** Optional: a faster DEFLATE for the zlib codec, used when present (see {@link Libdeflate}). */
        LIBDEFLATE("deflate", 0, "blosc2.lib.deflate");

        private final String baseName;
        private final int soVersion;
        private final String property;

        Library(String baseName, int soVersion, String property) {
            this.baseName = baseName;
            this.soVersion = soVersion;
            this.property = property;
        }

        /** The system property naming a file to load instead of the system library. */
        public String property() {
            return property;
        }

        /** The file names the system loader is asked for on this platform, most specific first. */
        public List<String> systemNames() {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            if (os.contains("mac") || os.contains("darwin")) {
                return List.of("lib" + baseName + "." + soVersion + ".dylib", "lib" + baseName + ".dylib",
                        "/opt/homebrew/lib/lib" + baseName + ".dylib", "/usr/local/lib/lib" + baseName + ".dylib");
            }
            if (os.contains("win")) {
                return switch (this) {
                    case LZ4, LZ4_DECOMPRESSION -> List.of("liblz4.dll", "lz4.dll");
                    case ZSTD -> List.of("libzstd.dll", "zstd.dll");
                    case ZLIB -> List.of("zlib1.dll", "zlib.dll", "libz.dll");
                    case LIBDEFLATE -> List.of("libdeflate.dll", "deflate.dll");
                };
            }
            return List.of("lib" + baseName + ".so." + soVersion, "lib" + baseName + ".so");
        }
    }

    /** The outcome of loading one library: a lookup, or the reason nothing loaded. */
    record Loaded(Library library, SymbolLookup lookup, String source, String failure) {
        SymbolLookup orThrow() {
            if (lookup == null) {
                throw new NativeLibraryNotFoundException(failure, null);
            }
            return lookup;
        }
    }

    /**
     * The newest {@code LZ4_versionNumber} preferred for compression: LZ4 1.10.x, the version C-Blosc2 3.3 bundles.
     * LZ4 1.11's fast levels write other bytes, a little larger and slower to decode: i64_walk lz4-5-shuffle chunks
     * compressed by the LZ4 1.11 of a lz4-java 1.14 jar that came first on {@code blosc2 bench}'s class path decoded at
     * 25 GB/s instead of 34.5 ({@link BundledLz4}).
     */
    static final int LZ4_COMPRESSION_NEWEST = 11099;

    private static final Map<Library, Loaded> LOADED = new ConcurrentHashMap<>();
    private static final Linker LINKER = Linker.nativeLinker();

    private NativeLibraries() {
    }

    /**
     * The symbols of {@code library}, loading it on first use.
     *
     * @throws NativeLibraryNotFoundException naming the library and every place tried
     */
    public static SymbolLookup lookup(Library library) {
        return loaded(library).orThrow();
    }

    /** Whether {@code library} is (or can now be) loaded; never throws. */
    public static boolean isAvailable(Library library) {
        return loaded(library).lookup() != null;
    }

    /** Where {@code library} was loaded from, or why it could not be. */
    public static String describe(Library library) {
        Loaded l = loaded(library);
        return l.lookup() != null ? l.source() : l.failure();
    }

    static Loaded loaded(Library library) {
        return LOADED.computeIfAbsent(library, lib -> load(lib, System::getProperty));
    }

    /** Loads {@code library} afresh, reading settings through {@code properties}; never throws. */
    static Loaded load(Library library, UnaryOperator<String> properties) {
        List<String> tried = new ArrayList<>();
        String file = properties.apply(library.property());
        if (file != null && !file.isBlank()) {
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                tried.add(file + " (from -D" + library.property() + ": no such file)");
            } else {
                try {
                    SymbolLookup lookup = SymbolLookup.libraryLookup(path, Arena.global());
                    return new Loaded(library, lookup, path.toAbsolutePath().toString(), null);
                } catch (IllegalArgumentException e) {
                    tried.add(file + " (from -D" + library.property() + ": " + e.getMessage() + ")");
                }
            }
        }
        Loaded system = null;
        if ("false".equalsIgnoreCase(properties.apply(library.property() + ".system"))) {
            tried.add("system names skipped (-D" + library.property() + ".system=false)");
        } else {
            for (String name : library.systemNames()) {
                try {
                    SymbolLookup lookup = SymbolLookup.libraryLookup(name, Arena.global());
                    system = new Loaded(library, lookup, name, null);
                    break;
                } catch (IllegalArgumentException e) {
                    tried.add(name);
                }
            }
        }
        if (library == Library.LZ4 || library == Library.LZ4_DECOMPRESSION) {
            Loaded chosen = system;
            for (Loaded copy : lz4Copies(library, properties, tried)) {
                if (chosen == null || lz4Prefers(library, lz4Version(copy), lz4Version(chosen))) {
                    chosen = copy;
                }
            }
            if (chosen == system && system != null) {
                return new Loaded(library, system.lookup(), system.source() + " (LZ4 " + lz4VersionName(system) + ")",
                        null);
            }
            if (chosen != null) {
                return chosen;
            }
        }
        if (system != null) {
            return system;
        }
        String message = "native library " + library.baseName + " not found; tried: " + String.join(", ", tried)
                + ". Install it or set -D" + library.property() + "=/path/to/the/library";
        return new Loaded(library, null, null, message);
    }

    /**
     * Whether a liblz4 of version {@code candidate} takes {@code role} rather than the one of version {@code chosen}:
     * the newer, except that for compression ({@link Library#LZ4}) one not newer than {@link #LZ4_COMPRESSION_NEWEST}
     * wins over one that is (or whose version is unknown, -1).
     */
    static boolean lz4Prefers(Library role, int candidate, int chosen) {
        if (role == Library.LZ4) {
            boolean candidateFits = fitsCompression(candidate);
            if (candidateFits != fitsCompression(chosen)) {
                return candidateFits;
            }
        }
        return candidate > chosen;
    }

    /** Whether LZ4 {@code version} is known and not newer than {@link #LZ4_COMPRESSION_NEWEST}. */
    private static boolean fitsCompression(int version) {
        return version >= 0 && version <= LZ4_COMPRESSION_NEWEST;
    }

    /**
     * The liblz4 copies in jars that may take {@code role}: lz4-java's, and for decompression this module's decoder
     * build; none when refused. Each is loaded once, for both roles; those that fail to load say why in
     * {@code tried}.
     */
    private static List<Loaded> lz4Copies(Library role, UnaryOperator<String> properties, List<String> tried) {
        if ("false".equalsIgnoreCase(properties.apply(BundledLz4.PROPERTY))) {
            tried.add("the copies in jars skipped (-D" + BundledLz4.PROPERTY + "=false)");
            return List.of();
        }
        List<Loaded> copies = new ArrayList<>();
        for (Loaded copy : role == Library.LZ4_DECOMPRESSION
                ? List.of(Lz4JavaCopy.LOADED, DecoderCopy.LOADED) : List.of(Lz4JavaCopy.LOADED)) {
            if (copy.lookup() != null) {
                copies.add(copy);
            } else {
                tried.add(copy.failure());
            }
        }
        return copies;
    }

    /** lz4-java's liblz4, copied out and mapped at most once. */
    private static final class Lz4JavaCopy {
        static final Loaded LOADED = lz4Copy("lz4-java", BundledLz4.resourceName(), BundledLz4::load);
    }

    /** This module's decoder build of liblz4, copied out and mapped at most once, and only to decompress. */
    private static final class DecoderCopy {
        static final Loaded LOADED = lz4Copy("this module's decoder copy",
                BundledLz4.DECODER_FOLDER + BundledLz4.resourceName(), BundledLz4::loadDecoder);
    }

    /** What loads a library out of a jar seen by a class loader ({@link BundledLz4#load}). */
    private interface JarLoad {
        SymbolLookup load(ClassLoader loader) throws IOException;
    }

    /** The copy {@code resource} of {@code from} ({@code "lz4-java"}), loaded by {@code load}, or why not. */
    private static Loaded lz4Copy(String from, String resource, JarLoad load) {
        try {
            SymbolLookup lookup = load.load(NativeLibraries.class.getClassLoader());
            if (lookup == null) {
                return new Loaded(Library.LZ4, null, null, resource + " (" + from + ": not on the class path)");
            }
            Loaded loaded = new Loaded(Library.LZ4, lookup, null, null);
            return new Loaded(Library.LZ4, lookup,
                    "LZ4 " + lz4VersionName(loaded) + " from " + from + " (" + resource + ")", null);
        } catch (IOException | IllegalArgumentException e) {
            return new Loaded(Library.LZ4, null, null, resource + " (" + from + ": " + e.getMessage() + ")");
        }
    }

    /**
     * The zstd inside the zstd-jni jar ({@link BundledZstd}) when that jar is on the class path, its library has the
     * plain {@code ZSTD_*} functions and {@code -Dblosc2.lib.zstd.bundled=false} is not set; else a {@link Loaded}
     * holding the reason. Its source names the zstd version first ({@code "zstd 1.5.7 from zstd-jni ..."}).
     *
     * @param version zstd-jni's version ({@link BundledZstd#zstdJniVersion}), null when it is not on the class path
     */
    static Loaded bundledZstd(UnaryOperator<String> properties, String version) {
        if ("false".equalsIgnoreCase(properties.apply(BundledZstd.PROPERTY))) {
            return new Loaded(Library.ZSTD, null, null, "zstd-jni's zstd skipped (-D" + BundledZstd.PROPERTY + "=false)");
        }
        ClassLoader loader = NativeLibraries.class.getClassLoader();
        if (version == null) {
            return new Loaded(Library.ZSTD, null, null, "zstd-jni is not on the class path");
        }
        String name = BundledZstd.resourceName(version);
        try {
            SymbolLookup lookup = BundledZstd.load(loader, version);
            if (lookup == null) {
                return new Loaded(Library.ZSTD, null, null, "zstd-jni " + version + " has no " + name);
            }
            if (lookup.find("ZSTD_compress2").isEmpty() || lookup.find("ZSTD_decompressDCtx").isEmpty()) {
                return new Loaded(Library.ZSTD, null, null, "zstd-jni " + version
                        + " exports no ZSTD_* functions (1.5.7-28 does)");
            }
            int number = BundledZstd.versionNumber(version);
            String zstd = number / 10000 + "." + number / 100 % 100 + "." + number % 100;
            return new Loaded(Library.ZSTD, lookup, "zstd " + zstd + " from zstd-jni " + version + " (" + name + ")",
                    null);
        } catch (IOException | IllegalArgumentException e) {
            return new Loaded(Library.ZSTD, null, null, name + " (zstd-jni's copy: " + e.getMessage() + ")");
        }
    }

    /** {@link #lz4Version} as LZ4 writes it ({@code "1.9.4"}), or {@code "unknown"}. */
    static String lz4VersionName(Loaded loaded) {
        int v = lz4Version(loaded);
        return v < 0 ? "unknown" : v / 10000 + "." + v / 100 % 100 + "." + v % 100;
    }

    /** {@code LZ4_versionNumber()} of a loaded liblz4 (10904 for 1.9.4), or -1 when it has no such function. */
    static int lz4Version(Loaded loaded) {
        MethodHandle version = downcall(loaded, "LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT), false);
        try {
            return (int) version.invokeExact();
        } catch (NativeLibraryNotFoundException e) {
            return -1;
        } catch (Throwable t) {
            throw new IllegalStateException("LZ4_versionNumber failed", t);
        }
    }

    /**
     * A downcall handle for {@code name} in {@code library}. When the library or the symbol is missing, the
     * handle returned throws {@link NativeLibraryNotFoundException} each time it is invoked, so that the
     * failure shows at the first call of that function rather than when a class is loaded.
     *
     * @param critical link with {@code Linker.Option.critical(true)}: heap segments may be passed; use only for
     *                 short functions that neither call back into Java nor keep a pointer after returning
     */
    static MethodHandle downcall(Library library, String name, FunctionDescriptor descriptor, boolean critical) {
        return downcall(loaded(library), name, descriptor, critical);
    }

    static MethodHandle downcall(Loaded loaded, String name, FunctionDescriptor descriptor, boolean critical) {
        String failure;
        if (loaded.lookup() == null) {
            failure = loaded.failure() + " (needed for " + name + ")";
        } else {
            Optional<MemorySegment> address = loaded.lookup().find(name);
            if (address.isPresent()) {
                return critical
                        ? LINKER.downcallHandle(address.get(), descriptor, Linker.Option.critical(true))
                        : LINKER.downcallHandle(address.get(), descriptor);
            }
            failure = "native library " + loaded.source() + " has no function " + name;
        }
        return failing(descriptor.toMethodType(), failure);
    }

    private static MethodHandle failing(MethodType type, String message) {
        try {
            MethodHandle thrower = MethodHandles.lookup()
                    .findStatic(NativeLibraries.class, "fail", MethodType.methodType(void.class, String.class))
                    .bindTo(message);
            return MethodHandles.foldArguments(MethodHandles.empty(type), thrower);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unused") // called through a method handle
    private static void fail(String message) {
        throw new NativeLibraryNotFoundException(message, null);
    }
}
