package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.testutil.Vectors;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every b2nd and caterva entry of the interop manifest: geometry, dtype, full-array hash and each listed slice. */
class B2ndVectorsTest {
    static Stream<JsonNode> entries() {
        List<JsonNode> all = Vectors.entries("b2nd", "caterva");
        return all.stream();
    }

    @Test
    void corpusHasTheArrays() {
        assertTrue(Vectors.entries("b2nd", "caterva").size() >= 33);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void matchesManifest(JsonNode e) {
        Path file = Vectors.file(e);
        try (NDArray a = NDArray.open(file)) {
            check(e, a);
        }
        if (Files.isRegularFile(file)) {
            try (NDArray a = NDArray.fromCframe(Vectors.read(e))) {
                check(e, a);
            }
        }
    }

    /** A copy written by us (contiguous, sparse, in memory) reads back the same. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void savedCopiesMatch(JsonNode e, @TempDir Path tmp) {
        try (NDArray a = NDArray.open(Vectors.file(e))) {
            try (NDArray c = a.save(Storage.contiguous(tmp.resolve("c.b2nd")))) {
                check(e, c);
            }
            try (NDArray c = NDArray.open(tmp.resolve("c.b2nd"))) {
                check(e, c);
            }
            if (a.superChunk().nchunks() <= 12) {
                // the sparse store rewrites its index per appended chunk: keep it to small arrays here
                try (NDArray c = a.save(Storage.sparse(tmp.resolve("s.b2nd")).durable(false))) {
                    check(e, c);
                }
            }
            try (NDArray c = NDArray.fromCframe(a.toCframe())) {
                check(e, c);
            }
        }
    }

    private static void check(JsonNode e, NDArray a) {
        JsonNode x = e.get("expect");
        String f = e.get("file").asText();
        assertEquals(x.get("ndim").asInt(), a.ndim(), f);
        assertArrayEquals(longs(x.get("shape")), a.shape(), f);
        assertArrayEquals(ints(x.get("chunkshape")), a.chunkshape(), f);
        assertArrayEquals(ints(x.get("blockshape")), a.blockshape(), f);
        if (x.get("dtype").isNull()) {
            assertNull(a.dtypeString(), f);
            assertEquals("caterva", a.metalayerName(), f);
        } else {
            assertEquals(x.get("dtype").asText(), a.dtypeString(), f);
            assertEquals(x.get("dtype").asText(), a.dtype().str(), f);
        }
        assertEquals(x.get("dtype_format").asInt(), a.dtypeFormat(), f);
        assertEquals(x.get("typesize").asInt(), a.itemsize(), f);
        assertEquals(x.get("nitems").asLong(), a.nitems(), f);
        assertEquals(x.get("nbytes").asLong(), a.nbytes(), f);
        byte[] all = a.toBytes();
        assertEquals(x.get("sha256").asText(), Vectors.sha256(all), f);
        if (x.has("raw")) {
            assertArrayEquals(Vectors.read(x.get("raw").asText()), all, f);
        }
        if (x.has("slices")) {
            for (JsonNode s : x.get("slices")) {
                long[] start = longs(s.get("start"));
                long[] stop = longs(s.get("stop"));
                byte[] got = a.getSlice(start, stop);
                assertEquals(s.get("nbytes").asLong(), got.length, f);
                assertEquals(s.get("sha256").asText(), Vectors.sha256(got), f + " slice " + s);
                // into a native segment at an offset
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment seg = arena.allocate(got.length + 3L);
                    a.getSlice(start, stop, seg.asSlice(3));
                    assertArrayEquals(got, seg.asSlice(3).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), f);
                }
            }
        }
        if (x.has("c_blosc2_readable")) {
            // caterva entries: C-Blosc2 refuses the 6-element form, a tolerant reader gives the data.
            assertFalse(x.get("c_blosc2_readable").asBoolean() && a.metalayerName().equals("b2nd")
                    && a.superChunk().metalayer("caterva") == null, f);
        }
    }

    static long[] longs(JsonNode n) {
        long[] out = new long[n.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = n.get(i).asLong();
        }
        return out;
    }

    static int[] ints(JsonNode n) {
        int[] out = new int[n.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = n.get(i).asInt();
        }
        return out;
    }
}
