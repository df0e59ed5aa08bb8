package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Test-only FFM access to the live C-Blosc2 (python-blosc2's libblosc2.so.9) found from system property
 * {@code blosc2.python} (the venv's python: venv = parent of parent). Absent when the property is empty or the library
 * is missing; tests then skip.
 */
final class CBlosc2 {
    /** {@code blosc2_cparams} on LP64 (x86-64, aarch64), field by field with C's padding. */
    static final StructLayout CPARAMS = MemoryLayout.structLayout(
            JAVA_BYTE.withName("compcode"), JAVA_BYTE.withName("compcode_meta"), JAVA_BYTE.withName("clevel"),
            MemoryLayout.paddingLayout(1),
            JAVA_INT.withName("use_dict"), JAVA_INT.withName("typesize"),
            JAVA_SHORT.withName("nthreads"), MemoryLayout.paddingLayout(2),
            JAVA_INT.withName("blocksize"), JAVA_INT.withName("splitmode"),
            ADDRESS.withName("schunk"),
            MemoryLayout.sequenceLayout(6, JAVA_BYTE).withName("filters"),
            MemoryLayout.sequenceLayout(6, JAVA_BYTE).withName("filters_meta"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("prefilter"), ADDRESS.withName("preparams"), ADDRESS.withName("tuner_params"),
            JAVA_INT.withName("tuner_id"), JAVA_BYTE.withName("instr_codec"), MemoryLayout.paddingLayout(3),
            ADDRESS.withName("codec_params"),
            MemoryLayout.sequenceLayout(6, ADDRESS).withName("filter_params"));
    /** {@code blosc2_dparams} on LP64. */
    static final StructLayout DPARAMS = MemoryLayout.structLayout(
            JAVA_SHORT.withName("nthreads"), MemoryLayout.paddingLayout(6),
            ADDRESS.withName("schunk"), ADDRESS.withName("postfilter"), ADDRESS.withName("postparams"),
            JAVA_INT.withName("typesize"), MemoryLayout.paddingLayout(4));

    static final int BLOSC_LZ4 = 1;
    static final int NEVER_SPLIT = 2;

    private static final Optional<CBlosc2> INSTANCE = load();

    private final MethodHandle shuffle;
    private final MethodHandle unshuffle;
    private final MethodHandle bitshuffle;
    private final MethodHandle bitunshuffle;
    private final MethodHandle createCctx;
    private final MethodHandle createDctx;
    private final MethodHandle freeCtx;
    private final MethodHandle compressCtx;
    private final MethodHandle decompressCtx;

    private CBlosc2(SymbolLookup lib) throws Throwable {
        Linker linker = Linker.nativeLinker();
        FunctionDescriptor shuffleDesc = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS);
        shuffle = linker.downcallHandle(lib.find("blosc2_shuffle").orElseThrow(), shuffleDesc);
        unshuffle = linker.downcallHandle(lib.find("blosc2_unshuffle").orElseThrow(), shuffleDesc);
        bitshuffle = linker.downcallHandle(lib.find("blosc2_bitshuffle").orElseThrow(), shuffleDesc);
        bitunshuffle = linker.downcallHandle(lib.find("blosc2_bitunshuffle").orElseThrow(), shuffleDesc);
        createCctx = linker.downcallHandle(lib.find("blosc2_create_cctx").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, CPARAMS));
        createDctx = linker.downcallHandle(lib.find("blosc2_create_dctx").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, DPARAMS));
        freeCtx = linker.downcallHandle(lib.find("blosc2_free_ctx").orElseThrow(),
                FunctionDescriptor.ofVoid(ADDRESS));
        FunctionDescriptor ctxDesc = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT);
        compressCtx = linker.downcallHandle(lib.find("blosc2_compress_ctx").orElseThrow(), ctxDesc);
        decompressCtx = linker.downcallHandle(lib.find("blosc2_decompress_ctx").orElseThrow(), ctxDesc);
        MethodHandle init = linker.downcallHandle(lib.find("blosc2_init").orElseThrow(), FunctionDescriptor.ofVoid());
        init.invokeExact();
    }

    /** The live library, or empty when {@code blosc2.python} is unset or its venv has no libblosc2. */
    static Optional<CBlosc2> get() {
        return INSTANCE;
    }

    private static Optional<CBlosc2> load() {
        String python = System.getProperty("blosc2.python", "");
        if (python.isBlank()) {
            return Optional.empty();
        }
        Path venv = Path.of(python).toAbsolutePath().getParent();
        venv = venv == null ? null : venv.getParent();
        if (venv == null || !Files.isDirectory(venv.resolve("lib"))) {
            return Optional.empty();
        }
        try (Stream<Path> libs = Files.list(venv.resolve("lib"))) {
            Optional<Path> so = libs.filter(p -> p.getFileName().toString().startsWith("python3."))
                    .map(p -> p.resolve("site-packages/blosc2/lib/libblosc2.so.9"))
                    .filter(Files::isRegularFile).findFirst();
            if (so.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new CBlosc2(SymbolLookup.libraryLookup(so.get(), Arena.global())));
        } catch (IOException e) {
            return Optional.empty();
        } catch (Throwable e) {
            throw new IllegalStateException("libblosc2 found but not usable", e);
        }
    }

    int shuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) throws Throwable {
        return (int) shuffle.invokeExact(typesize, blocksize, src, dst);
    }

    int unshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) throws Throwable {
        return (int) unshuffle.invokeExact(typesize, blocksize, src, dst);
    }

    int bitshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) throws Throwable {
        return (int) bitshuffle.invokeExact(typesize, blocksize, src, dst);
    }

    int bitunshuffle(int typesize, int blocksize, MemorySegment src, MemorySegment dst) throws Throwable {
        return (int) bitunshuffle.invokeExact(typesize, blocksize, src, dst);
    }

    /**
     * Compresses {@code src} with a fresh context: one filter in the last slot, the given meta, lz4 clevel 1, forced
     * blocksize, never split (one stream per block). Returns the chunk, or throws with C's return code.
     */
    byte[] compress(byte[] src, int typesize, int filter, int filterMeta, int blocksize) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cp = arena.allocate(CPARAMS);
            cp.set(JAVA_BYTE, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("compcode")), (byte) BLOSC_LZ4);
            cp.set(JAVA_BYTE, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("clevel")), (byte) 1);
            cp.set(JAVA_INT, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("typesize")), typesize);
            cp.set(JAVA_SHORT, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("nthreads")), (short) 1);
            cp.set(JAVA_INT, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("blocksize")), blocksize);
            cp.set(JAVA_INT, CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("splitmode")), NEVER_SPLIT);
            long filters = CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("filters"));
            long metas = CPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("filters_meta"));
            cp.set(JAVA_BYTE, filters + 5, (byte) filter);
            cp.set(JAVA_BYTE, metas + 5, (byte) filterMeta);
            MemorySegment ctx = (MemorySegment) createCctx.invokeExact(cp);
            if (ctx.address() == 0) {
                throw new IllegalStateException("blosc2_create_cctx failed");
            }
            try {
                MemorySegment in = arena.allocate(Math.max(1, src.length));
                MemorySegment.copy(src, 0, in, JAVA_BYTE, 0, src.length);
                int cap = src.length + 4096;
                MemorySegment out = arena.allocate(cap);
                int rc = (int) compressCtx.invokeExact(ctx, in, src.length, out, cap);
                if (rc <= 0) {
                    throw new IllegalStateException("blosc2_compress_ctx returned " + rc);
                }
                return out.asSlice(0, rc).toArray(JAVA_BYTE);
            } finally {
                freeCtx.invokeExact(ctx);
            }
        }
    }

    /** Decompresses a chunk into a destination pre-filled with {@code fill}; returns it (throws on C failure). */
    byte[] decompress(byte[] chunk, int nbytes, byte fill) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dp = arena.allocate(DPARAMS);
            dp.set(JAVA_SHORT, 0, (short) 1);
            dp.set(JAVA_INT, DPARAMS.byteOffset(MemoryLayout.PathElement.groupElement("typesize")), 1);
            MemorySegment ctx = (MemorySegment) createDctx.invokeExact(dp);
            if (ctx.address() == 0) {
                throw new IllegalStateException("blosc2_create_dctx failed");
            }
            try {
                MemorySegment in = arena.allocate(chunk.length);
                MemorySegment.copy(chunk, 0, in, JAVA_BYTE, 0, chunk.length);
                MemorySegment out = arena.allocate(Math.max(1, nbytes));
                out.fill(fill);
                int rc = (int) decompressCtx.invokeExact(ctx, in, chunk.length, out, nbytes);
                if (rc != nbytes) {
                    throw new IllegalStateException("blosc2_decompress_ctx returned " + rc + ", expected " + nbytes);
                }
                return out.asSlice(0, nbytes).toArray(JAVA_BYTE);
            } finally {
                freeCtx.invokeExact(ctx);
            }
        }
    }
}
