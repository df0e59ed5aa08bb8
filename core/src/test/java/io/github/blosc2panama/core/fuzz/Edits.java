package io.github.blosc2panama.core.fuzz;

import static io.github.blosc2panama.core.fuzz.EditExpectation.concat;
import static io.github.blosc2panama.core.fuzz.EditExpectation.fresh;
import static io.github.blosc2panama.core.fuzz.EditExpectation.freshOnes;
import static io.github.blosc2panama.core.fuzz.EditExpectation.olds;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.fuzz.EditExpectation.Snapshot;
import io.github.blosc2panama.core.fuzz.EditTargets.Edit;
import io.github.blosc2panama.core.schunk.SChunk;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How {@link EditTargets} makes each {@link Edit} through a writable {@link SChunk}, and what the frame must read as
 * after it. New chunks are made from data with the frame's own parameters; an edit with nothing to act on (no chunk to
 * delete, no metalayer to update, a chunksize too large to split data by) is counted as refused.
 */
final class Edits {
    /** Largest chunksize the edits that follow it (extend, fill) use; beyond, they have nothing to do. */
    private static final int SMALL_CHUNKSIZE = 1 << 16;

    private Edits() {
    }

    /** Makes edit {@code e} on {@code sc}, whose frame reads as {@code before}; returns what it must read as then. */
    static EditExpectation apply(Edit e, SChunk sc, Snapshot before) {
        int n = before.n();
        EditExpectation same = EditExpectation.unchanged(before);
        switch (e) {
            case APPEND, APPEND_SHORT -> {
                NewChunk c = NewChunk.of(sc, chunkData(sc, e == Edit.APPEND_SHORT, 0));
                sc.appendChunk(c.chunk());
                return same.withLayout(concat(olds(0, n), freshOnes(1)), List.of(c.data()));
            }
            case INSERT_FIRST, INSERT_MIDDLE -> {
                int at = e == Edit.INSERT_FIRST ? 0 : n / 2;
                NewChunk c = NewChunk.of(sc, chunkData(sc, false, 0));
                sc.insertChunk(at, c.chunk());
                return same.withLayout(concat(olds(0, at), freshOnes(1), olds(at, n)), List.of(c.data()));
            }
            case UPDATE_FIRST -> {
                need(n >= 1);
                NewChunk c = NewChunk.of(sc, chunkData(sc, false, 0));
                sc.updateChunk(0, c.chunk());
                return same.withLayout(concat(freshOnes(1), olds(1, n)), List.of(c.data()));
            }
            case UPDATE_ENDS -> {
                need(n >= 2);
                NewChunk last = NewChunk.of(sc, chunkData(sc, false, 1));
                NewChunk first = NewChunk.of(sc, chunkData(sc, true, 2));
                sc.updateChunks(new int[] {n - 1, 0}, List.of(last.chunk(), first.chunk()));
                return same.withLayout(concat(new int[] {fresh(1)}, olds(1, n - 1), new int[] {fresh(0)}),
                        List.of(last.data(), first.data()));
            }
            case DELETE_FIRST, DELETE_LAST -> {
                need(n >= 1);
                int at = e == Edit.DELETE_FIRST ? 0 : n - 1;
                sc.deleteChunk(at);
                return same.withLayout(concat(olds(0, at), olds(at + 1, n)), List.of());
            }
            case REVERSE -> {
                int[] order = new int[n];
                for (int k = 0; k < n; k++) {
                    order[k] = n - 1 - k;
                }
                sc.reorder(order);
                return same.withLayout(order, List.of());
            }
            case REBUILD -> {
                // the last chunk first, then a new one, then the middle ones: chunk 0 is dropped
                int[] from = n >= 2 ? concat(new int[] {n - 1, fresh(0)}, olds(1, n - 1))
                        : n == 1 ? new int[] {0, fresh(0)} : new int[] {fresh(0)};
                NewChunk c = NewChunk.of(sc, chunkData(sc, false, 3));
                sc.rebuild(from, List.of(c.chunk()));
                return same.withLayout(from, List.of(c.data()));
            }
            case EXTEND -> {
                int cs = smallChunksize(sc);
                byte[] data = pattern(2 * cs + cs / 2 / typesize(sc) * typesize(sc), typesize(sc), 4);
                List<byte[]> pieces = new ArrayList<>();
                for (byte[] p : split(data, cs)) {
                    pieces.add(NewChunk.of(sc, p).data());
                }
                sc.extend(MemorySegment.ofArray(data));
                return same.withLayout(concat(olds(0, n), freshOnes(pieces.size())), pieces);
            }
            case FILL_ZEROS -> {
                int cs = smallChunksize(sc);
                int ts = Math.max(1, sc.header().typesize());
                long nitems = (2L * cs + cs / 2) / ts; // nitems * ts <= 2.5 chunks, whatever the typesize
                sc.fillSpecial(nitems, SpecialValue.ZERO);
                List<byte[]> zeros = split(new byte[(int) (nitems * ts)], cs);
                return same.withLayout(freshOnes(zeros.size()), zeros);
            }
            case SET_VLMETALAYER -> {
                byte[] content = chunkData(sc, false, 0);
                sc.setVlmetalayer(EditExpectation.VLMETA_NAME, content, null);
                return same.withVlmetalayerSet(content);
            }
            case DELETE_VLMETALAYER -> {
                List<String> names = sc.vlmetalayerNames();
                if (names.isEmpty()) {
                    return same;
                }
                sc.deleteVlmetalayer(names.get(0));
                return same.withoutVlmetalayer(names.get(0));
            }
            case UPDATE_METALAYER -> {
                List<String> names = sc.metalayerNames();
                need(!names.isEmpty());
                byte[] content = sc.metalayer(names.get(0)).clone();
                for (int k = 0; k < content.length; k++) {
                    content[k] = (byte) ~content[k]; // the same length, each byte flipped
                }
                sc.updateMetalayer(names.get(0), content);
                return same.withMetalayer(names.get(0), content);
            }
            default -> throw new AssertionError(e);
        }
    }

