package io.github.blosc2panama.core.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frames embedded in a larger file, opened at their offset (SuperChunk.open(path, offset)). */
class FrameAtOffsetTest {
    @TempDir
    Path dir;

    private static byte[] data(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i / 7 + (i >> 10));
        }
        return b;
    }

    private byte[] frame(byte[] data) {
        try (SuperChunk sc = SuperChunk.create(Storage.inMemory(), CParams.builder().typesize(4).build(), 40_000)) {
            sc.extend(data);
            sc.setVlmetalayer("note", "embedded".getBytes());
            return sc.toCframe();
        }
    }

    private Path embed(byte[] before, byte[] frame, byte[] after) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(before);
        out.write(frame);
        out.write(after);
        Path p = dir.resolve("container.bin");
        Files.write(p, out.toByteArray());
        return p;
    }

    @Test
    void readsTheFrameAtItsOffsetAndIgnoresTheBytesAround() throws Exception {
        byte[] d = data(100_000);
        byte[] f = frame(d);
        byte[] junk = new byte[4099];
        Arrays.fill(junk, (byte) 0x5a);
        Path p = embed(junk, f, Arrays.copyOf(junk, 77));
        try (SuperChunk sc = SuperChunk.open(p, junk.length)) {
            assertEquals(3, sc.nchunks());
            assertArrayEquals(d, sc.getSlice(0, d.length));
            assertArrayEquals(Arrays.copyOfRange(d, 40_000, 80_000), sc.decompressChunk(1));
            assertArrayEquals("embedded".getBytes(), sc.vlmetalayer("note"));
            assertArrayEquals(f, sc.toCframe());
            assertThrows(InvalidArgumentException.class, () -> sc.append(new byte[4]));
        }
        try (SuperChunk sc = SuperChunk.open(embed(new byte[0], f, new byte[0]), 0)) {
            assertArrayEquals(d, sc.getSlice(0, d.length));
        }
    }

    @Test
    void badOffsetsAreTypedErrors() throws Exception {
        byte[] f = frame(data(50_000));
        Path p = embed(new byte[100], f, new byte[0]);
        long size = Files.size(p);
        InvalidArgumentException past = assertThrows(InvalidArgumentException.class, () -> SuperChunk.open(p, size + 1));
        assertTrue(past.getMessage().contains("beyond the end"), past.getMessage());
        assertThrows(InvalidArgumentException.class, () -> SuperChunk.open(p, -1));
        for (long at : new long[] {0, 99, 101, size - 10, size}) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> SuperChunk.open(p, at),
                    "offset " + at);
            assertTrue(e.getMessage().contains("offset " + at), e.getMessage());
        }
        assertThrows(InvalidArgumentException.class, () -> SuperChunk.open(dir, 0));
    }
}
