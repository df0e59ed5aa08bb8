package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SuperChunk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ObjIntConsumer;

/**
 * Reads and writes rectangular regions of a b2nd array stored in a {@link SuperChunk}. A read
 * visits only the chunks that intersect the region and, inside a chunk, decodes only the blocks
 * that intersect it ({@link SliceReader}). A write decompresses, patches and recompresses only
 * the chunks it touches (a chunk covered entirely is not decompressed).
 */
public final class SliceIO {
    /** Blocks decoded by reads, for tests (package-private hook). */
    static final LongAdder BLOCKS_DECODED = new LongAdder();
    /** Chunks decompressed whole by reads or writes. */
    static final LongAdder CHUNKS_DECOMPRESSED = new LongAdder();
    /** Blocks read by parts (streams decoded, only the region's items unshuffled), for tests. */
    static final LongAdder BLOCKS_BY_PARTS = new LongAdder();

    private static final ThreadLocal<MemorySegment[]> SCRATCH = ThreadLocal.withInitial(() -> new MemorySegment[1]);

    private SliceIO() {
    }

    /** A scratch segment of at least {@code n} bytes, reused per thread. */
    static MemorySegment scratch(long n) {
        MemorySegment[] holder = SCRATCH.get();
        MemorySegment s = holder[0];
        if (s == null || s.byteSize() < n) {
            s = Arena.ofAuto().allocate(Math.max(n, 4096), 64);
            holder[0] = s;
        }
        return s.asSlice(0, n);
    }

    /** Checks that chunk {@code ci}'s header agrees with the geometry; returns {@code info}. */
    static ChunkInfo check(ChunkInfo info, Geometry g, int ci) {
        if (info.nbytes() != g.chunkNbytes()) {
            throw new CorruptDataException("b2nd array: chunk " + ci + " holds " + info.nbytes()
                    + " bytes but chunkshape/blockshape/typesize imply " + g.chunkNbytes());
        }
        return info;
    }

    /** Decompresses chunk {@code ci} into {@code buf}; an uninitialized chunk reads as zeros. */
    static void decompress(SuperChunk sc, Geometry g, int ci, MemorySegment buf) {
        MemorySegment c = sc.chunk(ci);
        ChunkInfo info = check(Blosc2.info(c), g, ci);
        if (info.special() == SpecialValue.UNINIT || info.special() == SpecialValue.ZERO) {
            buf.fill((byte) 0);
        } else {
            Blosc2.decompress(c, buf, DParams.defaults());
            CHUNKS_DECOMPRESSED.increment();
        }
    }

    /** Copies the region {@code [start, stop)} in C order into {@code dst} (at least its size); see {@link SliceReader}. */
    public static void get(SuperChunk sc, Geometry g, long[] start, long[] stop, MemorySegment dst) {
        long[] rshape = g.checkRegion(start, stop);
        if (g.ndim == 0) {
            decompress(sc, g, 0, dst.asSlice(0, g.typesize));
            return;
        }
        if (Geometry.product(rshape) == 0) {
            return;
        }
        SliceReader.read(sc, g, start, stop, rshape, dst);
    }

    private interface BlockAction {
        /** {@code inBlock}: start inside the block; {@code inRegion}: start inside the region. */
        void run(long blockOffset, long[] inBlock, long[] inRegion, long[] count);
    }

    /**
     * The part of the region box {@code [lo, hi)} (array coordinates; the region starts at {@code start}) in the
     * block at block-grid coordinates {@code bb} of the chunk at {@code origin}: where it starts in the block
     * ({@code inBlock}) and in the region ({@code inRegion}), and its size ({@code count}). False when the block
     * holds none of it.
     */
    static boolean blockPart(Geometry g, int[] bb, long[] origin, long[] lo, long[] hi, long[] start, long[] inBlock,
            long[] inRegion, long[] count) {
        boolean empty = false;
        for (int i = 0; i < g.ndim; i++) {
            long bOrigin = origin[i] + (long) bb[i] * g.blockshape[i];
            long from = Math.max(lo[i], bOrigin);
            long to = Math.min(hi[i], bOrigin + g.blockshape[i]);
            empty |= to <= from;
            inBlock[i] = from - bOrigin;
            inRegion[i] = from - start[i];
            count[i] = to - from;
        }
        return !empty;
    }

