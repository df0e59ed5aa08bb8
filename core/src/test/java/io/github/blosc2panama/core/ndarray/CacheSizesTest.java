package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache sizes behind the default chunk and block shapes, read from sysfs as python-blosc2 4.x reads them. */
class CacheSizesTest {
    @TempDir
    Path cache;

    private void write(int index, String size) throws IOException {
        Path dir = Files.createDirectories(cache.resolve("index" + index));
        Files.writeString(dir.resolve("size"), size + "\n");
    }

    @Test
    void withoutSysfsCachesTheDefaultsArePythonBlosc2s() {
        // a KVM guest with no cache directory: python-blosc2 then takes 32 KiB, 256 KiB and 1 MiB
        Partitions.CacheSizes c = Partitions.CacheSizes.fromSysfs(cache.resolve("absent"), true);
        assertEquals(new Partitions.CacheSizes(32 << 10, 256 << 10, 1 << 20, true), c);
    }

    @Test
    void readsIndexesZeroTwoAndThree() throws IOException {
        write(0, "48K");
        write(1, "32K"); // the instruction cache: not read
        write(2, "1M");
        write(3, "2G");
        assertEquals(new Partitions.CacheSizes(48 << 10, 1 << 20, 2L << 30, false),
                Partitions.CacheSizes.fromSysfs(cache, false));
    }

    @Test
    void eachUnreadableSizeTakesItsOwnDefault() throws IOException {
        write(0, "64K");
        write(2, "512"); // no unit: python-blosc2 ignores it
        write(3, "junkM");
        assertEquals(new Partitions.CacheSizes(64 << 10, 256 << 10, 1 << 20, true),
                Partitions.CacheSizes.fromSysfs(cache, true));
    }

    @Test
    void theDefaultShapesOnAMachineWithoutCacheInformation() {
        // python-blosc2 4.12 on such a machine: compute_chunks_blocks((300, 200), dtype=float64) -> (300, 200), (30,
        // 200); ((100000,), int32) -> (100000,), (12500,)
        Partitions.CacheSizes c = Partitions.CacheSizes.fromSysfs(cache.resolve("absent"), true);
        Partitions.Choice a = Partitions.choose(new long[] {300, 200}, null, null, 8, c);
        assertEquals("[300, 200] [30, 200]", java.util.Arrays.toString(a.chunkshape()) + " "
                + java.util.Arrays.toString(a.blockshape()));
        Partitions.Choice b = Partitions.choose(new long[] {100_000}, null, null, 4, c);
        assertEquals("[100000] [12500]", java.util.Arrays.toString(b.chunkshape()) + " "
                + java.util.Arrays.toString(b.blockshape()));
    }
}
