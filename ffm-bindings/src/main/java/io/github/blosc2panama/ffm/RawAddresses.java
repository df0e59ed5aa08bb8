package io.github.blosc2panama.ffm;

import java.lang.foreign.MemorySegment;

/**
 * About the raw-address overloads ({@code long} instead of {@link MemorySegment} for a buffer), used where a call
 * must allocate nothing: slicing a segment at a stream makes an object per call, which the JIT removes only when
 * its inlining heuristics allow.
 *
 * <p>Given a segment, FFM checks the bounds, that the memory is alive and that this thread may touch it, and keeps
 * the memory alive during the call. Given an address it can do none of that, so the caller must: take the address
 * from a native segment ({@code segment.address() + offset}), check that the range lies inside the segment, that
 * the segment is alive and accessible from the calling thread, and keep the segment reachable until the call
 * returns ({@link java.lang.ref.Reference#reachabilityFence}). The one thing the caller cannot do is stop another
 * thread from closing a shared arena during the call; as with any memory shared across threads, the application
 * must not close memory another thread is still using.
 */
public final class RawAddresses {
    /**
     * The whole address space as one native segment (from address 0, {@code Long.MAX_VALUE} bytes, the global scope),
     * for loops that read and write native memory by address. An access through it is checked against nothing, where
     * one through the segment that owns the memory checks its bounds, its scope and the thread (C2 hoists those checks
     * out of a loop only while the loop calls nothing; a decoder's loop calls its match copies). Its user makes the
     * checks above once, before the loop, and keeps every address inside the ranges so checked.
     */
    public static final MemorySegment ADDRESS_SPACE = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private RawAddresses() {
    }

    /** A segment over {@code size} bytes at {@code address} (for backends that need one; allocates). */
    static MemorySegment segment(long address, long size) {
        return MemorySegment.ofAddress(address).reinterpret(size);
    }
}
