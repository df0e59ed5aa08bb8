package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** BoxCopy moves exactly the box's items, whatever the run lengths (word runs, byte tails, long runs). */
class BoxCopyTest {
    /** The C-order byte offset of item {@code idx} of {@code shape}. */
    private static long offset(long[] idx, long[] shape, int itemsize) {
        long n = 0;
        for (int i = 0; i < idx.length; i++) {
            n = n * shape[i] + idx[i];
        }
        return n * itemsize;
    }

    @Test
    void copiesEveryItemOfRandomBoxesAndNothingElse() {
        SplittableRandom r = new SplittableRandom(3);
        for (int k = 0; k < 400; k++) {
            int nd = 1 + r.nextInt(4);
            int itemsize = new int[] {1, 2, 3, 4, 8, 12, 16}[r.nextInt(7)];
            long[] srcShape = new long[nd];
            long[] dstShape = new long[nd];
            long[] count = new long[nd];
            long[] srcStart = new long[nd];
            long[] dstStart = new long[nd];
            for (int i = 0; i < nd; i++) {
                srcShape[i] = 1 + r.nextInt(i == nd - 1 ? 40 : 7);
                dstShape[i] = 1 + r.nextInt(i == nd - 1 ? 40 : 7);
                count[i] = r.nextInt(1 + (int) Math.min(srcShape[i], dstShape[i]));
                if (k % 3 == 0) {
                    // the whole of both shapes: runs merge across dimensions
                    dstShape[i] = srcShape[i];
                    count[i] = srcShape[i];
                }
                srcStart[i] = r.nextLong(srcShape[i] - count[i] + 1);
                dstStart[i] = r.nextLong(dstShape[i] - count[i] + 1);
            }
            long srcBytes = itemsize;
            long dstBytes = itemsize;
            for (int i = 0; i < nd; i++) {
                srcBytes *= srcShape[i];
                dstBytes *= dstShape[i];
            }
            long srcBase = r.nextInt(9);
            long dstBase = r.nextInt(9);
            byte[] src = new byte[(int) (srcBase + srcBytes)];
            r.nextBytes(src);
            byte[] dst = new byte[(int) (dstBase + dstBytes)];
            byte[] want = new byte[dst.length];
            java.util.Arrays.fill(dst, (byte) 0x77);
            java.util.Arrays.fill(want, (byte) 0x77);
            // item by item
            long items = 1;
            for (long c : count) {
                items *= c;
            }
            long[] idx = new long[nd];
            long[] s = new long[nd];
            long[] d = new long[nd];
            for (long n = 0; n < items; n++) {
                long rem = n;
                for (int i = nd - 1; i >= 0; i--) {
                    idx[i] = rem % count[i];
                    rem /= count[i];
                    s[i] = srcStart[i] + idx[i];
                    d[i] = dstStart[i] + idx[i];
                }
                System.arraycopy(src, (int) (srcBase + offset(s, srcShape, itemsize)), want,
                        (int) (dstBase + offset(d, dstShape, itemsize)), itemsize);
            }
            // heap segments, and native ones every other box (short runs of whole words take a loop of their own)
            MemorySegment srcSeg = MemorySegment.ofArray(src);
            MemorySegment dstSeg = MemorySegment.ofArray(dst);
            if (k % 2 == 1) {
                srcSeg = java.lang.foreign.Arena.ofAuto().allocate(src.length).copyFrom(srcSeg);
                dstSeg = java.lang.foreign.Arena.ofAuto().allocate(dst.length).copyFrom(dstSeg);
            }
            BoxCopy.copy(nd, itemsize, srcSeg, srcBase, srcShape, srcStart, dstSeg, dstBase, dstShape, dstStart, count);
            assertEquals(-1, dstSeg.mismatch(MemorySegment.ofArray(want)),
                    "box " + java.util.Arrays.toString(count) + " of " + java.util.Arrays.toString(srcShape) + " into "
                            + java.util.Arrays.toString(dstShape) + ", itemsize " + itemsize);
        }
    }
}
