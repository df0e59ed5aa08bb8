package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.FrameHeader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A frame's header records the compression thread count it was written with (int16, big-endian), and appending to an
 * opened frame compresses with it. It comes from the file: 32,767 made the first append start 32,766 block workers
 * (3,072 threads in one fuzzing JVM before it died). It now counts only as far as this machine has processors.
 */
class HeaderNthreadsTest {
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, Short.MAX_VALUE, -1})
    void appendingUsesTheHeadersThreadsUpToTheProcessors(int nthreads) {
        byte[] frame;
        try (SChunk sc = SChunk.create(Storage.inMemory(), CParams.builder().typesize(4).build(), 4096,
                ChunkCodec.BLOSC2)) {
            sc.append(MemorySegment.ofArray(new byte[4096]));
            frame = sc.toCframe();
        }
        MemorySegment.ofArray(frame).set(BE_SHORT, FrameHeader.POS_NTHREADS_C, (short) nthreads);
        int cores = Runtime.getRuntime().availableProcessors();
        byte[] data = new byte[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7 / 4);
        }
        try (SChunk sc = SChunk.fromCframe(MemorySegment.ofArray(frame), ChunkCodec.BLOSC2)) {
            assertEquals(nthreads, sc.header().nthreadsC(), "the header as read");
            assertEquals(Math.clamp(nthreads, 1, cores), sc.cparams().nthreads());
            sc.append(MemorySegment.ofArray(data));
            assertArrayEquals(data, sc.decompressChunk(1));
        }
    }
}
