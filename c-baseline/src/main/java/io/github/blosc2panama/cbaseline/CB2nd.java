package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * An FFM binding to C-Blosc2's b2nd reader, the baseline of the benchmarks' b2nd slices: {@code b2nd_open},
 * {@code b2nd_get_slice_cbuffer} and {@code b2nd_free} of the same libblosc2 {@link CBlosc2} loads
 * (which also runs {@code blosc2_init}). For baselines only (see the package documentation).
 */
public final class CB2nd implements AutoCloseable {
    private static MethodHandle open;
    private static MethodHandle getSlice;
    private static MethodHandle free;

    private final MemorySegment array;
    private final int ndim;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment start;
    private final MemorySegment stop;
    private final MemorySegment bufShape;

    private static synchronized void bind() {
        if (open != null) {
            return;
        }
        CBlosc2 c = CBlosc2.load();
        open = c.downcall("b2nd_open", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        getSlice = c.downcall("b2nd_get_slice_cbuffer",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
        free = c.downcall("b2nd_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /** {@code b2nd_open(path)}; throws when C refuses the file. */
    public CB2nd(Path path, int ndim) {
        bind();
        this.ndim = ndim;
        start = arena.allocate(8L * Math.max(ndim, 1));
        stop = arena.allocate(8L * Math.max(ndim, 1));
        bufShape = arena.allocate(8L * Math.max(ndim, 1));
        try (Arena tmp = Arena.ofConfined()) {
            MemorySegment out = tmp.allocate(ADDRESS);
            int rc = (int) open.invokeExact(tmp.allocateFrom(path.toString()), out);
            if (rc < 0) {
                throw new IllegalStateException("b2nd_open(" + path + ") returned " + rc);
            }
            array = out.get(ADDRESS, 0);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** {@code b2nd_get_slice_cbuffer} of {@code [lo, hi)} into {@code dst} (native, at least the region's size). */
    public void getSlice(long[] lo, long[] hi, MemorySegment dst, long nbytes) {
        if (lo.length != ndim || hi.length != ndim || dst.byteSize() < nbytes) {
            throw new IllegalArgumentException("bad region or destination");
        }
        for (int i = 0; i < ndim; i++) {
            start.setAtIndex(JAVA_LONG, i, lo[i]);
            stop.setAtIndex(JAVA_LONG, i, hi[i]);
            bufShape.setAtIndex(JAVA_LONG, i, hi[i] - lo[i]);
        }
        try {
            int rc = (int) getSlice.invokeExact(array, start, stop, dst, bufShape, nbytes);
            if (rc < 0) {
                throw new IllegalStateException("b2nd_get_slice_cbuffer returned " + rc);
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
            int rc = (int) free.invokeExact(array);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        arena.close();
    }
}
