package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.frame.FrameHeader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic hostile variants of a vector: truncations, bit flips, swapped header fields and
 * enormous sizes, for chunks (fields at fixed little-endian offsets) and frames (the fixed
 * big-endian msgpack fields of the header, the trailer length and the offsets index chunk's header).
 */
final class Mutations {
    /** One variant: what was done to which vector, and the bytes. */
    record Mutant(String name, byte[] data) {
        @Override
        public String toString() {
            return name;
        }
    }

    // chunk header fields (README_CHUNK_FORMAT), little-endian int32
    static final int CH_NBYTES = 4;
    static final int CH_BLOCKSIZE = 8;
    static final int CH_CBYTES = 12;
    // frame header value offsets (README_CFRAME_FORMAT), big-endian
    static final int FR_HEADER_LEN = FrameHeader.POS_HEADER_LEN;
    static final int FR_FRAME_LEN = FrameHeader.POS_FRAME_LEN;
    static final int FR_NBYTES = FrameHeader.POS_NBYTES;
    static final int FR_CBYTES = FrameHeader.POS_CBYTES;
    static final int FR_TYPESIZE = 48;
    static final int FR_BLOCKSIZE = 53;
    static final int FR_CHUNKSIZE = FrameHeader.POS_CHUNKSIZE;
    static final int FR_TRAILER_LEN_FROM_END = 22;

    private static final int[] ENORMOUS_32 = {0x7fffffff, 0x7fffffe0, 0x80000000, 0xffffffff, 0x40000000};
    private static final long[] ENORMOUS_64 = {Long.MAX_VALUE, 0x7fffffffL, 0xffffffffL, 1L << 40, -1L};

    private Mutations() {
    }

    /** Variants of a chunk: 3 truncations, 4 bit-flip sets, 4 field swaps, 6 enormous sizes, 1 with trailing bytes. */
    static List<Mutant> ofChunk(String name, byte[] chunk) {
        SplittableRandom r = new SplittableRandom(seed(name));
        List<Mutant> out = new ArrayList<>();
        truncations(name, chunk, r, out);
        bitFlips(name, chunk, r, out, 64);
        if (chunk.length >= 16) {
            out.add(new Mutant(name + " swap nbytes/cbytes", swapLe32(chunk, CH_NBYTES, CH_CBYTES)));
            out.add(new Mutant(name + " swap nbytes/blocksize", swapLe32(chunk, CH_NBYTES, CH_BLOCKSIZE)));
            out.add(new Mutant(name + " swap blocksize/cbytes", swapLe32(chunk, CH_BLOCKSIZE, CH_CBYTES)));
            int bstarts = (chunk[2] & 0x05) == 0x05 ? 32 : 16;
            if (chunk.length >= bstarts + 8) {
                out.add(new Mutant(name + " swap bstarts[0]/bstarts[1]", swapLe32(chunk, bstarts, bstarts + 4)));
            } else {
                out.add(new Mutant(name + " swap flags/typesize", swapBytes(chunk, 2, 3)));
            }
            int big = ENORMOUS_32[r.nextInt(ENORMOUS_32.length)];
            out.add(new Mutant(name + " enormous nbytes", putLe32(chunk, CH_NBYTES, big)));
            out.add(new Mutant(name + " nbytes = MAX_BUFFERSIZE", putLe32(chunk, CH_NBYTES, Integer.MAX_VALUE - 32)));
            out.add(new Mutant(name + " enormous cbytes", putLe32(chunk, CH_CBYTES, big)));
            out.add(new Mutant(name + " enormous blocksize", putLe32(chunk, CH_BLOCKSIZE, big)));
            out.add(new Mutant(name + " enormous nbytes and blocksize",
                    putLe32(putLe32(chunk, CH_NBYTES, 0x7fffff00), CH_BLOCKSIZE, 0x1fffff00)));
            if (chunk.length >= bstarts + 4) {
                out.add(new Mutant(name + " enormous bstarts[0]", putLe32(chunk, bstarts, big)));
            } else {
                out.add(new Mutant(name + " typesize 255", putByte(chunk, 3, 0xff)));
            }
        }
        return out;
    }

    /** Variants of a frame: 3 truncations, 4 bit-flip sets, 3 field swaps, 8 enormous sizes. */
    static List<Mutant> ofFrame(String name, byte[] frame) {
        SplittableRandom r = new SplittableRandom(seed(name));
        List<Mutant> out = new ArrayList<>();
        truncations(name, frame, r, out);
        bitFlips(name, frame, r, out, 96);
        if (frame.length < 87 + 25) {
            return out;
        }
        out.add(new Mutant(name + " swap nbytes/cbytes", swapBe64(frame, FR_NBYTES, FR_CBYTES)));
        out.add(new Mutant(name + " swap typesize/chunksize", swapBe32(frame, FR_TYPESIZE, FR_CHUNKSIZE)));
        out.add(new Mutant(name + " swap header_len/blocksize", swapBe32(frame, FR_HEADER_LEN, FR_BLOCKSIZE)));
        long big = ENORMOUS_64[r.nextInt(ENORMOUS_64.length)];
        int big32 = ENORMOUS_32[r.nextInt(ENORMOUS_32.length)];
        out.add(new Mutant(name + " enormous frame_len", putBe64(frame, FR_FRAME_LEN, big)));
        out.add(new Mutant(name + " enormous header_len", putBe32(frame, FR_HEADER_LEN, big32)));
        out.add(new Mutant(name + " enormous nbytes", putBe64(frame, FR_NBYTES, big)));
        out.add(new Mutant(name + " enormous cbytes", putBe64(frame, FR_CBYTES, big)));
        out.add(new Mutant(name + " enormous chunksize", putBe32(frame, FR_CHUNKSIZE, big32)));
        out.add(new Mutant(name + " enormous trailer_len",
                putBe32(frame, frame.length - FR_TRAILER_LEN_FROM_END, big32)));
        // the offsets index chunk sits right after the chunks section: make it announce enormous sizes
        long headerLen = ByteBuffer.wrap(frame, FR_HEADER_LEN, 4).order(ByteOrder.BIG_ENDIAN).getInt();
        long cbytes = ByteBuffer.wrap(frame, FR_CBYTES, 8).order(ByteOrder.BIG_ENDIAN).getLong();
        boolean sparse = (frame[26] & 0x0f) == 1;
        long index = headerLen + (sparse ? 0 : cbytes);
        if (index >= 0 && index + 32 <= frame.length) {
            out.add(new Mutant(name + " index nbytes enormous", putLe32(frame, (int) index + CH_NBYTES, 0x7ffffff8)));
            out.add(new Mutant(name + " index nbytes/cbytes swapped",
                    swapLe32(frame, (int) index + CH_NBYTES, (int) index + CH_CBYTES)));
        } else {
            out.add(new Mutant(name + " enormous blocksize", putBe32(frame, FR_BLOCKSIZE, big32)));
            out.add(new Mutant(name + " enormous typesize", putBe32(frame, FR_TYPESIZE, big32)));
        }
        return out;
    }

    private static void truncations(String name, byte[] b, SplittableRandom r, List<Mutant> out) {
        int[] cuts = {Math.min(b.length, 1 + r.nextInt(Math.max(1, Math.min(b.length, 96)))),
                (int) (b.length * (0.1 + 0.8 * r.nextDouble())), Math.max(0, b.length - 1)};
        for (int c : cuts) {
            out.add(new Mutant(name + " truncated to " + c, Arrays.copyOf(b, c)));
        }
    }

    /** 4 variants of 1..4 random bit flips, half of them in the first {@code headerBias} bytes. */
    private static void bitFlips(String name, byte[] b, SplittableRandom r, List<Mutant> out, int headerBias) {
        if (b.length == 0) {
            return;
        }
        for (int v = 0; v < 4; v++) {
            byte[] m = b.clone();
            int flips = 1 + r.nextInt(4);
            StringBuilder where = new StringBuilder();
            for (int f = 0; f < flips; f++) {
                int pos = r.nextBoolean() ? r.nextInt(Math.min(headerBias, b.length)) : r.nextInt(b.length);
                int bit = r.nextInt(8);
                m[pos] ^= (byte) (1 << bit);
                where.append(' ').append(pos).append('.').append(bit);
            }
            out.add(new Mutant(name + " bits flipped at" + where, m));
        }
    }

    static long seed(String name) {
        return name.hashCode() * 0x9E3779B97F4A7C15L + 12345;
    }

    static byte[] putByte(byte[] b, int at, int v) {
        byte[] m = b.clone();
        m[at] = (byte) v;
        return m;
    }

    static byte[] putLe32(byte[] b, int at, int v) {
        byte[] m = b.clone();
        if (at >= 0 && at + 4 <= m.length) {
            ByteBuffer.wrap(m, at, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(v);
        }
        return m;
    }

    static byte[] putBe32(byte[] b, int at, int v) {
        byte[] m = b.clone();
        if (at >= 0 && at + 4 <= m.length) {
            ByteBuffer.wrap(m, at, 4).order(ByteOrder.BIG_ENDIAN).putInt(v);
        }
        return m;
    }

    static byte[] putBe64(byte[] b, int at, long v) {
        byte[] m = b.clone();
        if (at >= 0 && at + 8 <= m.length) {
            ByteBuffer.wrap(m, at, 8).order(ByteOrder.BIG_ENDIAN).putLong(v);
        }
        return m;
    }

    static byte[] swapBytes(byte[] b, int i, int j) {
        byte[] m = b.clone();
        m[i] = b[j];
        m[j] = b[i];
        return m;
    }

    static byte[] swapLe32(byte[] b, int i, int j) {
        return swapN(b, i, j, 4);
    }

    static byte[] swapBe32(byte[] b, int i, int j) {
        return swapN(b, i, j, 4);
    }

    static byte[] swapBe64(byte[] b, int i, int j) {
        return swapN(b, i, j, 8);
    }

    private static byte[] swapN(byte[] b, int i, int j, int n) {
        byte[] m = b.clone();
        if (Math.max(i, j) + n <= b.length) {
            System.arraycopy(b, i, m, j, n);
            System.arraycopy(b, j, m, i, n);
        }
        return m;
    }
}
