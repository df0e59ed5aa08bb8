package io.github.blosc2panama.core.chunk;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads one byte of every 64-byte cache line of a block before the filters pass over it, so that the block comes in
 * from memory at the rate of independent loads rather than at the rate of the filter's own loads, each of which
 * waits behind the vector work of the ones before it. Used by {@link BlockEncoder} on the blocks of chunks larger than
 * {@link #MIN_CHUNK}, which cannot all be in the core's L2 from the caller's last pass over them.
 *
 * <p>Measured on AMD Zen 5 (KVM, 2 cores), 256 KiB blocks, typesize 8, GB/s: from a 64 MiB buffer (memory) the byte
 * shuffle ran at 14.5 alone and 29.6 after the reads (memcpy: 30), the bit shuffle at 11.0 and 16.4; from a 4 MiB
 * buffer (L3) at 60 and 54, 24.6 and 22.7; from 1 MiB (L2) at 70 and 53. Whole chunks of the 64 MiB datasets, one
 * thread: i32_arange lz4-5-shuffle 12.3-12.7 -> 16.9-17.1 GB/s, f64_noise lz4-5-bitshuffle 4.3-4.4 -> 4.8-5.0,
 * i64_walk lz4-5-bitshuffle 5.2-5.4 -> 6.3; over the first 16 MiB (partly in L3) -5 % to +8 % (one and two
 * threads); heap sources, which the kernels copy to native memory first (a copy that already streams at memcpy's
 * rate), level. Reading every other line instead kept none of the gain.
 */
final class CacheLines {
    /** Chunks of at most this many bytes are not read ahead: their blocks may still be in L2. */
    static final long MIN_CHUNK = 1 << 20;
    private static final int LINE = 64;

    private CacheLines() {
    }

    /**
     * Reads the first byte of each 64-byte line of {@code s[offset, offset + length)}, the last line possibly partial;
     * returns their sum, which the caller keeps so that the reads are not optimized away.
     */
    static long touch(MemorySegment s, long offset, long length) {
        long sum = 0;
        for (long i = 0; i < length; i += LINE) {
            sum += s.get(ValueLayout.JAVA_BYTE, offset + i);
        }
        return sum;
    }
}
