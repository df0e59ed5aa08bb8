package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.schunk.SChunk;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What a frame must read as after one edit ({@link EditTargets}), in terms of what it read as before: new chunk
 * {@code k} is old chunk {@code from[k]} when that is 0 or more, else fresh chunk {@code -1 - from[k]} (data the edit
 * stored, as it must read back); the metalayers and the stored vlmetalayers as given, and the vlmetalayer the edit set,
 * if any, decompressing to {@code setVlmeta}. An old chunk that did not read before is not checked, nor is a chunk a
 * snapshot left unread for its budget.
 *
 * @param before        the frame before the edit
 * @param from          where each chunk after the edit comes from
 * @param fresh         the data of the chunks the edit made
 * @param metalayers    the metalayers after the edit
 * @param vlmetalayers  the stored vlmetalayers after the edit, but for the one set
 * @param setVlmeta     the content of vlmetalayer {@link #VLMETA_NAME} set by the edit, or null
 */
record EditExpectation(Snapshot before, int[] from, List<byte[]> fresh, Map<String, byte[]> metalayers,
        Map<String, byte[]> vlmetalayers, byte[] setVlmeta) {

    /** The vlmetalayer the edits set. */
    static final String VLMETA_NAME = "fuzz";
    /** Uncompressed bytes of chunks one snapshot may read (a harness budget). */
    private static final long READ_BUDGET = 16L << 20;

    /** The frame as it was: what a refused edit, or one with nothing to act on, must leave. */
    static EditExpectation unchanged(Snapshot before) {
        return new EditExpectation(before, olds(0, before.n()), List.of(), before.metalayers(), before.vlmetalayers(),
                null);
    }

    /** This expectation with the chunks laid out as {@code from} says, {@code fresh} the new chunks' data. */
    EditExpectation withLayout(int[] from, List<byte[]> fresh) {
        return new EditExpectation(before, from, fresh, metalayers, vlmetalayers, setVlmeta);
    }

    /** This expectation with metalayer {@code name} holding {@code content}. */
    EditExpectation withMetalayer(String name, byte[] content) {
        Map<String, byte[]> m = new LinkedHashMap<>(metalayers);
        m.put(name, content);
        return new EditExpectation(before, from, fresh, m, vlmetalayers, setVlmeta);
    }

    /** This expectation with vlmetalayer {@link #VLMETA_NAME} set to {@code content}. */
    EditExpectation withVlmetalayerSet(byte[] content) {
        return new EditExpectation(before, from, fresh, metalayers, without(vlmetalayers, VLMETA_NAME), content);
    }

    /** This expectation without vlmetalayer {@code name}. */
    EditExpectation withoutVlmetalayer(String name) {
        return new EditExpectation(before, from, fresh, metalayers, without(vlmetalayers, name), setVlmeta);
    }

    /** Old chunks {@code a..b-1}, in order (a layout part). */
    static int[] olds(int a, int b) {
        return IntStream.range(a, Math.max(a, b)).toArray();
    }

    /** Fresh chunk {@code k} (a layout entry). */
    static int fresh(int k) {
        return -1 - k;
    }

    /** Fresh chunks {@code 0..count-1}, in order (a layout part). */
    static int[] freshOnes(int count) {
        return IntStream.range(0, count).map(EditExpectation::fresh).toArray();
    }

    /** The parts of a layout, one after the other. */
    static int[] concat(int[]... parts) {
        return Arrays.stream(parts).flatMapToInt(Arrays::stream).toArray();
    }

    /** Checks {@code after}, a snapshot of the frame after the edit {@code what}, against this expectation. */
    void check(String what, Snapshot after) {
        FuzzTargets.check(after.n() == from.length, what + " left " + after.n() + " chunks, not " + from.length);
        for (int k = 0; k < from.length && k < after.read(); k++) {
            byte[] want;
            String which;
            if (from[k] >= 0) {
                want = from[k] < before.read() ? before.chunks()[from[k]] : null;
                which = "chunk " + from[k];
            } else {
                want = fresh.get(-1 - from[k]);
                which = "new chunk " + (-1 - from[k]);
            }
            if (want == null) {
                continue; // unreadable before, or left unread there
            }
            byte[] got = after.chunks()[k];
            FuzzTargets.check(got != null, what + ": " + which + " read before, as chunk " + k + " it does not");
            FuzzTargets.check(Arrays.equals(want, got), what + ": " + which + " reads otherwise as chunk " + k);
        }
        FuzzTargets.check(equalMaps(after.metalayers(), metalayers), what + ": the metalayers read otherwise");
        Map<String, byte[]> vl = after.vlmetalayers();
        if (setVlmeta != null) {
            FuzzTargets.check(vl.containsKey(VLMETA_NAME), what + ": the vlmetalayer set is not there");
            FuzzTargets.check(Arrays.equals(after.fuzzVlmeta(), setVlmeta), what + ": the vlmetalayer set reads "
                    + "otherwise");
            vl = without(vl, VLMETA_NAME);
        }
        FuzzTargets.check(equalMaps(vl, vlmetalayers), what + ": the vlmetalayers read otherwise");
    }

    private static Map<String, byte[]> without(Map<String, byte[]> m, String name) {
        Map<String, byte[]> out = new LinkedHashMap<>(m);
        out.remove(name);
        return out;
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

    /**
     * What a frame reads as: its {@code n} chunks, of which the first {@code read} were read ({@code chunks}, null
     * where one does not decompress; the rest would have passed the read budget), its metalayers, its stored
     * vlmetalayers and the content of vlmetalayer {@link #VLMETA_NAME} (null when absent or unreadable).
     */
    record Snapshot(int n, int read, byte[][] chunks, Map<String, byte[]> metalayers,
            Map<String, byte[]> vlmetalayers, byte[] fuzzVlmeta) {

        static Snapshot of(SChunk sc) {
            int n = sc.nchunks();
            byte[][] chunks = new byte[n][];
            long budget = READ_BUDGET;
            int read = 0;
            for (; read < n; read++) {
                try {
                    int nb = sc.chunkNbytes(read);
                    // a chunk over the limits is refused, not read: it takes nothing from the budget
                    budget -= nb <= FuzzTargets.LIMITS.maxChunkNbytes() ? nb : 0;
                    if (budget < 0) {
                        break;
                    }
                    chunks[read] = sc.decompressChunk(read);
                } catch (Blosc2Exception e) {
                    chunks[read] = null;
                }
            }
            Map<String, byte[]> metas = new LinkedHashMap<>();
            for (String name : sc.metalayerNames()) {
                metas.put(name, sc.metalayer(name));
            }
            Map<String, byte[]> vl = new LinkedHashMap<>();
            for (String name : sc.vlmetalayerNames()) {
                vl.put(name, sc.vlmetalayerStored(name));
            }
            byte[] fuzzVl;
            try {
                fuzzVl = vl.containsKey(VLMETA_NAME) ? sc.vlmetalayer(VLMETA_NAME) : null;
            } catch (Blosc2Exception e) {
                fuzzVl = null;
            }
            return new Snapshot(n, read, chunks, metas, vl, fuzzVl);
        }
    }
}
