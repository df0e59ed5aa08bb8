package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.OffsetsIndex;
import io.github.blosc2panama.core.frame.TestSupport;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The write side with a memcpy-only test codec (so it runs before the chunk layer is merged):
 * every mutation, checked against a plain Java model, after reopening and after toCframe.
 */
class WriteRoundTripTest {
    static final ChunkCodec CODEC = TestSupport.MEMCPY;
    static final CParams P = CParams.builder().typesize(4).build();

    @TempDir
    Path dir;

    static byte[] data(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed * 7 + (i >> 8));
        }
        return b;
    }

    Storage storage(Storage.Kind kind) {
        String name = kind == Storage.Kind.SPARSE_DIRECTORY ? "d.b2frame" : "f.b2frame";
        return TestSupport.storage(kind, dir.resolve(name));
    }

    static void assertModel(SChunk sc, List<byte[]> model) {
        assertEquals(model.size(), sc.nchunks());
        long total = 0;
        for (int k = 0; k < model.size(); k++) {
            assertArrayEquals(model.get(k), sc.decompressChunk(k), "chunk " + k);
            total += model.get(k).length;
        }
        assertEquals(total, sc.header().nbytes());
        byte[] all = new byte[(int) total];
        int p = 0;
        for (byte[] b : model) {
            System.arraycopy(b, 0, all, p, b.length);
            p += b.length;
        }
        assertArrayEquals(all, sc.getSlice(0, total));
        if (total > 10) {
            assertArrayEquals(java.util.Arrays.copyOfRange(all, 3, (int) total - 5), sc.getSlice(3, total - 5));
        }
    }

    SChunk reopen(SChunk sc, Storage s) {
        if (s.kind() == Storage.Kind.MEMORY) {
            byte[] cf = sc.toCframe();
            return SChunk.fromCframe(MemorySegment.ofArray(cf), CODEC);
        }
        sc.close();
        return SChunk.open(s.path(), true, CODEC);
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void appendInsertUpdateDeleteReorder(Storage.Kind kind) {
        Storage s = storage(kind);
        List<byte[]> model = new ArrayList<>();
        SChunk sc = SChunk.create(s, P, 4000, CODEC);
        try {
            sc.addMetalayer("b2nd", new byte[] {1, 2, 3, 4});
            sc.setVlmetalayer("note", "hello".getBytes(), null);
            for (int k = 0; k < 3; k++) {
                byte[] d = data(4000, k);
                sc.append(MemorySegment.ofArray(d));
                model.add(d);
            }
            assertEquals(4000, sc.header().chunksize());
            assertModel(sc, model);
            sc = reopen(sc, s);
            assertModel(sc, model);
            assertEquals(4000, sc.header().chunksize());
            assertArrayEquals(new byte[] {1, 2, 3, 4}, sc.metalayer("b2nd"));
            assertArrayEquals("hello".getBytes(), sc.vlmetalayer("note"));

            byte[] ins = data(4000, 9);
            sc.insertChunk(1, MemorySegment.ofArray(CODEC.compress(MemorySegment.ofArray(ins), P)));
            model.add(1, ins);
            byte[] upd = data(4000, 11);
            sc.updateChunk(0, MemorySegment.ofArray(CODEC.compress(MemorySegment.ofArray(upd), P)));
            model.set(0, upd);
            assertModel(sc, model);
            sc.deleteChunk(2);
            model.remove(2);
            sc.reorder(new int[] {2, 0, 1});
            model = new ArrayList<>(List.of(model.get(2), model.get(0), model.get(1)));
            assertModel(sc, model);
            // a zeros chunk of the full chunksize is stored as a special offset
            sc.appendChunk(MemorySegment.ofArray(CODEC.special(SpecialValue.ZERO, 4000, 4)));
            model.add(new byte[4000]);
            assertEquals(OffsetsIndex.specialOffset(SpecialValue.ZERO), sc.offsets()[3]);
            assertEquals(32, sc.chunk(3).byteSize());
            // a short last chunk keeps the chunksize fixed
            byte[] tail = data(1000, 5);
            sc.append(MemorySegment.ofArray(tail));
            model.add(tail);
            assertEquals(4000, sc.header().chunksize());
            assertModel(sc, model);

            sc.updateMetalayer("b2nd", new byte[] {9, 9, 9, 9});
            SChunk sc2 = sc;
            assertThrows(InvalidArgumentException.class, () -> sc2.updateMetalayer("b2nd", new byte[3]));
            assertThrows(InvalidArgumentException.class, () -> sc2.addMetalayer("late", new byte[1]));
            sc.setVlmetalayer("note", "bye!!!!".getBytes(), null);
            sc.setVlmetalayer("other", new byte[100], null);
            assertTrue(sc.deleteVlmetalayer("other"));

            sc = reopen(sc, s);
            assertModel(sc, model);
            assertArrayEquals(new byte[] {9, 9, 9, 9}, sc.metalayer("b2nd"));
            assertArrayEquals("bye!!!!".getBytes(), sc.vlmetalayer("note"));
            assertNull(sc.vlmetalayer("other"));
            assertEquals(List.of("note"), sc.vlmetalayerNames());
            assertEquals(OffsetsIndex.specialOffset(SpecialValue.ZERO), sc.offsets()[3]);

            // a chunk larger than chunksize turns the frame variable: the special offset becomes a stored chunk
            byte[] big = data(6000, 3);
            sc.append(MemorySegment.ofArray(big));
            model.add(big);
            assertEquals(0, sc.header().chunksize());
            assertTrue(sc.offsets()[3] >= 0, "special chunk materialized");
            assertTrue((sc.header().generalFlags() & 0x40) != 0);
            assertModel(sc, model);
            sc = reopen(sc, s);
            assertModel(sc, model);

            // toCframe round trip for every storage
            byte[] cf = sc.toCframe();
            try (SChunk back = SChunk.fromCframe(MemorySegment.ofArray(cf), CODEC)) {
                assertModel(back, model);
                assertEquals(cf.length, back.header().frameLen());
            }
        } finally {
            sc.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void fillSpecial(Storage.Kind kind) {
        Storage s = storage(kind);
        try (SChunk sc = SChunk.create(s, CParams.builder().typesize(8).build(), 800, CODEC)) {
            sc.fillSpecial(250, SpecialValue.NAN);
            assertEquals(3, sc.nchunks());
            assertEquals(2000, sc.header().nbytes());
            assertEquals(800, sc.header().chunksize());
            assertEquals(400, sc.chunkNbytes(2));
            for (long o : sc.offsets()) {
                assertEquals(0x8200000000000000L, o);
            }
            byte[] d = sc.decompressChunk(2);
            assertTrue(Double.isNaN(MemorySegment.ofArray(d).get(java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED, 392)));
            assertThrows(InvalidArgumentException.class, () -> sc.fillSpecial(1, SpecialValue.ZERO));
        }
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void readsAndWritesAfterCloseThrowForEveryStorage(Storage.Kind kind) {
        // a closed in-memory or sparse super-chunk went on reading; a file frame threw
        SChunk sc = SChunk.create(storage(kind), P, 0, CODEC);
        sc.append(MemorySegment.ofArray(data(400, 1)));
        sc.close();
        assertThrows(IllegalStateException.class, () -> sc.decompressChunk(0));
        assertThrows(IllegalStateException.class, () -> sc.chunk(0));
        assertThrows(IllegalStateException.class, () -> sc.getSlice(0, 10));
        assertThrows(IllegalStateException.class, sc::toCframe);
        assertThrows(IllegalStateException.class, () -> sc.append(MemorySegment.ofArray(data(400, 2))));
        sc.close(); // twice is fine
    }

    @ParameterizedTest
    @EnumSource(Storage.Kind.class)
    void atMostSixteenVlmetalayersAsCWritesThem(Storage.Kind kind) {
        // C-Blosc2's trailer writer refuses a 17th; python-blosc2 aborted modifying a frame of ours with 17
        Storage s = storage(kind);
        try (SChunk sc = SChunk.create(s, P, 0, CODEC)) {
            for (int k = 0; k < 16; k++) {
                sc.setVlmetalayer("v" + k, data(10, k), null);
            }
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> sc.setVlmetalayer("v16", data(10, 16), null));
            assertTrue(e.getMessage().contains("'v16'") && e.getMessage().contains("at most 16"), e.getMessage());
            sc.setVlmetalayer("v3", data(20, 99), null); // replacing one still works
            assertEquals(16, sc.vlmetalayerNames().size());
            assertArrayEquals(data(20, 99), sc.vlmetalayer("v3"));
            assertTrue(sc.deleteVlmetalayer("v0"));
            sc.setVlmetalayer("v16", data(10, 16), null);
            assertEquals(16, sc.vlmetalayerNames().size());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void readOnlyOpenRefusesWrites(Storage.Kind kind) {
        Storage s = storage(kind);
        SChunk.create(s, P, 0, CODEC).close();
        try (SChunk ro = SChunk.open(s.path(), false, CODEC)) {
            assertThrows(InvalidArgumentException.class, () -> ro.append(MemorySegment.ofArray(new byte[8])));
        }
    }

    @org.junit.jupiter.api.Test
    void contiguousFileStaysCompactAndToleratesTrailingBytes() throws Exception {
        Storage s = storage(Storage.Kind.CONTIGUOUS_FILE);
        List<byte[]> model = new ArrayList<>();
        try (SChunk sc = SChunk.create(s, P, 0, CODEC)) {
            for (int k = 0; k < 20; k++) {
                byte[] d = data(500, k);
                sc.append(MemorySegment.ofArray(d));
                model.add(d);
                assertEquals(sc.header().frameLen(), Files.size(s.path()), "no garbage after append " + k);
                assertEquals(500L * 32 / 32 * (k + 1) + 32L * (k + 1), sc.header().cbytes());
            }
        }
        // the state a crash between steps 1 and 2 of a commit leaves: extra bytes past frame_len
        Files.write(s.path(), new byte[777], java.nio.file.StandardOpenOption.APPEND);
        try (SChunk sc = SChunk.open(s.path(), false, CODEC)) {
            assertModel(sc, model);
        }
    }
}