    /** Calls {@code action} for each block of {@code [bLo, bLo + bCount)} with its part of {@code [lo, hi)}. */
    private static void blockLoop(Geometry g, int[] bLo, int[] bCount, long[] origin, long[] lo, long[] hi,
            long[] start, BlockAction action) {
        int nd = g.ndim;
        int[] b = new int[nd];
        int[] bb = new int[nd];
        long[] inBlock = new long[nd];
        long[] inRegion = new long[nd];
        long[] count = new long[nd];
        long blockBytes = (long) g.blockNitems * g.typesize;
        while (true) {
            long bi = 0;
            for (int i = 0; i < nd; i++) {
                bb[i] = bLo[i] + b[i];
                bi = bi * g.blockGrid[i] + bb[i];
            }
            if (blockPart(g, bb, origin, lo, hi, start, inBlock, inRegion, count)) {
                action.run(bi * blockBytes, inBlock, inRegion, count);
            }
            if (!advance(b, bCount, nd - 1)) {
                return;
            }
        }
    }

    /**
     * Writes {@code src} (the region's items in C order) into {@code [start, stop)}: each touched chunk,
     * recompressed with {@code cparams}, goes to {@code update} with its index (once per chunk).
     */
    public static void set(SuperChunk sc, Geometry g, long[] start, long[] stop, MemorySegment src, CParams cparams,
                           ObjIntConsumer<byte[]> update) {
        long[] rshape = g.checkRegion(start, stop);
        int nd = g.ndim;
        if (nd == 0) {
            update.accept(Blosc2.compress(src.asSlice(0, g.typesize), cparams), 0);
            return;
        }
        if (Geometry.product(rshape) == 0) {
            return;
        }
        forEachChunk(g, start, stop, (ci, origin, lo, hi, covered) -> {
            MemorySegment buf = scratch(g.chunkNbytes());
            if (covered) {
                buf.fill((byte) 0);
            } else {
                decompress(sc, g, (int) ci, buf);
            }
            int[] bLo = new int[nd];
            int[] bCount = new int[nd];
            for (int i = 0; i < nd; i++) {
                bLo[i] = (int) ((lo[i] - origin[i]) / g.blockshape[i]);
                bCount[i] = (int) Geometry.ceilDiv(hi[i] - origin[i], g.blockshape[i]) - bLo[i];
            }
            long[] bshape = toLong(g.blockshape);
            blockLoop(g, bLo, bCount, origin, lo, hi, start, (blockOffset, inBlock, inRegion, count) ->
                    BoxCopy.copy(nd, g.typesize, src, 0, rshape, inRegion, buf, blockOffset, bshape, inBlock, count));
            update.accept(Blosc2.compress(buf, cparams), (int) ci);
        });
    }

    /** Builds chunk {@code ci} of an array whose C-order items are {@code src} (padding zeroed). */
    public static byte[] buildChunk(Geometry g, long ci, MemorySegment src, CParams cparams) {
        int nd = g.ndim;
        MemorySegment buf = scratch(g.chunkNbytes());
        if (nd == 0) {
            MemorySegment.copy(src, 0, buf, 0, g.typesize);
            return Blosc2.compress(buf, cparams);
        }
        buf.fill((byte) 0);
        long[] cc = new long[nd];
        long rem = ci;
        for (int i = nd - 1; i >= 0; i--) {
            cc[i] = rem % g.chunkGrid[i];
            rem /= g.chunkGrid[i];
        }
        long[] origin = new long[nd];
        long[] lo = new long[nd];
        long[] hi = new long[nd];
        int[] bLo = new int[nd];
        int[] bCount = new int[nd];
        long[] zero = new long[nd];
        for (int i = 0; i < nd; i++) {
            origin[i] = cc[i] * g.chunkshape[i];
            lo[i] = origin[i];
            hi[i] = Math.min(origin[i] + g.chunkshape[i], g.shape[i]);
            bCount[i] = (int) Geometry.ceilDiv(hi[i] - origin[i], g.blockshape[i]);
        }
        long[] bshape = toLong(g.blockshape);
        blockLoop(g, bLo, bCount, origin, lo, hi, zero, (blockOffset, inBlock, inArray, count) ->
                BoxCopy.copy(nd, g.typesize, src, 0, g.shape, inArray, buf, blockOffset, bshape, inBlock, count));
        return Blosc2.compress(buf, cparams);
    }

