package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Tells C2 that a segment is native, so the vector loads and stores of a kernel compile against native memory
 * whatever else the JVM has run.
 *
 * <p>The JDK's vector loads and stores go through one shared method per direction
 * ({@code ScopedMemoryAccess.loadFromMemorySegmentScopedInternal}, {@code store...}) whose type profile of the
 * segment is JVM-wide. Once anything has run a vector load or store on a heap segment there, even the JDK's own
 * interpreted {@code reinterpretAs*} (which goes through a heap segment when not compiled), C2 compiles every
 * later kernel for both kinds of segment, and they run up to twice as slow (typesize-8 unshuffle in cache: 20 to 11
 * GB/s after a single shuffle call). A cast through the constant class of native segments gives the compiler the
 * exact kind instead, and the profile is no longer consulted.
 */
final class NativeSegments {
    /** The class of native segments (mapped ones are a subclass of it). */
    private static final Class<? extends MemorySegment> NATIVE = MemorySegment.NULL.getClass();

    private NativeSegments() {
    }

    /** {@code segment}, typed for the compiler as native; it must be native (the kernels' callers check). */
    static MemorySegment typed(MemorySegment segment) {
        return NATIVE.cast(segment);
    }
}
