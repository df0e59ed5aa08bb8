package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Creating, slicing, writing and resizing arrays, checked against a plain C-order model. */
class NDArrayTest {
    /** A reference C-order array of int32 used as the model. */
    static int[] iota(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 1000;
        }
        return a;
    }

    static byte[] le(int[] a) {
        ByteBuffer b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : a) {
            b.putInt(v);
        }
        return b.array();
    }

    /** The model's region [start, stop) in C order. */
    static byte[] region(byte[] all, long[] shape, long[] start, long[] stop, int ts) {
        int nd = shape.length;
        long n = 1;
        for (int i = 0; i < nd; i++) {
            n *= stop[i] - start[i];
        }
        byte[] out = new byte[(int) (n * ts)];
        if (n == 0) {
            return out;
        }
        long[] idx = start.clone();
        int o = 0;
        while (true) {
            long lin = 0;
            for (int i = 0; i < nd; i++) {
                lin = lin * shape[i] + idx[i];
            }
            System.arraycopy(all, (int) (lin * ts), out, o, ts);
            o += ts;
            int k = nd - 1;
            while (k >= 0) {
                if (++idx[k] < stop[k]) {
                    break;
                }
                idx[k] = start[k];
                k--;
            }
            if (k < 0) {
                return out;
            }
        }
    }

    static void randomRegion(Random r, long[] shape, long[] start, long[] stop) {
        for (int i = 0; i < shape.length; i++) {
            start[i] = r.nextLong(shape[i]);
            stop[i] = start[i] + 1 + r.nextLong(shape[i] - start[i]);
        }
    }

    @Test
    void randomSlicesMatchTheModel() {
        long[] shape = {23, 17, 9};
        int[] data = iota(23 * 17 * 9);
        byte[] all = le(data);
        try (NDArray a = NDArray.builder(DType.INT32, shape).chunkshape(10, 8, 5).blockshape(4, 3, 2)
                .cparams(CParams.builder().codec(Codec.LZ4).build()).fromArray(data)) {
            assertArrayEquals(all, a.toBytes());
            Random r = new Random(1);
            for (int t = 0; t < 200; t++) {
                long[] start = new long[3];
                long[] stop = new long[3];
                randomRegion(r, shape, start, stop);
                assertArrayEquals(region(all, shape, start, stop, 4), a.getSlice(start, stop));
            }
            try (NDArray s = a.slice(new long[] {2, 3, 4}, new long[] {20, 4, 9})) {
                assertArrayEquals(new long[] {18, 1, 5}, s.shape());
                assertArrayEquals(region(all, shape, new long[] {2, 3, 4}, new long[] {20, 4, 9}, 4), s.toBytes());
            }
        }
    }

    @Test
    void setSliceRewritesOnlyTouchedChunks(@TempDir Path tmp) {
        long[] shape = {40, 30};
        byte[] model = new byte[40 * 30 * 8];
        Path f = tmp.resolve("w.b2nd");
        try (NDArray a = NDArray.builder(DType.FLOAT64, shape).chunkshape(16, 16).blockshape(8, 5)
                .storage(Storage.contiguous(f)).zeros()) {
            assertEquals(6, a.superChunk().nchunks());
            Random r = new Random(2);
            for (int t = 0; t < 40; t++) {
                long[] start = new long[2];
                long[] stop = new long[2];
                randomRegion(r, shape, start, stop);
                int n = (int) ((stop[0] - start[0]) * (stop[1] - start[1]));
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = r.nextDouble();
                }
                a.setSlice(start, stop, v);
                ByteBuffer bb = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
                for (double d : v) {
                    bb.putDouble(d);
                }
                byte[] src = bb.array();
                int k = 0;
                for (long i = start[0]; i < stop[0]; i++) {
                    for (long j = start[1]; j < stop[1]; j++) {
                        System.arraycopy(src, k, model, (int) ((i * 30 + j) * 8), 8);
                        k += 8;
                    }
                }
                assertArrayEquals(model, a.toBytes());
            }
        }
        try (NDArray a = NDArray.open(f)) {
            assertArrayEquals(model, a.toBytes());
        }
        // a write inside one chunk leaves the other chunks' bytes untouched
        try (NDArray a = NDArray.builder(DType.FLOAT64, shape).chunkshape(16, 16).blockshape(8, 5).zeros()) {
            a.setSlice(new long[] {1, 1}, new long[] {2, 3}, new double[] {1, 2});
            assertEquals(SpecialValue.NONE, Blosc2.info(a.superChunk().chunk(0)).special());
            for (int c = 1; c < 6; c++) {
                assertEquals(SpecialValue.ZERO, Blosc2.info(a.superChunk().chunk(c)).special());
            }
        }
    }

    @Test
    void smallSliceDecodesOnlyItsBlocks() {
        // 1 chunk of 100x100 int32, blocks 10x10: 100 blocks.
        long[] shape = {100, 100};
        int[] data = iota(100 * 100);
        try (NDArray a = NDArray.builder(DType.INT32, shape).chunkshape(100, 100).blockshape(10, 10).fromArray(data)) {
            long before = SliceIO.BLOCKS_DECODED.sum();
            long chunksBefore = SliceIO.CHUNKS_DECOMPRESSED.sum();
            byte[] got = a.getSlice(new long[] {15, 15}, new long[] {17, 18}); // inside block (1,1)
            assertEquals(1, SliceIO.BLOCKS_DECODED.sum() - before);
            assertEquals(0, SliceIO.CHUNKS_DECOMPRESSED.sum() - chunksBefore);
            assertArrayEquals(region(le(data), shape, new long[] {15, 15}, new long[] {17, 18}, 4), got);

            before = SliceIO.BLOCKS_DECODED.sum();
            a.getSlice(new long[] {5, 0}, new long[] {6, 100}); // one row: the 10 blocks of block row 0
            assertEquals(10, SliceIO.BLOCKS_DECODED.sum() - before);

            before = SliceIO.BLOCKS_DECODED.sum();
            a.getSlice(new long[] {0, 42}, new long[] {100, 43}); // one column: 10 blocks
            assertEquals(10, SliceIO.BLOCKS_DECODED.sum() - before);

            before = SliceIO.BLOCKS_DECODED.sum();
            a.getSlice(new long[] {9, 9}, new long[] {11, 11}); // straddles 4 blocks
            assertEquals(4, SliceIO.BLOCKS_DECODED.sum() - before);

            before = SliceIO.BLOCKS_DECODED.sum();
            a.getSlice(new long[] {0, 0}, new long[] {100, 100}); // everything: each block decoded once
            assertEquals(100, SliceIO.BLOCKS_DECODED.sum() - before);
        }
    }

    @Test
    void resizeKeepsDataAndZeroesNewItems() {
        long[] shape = {10, 7};
        int[] data = iota(70);
        try (NDArray a = NDArray.builder(DType.INT32, shape).chunkshape(4, 3).blockshape(2, 2).fromArray(data)) {
            a.resize(6, 5);
            assertArrayEquals(new long[] {6, 5}, a.shape());
            byte[] small = region(le(data), shape, new long[] {0, 0}, new long[] {6, 5}, 4);
            assertArrayEquals(small, a.toBytes());
            a.resize(13, 11);
            byte[] big = a.toBytes();
            for (int i = 0; i < 13; i++) {
                for (int j = 0; j < 11; j++) {
                    int v = ByteBuffer.wrap(big, (i * 11 + j) * 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
                    int want = i < 6 && j < 5 ? data[i * 7 + j] : 0;
                    assertEquals(want, v, "item " + i + "," + j);
                }
            }
            assertEquals(4 * 4, a.superChunk().nchunks());
            // the metalayer says the new shape: a reopened copy agrees
            try (NDArray b = NDArray.fromCframe(a.toCframe())) {
                assertArrayEquals(new long[] {13, 11}, b.shape());
                assertArrayEquals(big, b.toBytes());
            }
            // more chunks than a frame can index: refused before anything is allocated or changed
            assertThrows(io.github.blosc2panama.core.LimitExceededException.class, () -> a.resize(1_200_000_000L, 3));
            assertArrayEquals(new long[] {13, 11}, a.shape());
            assertArrayEquals(big, a.toBytes());
            a.resize(0, 11);
            assertEquals(0, a.superChunk().nchunks());
            a.resize(3, 2);
            assertArrayEquals(new byte[3 * 2 * 4], a.toBytes());
        }
    }

    @Test
    void scalarsEmptiesAndSpecials() {
        try (NDArray s = NDArray.builder(DType.FLOAT64).fromArray(new double[] {2.5})) {
            assertEquals(0, s.ndim());
            assertEquals(1, s.nitems());
            assertEquals(2.5, ByteBuffer.wrap(s.toBytes()).order(ByteOrder.LITTLE_ENDIAN).getDouble());
            s.setSlice(new long[0], new long[0], new double[] {-1});
            assertEquals(-1, ByteBuffer.wrap(s.toBytes()).order(ByteOrder.LITTLE_ENDIAN).getDouble());
        }
        try (NDArray e = NDArray.builder(DType.INT16, 5, 0, 3).zeros()) {
            assertEquals(0, e.nitems());
            assertEquals(0, e.toBytes().length);
            assertEquals(0, e.superChunk().nchunks());
        }
        try (NDArray n = NDArray.builder(DType.FLOAT32, 50).chunkshape(20).blockshape(10).nans()) {
            byte[] b = n.toBytes();
            for (int i = 0; i < 50; i++) {
                assertTrue(Float.isNaN(ByteBuffer.wrap(b, i * 4, 4).order(ByteOrder.LITTLE_ENDIAN).getFloat()));
            }
            assertEquals(SpecialValue.NAN, Blosc2.info(n.superChunk().chunk(0)).special());
        }
        byte[] v = {1, 2, 3};
        try (NDArray f = NDArray.builder(DType.parse("|S3"), 4, 4).chunkshape(3, 3).blockshape(2, 2).full(v)) {
            byte[] b = f.getSlice(new long[] {1, 1}, new long[] {3, 4});
            for (int i = 0; i < b.length; i++) {
                assertEquals(v[i % 3], b[i]);
            }
            assertEquals(SpecialValue.VALUE, Blosc2.info(f.superChunk().chunk(3)).special());
        }
        assertThrows(InvalidArgumentException.class, () -> NDArray.builder(DType.INT32, 3).nans());
    }

    @Test
    void bigEndianAndStructuredFromJava() {
        try (NDArray a = NDArray.builder(DType.parse(">i4"), 3).fromArray(new int[] {1, 2, 258})) {
            assertArrayEquals(new byte[] {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 2}, a.toBytes());
        }
        DType st = DType.parse("[('a', '<i4'), ('b', '<f8', (3,))]");
        assertEquals(28, st.itemsize());
        byte[] raw = new byte[28 * 5];
        new Random(3).nextBytes(raw);
        try (NDArray a = NDArray.builder(st, 5).fromBytes(raw)) {
            assertArrayEquals(raw, a.toBytes());
            assertEquals(st.str(), a.dtypeString());
        }
        assertThrows(InvalidArgumentException.class, () -> NDArray.builder(DType.INT32, 3).fromArray(new long[3]));
        assertThrows(InvalidArgumentException.class, () -> NDArray.builder(DType.INT32, 3).fromBytes(new byte[11]));
    }

    @Test
    void regionAndDestinationChecks() {
        try (NDArray a = NDArray.builder(DType.UINT8, 10, 10).zeros()) {
            assertThrows(InvalidArgumentException.class, () -> a.getSlice(new long[] {0, 0}, new long[] {11, 1}));
            assertThrows(InvalidArgumentException.class, () -> a.getSlice(new long[] {5, 0}, new long[] {4, 1}));
            assertThrows(InvalidArgumentException.class, () -> a.getSlice(new long[] {0}, new long[] {1}));
            assertThrows(InvalidArgumentException.class,
                    () -> a.getSlice(new long[] {0, 0}, new long[] {2, 2}, MemorySegment.ofArray(new byte[3])));
            assertThrows(InvalidArgumentException.class,
                    () -> a.setSlice(new long[] {0, 0}, new long[] {2, 2}, new byte[3]));
        }
    }
}
