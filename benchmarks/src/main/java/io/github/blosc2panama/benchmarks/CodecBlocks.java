package io.github.blosc2panama.benchmarks;

import io.github.blosc2panama.ffm.Lz4;
import io.github.blosc2panama.ffm.Zstd;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * The buffers of {@link CodecBenchmark}: {@code n} blocks of data, one compressed slot per block and one
 * decompression output, all allocated once, either native (segments, and direct ByteBuffers over them for
 * JNI) or on the heap (byte arrays, and heap segments over them for FFM). Slices are made once too.
 */
final class CodecBlocks {
    final int blockSize;
    final int count;
    final int capacity;
    final boolean heap;

    // Views for the FFM side (native segments, or heap segments over the arrays).
    final MemorySegment[] src;
    final MemorySegment[] slot;
    final MemorySegment out;

    // Views for the JNI side: direct buffers (native) or arrays (heap); offsets are i * blockSize / i * capacity.
    final ByteBuffer dataBuffer;
    final ByteBuffer slotBuffer;
    final ByteBuffer outBuffer;
    final byte[] dataArray;
    final byte[] slotArray;
    final byte[] outArray;

    final int[] csize;

    CodecBlocks(Arena arena, MemorySegment data, int blockSize, boolean heap) {
        if (data.byteSize() % blockSize != 0 || data.byteSize() / blockSize > 4096) {
            throw new IllegalArgumentException("data must be a whole number (<= 4096) of " + blockSize + "-byte blocks");
        }
        this.blockSize = blockSize;
        this.count = (int) (data.byteSize() / blockSize);
        this.capacity = (int) Math.max(Lz4.LZ4_compressBound(blockSize), Zstd.ZSTD_compressBound(blockSize));
        this.heap = heap;
        MemorySegment all;
        MemorySegment slots;
        if (heap) {
            dataArray = data.toArray(ValueLayout.JAVA_BYTE);
            slotArray = new byte[count * capacity];
            outArray = new byte[blockSize];
            all = MemorySegment.ofArray(dataArray);
            slots = MemorySegment.ofArray(slotArray);
            out = MemorySegment.ofArray(outArray);
            dataBuffer = null;
            slotBuffer = null;
            outBuffer = null;
        } else {
            all = arena.allocate(data.byteSize(), 64).copyFrom(data);
            slots = arena.allocate((long) count * capacity, 64);
            out = arena.allocate(blockSize, 64);
            dataBuffer = all.asByteBuffer();
            slotBuffer = slots.asByteBuffer();
            outBuffer = out.asByteBuffer();
            dataArray = null;
            slotArray = null;
            outArray = null;
        }
        src = new MemorySegment[count];
        slot = new MemorySegment[count];
        for (int i = 0; i < count; i++) {
            src[i] = all.asSlice((long) i * blockSize, blockSize);
            slot[i] = slots.asSlice((long) i * capacity, capacity);
        }
        csize = new int[count];
    }

    /** The compressed bytes of block {@code i} (after {@link CodecBenchmark}'s setup filled them). */
    MemorySegment compressed(int i) {
        return slot[i].asSlice(0, csize[i]);
    }
}
