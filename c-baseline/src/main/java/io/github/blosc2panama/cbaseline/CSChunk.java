package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.blosc2panama.core.CParams;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * An FFM binding to C-Blosc2's super-chunks, the baseline of the benchmarks' super-chunk slices and writes:
 * {@code blosc2_schunk_open}, {@code blosc2_schunk_get_slice_buffer}, {@code blosc2_schunk_new},
 * {@code blosc2_schunk_append_buffer} and {@code blosc2_schunk_free} of the same libblosc2 {@link CBlosc2} loads.
 * For baselines only (see the package documentation).
 */
public final class CSChunk implements AutoCloseable {
    private static MethodHandle open;
    private static MethodHandle getSlice;
    private static MethodHandle free;
    private static MethodHandle create;
    private static MethodHandle appendBuffer;

    /** blosc2_storage: contiguous, urlpath, cparams, dparams, io (40 bytes on LP64). */
    private static final StructLayout STORAGE = MemoryLayout.structLayout(
            JAVA_BOOLEAN.withName("contiguous"),
            MemoryLayout.paddingLayout(7),
            ADDRESS.withName("urlpath"),
            ADDRESS.withName("cparams"),
            ADDRESS.withName("dparams"),
            ADDRESS.withName("io"));

    private final MemorySegment schunk;

    private static synchronized void bind() {
        if (open != null) {
            return;
        }
        CBlosc2 c = CBlosc2.load();
        open = c.downcall("blosc2_schunk_open", FunctionDescriptor.of(ADDRESS, ADDRESS));
        getSlice = c.downcall("blosc2_schunk_get_slice_buffer",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        free = c.downcall("blosc2_schunk_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        create = c.downcall("blosc2_schunk_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
        appendBuffer = c.downcall("blosc2_schunk_append_buffer",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT));
    }

    /**
     * Writes a new frame at {@code path} (which must not exist) with {@code blosc2_schunk_new}, appending
     * {@code data} in chunks of {@code chunkBytes} with {@code blosc2_schunk_append_buffer} (the last may be
     * shorter), then frees the super-chunk; returns the number of chunks. As python-blosc2's {@code SChunk} does
     * on {@code append_data}.
     */
    public static long write(Path path, boolean contiguous, CParams params,
                             MemorySegment data, int chunkBytes) {
        bind();
        if (!data.isNative() || chunkBytes <= 0) {
            throw new IllegalArgumentException("data must be native, chunkBytes positive");
        }
        try (Arena tmp = Arena.ofConfined()) {
            MemorySegment storage = tmp.allocate(STORAGE);
            storage.set(JAVA_BOOLEAN, 0, contiguous);
            storage.set(ADDRESS, STORAGE.byteOffset(groupElement("urlpath")),
                    tmp.allocateFrom(path.toString()));
            storage.set(ADDRESS, STORAGE.byteOffset(groupElement("cparams")),
                    CBlosc2Params.cparams(tmp, params));
            storage.set(ADDRESS, STORAGE.byteOffset(groupElement("dparams")),
                    CBlosc2Params.dparams(tmp, 1));
            MemorySegment sc = (MemorySegment) create.invokeExact(storage);
            if (sc.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("blosc2_schunk_new(" + path + ") returned NULL");
            }
            long n = 0;
            try {
                for (long pos = 0; pos < data.byteSize(); pos += chunkBytes) {
                    int len = (int) Math.min(chunkBytes, data.byteSize() - pos);
                    n = (long) appendBuffer.invokeExact(sc, data.asSlice(pos, len), len);
                    if (n < 0) {
                        throw new IllegalStateException("blosc2_schunk_append_buffer returned " + n);
                    }
                }
            } finally {
                int rc = (int) free.invokeExact(sc);
            }
            return n;
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
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
