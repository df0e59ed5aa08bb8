package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.testutil.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Round trips over codecs x filter pipelines x typesizes 1..300 x sizes 0..2 MiB (not multiples of
 * typesize or blocksize) x splitmodes x clevels 0..9, drawn at random with a fixed seed.
 */
class RoundTripTest {
    private static final Filter[][] LOSSLESS_PIPELINES = {
        {},
        {Filter.SHUFFLE},
        {Filter.BITSHUFFLE},
        {Filter.DELTA},
        {Filter.DELTA, Filter.SHUFFLE},
        {Filter.DELTA, Filter.BITSHUFFLE},
        {Filter.SHUFFLE, Filter.BITSHUFFLE},
        {Filter.SHUFFLE, Filter.BYTEDELTA},
        {Filter.BITSHUFFLE, Filter.SHUFFLE, Filter.DELTA},
    };

    @TestFactory
    Stream<DynamicTest> randomParameterSets() {
        SplittableRandom r = new SplittableRandom(20261121);
        return IntStream.range(0, 400).mapToObj(i -> {
            Codec codec = Codec.values()[r.nextInt(Codec.values().length)];
            int clevel = r.nextInt(10);
            int typesize = switch (r.nextInt(4)) {
                case 0 -> 1 + r.nextInt(8);
                case 1 -> new int[] {2, 4, 8, 16}[r.nextInt(4)];
                case 2 -> 1 + r.nextInt(40);
                default -> 1 + r.nextInt(300);
            };
            int nbytes = switch (r.nextInt(4)) {
                case 0 -> r.nextInt(100);
                case 1 -> r.nextInt(70_000);
                case 2 -> r.nextInt(600_000);
                default -> r.nextInt(2 * 1024 * 1024 + 1);
            };
            Filter[] pipeline = LOSSLESS_PIPELINES[r.nextInt(LOSSLESS_PIPELINES.length)];
            SplitMode split = SplitMode.values()[r.nextInt(SplitMode.values().length)];
            int blocksize = r.nextInt(4) == 0 ? 1 + r.nextInt(200_000) : 0;
            TestData.Shape shape = TestData.Shape.values()[r.nextInt(TestData.Shape.values().length)];
            boolean useDict = r.nextInt(6) == 0 && codec != Codec.BLOSCLZ && codec != Codec.ZLIB;
            int nthreads = 1 + r.nextInt(2);
            CParams p = CParams.builder().codec(codec).clevel(clevel).typesize(typesize).filters(pipeline)
                    .splitMode(split).blocksize(blocksize).useDict(useDict).nthreads(nthreads).build();
            long seed = r.nextLong();
            String name = i + ": " + shape + " n=" + nbytes + " " + p;
            return DynamicTest.dynamicTest(name, () -> roundTrip(TestData.make(shape, nbytes, typesize, seed), p));
        });
    }

    static void roundTrip(byte[] data, CParams p) {
        byte[] chunk = Blosc2.compress(data, p);
        ChunkInfo info = Blosc2.info(chunk);
        assertEquals(data.length, info.nbytes());
        assertEquals(chunk.length, info.cbytes());
        assertTrue(chunk.length <= data.length + Blosc2.MAX_OVERHEAD);
        assertArrayEquals(data, Blosc2.decompress(chunk), "round trip");
        // Our output never depends on nthreads.
        byte[] again = Blosc2.compress(data, p.toBuilder().nthreads(p.nthreads() == 1 ? 2 : 1).build());
        assertArrayEquals(chunk, again, "same chunk whatever nthreads");
        // Header blocksize agrees with the blocks actually written.
        if (!info.vlBlocks() && info.nbytes() > 0) {
            int expectedBlocks = (info.nbytes() + info.blocksize() - 1) / info.blocksize();
            assertEquals(expectedBlocks, info.nblocks());
        }
        if (data.length > 0) {
            int ts = info.typesize();
            long nitems = data.length / ts;
            if (nitems > 0) {
                long start = nitems / 3;
                long count = Math.max(1, nitems / 4);
                byte[] items = Blosc2.getItems(chunk, start, count);
                assertArrayEquals(Arrays.copyOfRange(data, (int) (start * ts), (int) ((start + count) * ts)), items,
                        "getitem");
            }
        }
    }

