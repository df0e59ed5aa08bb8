package io.github.blosc2panama.core.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Shuffled chunks whose high-byte streams are all runs in some blocks (zeros, one byte, a byte that changes from
 * block to block or stays) decode to their data into native outputs, where the unshuffle reads those streams from
 * {@link RunRows}: blocks of one piece and of many, a last piece shorter than a row, low streams raw (read in the
 * chunk), runs or compressed, typesizes 4 and 8 alternating on the same threads (rows of another length), on one
 * thread and two. A damaged run in a high stream is refused as before.
 */
class RunRowsTest {
    @Test
    void chunksWhoseHighStreamsAreRunsDecodeToTheirData() {
        SplittableRandom r = new SplittableRandom(35);
        int checked = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 100; round++) {
                int typesize = new int[] {4, 8, 4, 8, 2, 16}[r.nextInt(6)];
                int neblock = new int[] {64, 1000, 1024, 2047, 4096, 4099, 20000, 65536}[r.nextInt(8)];
                int blocksize = typesize * neblock;
                int nbytes = blocksize * (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? typesize * r.nextInt(300) : 0);
                Codec codec = new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD}[r.nextInt(3)];
                CParams p = CParams.builder().codec(codec).clevel(1 + r.nextInt(9)).typesize(typesize)
                        .filters(Filter.SHUFFLE).splitMode(SplitMode.ALWAYS).blocksize(blocksize).build();
                byte[] data = highRunsInMostBlocks(r, nbytes, typesize, blocksize);
                byte[] chunkBytes = Blosc2.compress(data, p);
                String what = "round " + round + ": " + p;
                MemorySegment chunk = arena.allocate(chunkBytes.length + 3).asSlice(3, chunkBytes.length)
                        .copyFrom(MemorySegment.ofArray(chunkBytes));
                DParams threads = new DParams(1 + r.nextInt(2));
                for (MemorySegment in : new MemorySegment[] {chunk, MemorySegment.ofArray(chunkBytes)}) {
                    MemorySegment dst = arena.allocate(nbytes + 5).asSlice(5, nbytes);
                    assertEquals(nbytes, Blosc2.decompress(in, dst, threads), what);
                    assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), what);
                    checked++;
                }
                byte[] heapOut = new byte[nbytes];
                Blosc2.decompress(chunk, MemorySegment.ofArray(heapOut), threads);
                assertEquals(-1, MemorySegment.ofArray(heapOut).mismatch(MemorySegment.ofArray(data)), what);
            }
        }
        assertEquals(200, checked);
    }

    /**
     * Items whose high half of bytes is, in most blocks, zeros or one byte per plane (the byte of the block before,
     * or a new one), else noise; the low half is per block and plane noise, zeros, one byte or a slow ramp.
     */
    private static byte[] highRunsInMostBlocks(SplittableRandom r, int nbytes, int typesize, int blocksize) {
        byte[] b = new byte[nbytes];
        byte[] high = new byte[typesize];
        for (int block = 0; block < nbytes; block += blocksize) {
            int end = Math.min(nbytes, block + blocksize);
            boolean highRuns = r.nextInt(5) != 0;
            for (int plane = 0; plane < typesize; plane++) {
                int kind;
                if (plane >= typesize / 2 && highRuns) {
                    int change = r.nextInt(3);
                    high[plane] = change == 0 ? 0 : change == 1 ? (byte) r.nextInt(256) : high[plane];
                    kind = -1;
                } else {
                    kind = r.nextInt(4);
                }
                byte c = (byte) r.nextInt(256);
                for (int i = block + plane; i < end; i += typesize) {
                    b[i] = switch (kind) {
                        case -1 -> high[plane];
                        case 0 -> (byte) r.nextInt(256);
                        case 1 -> 0;
                        case 2 -> c;
                        default -> (byte) (i / 97);
                    };
                }
            }
        }
        return b;
    }

    @Test
    void integerRampsDecodeToTheirData() {
        // i32_arange's shape: the third byte changes once a block, the fourth is zero; and 8-byte items alike
        try (Arena arena = Arena.ofConfined()) {
            for (int typesize : new int[] {4, 8}) {
                int n = (3 << 20) / typesize + 5;
                ByteBuffer bb = ByteBuffer.allocate(n * typesize).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < n; i++) {
                    if (typesize == 4) {
                        bb.putInt(i);
                    } else {
                        bb.putLong(3L * i);
                    }
                }
                byte[] data = bb.array();
                for (Codec codec : new Codec[] {Codec.BLOSCLZ, Codec.LZ4, Codec.ZSTD, Codec.ZLIB}) {
                    CParams p = CParams.builder().codec(codec).typesize(typesize).filters(Filter.SHUFFLE)
                            .splitMode(SplitMode.ALWAYS).build();
                    byte[] chunkBytes = Blosc2.compress(data, p);
                    MemorySegment chunk = arena.allocate(chunkBytes.length)
                            .copyFrom(MemorySegment.ofArray(chunkBytes));
                    for (int nthreads = 1; nthreads <= 2; nthreads++) {
                        MemorySegment dst = arena.allocate(data.length);
                        Blosc2.decompress(chunk, dst, new DParams(nthreads));
                        assertEquals(-1, dst.mismatch(MemorySegment.ofArray(data)), p + ", " + nthreads + " threads");
                    }
                }
            }
        }
    }

    @Test
    void aDamagedRunInAHighStreamIsRefusedAsBefore() {
        int typesize = 4;
        byte[] data = new byte[typesize * 4096 * 3];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % typesize == 2 ? 7 : i % typesize == 3 ? 0 : i / 13);
        }
        CParams p = CParams.builder().codec(Codec.LZ4).typesize(typesize).filters(Filter.SHUFFLE)
                .splitMode(SplitMode.ALWAYS).blocksize(typesize * 4096).build();
        byte[] chunk = Blosc2.compress(data, p);
        ByteBuffer bb = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
        // the streams of block 1: walk to stream 2, the third bytes' run of 7
        int pos = bb.getInt(32 + 4);
        for (int s = 0; s < 2; s++) {
            int csize = bb.getInt(pos);
            pos += 4 + Math.max(csize, 0) + (csize < 0 ? 1 : 0);
        }
        assertEquals(-7, bb.getInt(pos), "stream 2 of block 1 is a run of 7");
        byte[] evenToken = chunk.clone();
        evenToken[pos + 4] &= ~1;
        assertRefused(evenToken, "block 1: stream 2 has unsupported token");
        byte[] notAByte = chunk.clone();
        ByteBuffer.wrap(notAByte).order(ByteOrder.LITTLE_ENDIAN).putInt(pos, -256);
        assertRefused(notAByte, "block 1: stream 2 run-length csize -256 does not encode one byte");
    }

    private static void assertRefused(byte[] chunk, String message) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nativeChunk = arena.allocate(chunk.length).copyFrom(MemorySegment.ofArray(chunk));
            MemorySegment nativeOut = arena.allocate(1 << 16);
            for (MemorySegment in : new MemorySegment[] {nativeChunk, MemorySegment.ofArray(chunk)}) {
                for (MemorySegment out : new MemorySegment[] {nativeOut, MemorySegment.ofArray(new byte[1 << 16])}) {
                    CorruptDataException e = assertThrows(CorruptDataException.class,
                            () -> Blosc2.decompress(in, out, new DParams(1)));
                    assertEquals(true, e.getMessage().contains(message), e.getMessage());
                }
            }
        }
    }
}
