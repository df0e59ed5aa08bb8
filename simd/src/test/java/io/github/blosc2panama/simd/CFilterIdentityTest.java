package io.github.blosc2panama.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DELTA, TRUNC_PREC, BYTEDELTA and INT_TRUNC compared with the live C-Blosc2, which does not export these kernels:
 * it compresses chunks with a single filter, lz4, never-split and a forced blocksize. Blocks that stay incompressible
 * after the filter are stored raw ({@code csize == blocksize}), so the chunk shows C's filtered bytes, which must equal
 * our encode (for the lossy TRUNC_PREC and INT_TRUNC, whose decode is a copy, C's decompressed output is its filtered
 * data, so every block is compared). Then the raw payloads are replaced by random bytes and C decompresses the chunk: its output must equal
 * our decode of those bytes. Also a hand-made chunk of format version 2 checks the legacy bitunshuffle.
 */
class CFilterIdentityTest {
    static final int DELTA = 3;
    static final int TRUNC_PREC = 4;
    static final int BYTEDELTA = 35;
    static final int INT_TRUNC = 36;
    private static final int HEADER = 32;

    record Case(int filter, int typesize, int meta, int leftover) {
        @Override
        public String toString() {
            return "filter " + filter + " typesize " + typesize + " meta " + meta + " leftover " + leftover;
        }
    }

    static Stream<Arguments> cases() {
        List<Case> list = new ArrayList<>();
        int[] leftovers = {0, 1, 3, 7, 13, 100};
        for (int ts : new int[] {1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 255}) {
            for (int lo : leftovers) {
                list.add(new Case(DELTA, ts, 0, lo));
            }
        }
        for (int meta : new int[] {10, 1, 22, 23, -1, -8, -22}) {
            list.add(new Case(TRUNC_PREC, 4, meta, 7));
        }
        for (int meta : new int[] {20, 1, 51, 52, -1, -30, -51}) {
            list.add(new Case(TRUNC_PREC, 8, meta, 13));
        }
        for (int ts : new int[] {1, 2, 4, 8}) {
            int width = 8 * ts;
            for (int meta : new int[] {1, width, width - 1, -1, -(width - 1), 5, -3}) {
                list.add(new Case(INT_TRUNC, ts, meta, ts == 1 ? 0 : 3));
            }
        }
        for (int ts : new int[] {1, 2, 3, 4, 7, 8, 16, 33}) {
            for (int lo : new int[] {0, 5, 100}) {
                list.add(new Case(BYTEDELTA, ts, ts, lo));
            }
        }
        list.add(new Case(BYTEDELTA, 4, 2, 9)); // meta (the stream count C uses) differs from the chunk typesize
        list.add(new Case(BYTEDELTA, 2, 5, 9));
        return list.stream().map(Arguments::of);
    }

