package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * An FFM binding to C-Blosc2's super-chunk reader, the baseline of the benchmarks' super-chunk slices:
 * {@code blosc2_schunk_open}, {@code blosc2_schunk_get_slice_buffer} and {@code blosc2_schunk_free} of the same
 * libblosc2 {@link CBlosc2} loads. For baselines only (see the package documentation).
 */
public final class CSChunk implements AutoCloseable {
    private static MethodHandle open;
    private static MethodHandle getSlice;
    private static MethodHandle free;

    private final MemorySegment schunk;

    private static synchronized void bind() {
        if (open != null) {
            return;
        }
        CBlosc2 c = CBlosc2.load();
        Linker linker = Linker.nativeLinker();
        SymbolLookup lib = SymbolLookup.libraryLookup(c.path(), Arena.global());
        open = linker.downcallHandle(lib.find("blosc2_schunk_open").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS));
        getSlice = linker.downcallHandle(lib.find("blosc2_schunk_get_slice_buffer").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        free = linker.downcallHandle(lib.find("blosc2_schunk_free").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /** {@code blosc2_schunk_open(path)} of a contiguous frame file or a sparse frame directory. */
    public CSChunk(Path path) {
        bind();
        try (Arena tmp = Arena.ofConfined()) {
            schunk = (MemorySegment) open.invokeExact(tmp.allocateFrom(path.toString()));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (schunk.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("blosc2_schunk_open(" + path + ") returned NULL");
        }
    }

    /**
     * {@code blosc2_schunk_get_slice_buffer} of the items {@code [start, stop)} (in units of the super-chunk's
     * typesize, as C counts them) into {@code dst}, which must hold {@code nbytes}, their size in bytes.
     */
    public void getSlice(long start, long stop, MemorySegment dst, long nbytes) {
        if (start < 0 || stop < start || dst.byteSize() < nbytes || !dst.isNative()) {
            throw new IllegalArgumentException("bad range or destination");
        }
        try {
            int rc = (int) getSlice.invokeExact(schunk, start, stop, dst);
            if (rc < 0) {
                throw new IllegalStateException("blosc2_schunk_get_slice_buffer returned " + rc);
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void close() {
        try {
            int rc = (int) free.invokeExact(schunk);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
