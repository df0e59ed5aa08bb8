package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class StreamRunsTest {
    @Test
    void aRunIsOneByteRepeatedAndAnyOtherByteAnywhereBreaksIt() {
        try (Arena arena = Arena.ofConfined()) {
            for (MemorySegment base : new MemorySegment[] {MemorySegment.ofArray(new byte[300]), arena.allocate(301)}) {
                for (int n = 0; n <= 130; n++) {
                    MemorySegment stream = base.asSlice(base.byteSize() - n, n); // unaligned for the native one
                    for (byte value : new byte[] {0, 1, (byte) 0xFF}) {
                        stream.fill(value);
                        assertTrue(StreamRuns.isRun(stream), n + " bytes of " + value);
                        for (int at = 0; n > 1 && at < n; at++) { // one byte alone is always a run
                            stream.set(ValueLayout.JAVA_BYTE, at, (byte) (value ^ 0x10));
                            assertFalse(StreamRuns.isRun(stream), n + " bytes of " + value + ", other byte at " + at);
                            stream.set(ValueLayout.JAVA_BYTE, at, value);
                        }
                    }
                }
            }
        }
    }

    @Test
    void fillWritesOnlyItsRange() {
        byte[] a = new byte[1000];
        for (int length : new int[] {0, 1, 7, 8, 63, 64, 65, 200, 777}) {
            java.util.Arrays.fill(a, (byte) 3);
            StreamRuns.fill(MemorySegment.ofArray(a), 5, length, (byte) 9);
            for (int i = 0; i < a.length; i++) {
                assertEquals(i >= 5 && i < 5 + length ? 9 : 3, a[i], "length " + length + " at " + i);
            }
        }
    }
}
