package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.NDArray;
import io.github.blosc2panama.core.SuperChunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * b2nd arrays in {@code blosc2 info} and {@code blosc2 decompress}: recognising a frame that holds an
 * array, describing its geometry, and writing its C-order bytes.
 */
final class NDArrayReport {
    private NDArrayReport() {
    }

    /** Whether the frame at {@code path} carries a {@code b2nd} or {@code caterva} metalayer. */
    static boolean isArray(Path path) {
        try (SuperChunk sc = SuperChunk.open(path)) {
            return sc.metalayer("b2nd") != null || sc.metalayer("caterva") != null;
        }
    }

    /** The {@code info} report (text, or JSON with a {@code "b2nd"} member). */
    static String info(String pathArg, Path path, boolean json) {
        try (NDArray a = NDArray.open(path)) {
            if (json) {
                StringBuilder sb = new StringBuilder();
                JsonWriter w = new JsonWriter(sb, true);
                w.beginObject();
                w.member("kind", "b2nd");
                w.member("path", pathArg);
                w.member("storage", Files.isDirectory(path) ? "sparse" : "contiguous");
                SuperChunk sc = a.superChunk();
                w.member("nchunks", sc.nchunks());
                w.member("nbytes", a.nbytes());
                w.member("cbytes", sc.cbytes());
                w.member("typesize", sc.typesize());
                w.member("chunksize", sc.chunksize());
                w.member("blocksize", sc.blocksize());
                w.name("codec").value(codecName(sc.compcode()));
                w.member("clevel", sc.clevel());
                b2ndMember(w, a);
                w.endObject();
                return sb.append('\n').toString();
            }
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"kind", "b2nd array (" + a.metalayerName() + " metalayer)"});
            rows.add(new String[] {"path", pathArg});
            rows.add(new String[] {"dtype", (a.dtypeString() == null ? "none recorded, items of " + a.itemsize()
                    + " bytes" : a.dtypeString()) + (a.dtype().itemsize() != a.itemsize() ? " (but typesize "
                    + a.itemsize() + ")" : "")});
            rows.add(new String[] {"ndim", Integer.toString(a.ndim())});
            rows.add(new String[] {"shape", dims(a.shape())});
            rows.add(new String[] {"chunkshape", dims(a.chunkshape())});
            rows.add(new String[] {"blockshape", dims(a.blockshape())});
            rows.add(new String[] {"itemsize", Integer.toString(a.itemsize())});
            rows.add(new String[] {"nitems", Long.toString(a.nitems())});
            SuperChunk sc = a.superChunk();
            rows.add(new String[] {"nbytes", Long.toString(a.nbytes())});
            rows.add(new String[] {"cbytes", Long.toString(sc.cbytes())});
            rows.add(new String[] {"ratio", String.format(Locale.ROOT, "%.2f",
                    sc.cbytes() == 0 ? 0.0 : (double) sc.nbytes() / sc.cbytes())});
            rows.add(new String[] {"nchunks", Integer.toString(sc.nchunks())});
            rows.add(new String[] {"codec", codecName(sc.compcode()) + " (clevel " + sc.clevel() + ")"});
            rows.add(new String[] {"metalayers", String.join(", ", sc.metalayerNames())});
            rows.add(new String[] {"vlmetalayers", String.join(", ", sc.vlmetalayerNames())});
            int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
            StringBuilder sb = new StringBuilder();
            for (String[] r : rows) {
                sb.append(String.format("%-" + width + "s  %s%n", r[0], r[1]));
            }
            return sb.toString();
        }
    }

    /** Writes the {@code "b2nd"} member (for this report or a frame report that embeds it). */
    static void b2ndMember(JsonWriter w, NDArray a) {
        w.name("b2nd").beginObject();
        w.member("ndim", a.ndim());
        w.name("shape").beginArray();
        for (long s : a.shape()) {
            w.value(s);
        }
        w.endArray();
        w.name("chunkshape").beginArray();
        for (int c : a.chunkshape()) {
            w.value(c);
        }
        w.endArray();
        w.name("blockshape").beginArray();
        for (int b : a.blockshape()) {
            w.value(b);
        }
        w.endArray();
        w.name("dtype").value(a.dtypeString());
        w.member("dtype_format", a.dtypeFormat());
        w.endObject();
    }

    /** {@code decompress}: the array's C-order bytes, without padding. */
    static void decompress(Path path, String out, Io io) throws IOException {
        try (NDArray a = NDArray.open(path)) {
            FileIo.produce(out, a.nbytes(), dst -> a.getSlice(new long[a.ndim()], a.shape(), dst), io);
        }
    }

    static String codecName(int compcode) {
        for (Codec c : Codec.values()) {
            if (c.id() == compcode) {
                return c.lowerName();
            }
        }
        return "user codec " + compcode;
    }

    static String dims(long[] d) {
        return d.length == 0 ? "() (scalar)" : Arrays.toString(d);
    }

    static String dims(int[] d) {
        return d.length == 0 ? "()" : Arrays.toString(d);
    }

    /** Parses "a,b,c" into longs ("" = no dimension); errors name the option. */
    static long[] parseDims(String option, String v, long max) {
        if (v.isBlank() || v.equals("()")) {
            return new long[0];
        }
        String[] parts = v.split(",", -1);
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String t = parts[i].trim();
            try {
                out[i] = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new UsageException(option + ": expected integers separated by commas, got '" + v + "'");
            }
            if (out[i] < 0 || out[i] > max) {
                throw new UsageException(option + ": entry " + i + " must be 0.." + max + ", got " + out[i]);
            }
        }
        return out;
    }

    static int[] parseIntDims(String option, String v) {
        long[] l = parseDims(option, v, Integer.MAX_VALUE);
        int[] out = new int[l.length];
        for (int i = 0; i < l.length; i++) {
            out[i] = (int) l[i];
        }
        return out;
    }
}
