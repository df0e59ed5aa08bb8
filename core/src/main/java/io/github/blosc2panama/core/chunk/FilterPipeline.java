package io.github.blosc2panama.core.chunk;

import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.UnsupportedFeatureException;
import io.github.blosc2panama.simd.BitShuffle;
import io.github.blosc2panama.simd.ByteDelta;
import io.github.blosc2panama.simd.Delta;
import io.github.blosc2panama.simd.IntTrunc;
import io.github.blosc2panama.simd.Shuffle;
import io.github.blosc2panama.simd.TruncPrec;
import java.lang.foreign.MemorySegment;

/**
 * The six-slot filter pipeline of one chunk. Forward (compression) runs slots 0..5; backward
 * (decompression) runs slots 5..0, skipping the filters that need no undoing (TRUNC_PREC,
 * INT_TRUNC), exactly as C-Blosc2's {@code pipeline_forward} and {@code pipeline_backward}.
 */
final class FilterPipeline {
    private final int[] filters = new int[6];
    private final int[] meta = new int[6];
    private int typesize;
    private int formatVersion;
    // What the backward pipeline does, worked out once per chunk.
    private boolean backwardIsEmpty;
    private boolean backwardNeedsScratch;
    private boolean hasDelta;
    private int lastSwap; // lowest slot whose backward filter writes into a new buffer, -1 when none does
    private boolean backwardKeepsInput;
    private boolean backwardIsOneUnshuffle;

    /**
     * @param filters       the six filter ids
     * @param meta          the six meta bytes, unsigned
     * @param typesize      the chunk's typesize (as stored in the header)
     * @param formatVersion the chunk format version (bitunshuffle differs for version 2)
     */
    FilterPipeline(int[] filters, int[] meta, int typesize, int formatVersion) {
        set(filters, meta, typesize, formatVersion);
    }

    /** An empty pipeline, to be {@linkplain #set set} for each chunk. */
    FilterPipeline() {
        this(new int[6], new int[6], 1, ChunkHeader.VERSION_FORMAT_STABLE);
    }

    /** Makes this the pipeline of the chunk whose header is {@code h}. */
    void set(ChunkHeader h) {
        set(h.filters, h.filtersMeta, h.typesize, h.version);
    }

    private void set(int[] filterIds, int[] filterMeta, int typesize, int formatVersion) {
        System.arraycopy(filterIds, 0, filters, 0, 6);
        System.arraycopy(filterMeta, 0, meta, 0, 6);
        this.typesize = typesize;
        this.formatVersion = formatVersion;
        backwardIsEmpty = true;
        backwardNeedsScratch = false;
        hasDelta = false;
        lastSwap = -1;
        for (int i = 5; i >= 0; i--) {
            int f = filters[i];
            if (undoneOnDecompression(f)) {
                backwardIsEmpty = false;
                if (!inPlace(f)) {
                    backwardNeedsScratch = true;
                    lastSwap = i;
                }
            }
            hasDelta |= f == Filter.DELTA.id();
        }
        backwardKeepsInput = keepsInput();
        backwardIsOneUnshuffle = isOneUnshuffle();
    }

    private boolean isOneUnshuffle() {
        int undone = 0;
        boolean shuffleOfTypesize = false;
        for (int i = 0; i < 6; i++) {
            if (undoneOnDecompression(filters[i])) {
                undone++;
                shuffleOfTypesize = filters[i] == Filter.SHUFFLE.id() && (meta[i] == 0 || meta[i] == typesize);
            }
        }
        return undone == 1 && shuffleOfTypesize;
    }

    /** Walks {@link #backward}'s buffers: whether it writes nothing into its input. */
    private boolean keepsInput() {
        final int in = 0;
        final int scratch = 1;
        final int out = 2;
        int cur = lastSwap < 0 ? out : in;
        for (int i = 5; i >= 0; i--) {
            int f = filters[i];
            if (!undoneOnDecompression(f)) {
                continue;
            }
            if (inPlace(f)) {
                if (cur == in) {
                    return false;
                }
                continue;
            }
            int next = i == lastSwap ? out : (cur == in ? scratch : in);
            if (next == in) {
                return false;
            }
            cur = next;
        }
        return true;
    }

