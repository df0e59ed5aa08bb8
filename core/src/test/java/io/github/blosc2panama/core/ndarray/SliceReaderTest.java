package io.github.blosc2panama.core.ndarray;

import static io.github.blosc2panama.core.ndarray.NDArrayTest.randomRegion;
import static io.github.blosc2panama.core.ndarray.NDArrayTest.region;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.NDArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The read paths of {@link SliceReader} (straight into the destination for C-order chunks, block runs cut
 * at the scratch budget, whole-chunk fallbacks) against the plain C-order model of
 * {@link NDArrayTest#region}, on odd shapes with padded edge chunks and blocks.
 */
class SliceReaderTest {
    /** Random bytes that still compress a little (runs of repeated bytes). */
    static byte[] data(long n, long seed) {
        byte[] b = new byte[Math.toIntExact(n)];
        Random r = new Random(seed);
        for (int i = 0; i < b.length; ) {
            byte v = (byte) r.nextInt(256);
            int run = 1 + r.nextInt(6);
            for (int k = 0; k < run && i < b.length; k++) {
                b[i++] = v;
            }
        }
        return b;
    }

    static long nitems(long[] shape) {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /**
     * Checks the whole array, every single-line region along each axis through a few points, and random
     * regions, read into a byte[] and into an offset native segment, against the model.
     */
    static void checkReads(NDArray a, byte[] all, int regions, long seed) {
        long[] shape = a.shape();
        int ts = a.itemsize();
        int nd = shape.length;
        assertArrayEquals(all, a.toBytes());
        Random r = new Random(seed);
        long[] start = new long[nd];
        long[] stop = new long[nd];
        for (int axis = 0; axis < nd; axis++) {
            for (int t = 0; t < 3; t++) {
                for (int i = 0; i < nd; i++) {
                    start[i] = r.nextLong(shape[i]);
                    stop[i] = start[i] + 1;
                }
                start[axis] = 0;
                stop[axis] = shape[axis];
                assertArrayEquals(region(all, shape, start, stop, ts), a.getSlice(start, stop),
                        "line along axis " + axis + " at " + Arrays.toString(start));
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            for (int t = 0; t < regions; t++) {
                randomRegion(r, shape, start, stop);
                byte[] want = region(all, shape, start, stop, ts);
                assertArrayEquals(want, a.getSlice(start, stop), Arrays.toString(start) + " " + Arrays.toString(stop));
                // into a native segment, at an odd offset, with guard bytes around that must stay untouched
                MemorySegment buf = arena.allocate(want.length + 10);
                buf.fill((byte) 0x5A);
                a.getSlice(start, stop, buf.asSlice(3, want.length));
                assertArrayEquals(want, buf.asSlice(3, want.length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
                for (long k : new long[] {0, 1, 2, want.length + 3, want.length + 9}) {
                    assertEquals((byte) 0x5A, buf.get(java.lang.foreign.ValueLayout.JAVA_BYTE, k));
                }
            }
        }
    }

    static NDArray build(DType dt, long[] shape, int[] chunks, int[] blocks, CParams p, byte[] all) {
        return NDArray.builder(dt, shape).chunkshape(chunks).blockshape(blocks).cparams(p).fromBytes(all);
    }

    @Test
    void layoutAndContiguityRules() {
        // blocks split only the first dimension, or dimensions before the last split one have blocks of 1
        assertTrue(SliceReader.blocksInCOrder(new int[] {4, 10}, new int[] {3, 1}));
        assertTrue(SliceReader.blocksInCOrder(new int[] {1, 5, 8}, new int[] {6, 2, 1}));
        assertTrue(SliceReader.blocksInCOrder(new int[] {6, 8}, new int[] {1, 1}));
        assertTrue(SliceReader.blocksInCOrder(new int[] {1, 8}, new int[] {4, 3}));
        // one block spanning two rows of a chunk cut in columns interleaves the rows
        assertFalse(SliceReader.blocksInCOrder(new int[] {2, 8}, new int[] {1, 3}));
        assertFalse(SliceReader.blocksInCOrder(new int[] {2, 5}, new int[] {3, 2}));
        assertFalse(SliceReader.blocksInCOrder(new int[] {2, 1, 4}, new int[] {1, 4, 1}));
        long[] shape = {4, 5, 6};
        assertTrue(SliceReader.contiguous(new long[] {1, 1, 3}, shape));
        assertTrue(SliceReader.contiguous(new long[] {1, 3, 6}, shape));
        assertTrue(SliceReader.contiguous(new long[] {2, 5, 6}, shape));
        assertTrue(SliceReader.contiguous(new long[] {1, 1, 1}, shape));
        assertFalse(SliceReader.contiguous(new long[] {2, 4, 6}, shape));
        assertFalse(SliceReader.contiguous(new long[] {1, 2, 5}, shape));
    }

    @Test
    void cOrderChunksReadStraightIntoTheDestination() {
        // blocks cut only dimension 0 (or have 1 before the last cut): chunk bytes are plain C order
        Object[][] cases = {
            {new long[] {1000}, new int[] {300}, new int[] {64}},
            {new long[] {37, 23}, new int[] {10, 23}, new int[] {3, 23}},
            {new long[] {37, 23}, new int[] {10, 20}, new int[] {1, 7}},
            {new long[] {9, 11, 13}, new int[] {4, 5, 13}, new int[] {1, 2, 13}},
            {new long[] {9, 11, 13}, new int[] {9, 11, 13}, new int[] {9, 11, 13}},
        };
        int seed = 0;
        for (Object[] c : cases) {
            long[] shape = (long[]) c[0];
            byte[] all = data(nitems(shape) * 4, ++seed);
            try (NDArray a = build(DType.INT32, shape, (int[]) c[1], (int[]) c[2],
                    CParams.builder().codec(Codec.LZ4).build(), all)) {
                checkReads(a, all, 60, seed);
            }
        }
    }

    @Test
    void directReadDecodesOnlyTheCoveringBlocks() {
        // 1-D, one chunk of 1000 int32 in blocks of 100: items [250, 420) touch blocks 2, 3 and 4
        byte[] all = data(4000, 7);
        try (NDArray a = build(DType.INT32, new long[] {1000}, new int[] {1000}, new int[] {100},
                CParams.builder().codec(Codec.ZSTD).clevel(1).build(), all)) {
            long before = SliceIO.BLOCKS_DECODED.sum();
            assertArrayEquals(Arrays.copyOfRange(all, 1000, 1680), a.getSlice(new long[] {250}, new long[] {420}));
            assertEquals(3, SliceIO.BLOCKS_DECODED.sum() - before);
            long chunks = SliceIO.CHUNKS_DECOMPRESSED.sum();
            assertArrayEquals(all, a.toBytes());
            assertEquals(1, SliceIO.CHUNKS_DECOMPRESSED.sum() - chunks);
        }
        // 2-D rows of one chunk (blocks of whole rows): a band of rows is one range of the chunk and of the slice
        byte[] all2 = data(40 * 30 * 8, 8);
        try (NDArray a = build(DType.FLOAT64, new long[] {40, 30}, new int[] {20, 30}, new int[] {4, 30},
                CParams.builder().codec(Codec.LZ4).build(), all2)) {
            long before = SliceIO.BLOCKS_DECODED.sum();
            long[] start = {5, 0};
            long[] stop = {9, 30};
            assertArrayEquals(region(all2, a.shape(), start, stop, 8), a.getSlice(start, stop));
            assertEquals(2, SliceIO.BLOCKS_DECODED.sum() - before); // rows 5..8 lie in blocks 1 and 2
        }
    }

    @Test
    void blockRunsOnPaddedEdgesAndOddShapes() {
        Object[][] cases = {
            // dtype, shape, chunkshape, blockshape
            {DType.INT32, new long[] {23, 17, 9}, new int[] {10, 8, 5}, new int[] {4, 3, 2}},
            {DType.FLOAT64, new long[] {50, 61}, new int[] {16, 25}, new int[] {5, 7}},
            {DType.UINT8, new long[] {7, 9, 11, 13}, new int[] {4, 5, 6, 7}, new int[] {2, 3, 2, 3}},
            {DType.INT16, new long[] {101}, new int[] {40}, new int[] {40}},
            {DType.parse("|S3"), new long[] {19, 14}, new int[] {8, 6}, new int[] {3, 4}},
        };
        int seed = 100;
        for (Object[] c : cases) {
            DType dt = (DType) c[0];
            long[] shape = (long[]) c[1];
            byte[] all = data(nitems(shape) * dt.itemsize(), ++seed);
            try (NDArray a = build(dt, shape, (int[]) c[2], (int[]) c[3], CParams.builder().codec(Codec.ZSTD).build(),
                    all)) {
                checkReads(a, all, 80, seed);
            }
        }
    }

    @Test
    void smallRegionsUnshuffleOnlyTheirItems() {
        Object[][] cases = {
            // dtype, shape, chunkshape, blockshape, filters
            {DType.FLOAT64, new long[] {120, 90}, new int[] {50, 40}, new int[] {10, 20}, Filter.SHUFFLE},
            {DType.INT32, new long[] {30, 31, 29}, new int[] {16, 16, 16}, new int[] {8, 8, 8}, Filter.BITSHUFFLE},
            {DType.FLOAT32, new long[] {9, 10, 11, 12}, new int[] {5, 6, 7, 8}, new int[] {3, 3, 7, 5},
                Filter.BITSHUFFLE},
            {DType.INT16, new long[] {400, 70}, new int[] {200, 70}, new int[] {50, 70}, Filter.SHUFFLE},
            {DType.parse("[('a', '<i4'), ('b', '<f8')]"), new long[] {60, 50}, new int[] {30, 25},
                new int[] {10, 25}, Filter.SHUFFLE},
        };
        int seed = 300;
        for (Object[] c : cases) {
            DType dt = (DType) c[0];
            long[] shape = (long[]) c[1];
            byte[] all = data(nitems(shape) * dt.itemsize(), ++seed);
            // slowly varying bytes: every codec compresses them (incompressible chunks are stored as they are)
            Random r = new Random(seed);
            for (int i = 0; i < all.length; i++) {
                all[i] = (byte) (i / 97 + r.nextInt(3));
            }
            long before = SliceIO.BLOCKS_BY_PARTS.sum();
            for (Codec codec : new Codec[] {Codec.LZ4, Codec.ZSTD, Codec.BLOSCLZ}) {
                CParams p = CParams.builder().codec(codec).filters((Filter) c[4]).build();
                try (NDArray a = build(dt, shape, (int[]) c[2], (int[]) c[3], p, all)) {
                    checkReads(a, all, 40, seed);
                }
            }
            assertTrue(SliceIO.BLOCKS_BY_PARTS.sum() > before, dt + ": no block read by parts");
        }
    }

    @Test
    void runsLongerThanTheBudgetAreCut() {
        // one chunk of 512 x 256 int32 (512 KiB) in blocks of 4 x 32 (512 bytes): 1024 blocks, two budgets' worth
        long[] shape = {600, 300};
        byte[] all = data(nitems(shape) * 4, 9);
        try (NDArray a = build(DType.INT32, shape, new int[] {512, 256}, new int[] {4, 32},
                CParams.builder().codec(Codec.LZ4).build(), all)) {
            long before = SliceIO.BLOCKS_DECODED.sum();
            long[] start = {0, 0};
            long[] stop = {512, 256};
            assertArrayEquals(region(all, shape, start, stop, 4), a.getSlice(start, stop));
            assertEquals(1024, SliceIO.BLOCKS_DECODED.sum() - before); // each block once
            checkReads(a, all, 30, 9);
        }
    }

    @Test
    void deltaChunksAndForeignBlocksizesFallBack() {
        // DELTA: every block is decoded against block 0, so the reader does not cut the chunk in pieces
        long[] shape = {45, 38};
        byte[] all = data(nitems(shape) * 8, 11);
        CParams delta = CParams.builder().codec(Codec.ZSTD).clevel(3)
                .filters(Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.DELTA, Filter.SHUFFLE)
                .build();
        try (NDArray a = build(DType.FLOAT64, shape, new int[] {20, 16}, new int[] {6, 5}, delta, all)) {
            assertTrue(Blosc2.info(a.superChunk().chunk(0)).filters().contains(Filter.DELTA.id()));
            checkReads(a, all, 60, 11);
        }
        // a chunk whose header blocksize is not the array's block (replaced behind the array's back, as another
        // writer could have made it): its items are still in block layout, only the cuts differ
        try (NDArray a = build(DType.FLOAT64, shape, new int[] {20, 16}, new int[] {6, 5},
                CParams.builder().codec(Codec.LZ4).build(), all)) {
            byte[] chunk = a.superChunk().decompressChunk(4);
            byte[] other = Blosc2.compress(chunk, CParams.builder().codec(Codec.LZ4).typesize(8).blocksize(1024).build());
            assertEquals(1024, Blosc2.info(other).blocksize());
            a.superChunk().updateChunk(4, other);
            checkReads(a, all, 60, 12);
        }
    }

    @Test
    void zeroChunksAmongDataChunks() {
        long[] shape = {30, 30};
        byte[] all = data(nitems(shape) * 4, 13);
        try (NDArray a = build(DType.INT32, shape, new int[] {10, 10}, new int[] {5, 4},
                CParams.builder().codec(Codec.LZ4).build(), all)) {
            // chunk (1, 1) becomes a zero chunk; the model follows
            a.superChunk().updateChunk(4, Blosc2.zeros(10 * 12 * 4, 4));
            for (int i = 10; i < 20; i++) {
                Arrays.fill(all, (i * 30 + 10) * 4, (i * 30 + 20) * 4, (byte) 0);
            }
            checkReads(a, all, 60, 13);
        }
    }
}
