package io.github.blosc2panama.core.frame;

import java.util.Arrays;
import java.util.Objects;

/**
 * A frame's offsets index as read: one offset per chunk (negative for a special chunk), held as an array, or, when
 * the index chunk is one repeated value, as that value and a count. C-Blosc2 writes such an index when every chunk is
 * the same special value (python-blosc2's {@code blosc2.zeros}); a frame of 20 million zero chunks is then a file of
 * 221 bytes whose index, as an array, would take 160 MB. C reads the index lazily, one entry per access; here the
 * repeated form keeps reading such a frame as cheap as in C. Immutable; the array form owns its array.
 */
public final class ChunkOffsets {
    /** No chunks. */
    public static final ChunkOffsets EMPTY = new ChunkOffsets(new long[0], 0, 0);

    private final long[] values;
    private final long value;
    private final int size;

    private ChunkOffsets(long[] values, long value, int size) {
        this.values = values;
        this.value = value;
        this.size = size;
    }

    /** The offsets in {@code values}, which the caller hands over (no copy is made). */
    public static ChunkOffsets of(long[] values) {
        return new ChunkOffsets(Objects.requireNonNull(values, "values"), 0, values.length);
    }

    /** {@code size} chunks, all at {@code value}. */
    public static ChunkOffsets repeated(int size, long value) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size);
        }
        return new ChunkOffsets(null, value, size);
    }

    /** The number of chunks. */
    public int size() {
        return size;
    }

    /** Whether every chunk has the one offset {@link #get get(0)} without an array being held. */
    public boolean isRepeated() {
        return values == null;
    }

    /** The offset of chunk {@code i}. */
    public long get(int i) {
        Objects.checkIndex(i, size);
        return values == null ? value : values[i];
    }

    /** A new array of all the offsets. */
    public long[] toArray() {
        long[] a = new long[size];
        copyTo(0, a, 0, size);
        return a;
    }

    /** A new array of the offsets with {@code v} inserted at {@code i} (0 to {@link #size()}). */
    public long[] toArrayInserting(int i, long v) {
        Objects.checkIndex(i, size + 1);
        long[] a = new long[size + 1];
        copyTo(0, a, 0, i);
        a[i] = v;
        copyTo(i, a, i + 1, size - i);
        return a;
    }

    /** A new array of the offsets without chunk {@code i}'s. */
    public long[] toArrayRemoving(int i) {
        Objects.checkIndex(i, size);
        long[] a = new long[size - 1];
        copyTo(0, a, 0, i);
        copyTo(i + 1, a, i, size - i - 1);
        return a;
    }

    private void copyTo(int from, long[] dst, int to, int count) {
        if (values != null) {
            System.arraycopy(values, from, dst, to, count);
        } else {
            Arrays.fill(dst, to, to + count, value);
        }
    }
}