    /**
     * Zeroes, in the chunk at grid position {@code ci} of {@code g} (stored as chunk {@code stored} of {@code sc}),
     * every item outside {@code keep} (array coordinates); returns the new chunk.
     */
    static byte[] zeroOutside(SuperChunk sc, Geometry g, int ci, int stored, long[] keep, CParams cparams) {
        int nd = g.ndim;
        MemorySegment buf = scratch(g.chunkNbytes());
        decompress(sc, g, stored, buf);
        long[] cc = new long[nd];
        long rem = ci;
        for (int i = nd - 1; i >= 0; i--) {
            cc[i] = rem % g.chunkGrid[i];
            rem /= g.chunkGrid[i];
        }
        long[] bshape = toLong(g.blockshape);
        long blockBytes = (long) g.blockNitems * g.typesize;
        int[] b = new int[nd];
        long[] keepStart = new long[nd];
        long[] keepCount = new long[nd];
        long[] zeroStart = new long[nd];
        long[] zeroCount = new long[nd];
        while (true) {
            long bi = 0;
            for (int i = 0; i < nd; i++) {
                bi = bi * g.blockGrid[i] + b[i];
            }
            MemorySegment block = buf.asSlice(bi * blockBytes, blockBytes);
            // For each dimension, zero the slab of the block beyond keep[i] (inside the earlier dims' kept part).
            for (int d = 0; d < nd; d++) {
                for (int i = 0; i < nd; i++) {
                    long bOrigin = cc[i] * g.chunkshape[i] + (long) b[i] * g.blockshape[i];
                    long keptHere = Math.max(0, Math.min(g.blockshape[i], keep[i] - bOrigin));
                    if (i < d) {
                        zeroStart[i] = 0;
                        zeroCount[i] = keptHere;
                    } else if (i == d) {
                        zeroStart[i] = keptHere;
                        zeroCount[i] = g.blockshape[i] - keptHere;
                    } else {
                        zeroStart[i] = 0;
                        zeroCount[i] = g.blockshape[i];
                    }
                }
                BoxCopy.zero(nd, g.typesize, block, bshape, zeroStart, zeroCount);
            }
            if (!advance(b, g.blockGrid, nd - 1)) {
                break;
            }
        }
        return Blosc2.compress(buf, cparams);
    }

    interface ChunkAction {
        void run(long ci, long[] origin, long[] lo, long[] hi, boolean covered);
    }

    /** Calls {@code action} for each chunk intersecting {@code [start, stop)}, with the intersection. */
    static void forEachChunk(Geometry g, long[] start, long[] stop, ChunkAction action) {
        int nd = g.ndim;
        long[] cLo = new long[nd];
        long[] cCount = new long[nd];
        for (int i = 0; i < nd; i++) {
            cLo[i] = start[i] / g.chunkshape[i];
            cCount[i] = Geometry.ceilDiv(stop[i], g.chunkshape[i]) - cLo[i];
        }
        long[] idx = new long[nd];
        while (true) {
            long ci = 0;
            long[] origin = new long[nd];
            long[] lo = new long[nd];
            long[] hi = new long[nd];
            boolean covered = true;
            for (int i = 0; i < nd; i++) {
                long c = cLo[i] + idx[i];
                ci = ci * g.chunkGrid[i] + c;
                origin[i] = c * g.chunkshape[i];
                long end = Math.min(origin[i] + g.chunkshape[i], g.shape[i]);
                lo[i] = Math.max(start[i], origin[i]);
                hi[i] = Math.min(stop[i], end);
                covered &= lo[i] == origin[i] && hi[i] == end;
            }
            action.run(ci, origin, lo, hi, covered);
            if (!advance(idx, cCount, nd - 1)) {
                return;
            }
        }
    }

    static long[] toLong(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i];
        }
        return out;
    }

    /**
     * Advances the multi-index {@code idx} (digits 0..{@code last}, digit {@code last} fastest) within
     * {@code count}, like an odometer; returns false once it wraps past digit 0.
     */
    static boolean advance(int[] idx, int[] count, int last) {
        for (int k = last; k >= 0; k--) {
            if (++idx[k] < count[k]) {
                return true;
            }
            idx[k] = 0;
        }
        return false;
    }

    /** {@link #advance(int[], int[], int)} for long digits. */
    static boolean advance(long[] idx, long[] count, int last) {
        for (int k = last; k >= 0; k--) {
            if (++idx[k] < count[k]) {
                return true;
            }
            idx[k] = 0;
        }
        return false;
    }
}