    /** A blocksize that is a multiple of 8 elements and about 4 KiB. */
    static int blocksize(int typesize) {
        int unit = 8 * typesize;
        return unit * Math.max(1, 4096 / unit);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void encodeAndDecodeMatchC(Case cs) throws Throwable {
        CBlosc2 c = CBlosc2.get().orElse(null);
        Assumptions.assumeTrue(c != null, "libblosc2 not available (set -Dblosc2.python)");
        int bs = blocksize(cs.typesize);
        int nbytes = 8 * bs + cs.leftover;
        byte[] data = input(cs, bs, nbytes);
        byte[] chunk = c.compress(data, cs.typesize, cs.filter, cs.meta & 0xFF, bs);
        ByteBuffer h = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, chunk[2] & 0x02, "C stored the chunk memcpyed: no filtered bytes to compare");
        assertEquals(nbytes, h.getInt(4));
        assertEquals(bs, h.getInt(8));
        int nblocks = (nbytes + bs - 1) / bs;

        // 1. C's filtered bytes versus our encode, block by block
        byte[][] filtered = new byte[nblocks][];
        int rawBlocks = 0;
        for (int b = 0; b < nblocks; b++) {
            int offset = b * bs;
            int len = Math.min(bs, nbytes - offset);
            filtered[b] = storedFilteredBlock(chunk, h, b, len);
            if (filtered[b] == null) {
                continue;
            }
            if (isRaw(h, b, len)) {
                rawBlocks++;
            }
            byte[] ours = encode(cs, data, offset, len);
            int compared = len - uncheckedTail(cs, len);
            assertArrayEquals(Arrays.copyOf(filtered[b], compared), Arrays.copyOf(ours, compared),
                    cs + ": encoded block " + b);
        }
        boolean lossy = cs.filter == TRUNC_PREC || cs.filter == INT_TRUNC;
        if (lossy) {
            // Their decode is a copy, so C's decompressed chunk is C's filtered data, whatever the codec did.
            byte[] cRound = c.decompress(chunk, nbytes, (byte) 0xEE);
            for (int b = 0; b < nblocks; b++) {
                int offset = b * bs;
                int len = Math.min(bs, nbytes - offset);
                byte[] ours = encode(cs, data, offset, len);
                int compared = len - uncheckedTail(cs, len);
                assertArrayEquals(Arrays.copyOfRange(cRound, offset, offset + compared),
                        Arrays.copyOf(ours, compared), cs + ": truncated block " + b);
            }
        } else {
            assertTrue(rawBlocks >= 2, cs + ": expected raw (incompressible) blocks, got " + rawBlocks);
        }

        // 2. replace the raw payloads with random bytes; C's decode versus ours
        SplittableRandom r = new SplittableRandom(cs.hashCode());
        for (int b = 0; b < nblocks; b++) {
            int len = Math.min(bs, nbytes - b * bs);
            if (isRaw(h, b, len)) {
                int at = h.getInt(HEADER + 4 * b) + 4;
                for (int k = 0; k < len; k++) {
                    chunk[at + k] = (byte) r.nextInt(256);
                }
                filtered[b] = Arrays.copyOfRange(chunk, at, at + len);
            }
        }
        byte[] cOut = c.decompress(chunk, nbytes, (byte) 0xEE);
        byte[] ours = new byte[nbytes];
        Arrays.fill(ours, (byte) 0xEE);
        MemorySegment out = MemorySegment.ofArray(ours);
        for (int b = 0; b < nblocks; b++) {
            int offset = b * bs;
            int len = Math.min(bs, nbytes - offset);
            if (filtered[b] == null) {
                assertTrue(cs.filter != DELTA || b != 0, cs + ": reference block was lz4-compressed");
                System.arraycopy(cOut, offset, ours, offset, len); // not comparable: codec we don't run here
                continue;
            }
            decode(cs, filtered[b], out, offset, len);
        }
        assertArrayEquals(cOut, ours, cs + ": decoded chunk");
    }

    /**
     * Input designed so that about half the blocks are random (incompressible after the filter, stored raw) and the
     * rest filter to zeros (a run), so that C does not fall back to a memcpyed chunk.
     */
    private static byte[] input(Case cs, int bs, int nbytes) {
        byte[] data = TestData.random(cs.hashCode() * 31L + 7, nbytes);
        for (int b = 4; b * bs < nbytes; b++) {
            int offset = b * bs;
            int len = Math.min(bs, nbytes - offset);
            if (b == 8) {
                break; // the leftover block stays random
            }
            if (cs.filter == DELTA) {
                System.arraycopy(data, 0, data, offset, len); // XOR with block 0 gives zeros
            } else {
                Arrays.fill(data, offset, offset + len, (byte) 0);
            }
        }
        return data;
    }

    private static boolean isRaw(ByteBuffer h, int block, int len) {
        int start = h.getInt(HEADER + 4 * block);
        return h.getInt(start) == len;
    }

    /** The filtered bytes C stored for a block, when it stored them raw or as a run; null when codec-compressed. */
    private static byte[] storedFilteredBlock(byte[] chunk, ByteBuffer h, int block, int len) {
        int start = h.getInt(HEADER + 4 * block);
        int csize = h.getInt(start);
        if (csize == len) {
            return Arrays.copyOfRange(chunk, start + 4, start + 4 + len);
        }
        if (csize == 0) {
            return new byte[len];
        }
        if (csize < 0 && (chunk[start + 4] & 1) != 0) {
            byte[] run = new byte[len];
            Arrays.fill(run, (byte) -csize);
            return run;
        }
        return null;
    }

    /** Trailing bytes C leaves unwritten when encoding (their stored value is whatever its scratch buffer held). */
    private static int uncheckedTail(Case cs, int len) {
        return switch (cs.filter) {
            case DELTA -> len % Delta.wordWidth(cs.typesize);
            case TRUNC_PREC, INT_TRUNC -> len % cs.typesize;
            default -> 0;
        };
    }

