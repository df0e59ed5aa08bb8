package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import io.github.blosc2panama.core.CParams;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * An FFM binding to the real C-Blosc2 (3.3.x, the libblosc2 of the python-blosc2 wheel), the baseline the
 * benchmarks compare against. Binds {@code blosc2_init/destroy}, the context functions
 * ({@code blosc2_create_cctx/dctx}, {@code blosc2_free_ctx}, {@code blosc2_compress_ctx},
 * {@code blosc2_decompress_ctx}), {@code blosc2_get_version_string} and the shuffle kernels. The library is
 * found by {@link CBlosc2Library}, or given to {@link #load(Path)}.
 *
 * <p>Every call checks its lengths against the segments before going native; buffers must be native segments.
 *
 * <p>For baselines only (measurement and interop checks); core never uses it.
 */
public final class CBlosc2 {
    private static final Map<Path, CBlosc2> LOADED = new HashMap<>();

    /** The library's symbols, for this class and the package's other bindings ({@link #downcall}). */
    private final SymbolLookup lib;
    private final MethodHandle destroy;
    private final MethodHandle createCctx;
    private final MethodHandle createDctx;
    private final MethodHandle freeCtx;
    private final MethodHandle compressCtx;
    private final MethodHandle decompressCtx;
    private final MethodHandle shuffle;
    private final MethodHandle unshuffle;
    private final MethodHandle bitshuffle;
    private final MethodHandle bitunshuffle;
    private final Path path;
    private final String version;

    private CBlosc2(Path path) {
        this.path = path;
        Linker linker = Linker.nativeLinker();
        lib = SymbolLookup.libraryLookup(path, Arena.global());
        FunctionDescriptor kernel = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS);
        FunctionDescriptor codec = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT);
        MethodHandle init = bind(linker, lib, "blosc2_init", FunctionDescriptor.ofVoid());
        MethodHandle versionString = bind(linker, lib, "blosc2_get_version_string", FunctionDescriptor.of(ADDRESS));
        destroy = bind(linker, lib, "blosc2_destroy", FunctionDescriptor.ofVoid());
        createCctx = bind(linker, lib, "blosc2_create_cctx", FunctionDescriptor.of(ADDRESS, CBlosc2Params.CPARAMS));
        createDctx = bind(linker, lib, "blosc2_create_dctx", FunctionDescriptor.of(ADDRESS, CBlosc2Params.DPARAMS));
        freeCtx = bind(linker, lib, "blosc2_free_ctx", FunctionDescriptor.ofVoid(ADDRESS));
        compressCtx = bind(linker, lib, "blosc2_compress_ctx", codec);
        decompressCtx = bind(linker, lib, "blosc2_decompress_ctx", codec);
        shuffle = bind(linker, lib, "blosc2_shuffle", kernel);
        unshuffle = bind(linker, lib, "blosc2_unshuffle", kernel);
        bitshuffle = bind(linker, lib, "blosc2_bitshuffle", kernel);
        bitunshuffle = bind(linker, lib, "blosc2_bitunshuffle", kernel);
        try {
            init.invokeExact();
            MemorySegment v = (MemorySegment) versionString.invokeExact();
            version = v.equals(MemorySegment.NULL) ? "?" : v.reinterpret(64).getString(0);
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_init failed", t);
        }
    }

    /** The library {@link CBlosc2Library#locate()} finds, loaded and initialized ({@code blosc2_init}) once per JVM. */
    public static CBlosc2 load() {
        return load(CBlosc2Library.locate());
    }

    /** The library at {@code path}, loaded and initialized ({@code blosc2_init}) once per JVM and path. */
    public static synchronized CBlosc2 load(Path path) {
        Path key = path.toAbsolutePath().normalize();
        if (!Files.isRegularFile(key)) {
            throw new IllegalStateException("C-Blosc2 library " + path + " is not a file. " + CBlosc2Library.HOW_TO_GET_IT);
        }
        CBlosc2 c = LOADED.get(key);
        if (c == null) {
            c = new CBlosc2(key);
            LOADED.put(key, c);
        }
        return c;
    }

    /** The library file. */
    public Path path() {
        return path;
    }

    /** {@code blosc2_get_version_string()}, e.g. "3.3.3.dev". */
    public String version() {
        return version;
    }

    /** {@code blosc2_destroy}: frees C-Blosc2's global state. No context may be used afterwards. */
    public synchronized void destroy() {
        try {
            destroy.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_destroy failed", t);
        }
    }

    /** A compression context for {@code params} (its nthreads included). */
    public Context createCctx(CParams params) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = (MemorySegment) createCctx.invokeExact(CBlosc2Params.cparams(arena, params));
            return new Context(ctx, "blosc2_create_cctx(" + params + ")");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_create_cctx failed", t);
        }
    }

    /** A decompression context using {@code nthreads} threads. */
    public Context createDctx(int nthreads) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = (MemorySegment) createDctx.invokeExact(CBlosc2Params.dparams(arena, nthreads));
            return new Context(ctx, "blosc2_create_dctx(nthreads=" + nthreads + ")");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_create_dctx failed", t);
        }
    }

    /**
     * {@code blosc2_compress_ctx}: compresses all of {@code src} into {@code dst}; returns the chunk size,
     * 0 when it did not fit, or C's negative error code.
     */
    public int compress(Context ctx, MemorySegment src, MemorySegment dst) {
        int srcSize = int32(src, "src");
        int dstSize = int32(dst, "dst");
        try {
            return (int) compressCtx.invokeExact(ctx.address(), src, srcSize, dst, dstSize);
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_compress_ctx failed", t);
        }
    }

    /**
     * {@code blosc2_decompress_ctx}: decompresses the chunk {@code chunk} into {@code dst}; returns the
     * decompressed size or C's negative error code.
     */
    public int decompress(Context ctx, MemorySegment chunk, MemorySegment dst) {
        int srcSize = int32(chunk, "chunk");
        int dstSize = int32(dst, "dst");
        try {
            return (int) decompressCtx.invokeExact(ctx.address(), chunk, srcSize, dst, dstSize);
        } catch (Throwable t) {
            throw new IllegalStateException("blosc2_decompress_ctx failed", t);
        }
    }

    /** {@code blosc2_shuffle(typesize, blocksize, src, dst)}: returns blocksize or a negative error. */
    public int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
        return kernel(shuffle, "blosc2_shuffle", typesize, blocksize, src, dst);
    }

    /** {@code blosc2_unshuffle(typesize, blocksize, src, dst)}. */
    public int unshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
        return kernel(unshuffle, "blosc2_unshuffle", typesize, blocksize, src, dst);
    }

    /** {@code blosc2_bitshuffle(typesize, blocksize, src, dst)}. */
    public int bitshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
        return kernel(bitshuffle, "blosc2_bitshuffle", typesize, blocksize, src, dst);
    }

    /** {@code blosc2_bitunshuffle(typesize, blocksize, src, dst)}. */
    public int bitunshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) {
        return kernel(bitunshuffle, "blosc2_bitunshuffle", typesize, blocksize, src, dst);
    }

    private static int kernel(MethodHandle h, String name, int typesize, int blocksize, MemorySegment src,
            MemorySegment dst) {
        if (typesize < 1 || typesize > 255) {
            throw new IllegalArgumentException(name + ": typesize must be 1..255, got " + typesize);
        }
        if (blocksize < 0 || blocksize > src.byteSize() || blocksize > dst.byteSize()) {
            throw new IllegalArgumentException(name + ": blocksize " + blocksize + " outside src (" + src.byteSize()
                    + " bytes) or dst (" + dst.byteSize() + " bytes)");
        }
        try {
            return (int) h.invokeExact(typesize, blocksize, src, dst);
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed", t);
        }
    }

    private static int int32(MemorySegment s, String what) {
        if (!s.isNative()) {
            throw new IllegalArgumentException(what + " must be a native segment");
        }
        if (s.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " is " + s.byteSize() + " bytes, more than int32_t can say");
        }
        return (int) s.byteSize();
    }

    /** A downcall handle to {@code name} of this library, for the package's other bindings (super-chunks, b2nd). */
    MethodHandle downcall(String name, FunctionDescriptor fd) {
        return bind(Linker.nativeLinker(), lib, name, fd);
    }

    private static MethodHandle bind(Linker linker, SymbolLookup lib, String name, FunctionDescriptor fd) {
        MemorySegment symbol = lib.find(name)
                .orElseThrow(() -> new IllegalStateException("symbol " + name + " missing from the C-Blosc2 library"));
        return linker.downcallHandle(symbol, fd);
    }

    /** A {@code blosc2_context*}; {@link #close()} frees it ({@code blosc2_free_ctx}). */
    public final class Context implements AutoCloseable {
        private MemorySegment address;

        private Context(MemorySegment address, String what) {
            if (address.equals(MemorySegment.NULL)) {
                throw new IllegalStateException(what + " returned NULL");
            }
            this.address = address;
        }

        /** The {@code blosc2_context*}; throws once freed. */
        public MemorySegment address() {
            if (address == null) {
                throw new IllegalStateException("context already freed");
            }
            return address;
        }

        @Override
        public void close() {
            if (address != null) {
                try {
                    freeCtx.invokeExact(address);
                } catch (Throwable t) {
                    throw new IllegalStateException("blosc2_free_ctx failed", t);
                } finally {
                    address = null;
                }
            }
        }
    }
}
