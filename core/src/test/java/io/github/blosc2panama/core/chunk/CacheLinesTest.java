package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class CacheLinesTest {
    @Test
    void readsTheFirstByteOfEveryLineOfTheRangeAndNothingOutsideIt() {
        try (Arena arena = Arena.ofConfined()) {
            for (long offset : new long[] {0, 1, 63, 64, 200}) {
                for (long length : new long[] {0, 1, 63, 64, 65, 127, 128, 129, 1000, 4096}) {
                    // a segment that ends where the range ends, over bytes that say where they are
                    MemorySegment s = arena.allocate(offset + length);
                    for (long i = 0; i < s.byteSize(); i++) {
                        s.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + 3));
                    }
                    long expected = 0;
                    for (long line = 0; line * 64 < length; line++) {
                        expected += (byte) ((offset + line * 64) * 7 + 3);
                    }
                    assertEquals(expected, CacheLines.touch(s, offset, length), "offset " + offset + ", " + length
                            + " bytes");
                    assertEquals(expected, CacheLines.touch(MemorySegment.ofArray(s.toArray(ValueLayout.JAVA_BYTE)),
                            offset, length), "heap, offset " + offset + ", " + length + " bytes");
                }
            }
        }
    }
}
