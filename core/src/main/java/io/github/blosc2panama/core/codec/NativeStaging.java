package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * Raw native addresses for the per-stream calls of the native codecs, so that a call makes no segment (slicing at
 * each stream would leave an object per call, removed by the JIT only when its inlining heuristics allow).
 *
 * <p>Native memory is passed where it is, after the checks FFM would make on a segment (see
 * {@link io.github.blosc2panama.ffm.RawAddresses}). Heap memory has no address: a heap stream is copied into this
 * thread's input buffer before the call, and a heap output is written to this thread's output buffer and copied to
 * its place after the call ({@link #finish}). The buffers grow on demand and are reused. Our own LZ77 decoders,
 * whose fast loops read and write by address, get native memory the same way ({@link #decode}).
 */
final class NativeStaging {
    private static final ThreadLocal<NativeStaging> LOCAL = ThreadLocal.withInitial(NativeStaging::new);

    private MemorySegment in = MemorySegment.NULL;
    private MemorySegment out = MemorySegment.NULL;

    private NativeStaging() {
    }

    static NativeStaging get() {
        return LOCAL.get();
    }

    /** The address of {@code src[offset, offset + size)}: its own when native, else of a copy in the input buffer. */
    long input(MemorySegment src, long offset, int size) {
        if (src.isNative()) {
            Objects.checkFromIndexSize(offset, size, src.byteSize());
            return usable(src).address() + offset;
        }
        return paddedInput(src, offset, size, 0);
    }

    /**
     * The address of a copy of {@code src[offset, offset + size)} in the input buffer, followed by {@code zeros} zero
     * bytes (for a decoder that stops its fast loop some bytes before the end of its input).
     */
    long paddedInput(MemorySegment src, long offset, int size, int zeros) {
        Objects.checkFromIndexSize(offset, size, src.byteSize());
        long total = (long) size + zeros;
        if (in.byteSize() < total) {
            in = allocate(total);
        }
        MemorySegment.copy(src, offset, in, 0, size);
        for (long at = size; at < total; at++) {
            in.set(ValueLayout.JAVA_BYTE, at, (byte) 0); // no slice: a slice here is an object per call unless inlined
        }
        return in.address();
    }

    /**
     * Where a codec writes {@code dst[offset, offset + size)}: there when {@code dst} is native, else in the output
     * buffer, from which {@link #finish} copies it.
     */
    long output(MemorySegment dst, long offset, int size) {
        Objects.checkFromIndexSize(offset, size, dst.byteSize());
        if (dst.isReadOnly()) {
            throw new InvalidArgumentException("the destination segment is read-only");
        }
        if (dst.isNative()) {
            return usable(dst).address() + offset;
        }
        if (out.byteSize() < size) {
            out = allocate(size);
        }
        return out.address();
    }

    /** Puts the {@code n} bytes a codec wrote at {@link #output} in place, when {@code dst} is on the heap. */
    void finish(MemorySegment dst, long offset, int n) {
        if (!dst.isNative() && n > 0) {
            MemorySegment.copy(out, 0, dst, offset, n);
        }
    }

    /**
     * Runs {@code decoder} on {@code in[inBase, inBase + length)} into {@code out[outBase, outBase + maxout)} with both
     * sides native, after the checks of {@link #input} and {@link #output}: a heap input is copied to the input buffer
     * first, a heap output is written to the output buffer and copied to its place once the decoder returns. Both
     * segments stay reachable until then. Returns what the decoder returns (the bytes it wrote).
     */
    int decode(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout,
            NativeDecoder decoder) {
        long inAddress = input(in, inBase, length);
        long outAddress = output(out, outBase, maxout);
        MemorySegment from = in.isNative() ? in : this.in;
        MemorySegment to = out.isNative() ? out : this.out;
        int n = decoder.decode(from, inAddress - from.address(), length, to, outAddress - to.address(), maxout);
        finish(out, outBase, n);
        Reference.reachabilityFence(in);
        Reference.reachabilityFence(out);
        return n;
    }

    /** A decoder of native memory only ({@link #decode} gives it that). */
    interface NativeDecoder {
        /** Decodes {@code in[inBase, inBase + length)} into {@code out[outBase, outBase + maxout)}; both native. */
        int decode(MemorySegment in, long inBase, int length, MemorySegment out, long outBase, int maxout);
    }

    /** {@code segment}, after FFM's checks: alive, and this thread may touch it. */
    private static MemorySegment usable(MemorySegment segment) {
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException("Already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException("Attempted access outside owning thread");
        }
        return segment;
    }

    private static MemorySegment allocate(long size) {
        // Rounded up so that slowly growing sizes do not reallocate every time.
        long rounded = Math.max(4096, Long.highestOneBit(Math.max(1, size - 1)) << 1);
        return Arena.ofAuto().allocate(rounded, 64);
    }
}
