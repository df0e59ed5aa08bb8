package io.github.blosc2panama.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CodecBenchmark's cases run outside JMH: every codec x binding x memory round-trips (the setup checks it),
 * a timed pass writes the same sizes again and decodes the full blocks, and FFM and JNI compress the same
 * data to sizes within a few percent of each other (same algorithm and level, different library builds).
 */
class CodecBenchmarkTest {
    static Stream<Arguments> cases() {
        return Stream.of("lz4", "lz4hc", "zstd").flatMap(codec -> Stream.of("native", "heap")
                .map(memory -> Arguments.of(codec, memory)));
    }

    private static CodecBenchmark run(String dataset, String codec, String impl, String memory) {
        CodecBenchmark b = new CodecBenchmark();
        b.dataset = dataset;
        b.codec = codec;
        b.clevel = 5;
        b.impl = impl;
        b.memory = memory;
        b.setup();
        return b;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void ffmAndJniRoundTripAndAgreeOnTheRatio(String codec, String memory) {
        Map<String, Long> sizes = new HashMap<>();
        for (String impl : new String[] {"ffm", "jni"}) {
            CodecBenchmark b = run("i64_walk", codec, impl, memory);
            try {
                long expected = 0;
                for (int n : b.blocks().csize) {
                    expected += n;
                }
                assertEquals(expected, b.compress(), impl + ": a timed pass writes what the setup wrote");
                assertEquals((long) CodecBenchmark.BLOCKS * CodecBenchmark.BLOCK_SIZE, b.decompress(), impl);
                assertEquals(-1, b.blocks().out.mismatch(b.blocks().src[CodecBenchmark.BLOCKS - 1]), impl);
                sizes.put(impl, expected);
            } finally {
                b.tearDown();
            }
        }
        long ffm = sizes.get("ffm");
        long jni = sizes.get("jni");
        assertTrue(ffm < (long) CodecBenchmark.BLOCKS * CodecBenchmark.BLOCK_SIZE / 2, "a walk compresses: " + ffm);
        assertTrue(Math.abs(ffm - jni) <= 0.05 * jni, codec + ": ffm " + ffm + " vs jni " + jni + " bytes");
    }

    @Test
    void clevelIsMappedAsCBlosc2Does() {
        assertEquals(5, BlockCoder.lz4Acceleration(5));
        assertEquals(1, BlockCoder.lz4Acceleration(9));
        assertEquals(1, BlockCoder.zstdLevel(1));
        assertEquals(9, BlockCoder.zstdLevel(5));
        assertEquals(22, BlockCoder.zstdLevel(9));
        CodecBenchmark b = new CodecBenchmark();
        b.dataset = "text";
        b.codec = "lz4";
        b.clevel = 0;
        b.impl = "ffm";
        b.memory = "heap";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setup);
        assertTrue(e.getMessage().contains("clevel must be 1..9"), e.getMessage());
    }
}
