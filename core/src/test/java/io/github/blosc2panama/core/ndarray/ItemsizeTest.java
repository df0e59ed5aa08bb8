package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.frame.FrameHeader;
import io.github.blosc2panama.core.testutil.AllocationCounter;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bytes an item takes: the frame's typesize as C-Blosc2 takes it, checked against the size of chunk 0. A
 * corrupted typesize sized a whole-array read (1.2 GB for a 288-byte array) before any chunk said otherwise.
 */
class ItemsizeTest {
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private static byte[] data(int n) {
        byte[] d = new byte[n];
        for (int i = 0; i < n; i++) {
            d[i] = (byte) (i * 7 + 1);
        }
        return d;
    }

    private static byte[] int32Frame(byte[] data) {
        try (NDArray a = NDArray.builder(DType.parse("<i4"), 8, 9).chunkshape(4, 5).blockshape(2, 5)
                .fromBytes(MemorySegment.ofArray(data))) {
            return a.toCframe();
        }
    }

    @Test
    void aTypesizeTheChunksDoNotHoldGivesWayToTheDtypesSize() {
        byte[] data = data(8 * 9 * 4);
        byte[] f = int32Frame(data);
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_TYPESIZE, 0x01000004);
        long before = AllocationCounter.current();
        try (NDArray a = NDArray.fromCframe(f)) {
            assertEquals(4, a.itemsize());
            assertArrayEquals(data, a.toBytes());
        }
        long allocated = AllocationCounter.current() - before;
        assertTrue(allocated < 16 << 20, "allocated " + allocated + " bytes");
    }

    @Test
    void aTypesizeNeitherTheChunksNorTheDtypeAgreeWithIsRefused() {
        byte[] f = int32Frame(data(8 * 9 * 4));
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_TYPESIZE, 2);
        String s = new String(f, StandardCharsets.ISO_8859_1);
        int at = s.indexOf("<i4");
        f[at + 2] = '8'; // the metalayer's dtype: <i8
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> NDArray.fromCframe(f));
        assertTrue(e.getMessage().contains("chunk 0 holds 80 bytes"), e.getMessage());
    }

    @Test
    void aWrongChunksizeInTheFrameHeaderIsNotWhatTheItemsizeIsCheckedAgainst() {
        // C-Blosc2 reads such a frame right: the chunks are whole and the metalayer agrees with the typesize
        byte[] data = data(8 * 9 * 4);
        byte[] f = int32Frame(data);
        MemorySegment.ofArray(f).set(BE_INT, FrameHeader.POS_CHUNKSIZE, 81);
        try (NDArray a = NDArray.fromCframe(f)) {
            assertArrayEquals(data, a.toBytes());
        }
    }

    @Test
    void pythonsInMemoryFrameOfItemsAbove255BytesIsRead(@TempDir Path tmp) throws Exception {
        // python-blosc2's to_cframe records typesize 1 for a 'V300' array (its own reader then fails); the chunks hold
        // 300-byte items, as the dtype says (skipped without the python peer)
        PythonPeer.run("""
                import sys, blosc2, numpy as np
                x = (np.arange(10 * 3 * 300) % 251).astype('u1').view('V300').reshape(10, 3)
                b = blosc2.asarray(x, chunks=(5, 3), blocks=(5, 3))
                open(sys.argv[1] + '/v300.cframe', 'wb').write(b.to_cframe())
                open(sys.argv[1] + '/v300.raw', 'wb').write(x.tobytes())
                """, tmp.toString());
        byte[] f = Files.readAllBytes(tmp.resolve("v300.cframe"));
        assertEquals(1, MemorySegment.ofArray(f).get(BE_INT, FrameHeader.POS_TYPESIZE));
        try (NDArray a = NDArray.fromCframe(f)) {
            assertEquals(300, a.itemsize());
            assertArrayEquals(Files.readAllBytes(tmp.resolve("v300.raw")), a.toBytes());
        }
    }
}
