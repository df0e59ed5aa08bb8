package io.github.blosc2panama.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SplitMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DatasetsTest {
    /** The check values of DATASETS.md: sha256 prefixes of the whole 64 MiB datasets. */
    @ParameterizedTest
    @ValueSource(strings = {"f64_noise", "i32_arange", "i64_walk", "text"})
    void sixtyFourMiBCheckValues(String name) throws Exception {
        Dataset d = Datasets.dataset(name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Datasets.CHECK_NBYTES);
            d.fill(seg);
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(seg.asByteBuffer());
            String hex = HexFormat.of().formatHex(md.digest());
            assertEquals(d.sha256Prefix64M(), hex.substring(0, 16));
        }
    }

    @Test
    void datasetsAreTheFourOfDatasetsMd() {
        assertEquals(List.of("f64_noise", "i32_arange", "i64_walk", "text"),
                Datasets.datasets().stream().map(Dataset::name).toList());
        assertEquals(List.of(8, 4, 8, 1), Datasets.datasets().stream().map(Dataset::typesize).toList());
        assertThrows(InvalidArgumentException.class, () -> Datasets.dataset("f32_noise"));
    }

    @Test
    void datasetPrefixIsAPrefixOfTheStream() {
        for (Dataset d : Datasets.datasets()) {
            byte[] big = d.generate(100_003);
            byte[] small = d.generate(77_777);
            assertEquals(HexFormat.of().formatHex(small),
                    HexFormat.of().formatHex(java.util.Arrays.copyOf(big, small.length)), d.name());
        }
    }

    @Test
    void configurationsMapToCParams() {
        assertEquals(List.of("blosclz-5-shuffle", "lz4-5-shuffle", "lz4-5-bitshuffle", "lz4hc-5-shuffle",
                "zstd-1-shuffle", "zstd-5-bitshuffle", "zlib-5-shuffle"),
                Datasets.configurations().stream().map(BenchConfig::name).toList());
        CParams p = Datasets.configuration("zstd-5-bitshuffle").cparams(8, 2);
        assertEquals(Codec.ZSTD, p.codec());
        assertEquals(5, p.clevel());
        assertEquals(8, p.typesize());
        assertEquals(2, p.nthreads());
        assertEquals(0, p.blocksize());
        assertEquals(SplitMode.FORWARD_COMPAT, p.splitMode());
        assertEquals(List.of(Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER,
                Filter.BITSHUFFLE), p.filters());
        assertEquals(0, p.codecMeta());
        CParams q = Datasets.configuration("lz4hc-5-shuffle").cparams(1, 1);
        assertEquals(Codec.LZ4HC, q.codec());
        assertEquals(Filter.SHUFFLE, q.filter(5));
        assertEquals(1, q.typesize());
        assertThrows(InvalidArgumentException.class, () -> Datasets.configuration("lz4-9-shuffle"));
    }
}
