package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.frame.ChunkCodec;
import io.github.blosc2panama.core.frame.ContiguousFileStore;
import io.github.blosc2panama.core.frame.SparseFrameStore;
import io.github.blosc2panama.core.fuzz.EditExpectation.Snapshot;
import io.github.blosc2panama.core.schunk.SChunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fuzz targets that change a frame: the input starts with the edits to make ({@link #edits}), the rest is a frame (a
 * contiguous one, or a sparse directory in {@link FuzzTargets#sframe}'s encoding), edited on disk or in memory. The
 * frame is opened writable and edited through that one {@link SChunk}, each edit in turn. After each, accepted or
 * refused (with a {@link Blosc2Exception}), the edited {@code SChunk} and a fresh read-only open of what it stored must
 * both read as the edit says ({@link EditExpectation}): every chunk, metalayer and vlmetalayer the edit leaves alone as
 * before (nothing already stored is lost), what an accepted edit made as made. Once closed, the frame must open again
 * and read as after the last edit.
 */
final class EditTargets {
    /** What an input does to its frame. */
    enum Edit {
        APPEND, INSERT_FIRST, UPDATE_FIRST, DELETE_LAST, REVERSE, SET_VLMETALAYER, DELETE_VLMETALAYER,
        // added later: an input's first byte picks the edit modulo their count, so the ones above keep their bytes
        APPEND_SHORT, INSERT_MIDDLE, DELETE_FIRST, UPDATE_METALAYER,
        EXTEND, UPDATE_ENDS, REBUILD, FILL_ZEROS
    }

    private EditTargets() {
    }

    /** A contiguous frame, written to a file and edited there. */
    static void cframe(byte[] data) {
        Input in = Input.of(data);
        if (in == null) {
            return;
        }
        Path file = FuzzTargets.SparseDir.fresh().resolve("frame.b2frame");
        try {
            Files.write(file, in.frame());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run(in.edits(), new OnDisk(file));
    }

    /** A sparse frame directory, edited in place. */
    static void sframe(byte[] data) {
        Input in = Input.of(data);
        if (in == null) {
            return;
        }
        Path dir = FuzzTargets.SparseDir.fresh();
        FuzzTargets.writeSparseDir(in.frame(), dir);
        run(in.edits(), new OnDisk(dir));
    }

    /**
     * A contiguous frame in memory ({@link SChunk#fromCframe}), edited there; what it stores is read afresh from its
     * {@link SChunk#toCframe}. A frame whose {@code toCframe} fails before any edit is skipped. The input's bytes, which
     * the frame reads in place, must not change.
     */
    static void memory(byte[] data) {
        Input in = Input.of(data);
        if (in == null) {
            return;
        }
        byte[] frame = in.frame();
        run(in.edits(), new InMemory(MemorySegment.ofArray(frame)));
        FuzzTargets.check(Arrays.equals(frame, in.frame()), "the edits wrote into the caller's cframe");
    }

    /**
     * An input: its edits, then the frame. Byte 0's low 4 bits pick the first edit (modulo their count), its bits 4-5
     * how many more follow (0-3), each picked by the next byte; an input of one edit is that edit's number, then the
     * frame.
     */
    private record Input(List<Edit> edits, byte[] data, int frameStart) {
        /** The input's parts, or null when it holds no frame. */
        static Input of(byte[] data) {
            if (data.length == 0) {
                return null;
            }
            Edit[] all = Edit.values();
            int b0 = Byte.toUnsignedInt(data[0]);
            int more = (b0 >> 4) & 3;
            if (data.length <= 1 + more) {
                return null;
            }
            List<Edit> edits = new ArrayList<>();
            edits.add(all[(b0 & 0x0f) % all.length]);
            for (int k = 1; k <= more; k++) {
                edits.add(all[Byte.toUnsignedInt(data[k]) % all.length]);
            }
            return new Input(edits, data, 1 + more);
        }

        byte[] frame() {
            return Arrays.copyOfRange(data, frameStart, data.length);
        }
    }

    /** {@code frame} with the bytes that pick {@code edits} (one to four): a seed input. */
    static byte[] input(List<Edit> edits, byte[] frame) {
        if (edits.isEmpty() || edits.size() > 4) {
            throw new IllegalArgumentException(edits.size() + " edits");
        }
        int more = edits.size() - 1;
        byte[] in = new byte[1 + more + frame.length];
        in[0] = (byte) (edits.get(0).ordinal() | more << 4);
        for (int k = 1; k <= more; k++) {
            in[k] = (byte) edits.get(k).ordinal();
        }
        System.arraycopy(frame, 0, in, 1 + more, frame.length);
        return in;
    }

    /** {@code frame} with the byte that picks {@code e}: a seed input. */
    static byte[] input(Edit e, byte[] frame) {
        return input(List.of(e), frame);
    }

    /** Where the frame under edit lives. */
    private interface Place {
        /** The frame, opened for editing. */
        SChunk open();

        /** Whether {@code live}, just opened, can be edited and checked. */
        boolean checkable(SChunk live);

        /** What {@code live} has stored, opened afresh and read-only. */
        SChunk reopen(SChunk live);

        /** Whether the frame is still there once {@code live} is closed (then {@code reopen(null)} reads it). */
        boolean outlivesClose();
    }

    /** A contiguous frame file or a sparse frame directory. */
    private record OnDisk(Path path) implements Place {
        @Override
        public SChunk open() {
            return open(true);
        }

        @Override
        public boolean checkable(SChunk live) {
            return true;
        }

        @Override
        public SChunk reopen(SChunk live) {
            return open(false);
        }

        @Override
        public boolean outlivesClose() {
            return true;
        }

        private SChunk open(boolean writable) {
            if (Files.isDirectory(path)) {
                SparseFrameStore.Opened o = SparseFrameStore.open(path, writable, false, ChunkCodec.BLOSC2,
                        FuzzTargets.LIMITS);
                return SChunk.over(o.store(), o.frame(), ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
            }
            ContiguousFileStore.Opened o = ContiguousFileStore.open(path, writable, false, ChunkCodec.BLOSC2,
                    FuzzTargets.LIMITS);
            return SChunk.over(o.store(), o.frame(), ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
        }
    }

    /** A contiguous frame in memory; what it stores is its {@link SChunk#toCframe}. */
    private record InMemory(MemorySegment cframe) implements Place {
        @Override
        public SChunk open() {
            return SChunk.fromCframe(cframe, ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
        }

        @Override
        public boolean checkable(SChunk live) {
            try {
                live.toCframe();
                return true;
            } catch (Blosc2Exception e) {
                return false;
            }
        }

        @Override
        public SChunk reopen(SChunk live) {
            return SChunk.fromCframe(MemorySegment.ofArray(live.toCframe()), ChunkCodec.BLOSC2, FuzzTargets.LIMITS);
        }

        @Override
        public boolean outlivesClose() {
            return false;
        }
    }

    /** Makes {@code edits} in turn on the frame at {@code place}, checking it after each and once closed. */
    private static void run(List<Edit> edits, Place place) {
        SChunk sc;
        try {
            sc = place.open();
        } catch (Blosc2Exception e) {
            return;
        }
        Snapshot before;
        try (sc) {
            before = Snapshot.of(sc);
            if (!place.checkable(sc)) {
                return;
            }
            for (int k = 0; k < edits.size(); k++) {
                Edit e = edits.get(k);
                String what = (edits.size() > 1 ? "edit " + (k + 1) + " of " + edits + ", " : "") + e;
                EditExpectation want;
                try {
                    want = Edits.apply(e, sc, before);
                } catch (Blosc2Exception ex) {
                    want = EditExpectation.unchanged(before);
                    what += " (refused)";
                }
                Snapshot live = Snapshot.of(sc);
                want.check(what + ", as the edited SChunk reads it", live);
                try (SChunk again = place.reopen(sc)) {
                    want.check(what + ", reopened", Snapshot.of(again));
                } catch (Blosc2Exception ex) {
                    throw new AssertionError(what + " left a frame that does not open", ex);
                }
                before = live;
            }
        }
        if (place.outlivesClose()) {
            try (SChunk again = place.reopen(null)) {
                EditExpectation.unchanged(before).check(edits + ", closed and reopened", Snapshot.of(again));
            } catch (Blosc2Exception ex) {
                throw new AssertionError(edits + ": the frame closed does not open", ex);
            }
        }
    }
}