    @Test
    void everyCodecAndClevelOnSmallSizes() {
        for (Codec codec : Codec.values()) {
            for (int clevel = 0; clevel <= 9; clevel++) {
                for (int n : new int[] {0, 1, 7, 31, 32, 33, 4095, 4097, 65537}) {
                    for (int ts : new int[] {1, 3, 4, 8}) {
                        CParams p = CParams.builder().codec(codec).clevel(clevel).typesize(ts).build();
                        roundTrip(TestData.make(TestData.Shape.ARANGE, n, ts, n), p);
                        roundTrip(TestData.make(TestData.Shape.RANDOM, n, ts, n), p);
                    }
                }
            }
        }
    }

    /**
     * A blocksize below the typesize cannot be cut into typesize streams: even with {@code SplitMode.ALWAYS} such
     * chunks are written unsplit (they failed with IndexOutOfBoundsException, cutting 5-byte blocks into 8 streams of
     * 0 bytes). A blocksize that is whole items still splits.
     */
    @Test
    void alwaysSplitWithBlocksBelowTheTypesize() {
        for (Codec codec : new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}) {
            for (int ts : new int[] {2, 4, 8, 16, 33}) {
                for (int blocksize : new int[] {1, 3, 5, 7, ts - 1}) {
                    for (int n : new int[] {33, 100, 1000, 4099}) {
                        CParams p = CParams.builder().codec(codec).typesize(ts).filters(Filter.SHUFFLE)
                                .splitMode(SplitMode.ALWAYS).blocksize(blocksize).build();
                        byte[] data = TestData.make(TestData.Shape.ARANGE, n, ts, n);
                        roundTrip(data, p);
                        ChunkInfo info = Blosc2.info(Blosc2.compress(data, p));
                        assertTrue(info.memcpyed() || !info.split(), "unsplit: " + info);
                    }
                }
            }
            CParams whole = CParams.builder().codec(codec).typesize(4).filters(Filter.SHUFFLE)
                    .splitMode(SplitMode.ALWAYS).blocksize(4096).build();
            byte[] data = TestData.make(TestData.Shape.ARANGE, 100_000, 4, 7);
            roundTrip(data, whole);
            assertTrue(Blosc2.info(Blosc2.compress(data, whole)).split());
        }
    }

    @Test
    void nativeSegmentsAndOffsets() {
        byte[] data = TestData.make(TestData.Shape.FLOATS, 300_001, 8, 1);
        CParams p = CParams.builder().typesize(8).build();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment src = arena.allocate(data.length + 3).asSlice(3);
            MemorySegment.copy(MemorySegment.ofArray(data), 0, src, 0, data.length);
            MemorySegment dst = arena.allocate(Blosc2.maxCompressedSize(data.length) + 5).asSlice(5);
            long cbytes = Blosc2.compress(src, dst, p);
            MemorySegment back = arena.allocate(data.length + 1).asSlice(1);
            assertEquals(data.length, Blosc2.decompress(dst.asSlice(0, cbytes), back, new DParams(2)));
            assertArrayEquals(data, back.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void tightDestinationsGiveTheSameChunkWhateverNthreads() {
        // A compressible half then a random half: in a destination a little too small the blocks stop fitting
        // part way through and the chunk is refused. All random: every stream is stored raw, so the blocks take
        // more than a memcpy chunk, which is what a destination of nbytes + 32 gets.
        byte[] halves = new byte[1 << 20];
        System.arraycopy(TestData.make(TestData.Shape.ARANGE, halves.length / 2, 4, 1), 0, halves, 0,
                halves.length / 2);
        System.arraycopy(TestData.make(TestData.Shape.RANDOM, halves.length / 2, 4, 2), 0, halves,
                halves.length / 2, halves.length / 2);
        byte[] random = TestData.make(TestData.Shape.RANDOM, 1 << 20, 4, 3);
        CParams one = CParams.builder().codec(Codec.LZ4).typesize(4).blocksize(32 * 1024).build();
        int outcomes = 0;
        for (byte[] data : new byte[][] {halves, random}) {
            int full = Blosc2.compress(data, one).length;
            for (int destsize : new int[] {full, full - 1, full - 4000, data.length + 32, full / 2}) {
                byte[] expected = compressInto(data, one, destsize);
                for (int nthreads : new int[] {2, 3, 8}) {
                    byte[] got = compressInto(data, one.toBuilder().nthreads(nthreads).build(), destsize);
                    assertArrayEquals(expected, got, "destsize " + destsize + ", nthreads " + nthreads);
                }
                if (expected != null) {
                    assertArrayEquals(data, Blosc2.decompress(expected), "destsize " + destsize);
                    outcomes |= Blosc2.info(expected).memcpyed() ? 1 : 2;
                } else {
                    outcomes |= 4;
                }
            }
        }
        assertEquals(7, outcomes, "compressed, memcpyed and refused each seen");
    }

    /** The chunk written into a destination of {@code destsize} bytes, or null when it is refused. */
    private static byte[] compressInto(byte[] data, CParams p, int destsize) {
        MemorySegment dst = MemorySegment.ofArray(new byte[destsize]);
        try {
            long cbytes = Blosc2.compress(MemorySegment.ofArray(data), dst, p);
            return dst.asSlice(0, cbytes).toArray(ValueLayout.JAVA_BYTE);
        } catch (io.github.blosc2panama.core.InvalidArgumentException e) {
            return null;
        }
    }

    @Test
    void allZerosBecomeASpecialChunk() {
        byte[] zeros = new byte[1 << 20];
        byte[] chunk = Blosc2.compress(zeros, CParams.builder().codec(Codec.LZ4).typesize(4).build());
        assertEquals(32, chunk.length);
        assertEquals(io.github.blosc2panama.core.SpecialValue.ZERO, Blosc2.info(chunk).special());
        assertArrayEquals(zeros, Blosc2.decompress(chunk));
    }

    @Test
    void incompressibleDataIsMemcpyed() {
        byte[] data = TestData.make(TestData.Shape.RANDOM, 100_000, 1, 7);
        byte[] chunk = Blosc2.compress(data, CParams.builder().codec(Codec.LZ4).typesize(1).build());
        ChunkInfo info = Blosc2.info(chunk);
        assertTrue(info.memcpyed());
        assertEquals(data.length + 32, chunk.length);
        assertArrayEquals(data, Blosc2.decompress(chunk));
    }

    @Test
    void lossyFiltersStayWithinTheirBound() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        long truncated = 0;
        for (int ts : new int[] {4, 8}) {
            int mantissa = ts == 4 ? 23 : 52;
            for (int keep : new int[] {1, 7, 10, 20}) {
                for (int n : new int[] {1000, 65536 + 3 * ts, 400_000}) {
                    byte[] data = TestData.make(TestData.Shape.FLOATS, n - n % ts, ts, n);
                    CParams p = CParams.builder().codec(Codec.values()[r.nextInt(5)]).typesize(ts)
                            .filters(Filter.TRUNC_PREC, Filter.SHUFFLE).filtersMeta(keep, 0).build();
                    byte[] back = Blosc2.decompress(Blosc2.compress(data, p));
                    long mask = ~((1L << (mantissa - keep)) - 1);
                    truncated += assertMasked(data, back, ts, mask, "trunc-prec keep " + keep);
                }
            }
        }
        for (int ts : new int[] {1, 2, 4, 8}) {
            for (int meta : new int[] {-3, 5}) {
                byte[] data = TestData.make(TestData.Shape.RANDOM, 50_000 * ts, ts, meta);
                CParams p = CParams.builder().codec(Codec.ZSTD).typesize(ts)
                        .filters(Filter.INT_TRUNC, Filter.SHUFFLE).filtersMeta(meta & 0xFF, 0).build();
                byte[] back = Blosc2.decompress(Blosc2.compress(data, p));
                int zeroed = meta < 0 ? -meta : 8 * ts - meta;
                truncated += assertMasked(data, back, ts, ~((1L << zeroed) - 1), "int-trunc " + meta);
            }
        }
        assertTrue(truncated > 100_000, "the lossy filters truncated only " + truncated + " elements");
    }

    /** Every element came back with at most the masked-off low bits cleared. */
    private static int assertMasked(byte[] in, byte[] out, int ts, long mask, String what) {
        assertEquals(in.length, out.length);
        int changed = 0;
        MemorySegment a = MemorySegment.ofArray(in);
        MemorySegment b = MemorySegment.ofArray(out);
        for (int i = 0; i + ts <= in.length; i += ts) {
            long x = 0;
            long y = 0;
            for (int k = ts - 1; k >= 0; k--) {
                x = (x << 8) | (a.get(ValueLayout.JAVA_BYTE, i + k) & 0xFF);
                y = (y << 8) | (b.get(ValueLayout.JAVA_BYTE, i + k) & 0xFF);
            }
            // Truncated, or untouched where the chunk fell back to storing the input (as C-Blosc2 does).
            if ((y & mask) != (x & mask) || ((y & ~mask) != 0 && y != x)) {
                throw new AssertionError(what + ": element at byte " + i + " is " + Long.toHexString(y)
                        + ", expected " + Long.toHexString(x & mask));
            }
            if (y != x) {
                changed++;
            }
        }
        return changed;
    }
}