    /** Counts an edit with nothing to act on as refused (the frame must stay as it is). */
    private static void need(boolean somethingToEdit) {
        if (!somethingToEdit) {
            throw new NothingToEdit();
        }
    }

    /** An edit with nothing to act on: counted as refused. */
    private static final class NothingToEdit extends Blosc2Exception {
        NothingToEdit() {
            super("nothing to edit");
        }
    }

    /** The frame's chunksize when in (0, 64 KiB]: the edits that split data by it act only then. */
    private static int smallChunksize(SChunk sc) {
        int cs = sc.header().chunksize();
        need(cs > 0 && cs <= SMALL_CHUNKSIZE);
        return cs;
    }

    /** The frame's typesize, clamped to [1, 255]: a corrupt frame may say 16 M (no 1 GB of data). */
    private static int typesize(SChunk sc) {
        return Math.clamp(sc.header().typesize(), 1, 255);
    }

    /**
     * A chunk's worth of data: the frame's chunksize when that is small, else 64 items (half of that, in whole items,
     * when {@code shorter}); a pattern of bytes that differs with {@code salt}.
     */
    private static byte[] chunkData(SChunk sc, boolean shorter, int salt) {
        int ts = typesize(sc);
        int cs = sc.header().chunksize();
        int len = cs > 0 && cs <= SMALL_CHUNKSIZE ? cs : ts * 64;
        if (shorter) {
            len = len / 2 / ts * ts;
        }
        return pattern(len, ts, salt);
    }

    private static byte[] pattern(int len, int ts, int salt) {
        byte[] d = new byte[len];
        for (int k = 0; k < len; k++) {
            d[k] = (byte) (k * 31 / ts + 7 + 53 * salt);
        }
        return d;
    }

    /** {@code data} cut in pieces of {@code size} bytes, the last one shorter if need be. */
    private static List<byte[]> split(byte[] data, int size) {
        List<byte[]> out = new ArrayList<>();
        for (int at = 0; at < data.length; at += size) {
            out.add(Arrays.copyOfRange(data, at, Math.min(data.length, at + size)));
        }
        return out;
    }

    /**
     * A chunk made from data with the frame's parameters, and the data it holds: what it decompresses to, since the
     * frame's filters may be lossy (trunc-prec).
     */
    private record NewChunk(MemorySegment chunk, byte[] data) {
        static NewChunk of(SChunk sc, byte[] data) {
            byte[] c = ChunkCodec.BLOSC2.compress(MemorySegment.ofArray(data), sc.cparams());
            byte[] out = new byte[Blosc2.info(c).nbytes()];
            ChunkCodec.BLOSC2.decompress(MemorySegment.ofArray(c), MemorySegment.ofArray(out));
            return new NewChunk(MemorySegment.ofArray(c), out);
        }
    }
}
