package io.github.blosc2panama.core.chunk;

import java.util.Arrays;

/**
 * What the block decoder's buffer of decoded streams is known to hold from the block decoded before: for each
 * stream slot, whether it is still a run of one byte (a stream stored as a run, or zeros). The next block's run
 * stream of the same byte in the same slot need not be written again: the upper byte streams of shuffled integers
 * are zeros block after block (five of the eight streams of i64_walk, six eighths of its bytes).
 *
 * <p>Slot {@code s} of a block cut into streams of {@code neblock} bytes is {@code [s * neblock, (s + 1) * neblock)};
 * a change of {@code neblock} forgets everything, since the slots move. Whoever writes into the buffer otherwise
 * must say so first ({@link #written}, or {@link #forget} for all of it).
 */
final class StreamRunCache {
    /** Slots tracked: streams of higher numbers (typesizes above this) are never known. */
    static final int SLOTS = 64;
    private static final short UNKNOWN = -1;

    private final short[] value = new short[SLOTS];
    private int neblock = -1;

    StreamRunCache() {
        forget();
    }

    /** Whether slot {@code slot} of streams of {@code neblock} bytes holds {@code neblock} bytes {@code b}. */
    boolean holds(int slot, int neblock, byte b) {
        return neblock == this.neblock && slot < SLOTS && value[slot] == (b & 0xFF);
    }

    /** Slot {@code slot} of streams of {@code neblock} bytes is about to be written with anything. */
    void written(int slot, int neblock) {
        moveTo(neblock);
        if (slot < SLOTS) {
            value[slot] = UNKNOWN;
        }
    }

    /** Slot {@code slot} of streams of {@code neblock} bytes now holds {@code neblock} bytes {@code b}. */
    void filled(int slot, int neblock, byte b) {
        moveTo(neblock);
        if (slot < SLOTS) {
            value[slot] = (short) (b & 0xFF);
        }
    }

    /** Nothing is known of the buffer any more. */
    void forget() {
        neblock = -1;
        Arrays.fill(value, UNKNOWN);
    }

    private void moveTo(int neblock) {
        if (neblock != this.neblock) {
            forget();
            this.neblock = neblock;
        }
    }
}
