package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** Heap segments are staged through reused native buffers; native segments pass through. */
class NativeStagingTest {

    @Test
    void nativeSegmentsPassThrough() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(100);
            assertSame(n, NativeStaging.copyIn(n, 100, 0));
            assertSame(n, NativeStaging.room(n, 100, 1));
            NativeStaging.copyOut(n, n, 100); // nothing to do, nothing breaks
        }
    }

    @Test
    void heapSegmentsAreCopiedInAndOutThroughReusedNativeBuffers() {
        byte[] data = TestData.random(5, 10_000);
        MemorySegment heap = MemorySegment.ofArray(data.clone());
        MemorySegment in = NativeStaging.copyIn(heap, data.length, 0);
        assertTrue(in.isNative());
        assertArrayEquals(data, in.asSlice(0, data.length).toArray(JAVA_BYTE));

        MemorySegment out = NativeStaging.room(MemorySegment.ofArray(new byte[data.length]), data.length, 1);
        assertTrue(out.isNative());
        assertNotSame(in, out, "each slot has its own buffer");
        byte[] target = new byte[data.length];
        MemorySegment.copy(in, 0, out, 0, data.length);
        NativeStaging.copyOut(out, MemorySegment.ofArray(target), data.length);
        assertArrayEquals(data, target);

        // steady state: the same buffers again, whatever (smaller) size is asked
        assertSame(in, NativeStaging.copyIn(heap, 5_000, 0));
        assertSame(out, NativeStaging.room(MemorySegment.ofArray(target), 7_000, 1));
    }

    @Test
    void segmentsLargerThanTheKeptBuffersStillWork() {
        int n = (int) NativeStaging.KEEP + 3;
        byte[] data = TestData.random(6, n);
        MemorySegment staged = NativeStaging.copyIn(MemorySegment.ofArray(data), n, 2);
        assertTrue(staged.isNative());
        assertEquals(-1, staged.asSlice(0, n).mismatch(MemorySegment.ofArray(data)));
        assertNotSame(staged, NativeStaging.copyIn(MemorySegment.ofArray(data), n, 2), "not kept");
    }
}
