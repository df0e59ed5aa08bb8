package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Per-thread native buffers that stand in for heap segments, so that the vector loops of the filters only ever see
 * native memory (see {@link NativeSegments} for why a single heap segment in a vector loop slows every later one).
 * A heap source is copied in ({@link #copyIn}); a heap destination is written in a buffer ({@link #room}) and copied
 * out ({@link #copyOut}). Native segments pass through untouched. Buffers up to {@value #KEEP} bytes are kept by the
 * thread (one per slot, so a kernel can stage three segments at once); larger ones are left to the GC.
 */
final class NativeStaging {
    /** Largest buffer a thread keeps, per slot. */
    static final long KEEP = 4L << 20;
    private static final ThreadLocal<MemorySegment[]> KEPT = ThreadLocal.withInitial(
            () -> new MemorySegment[] {MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL});

    private NativeStaging() {
    }

    /** {@code segment} when native, else buffer {@code slot} holding a copy of its first {@code bytes} bytes. */
    static MemorySegment copyIn(MemorySegment segment, long bytes, int slot) {
        if (segment.isNative()) {
            return segment;
        }
        MemorySegment buffer = buffer(slot, bytes);
        MemorySegment.copy(segment, 0, buffer, 0, bytes);
        return buffer;
    }

    /** {@code segment} when native, else buffer {@code slot} (at least {@code bytes} bytes, contents undefined). */
    static MemorySegment room(MemorySegment segment, long bytes, int slot) {
        return segment.isNative() ? segment : buffer(slot, bytes);
    }

    /** Copies the first {@code bytes} bytes of {@code staged} into {@code segment} when it stood in for it. */
    static void copyOut(MemorySegment staged, MemorySegment segment, long bytes) {
        if (staged != segment) {
            MemorySegment.copy(staged, 0, segment, 0, bytes);
        }
    }

    private static MemorySegment buffer(int slot, long bytes) {
        if (bytes > KEEP) {
            return Arena.ofAuto().allocate(bytes, 64);
        }
        MemorySegment[] kept = KEPT.get();
        if (kept[slot].byteSize() < bytes) {
            kept[slot] = Arena.ofAuto().allocate(Math.max(bytes, 64 * 1024), 64);
        }
        return kept[slot];
    }
}
