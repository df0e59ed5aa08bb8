package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.frame.FrameHeader;

/** The frame's chunksize after a change to its chunk list, and the general flags that record it (C's rules). */
final class ChunksizeRule {
    private ChunksizeRule() {
    }

    /**
     * The chunksize of a frame whose chunks hold {@code nbytes[k]} bytes, {@code old} before the change: the first
     * chunk sets it when none was given at creation (-1); it turns 0 (variable, for good) as soon as a chunk other
     * than the last differs from it or the last one is larger (C's rules), or empty. A reader counts the chunks of a
     * fixed chunksize from nbytes (C-Blosc2's {@code get_header_info}), which leaves out an empty last chunk: C-Blosc2
     * appends one and then cannot open its own frame, nor can we.
     */
    static int after(int old, int[] nbytes) {
        int n = nbytes.length;
        int cs = old == -1 && n > 0 ? nbytes[0] : old;
        if (cs > 0) {
            for (int k = 0; k < n; k++) {
                if (k < n - 1 ? nbytes[k] != cs : nbytes[k] > cs || nbytes[k] == 0) {
                    return 0;
                }
            }
        }
        return cs;
    }

    /** The general flags of a frame of this chunksize (0: variable) whose chunks have VL blocks or not. */
    static int generalFlags(int chunksize, boolean vlBlocks) {
        int f = (chunksize == 0 || vlBlocks) ? FrameHeader.VERSION_VL_BLOCKS : FrameHeader.VERSION_RC1;
        f |= FrameHeader.FLAG_OFFSETS_64;
        if (chunksize == 0) {
            f |= FrameHeader.FLAG_VARIABLE_CHUNKS;
        }
        if (vlBlocks) {
            f |= FrameHeader.FLAG_VL_BLOCKS;
        }
        return f;
    }
}