    /** Whether compression runs any filter. */
    boolean forwardIsEmpty() {
        for (int f : filters) {
            if (f != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether decompression runs any filter. */
    boolean backwardIsEmpty() {
        return backwardIsEmpty;
    }

    boolean hasDelta() {
        return hasDelta;
    }

    /** Whether decompression needs a scratch buffer: some filter to undo is not done in place. */
    boolean backwardNeedsScratch() {
        return backwardNeedsScratch;
    }

    /**
     * Whether {@link #backward} leaves its input as it found it (it reads the decoded streams and writes only into
     * its scratch and output): not when DELTA is undone in place on the streams, nor with three or more filters
     * that swap buffers.
     */
    boolean backwardKeepsInput() {
        return backwardKeepsInput;
    }

    /**
     * Whether {@link #backward} is one unshuffle of the chunk's typesize and nothing else, so that its rows may be read
     * from where the streams lie ({@code Shuffle.unshuffleSplitRows}).
     */
    boolean backwardIsOneUnshuffle() {
        return backwardIsOneUnshuffle;
    }

    /** Whether decompression undoes filter {@code f} (TRUNC_PREC and INT_TRUNC are lossy and stay as they are). */
    static boolean undoneOnDecompression(int f) {
        return f != Filter.NOFILTER.id() && f != Filter.TRUNC_PREC.id() && f != Filter.INT_TRUNC.id();
    }

    private static boolean inPlace(int f) {
        return f == Filter.DELTA.id();
    }

    /**
     * Runs the forward pipeline over one block.
     *
     * @param chunkSrc    the whole chunk's input (DELTA codes blocks after the first against its first block)
     * @param blockOffset the block's offset in {@code chunkSrc}
     * @param bsize       the block's size
     * @return the filtered block: {@code chunkSrc}'s slice itself when no filter runs, else one of {@code a}, {@code b}
     */
    MemorySegment forward(MemorySegment chunkSrc, long blockOffset, int bsize, MemorySegment a, MemorySegment b) {
        MemorySegment cur = chunkSrc.asSlice(blockOffset, bsize);
        MemorySegment next = a;
        for (int i = 0; i < 6; i++) {
            int f = filters[i];
            if (f == Filter.NOFILTER.id()) {
                continue;
            }
            try {
                if (f == Filter.SHUFFLE.id()) {
                    Shuffle.shuffle(cur, next, bsize, meta[i] == 0 ? typesize : meta[i]);
                } else if (f == Filter.BITSHUFFLE.id()) {
                    BitShuffle.bitshuffle(cur, next, bsize, typesize);
                } else if (f == Filter.DELTA.id()) {
                    MemorySegment dref = blockOffset == 0 ? cur : chunkSrc;
                    Delta.encode(dref, blockOffset, cur, next, bsize, typesize);
                } else if (f == Filter.TRUNC_PREC.id()) {
                    TruncPrec.truncate(cur, next, bsize, typesize, (byte) meta[i]);
                } else if (f == Filter.BYTEDELTA.id()) {
                    ByteDelta.encode(cur, next, bsize, meta[i] == 0 ? typesize : meta[i]);
                } else if (f == Filter.INT_TRUNC.id()) {
                    IntTrunc.truncate(cur, next, bsize, typesize, (byte) meta[i]);
                } else {
                    throw new UnsupportedFeatureException("filter id " + f + " in slot " + i + " is not supported");
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidArgumentException("filter " + Filter.ofId(f).cliName() + " in slot " + i + ": "
                        + e.getMessage());
            }
            cur = next;
            next = (next == a) ? b : a;
        }
        return cur;
    }

    /**
     * Runs the backward pipeline over one block whose decoded streams are in {@code in}, leaving the
     * result in {@code out}. {@code in} and {@code scratch} may be overwritten. The three segments may be
     * longer than the block: only their first {@code bsize} bytes are used.
     *
     * @param blockOffset the block's offset in the chunk's output
     * @param deltaRef    the chunk's first block, fully decoded (used by DELTA for the other blocks)
     */
    void backward(MemorySegment in, MemorySegment scratch, MemorySegment out, int bsize, long blockOffset,
            MemorySegment deltaRef) {
        MemorySegment cur = in;
        if (lastSwap < 0 && cur != out) {
            MemorySegment.copy(cur, 0, out, 0, bsize);
            cur = out;
        }
        for (int i = 5; i >= 0; i--) {
            int f = filters[i];
            if (!undoneOnDecompression(f)) {
                continue;
            }
            if (f == Filter.DELTA.id()) {
                MemorySegment dref = blockOffset == 0 ? cur : deltaRef;
                Delta.decode(dref, blockOffset, cur, bsize, typesize);
                continue;
            }
            MemorySegment next = (i == lastSwap) ? out : (cur == in ? scratch : in);
            if (f == Filter.SHUFFLE.id()) {
                Shuffle.unshuffle(cur, next, bsize, meta[i] == 0 ? typesize : meta[i]);
            } else if (f == Filter.BITSHUFFLE.id()) {
                if (formatVersion == ChunkHeader.VERSION_FORMAT_BLOSC1) {
                    // the bytes after the last whole element are copied as stored: C-Blosc 1.18 and later store
                    // them there (and read them back), C-Blosc2 leaves them unwritten
                    BitShuffle.bitunshuffleLegacy(cur, next, bsize, typesize);
                } else {
                    BitShuffle.bitunshuffle(cur, next, bsize, typesize);
                }
            } else if (f == Filter.BYTEDELTA.id()) {
                ByteDelta.decode(cur, next, bsize, meta[i] == 0 ? typesize : meta[i]);
            } else {
                throw new UnsupportedFeatureException("filter id " + f + " in slot " + i + " is not supported");
            }
            cur = next;
        }
    }
}