    private static byte[] encode(Case cs, byte[] data, int offset, int len) {
        MemorySegment whole = TestData.place(data, 3, null);
        MemorySegment src = whole.asSlice(offset, len);
        MemorySegment dst = TestData.blank(len, 1, null, (byte) 0x77);
        switch (cs.filter) {
            case DELTA -> Delta.encode(whole, offset, src, dst, len, cs.typesize);
            case TRUNC_PREC -> TruncPrec.truncate(src, dst, len, cs.typesize, cs.meta);
            case INT_TRUNC -> IntTrunc.truncate(src, dst, len, cs.typesize, cs.meta);
            case BYTEDELTA -> ByteDelta.encode(src, dst, len, cs.meta);
            default -> throw new AssertionError(cs);
        }
        return TestData.bytes(dst);
    }

    private static void decode(Case cs, byte[] filtered, MemorySegment out, int offset, int len) {
        MemorySegment block = out.asSlice(offset, len);
        MemorySegment in = MemorySegment.ofArray(filtered);
        switch (cs.filter) {
            case DELTA -> {
                block.copyFrom(in);
                Delta.decode(out, offset, block, len, cs.typesize);
            }
            case TRUNC_PREC -> block.copyFrom(in);
            case INT_TRUNC -> IntTrunc.decode(in, block, len);
            case BYTEDELTA -> ByteDelta.decode(in, block, len, cs.meta);
            default -> throw new AssertionError(cs);
        }
    }

    /**
     * A Blosc 1.x style chunk (format version 2, 16-byte header, bitshuffle flag, one raw stream per block) made here
     * and decompressed by C: its legacy bitunshuffle must equal {@link BitShuffle#bitunshuffleLegacy}, except for the
     * bytes C leaves unwritten (partial element after a multiple of 8 elements).
     */
    @Test
    void legacyBitunshuffleMatchesCOnFormatVersion2Chunks() throws Throwable {
        CBlosc2 c = CBlosc2.get().orElse(null);
        Assumptions.assumeTrue(c != null, "libblosc2 not available (set -Dblosc2.python)");
        int checked = 0;
        for (int ts : new int[] {1, 2, 3, 4, 7, 8, 16}) {
            for (int bs : new int[] {8 * ts * 16, 8 * ts * 16 + ts, 8 * ts * 16 + 2}) {
                for (int leftover : new int[] {0, 8 * ts, 8 * ts + 1, 5 * ts, 5 * ts + 1, 1}) {
                    int nbytes = 3 * bs + leftover;
                    int nblocks = (nbytes + bs - 1) / bs;
                    byte[] payload = TestData.random(ts * 1000L + bs + leftover, nbytes);
                    int cbytes = 16 + 4 * nblocks + 4 * nblocks + nbytes;
                    ByteBuffer chunk = ByteBuffer.allocate(cbytes).order(ByteOrder.LITTLE_ENDIAN);
                    chunk.put((byte) 2).put((byte) 1).put((byte) (0x04 | 0x10)).put((byte) ts);
                    chunk.putInt(nbytes).putInt(bs).putInt(cbytes);
                    int at = 16 + 4 * nblocks;
                    for (int b = 0; b < nblocks; b++) {
                        chunk.putInt(16 + 4 * b, at);
                        at += 4 + Math.min(bs, nbytes - b * bs);
                    }
                    chunk.position(16 + 4 * nblocks);
                    for (int b = 0; b < nblocks; b++) {
                        int len = Math.min(bs, nbytes - b * bs);
                        chunk.putInt(len).put(payload, b * bs, len);
                    }
                    byte[] cOut = c.decompress(chunk.array(), nbytes, (byte) 0xEE);
                    byte[] ours = new byte[nbytes];
                    for (int b = 0; b < nblocks; b++) {
                        int len = Math.min(bs, nbytes - b * bs);
                        BitShuffle.bitunshuffleLegacy(MemorySegment.ofArray(payload).asSlice(b * bs, len),
                                MemorySegment.ofArray(ours).asSlice(b * bs, len), len, ts);
                        int nel = len / ts;
                        if (nel % 8 == 0 && len % ts != 0) {
                            // C leaves these unwritten: they keep the destination's fill
                            for (int k = nel * ts; k < len; k++) {
                                assertEquals((byte) 0xEE, cOut[b * bs + k]);
                                cOut[b * bs + k] = ours[b * bs + k];
                            }
                        }
                    }
                    assertArrayEquals(cOut, ours, "ts " + ts + " bs " + bs + " leftover " + leftover);
                    checked++;
                }
            }
        }
        assertEquals(7 * 3 * 6, checked);
    }
}
