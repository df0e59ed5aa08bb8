package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Detects streams made of one repeated byte, which are stored as a run instead of being compressed. */
final class StreamRuns {
    private StreamRuns() {
    }

    static boolean isRun(MemorySegment stream) {
        long n = stream.byteSize();
        if (n == 0) {
            return true;
        }
        byte x = stream.get(ValueLayout.JAVA_BYTE, 0);
        long pattern = (x & 0xFFL) * 0x0101010101010101L;
        long i = 0;
        for (; i + 8 <= n; i += 8) {
            if (stream.get(ValueLayout.JAVA_LONG_UNALIGNED, i) != pattern) {
                return false;
            }
        }
        for (; i < n; i++) {
            if (stream.get(ValueLayout.JAVA_BYTE, i) != x) {
                return false;
            }
        }
        return true;
    }
}
