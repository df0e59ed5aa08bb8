package io.github.blosc2panama.core.codec;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The live C-Blosc2 peer (python-blosc2's libblosc2) for interop tests, found from system property
 * {@code blosc2.python}; {@link #get()} returns null when it is absent.
 */
final class BloscLzTestNative {

    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong J = ValueLayout.JAVA_LONG;
    private static final ValueLayout A = ValueLayout.ADDRESS;

    private static BloscLzTestNative instance;
    private static boolean looked;

    final Path library;
    private final MethodHandle setCompressor;
    private final MethodHandle setSplitmode;
    private final MethodHandle setBlocksize;
    private final MethodHandle compress1;
    private final MethodHandle decompress2;
    private final MethodHandle shuffle2;

    private BloscLzTestNative(Path library) throws Throwable {
        this.library = library;
        SymbolLookup lib = SymbolLookup.libraryLookup(library, Arena.global());
        Linker linker = Linker.nativeLinker();
        linker.downcallHandle(lib.find("blosc2_init").orElseThrow(), FunctionDescriptor.ofVoid()).invokeExact();
        setCompressor = linker.downcallHandle(lib.find("blosc1_set_compressor").orElseThrow(), FunctionDescriptor.of(I, A));
        setSplitmode = linker.downcallHandle(lib.find("blosc1_set_splitmode").orElseThrow(), FunctionDescriptor.ofVoid(I));
        setBlocksize = linker.downcallHandle(lib.find("blosc1_set_blocksize").orElseThrow(), FunctionDescriptor.ofVoid(J));
        compress1 = linker.downcallHandle(lib.find("blosc1_compress").orElseThrow(),
                FunctionDescriptor.of(I, I, I, J, J, A, A, J));
        decompress2 = linker.downcallHandle(lib.find("blosc2_decompress").orElseThrow(),
                FunctionDescriptor.of(I, A, I, A, I));
        shuffle2 = linker.downcallHandle(lib.find("blosc2_shuffle").orElseThrow(),
                FunctionDescriptor.of(I, I, I, A, A));
    }

    static synchronized BloscLzTestNative get() {
        if (!looked) {
            looked = true;
            Path lib = findLibrary();
            if (lib != null) {
                try {
                    instance = new BloscLzTestNative(lib);
                } catch (Throwable t) {
                    throw new IllegalStateException("cannot bind " + lib, t);
                }
            }
        }
        return instance;
    }

    private static Path findLibrary() {
        String py = System.getProperty("blosc2.python", "");
        if (py.isBlank()) {
            return null;
        }
        Path venv = Path.of(py).toAbsolutePath().getParent();
        venv = venv == null ? null : venv.getParent();
        if (venv == null || !Files.isDirectory(venv.resolve("lib"))) {
            return null;
        }
        try (Stream<Path> libs = Files.list(venv.resolve("lib"))) {
            for (Path pyDir : libs.filter(p -> p.getFileName().toString().startsWith("python3")).toList()) {
                Path dir = pyDir.resolve("site-packages/blosc2/lib");
                for (String name : new String[] {"libblosc2.so.9", "libblosc2.so"}) {
                    if (Files.isRegularFile(dir.resolve(name))) {
                        return dir.resolve(name);
                    }
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /**
     * blosc1_compress with the blosclz codec, the given splitmode (1 ALWAYS, 2 NEVER, 3 AUTO, 4 FORWARD_COMPAT)
     * and blocksize (0 = automatic); returns the chunk size or <= 0.
     */
    synchronized int compressBlosclz(int clevel, int doshuffle, int typesize, int splitmode, int blocksize,
                                     MemorySegment src, MemorySegment dest) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            int rc = (int) setCompressor.invokeExact(arena.allocateFrom("blosclz"));
            if (rc < 0) {
                throw new IllegalStateException("blosc1_set_compressor(blosclz) = " + rc);
            }
        }
        setSplitmode.invokeExact(splitmode);
        setBlocksize.invokeExact((long) blocksize);
        return (int) compress1.invokeExact(clevel, doshuffle, (long) typesize, src.byteSize(), src, dest, dest.byteSize());
    }

    int decompress(MemorySegment chunk, MemorySegment dest) throws Throwable {
        return (int) decompress2.invokeExact(chunk, (int) chunk.byteSize(), dest, (int) dest.byteSize());
    }

    int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dest) throws Throwable {
        return (int) shuffle2.invokeExact(typesize, blocksize, src, dest);
    }
}
