package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.ContiguousFileStore;
import io.github.blosc2panama.core.frame.SparseFrameStore;
import io.github.blosc2panama.core.schunk.SChunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuzz targets that change a frame on disk: the input's first byte picks an {@link Edit}, the rest is a frame (a
 * contiguous one, or a sparse directory in {@link FuzzTargets#sframe}'s encoding). The frame is read, edited through a
 * writable {@link SChunk}, and read again. Whether or not the edit is refused (with a {@link Blosc2Exception}), the
 * frame must open again, and every chunk, metalayer and vlmetalayer the edit leaves alone must read as before:
 * nothing already stored is lost. An accepted edit must read back as made.
 */
final class EditTargets {
    /** Uncompressed bytes of chunks one input may read per snapshot (a harness budget). */
    private static final long READ_BUDGET = 16L << 20;
    private static final String VLMETA_NAME = "fuzz";

    /** What an input does to its frame. */
    enum Edit {
        APPEND, INSERT_FIRST, UPDATE_FIRST, DELETE_LAST, REVERSE, SET_VLMETALAYER, DELETE_VLMETALAYER,
        // added later: an input's first byte picks the edit modulo their count, so the ones above keep their bytes
        APPEND_SHORT, INSERT_MIDDLE, DELETE_FIRST, UPDATE_METALAYER;

        /** Whether the edit stores a new chunk (made from the frame's own parameters). */
        boolean addsChunk() {
            return switch (this) {
                case APPEND, APPEND_SHORT, INSERT_FIRST, INSERT_MIDDLE, UPDATE_FIRST -> true;
                default -> false;
            };
        }
    }

    private EditTargets() {
    }

    /** A contiguous frame, written to a file and edited there. */
    static void cframe(byte[] data) {
        if (data.length == 0) {
            return;
        }
        Path file = FuzzTargets.SparseDir.fresh().resolve("frame.b2frame");
        try {
            Files.write(file, Arrays.copyOfRange(data, 1, data.length));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        edit(edit(data[0]), file);
    }

    /** A sparse frame directory, edited in place. */
    static void sframe(byte[] data) {
        if (data.length == 0) {
            return;
        }
        Path dir = FuzzTargets.SparseDir.fresh();
        FuzzTargets.writeSparseDir(Arrays.copyOfRange(data, 1, data.length), dir);
        edit(edit(data[0]), dir);
    }

    /** {@code frame} with the first byte that picks {@code e}: a seed input. */
    static byte[] input(Edit e, byte[] frame) {
        byte[] in = new byte[frame.length + 1];
        in[0] = (byte) e.ordinal();
        System.arraycopy(frame, 0, in, 1, frame.length);
        return in;
    }

    private static Edit edit(byte b) {
        return Edit.values()[Byte.toUnsignedInt(b) % Edit.values().length];
    }

    private static void edit(Edit e, Path path) {
        Snapshot before;
        try (SChunk sc = open(path, false)) {
            before = Snapshot.of(sc);
        } catch (Blosc2Exception ex) {
            return;
        }
        byte[] data = null;
        boolean done;
        try (SChunk sc = open(path, true)) {
            data = newChunkData(sc, e == Edit.APPEND_SHORT);
            MemorySegment chunk = null;
            if (e.addsChunk()) { // only then: a frame whose parameters cannot compress may still be edited otherwise
                chunk = compress(sc, data);
                data = decompress(chunk); // what the chunk holds: the frame's filters may be lossy (trunc-prec)
            }
            apply(e, sc, chunk, data);
            done = true;
        } catch (Blosc2Exception ex) {
            done = false;
        }
        Snapshot after;
        try (SChunk sc = open(path, false)) {
            after = Snapshot.of(sc);
        } catch (Blosc2Exception ex) {
            throw new AssertionError(e + (done ? "" : ", refused,") + " left a frame that does not open", ex);
        }
        String what = e + (done ? "" : " (refused)");
        Map<String, byte[]> expectMetas = done && e == Edit.UPDATE_METALAYER ? updatedMetas(before.metalayers)
                : before.metalayers;
        FuzzTargets.check(equalMaps(after.metalayers, expectMetas), what + ": the metalayers read otherwise");
        if (!done) {
            compareChunks(what, before, after, 0, 0, before.n);
            FuzzTargets.check(after.n == before.n, what + " changed the number of chunks");
            FuzzTargets.check(equalMaps(after.vlmetalayers, before.vlmetalayers), what + " changed the vlmetalayers");
            return;
        }
        int n = before.n;
        switch (e) {
            case APPEND, APPEND_SHORT -> {
                expectCount(what, after, n + 1);
                compareChunks(what, before, after, 0, 0, n);
                expectChunk(what, after, n, data);
            }
            case INSERT_FIRST -> {
                expectCount(what, after, n + 1);
                compareChunks(what, before, after, 0, 1, n);
                expectChunk(what, after, 0, data);
            }
            case UPDATE_FIRST -> {
                expectCount(what, after, n);
                compareChunks(what, before, after, 1, 1, n - 1);
                expectChunk(what, after, 0, data);
            }
            case DELETE_LAST -> {
                expectCount(what, after, n - 1);
                compareChunks(what, before, after, 0, 0, n - 1);
            }
            case REVERSE -> {
                expectCount(what, after, n);
                for (int k = 0; k < n; k++) {
                    compareChunks(what, before, after, n - 1 - k, k, 1);
                }
            }
            case INSERT_MIDDLE -> {
                expectCount(what, after, n + 1);
                compareChunks(what, before, after, 0, 0, n / 2);
                expectChunk(what, after, n / 2, data);
                compareChunks(what, before, after, n / 2, n / 2 + 1, n - n / 2);
            }
            case DELETE_FIRST -> {
                expectCount(what, after, n - 1);
                compareChunks(what, before, after, 1, 0, n - 1);
            }
            case SET_VLMETALAYER, DELETE_VLMETALAYER, UPDATE_METALAYER -> {
                expectCount(what, after, n);
                compareChunks(what, before, after, 0, 0, n);
            }
        }
        Map<String, byte[]> expectVl = new LinkedHashMap<>(before.vlmetalayers);
        if (e == Edit.SET_VLMETALAYER) {
            expectVl.remove(VLMETA_NAME);
            Map<String, byte[]> got = new LinkedHashMap<>(after.vlmetalayers);
            byte[] stored = got.remove(VLMETA_NAME);
            FuzzTargets.check(stored != null, what + ": the vlmetalayer is not there");
            try (SChunk sc = open(path, false)) {
                FuzzTargets.check(Arrays.equals(sc.vlmetalayer(VLMETA_NAME), data), what + ": the vlmetalayer reads "
                        + "otherwise");
            }
            FuzzTargets.check(equalMaps(got, expectVl), what + " changed the other vlmetalayers");
            return;
        }
        if (e == Edit.DELETE_VLMETALAYER && !expectVl.isEmpty()) {
            expectVl.remove(expectVl.keySet().iterator().next());
        }
        FuzzTargets.check(equalMaps(after.vlmetalayers, expectVl), what + " changed the vlmetalayers");
    }

    /** Makes edit {@code e}: with {@code chunk} (append, insert, update) or {@code data} (set a vlmetalayer). */
    private static void apply(Edit e, SChunk sc, MemorySegment chunk, byte[] data) {
        int n = sc.nchunks();
        switch (e) {
            case APPEND, APPEND_SHORT -> sc.appendChunk(chunk);
            case INSERT_MIDDLE -> sc.insertChunk(n / 2, chunk);
            case DELETE_FIRST -> {
                if (n == 0) {
                    throw new NothingToEdit();
                }
                sc.deleteChunk(0);
            }
            case UPDATE_METALAYER -> {
                List<String> names = sc.metalayerNames();
                if (names.isEmpty()) {
                    throw new NothingToEdit();
                }
                sc.updateMetalayer(names.get(0), updated(sc.metalayer(names.get(0))));
            }
            case INSERT_FIRST -> sc.insertChunk(0, chunk);
            case UPDATE_FIRST -> {
                if (n == 0) {
                    throw new NothingToEdit();
                }
                sc.updateChunk(0, chunk);
            }
            case DELETE_LAST -> {
                if (n == 0) {
                    throw new NothingToEdit();
                }
                sc.deleteChunk(n - 1);
            }
            case REVERSE -> {
                int[] order = new int[n];
                for (int k = 0; k < n; k++) {
                    order[k] = n - 1 - k;
                }
                sc.reorder(order);
            }
            case SET_VLMETALAYER -> sc.setVlmetalayer(VLMETA_NAME, data, null);
            case DELETE_VLMETALAYER -> {
                List<String> names = sc.vlmetalayerNames();
                if (!names.isEmpty()) {
                    sc.deleteVlmetalayer(names.get(0));
                }
            }
        }
    }

    /** An edit with nothing to act on: counted as refused (the frame must stay as it is). */
    private static final class NothingToEdit extends Blosc2Exception {
        NothingToEdit() {
            super("nothing to edit");
        }
    }

    /**
     * A chunk's worth of data: the frame's chunksize when that is small, else 64 items (half of that, in whole items,
     * when {@code shorter}); a pattern of bytes.
     */
    private static byte[] newChunkData(SChunk sc, boolean shorter) {
        int ts = Math.clamp(sc.header().typesize(), 1, 255); // a corrupt frame may say 16 M: no 1 GB of data
        int cs = sc.header().chunksize();
        int len = cs > 0 && cs <= 1 << 16 ? cs : ts * 64;
        if (shorter) {
            len = len / 2 / ts * ts;
        }
        byte[] d = new byte[len];
        for (int k = 0; k < len; k++) {
            d[k] = (byte) (k * 31 / ts + 7);
        }
        return d;
    }

    /** A metalayer's new content of the same length: each byte flipped. */
    private static byte[] updated(byte[] content) {
        byte[] out = content.clone();
        for (int k = 0; k < out.length; k++) {
            out[k] = (byte) ~out[k];
        }
        return out;
    }

    /** The metalayers after {@link Edit#UPDATE_METALAYER}: the first one updated. */
    private static Map<String, byte[]> updatedMetas(Map<String, byte[]> metas) {
        Map<String, byte[]> out = new LinkedHashMap<>(metas);
        if (!out.isEmpty()) {
            String first = out.keySet().iterator().next();
            out.put(first, updated(out.get(first)));
        }
        return out;
    }

    private static MemorySegment compress(SChunk sc, byte[] data) {
        return MemorySegment.ofArray(ChunkCodec.BLOSC2.compress(MemorySegment.ofArray(data), sc.cparams()));
    }

    private static byte[] decompress(MemorySegment chunk) {
        byte[] out = new byte[io.github.blosc2panama.core.Blosc2.info(chunk).nbytes()];
        ChunkCodec.BLOSC2.decompress(chunk, MemorySegment.ofArray(out));
        return out;
    }

    private static SChunk open(Path path, boolean writable) {
        if (Files.isDirectory(path)) {
            SparseFrameStore.Opened o = SparseFrameStore.open(path, writable, false, ChunkCodec.BLOSC2,
                    FuzzTargets.LIMITS);
            return SChunk.over(o.store(), o.frame(), ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
        }
        ContiguousFileStore.Opened o = ContiguousFileStore.open(path, writable, false, ChunkCodec.BLOSC2,
                FuzzTargets.LIMITS);
        return SChunk.over(o.store(), o.frame(), ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
    }

    private static void expectCount(String what, Snapshot after, int n) {
        FuzzTargets.check(after.n == n, what + " left " + after.n + " chunks, not " + n);
    }

    private static void expectChunk(String what, Snapshot after, int i, byte[] data) {
        if (after.chunks.size() <= i && after.budgetLeft < 0) {
            return; // not read: the chunks before it took the budget
        }
        FuzzTargets.check(after.chunks.size() > i && Arrays.equals(after.chunks.get(i), data),
                what + ": the new chunk " + i + " does not read back as written");
    }

    /** Chunks {@code from..from+count} of {@code before} that read then must read the same at {@code to..} after. */
    private static void compareChunks(String what, Snapshot before, Snapshot after, int from, int to, int count) {
        for (int k = 0; k < count; k++) {
            byte[] old = from + k < before.chunks.size() ? before.chunks.get(from + k) : null;
            if (old == null) {
                continue;
            }
            byte[] now = to + k < after.chunks.size() ? after.chunks.get(to + k) : null;
            FuzzTargets.check(after.budgetLeft < 0 || now != null, what + ": chunk " + (from + k) + " read before, as "
                    + (to + k) + " it does not");
            FuzzTargets.check(now == null || Arrays.equals(old, now), what + ": chunk " + (from + k) + " reads "
                    + "otherwise as " + (to + k));
        }
    }

    private static boolean equalMaps(Map<String, byte[]> a, Map<String, byte[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        for (Map.Entry<String, byte[]> en : a.entrySet()) {
            if (!Arrays.equals(en.getValue(), b.get(en.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** What a frame reads as: its chunks (null where one does not decompress), metalayers and stored vlmetalayers. */
    private record Snapshot(int n, List<byte[]> chunks, Map<String, byte[]> metalayers,
            Map<String, byte[]> vlmetalayers, long budgetLeft) {

        static Snapshot of(SChunk sc) {
            int n = sc.nchunks();
            List<byte[]> chunks = new ArrayList<>();
            long budget = READ_BUDGET;
            for (int i = 0; i < n && budget >= 0; i++) {
                byte[] c;
                try {
                    int nb = sc.chunkNbytes(i);
                    // a chunk over the limits is refused, not read: it takes nothing from the budget
                    budget -= nb <= FuzzTargets.LIMITS.maxChunkNbytes() ? nb : 0;
                    c = budget >= 0 ? sc.decompressChunk(i) : null;
                } catch (Blosc2Exception e) {
                    c = null;
                }
                chunks.add(c);
            }
            Map<String, byte[]> metas = new LinkedHashMap<>();
            for (String name : sc.metalayerNames()) {
                metas.put(name, sc.metalayer(name));
            }
            Map<String, byte[]> vl = new LinkedHashMap<>();
            for (String name : sc.vlmetalayerNames()) {
                vl.put(name, sc.vlmetalayerStored(name));
            }
            return new Snapshot(n, chunks, metas, vl, budget);
        }
    }
}
