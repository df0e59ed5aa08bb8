package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.SplitMode;
import io.github.blosc2panama.core.SuperChunk;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Renders what {@code blosc2 info} tells about a contiguous or sparse frame: sizes and ratio, the
 * parameters its header records, every chunk (uncompressed and stored size, special value, where
 * it is stored), metalayers (raw bytes in hex) and vlmetalayers (decompressed bytes in hex; the text shows the
 * first 32 bytes of longer ones and their length).
 */
final class FrameReport {
    /** Bytes of a metalayer the text report shows in hex: 64 hex digits. */
    static final int TEXT_HEX_BYTES = 32;

    /** One chunk: uncompressed and stored sizes, special value, offset (or chunk file number) or -1 if not stored. */
    record ChunkRow(int index, int nbytes, long cbytes, SpecialValue special, long location) {
    }

    /** A named metadata entry. */
    record Entry(String name, byte[] content) {
    }

    private final String kind;
    private final String path;
    private final long diskBytes;
    private final SuperChunk sc;
    private final List<ChunkRow> chunks = new ArrayList<>();
    private final List<Entry> metas = new ArrayList<>();
    private final List<Entry> vlmetas = new ArrayList<>();

    /**
     * Reads everything needed from {@code sc} (all chunk headers, metalayers, vlmetalayers).
     *
     * @param kind      "cframe" or "sframe"
     * @param diskBytes the bytes the frame takes on disk (file size, or the sum of a directory's files)
     */
    FrameReport(String kind, String path, long diskBytes, SuperChunk sc) {
        this.kind = kind;
        this.path = path;
        this.diskBytes = diskBytes;
        this.sc = sc;
        long[] offsets = sc.offsets();
        for (int k = 0; k < sc.nchunks(); k++) {
            var c = sc.chunk(k);
            SpecialValue sv = Blosc2.info(c).special();
            boolean stored = offsets[k] >= 0;
            chunks.add(new ChunkRow(k, sc.chunkNbytes(k), stored ? c.byteSize() : 0, sv, stored ? offsets[k] : -1));
        }
        for (String n : sc.metalayerNames()) {
            metas.add(new Entry(n, sc.metalayer(n)));
        }
        for (String n : sc.vlmetalayerNames()) {
            vlmetas.add(new Entry(n, sc.vlmetalayer(n)));
        }
    }

    private String codecName() {
        try {
            return Codec.ofId(sc.compcode()).lowerName();
        } catch (RuntimeException e) {
            return "user codec " + sc.compcode();
        }
    }

    private String splitName() {
        try {
            return SplitMode.ofId(sc.splitMode()).name().toLowerCase(Locale.ROOT);
        } catch (RuntimeException e) {
            return "splitmode " + sc.splitMode();
        }
    }

    private List<String> filterNames() {
        List<String> names = new ArrayList<>();
        for (byte f : sc.filters()) {
            names.add(ChunkReport.filterName(Byte.toUnsignedInt(f)));
        }
        return names;
    }

    private List<String> filterMetas() {
        List<String> m = new ArrayList<>();
        for (byte b : sc.filtersMeta()) {
            m.add(Integer.toString(Byte.toUnsignedInt(b)));
        }
        return m;
    }

    /** nbytes / cbytes (0 when nothing is stored). */
    private double ratio() {
        return sc.cbytes() == 0 ? 0.0 : (double) sc.nbytes() / sc.cbytes();
    }

    private String chunksizeText() {
        int cs = sc.chunksize();
        return cs == 0 ? "variable" : cs < 0 ? "none yet" : Integer.toString(cs);
    }

    String text() {
        List<String[]> rows = new ArrayList<>();
        rows.add(row("kind", kind.equals("cframe") ? "contiguous frame" : "sparse frame"));
        rows.add(row("path", path));
        rows.add(row("nbytes", Long.toString(sc.nbytes())));
        rows.add(row("cbytes", Long.toString(sc.cbytes())));
        rows.add(row("ratio", String.format(Locale.ROOT, "%.2f", ratio())));
        rows.add(row("on disk", diskBytes + " bytes"));
        rows.add(row("nchunks", Integer.toString(sc.nchunks())));
        rows.add(row("chunksize", chunksizeText()));
        rows.add(row("typesize", Integer.toString(sc.typesize())));
        rows.add(row("blocksize", Integer.toString(sc.blocksize())));
        rows.add(row("codec", codecName() + " (compcode " + sc.compcode() + "), clevel " + sc.clevel()));
        rows.add(row("filters", String.join(", ", filterNames())));
        rows.add(row("filters meta", String.join(", ", filterMetas())));
        rows.add(row("splitmode", splitName()));
        rows.add(row("dict", sc.useDict() ? "yes" : "no"));
        rows.add(row("vl blocks", sc.vlBlocks() ? "yes" : "no"));
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append(String.format("%-" + width + "s  %s%n", r[0], r[1]));
        }
        sb.append(String.format("metalayers (%d)%n", metas.size()));
        for (Entry e : metas) {
            sb.append(String.format("  %s  %s%n", e.name(), shortHex(e.content())));
        }
        sb.append(String.format("vlmetalayers (%d)%n", vlmetas.size()));
        for (Entry e : vlmetas) {
            sb.append(String.format("  %s  %s%n", e.name(), shortHex(e.content())));
        }
        sb.append(String.format("chunks (%d)%n", chunks.size()));
        if (!chunks.isEmpty()) {
            String loc = kind.equals("cframe") ? "offset" : "file";
            sb.append(String.format("  %8s %12s %12s %8s  %s%n", "#", "nbytes", "cbytes", "ratio", "special / " + loc));
            for (ChunkRow c : chunks) {
                String where = c.location() < 0 ? "(not stored)"
                        : kind.equals("cframe") ? Long.toString(c.location())
                        : String.format(Locale.ROOT, "%08X.chunk", c.location());
                double r = c.cbytes() == 0 ? 0.0 : (double) c.nbytes() / c.cbytes();
                sb.append(String.format(Locale.ROOT, "  %8d %12d %12d %8.2f  %s %s%n", c.index(), c.nbytes(), c.cbytes(),
                        r, ChunkReport.specialName(c.special()), where));
            }
        }
        return sb.toString();
    }

    /**
     * The first {@link #TEXT_HEX_BYTES} bytes of a metalayer in hex, then how long it is when longer (a vlmetalayer
     * may hold megabytes); the JSON keeps the whole content.
     */
    static String shortHex(byte[] content) {
        if (content.length <= TEXT_HEX_BYTES) {
            return HexFormat.of().formatHex(content);
        }
        return HexFormat.of().formatHex(content, 0, TEXT_HEX_BYTES)
                + String.format(Locale.ROOT, "... (%,d bytes)", content.length);
    }

    void json(JsonWriter w) {
        w.beginObject();
        w.member("kind", kind);
        w.member("path", path);
        w.member("nbytes", sc.nbytes());
        w.member("cbytes", sc.cbytes());
        w.member("ratio", Math.round(ratio() * 1e4) / 1e4);
        w.member("disk_bytes", diskBytes);
        w.member("nchunks", sc.nchunks());
        w.member("chunksize", sc.chunksize());
        w.member("typesize", sc.typesize());
        w.member("blocksize", sc.blocksize());
        String codec = codecName();
        w.name("codec").value(codec.startsWith("user codec") ? null : codec);
        w.member("compcode", sc.compcode());
        w.member("clevel", sc.clevel());
        w.name("filters").beginArray();
        for (String n : filterNames()) {
            w.value(n);
        }
        w.endArray();
        w.name("filter_ids").beginArray();
        for (byte f : sc.filters()) {
            w.value(Byte.toUnsignedInt(f));
        }
        w.endArray();
        w.name("filters_meta").beginArray();
        for (byte b : sc.filtersMeta()) {
            w.value(Byte.toUnsignedInt(b));
        }
        w.endArray();
        w.member("splitmode", splitName());
        w.member("use_dict", sc.useDict());
        w.member("vl_blocks", sc.vlBlocks());
        w.name("metalayers").beginArray();
        for (Entry e : metas) {
            w.beginObject().member("name", e.name()).member("hex", HexFormat.of().formatHex(e.content())).endObject();
        }
        w.endArray();
        w.name("vlmetalayers").beginArray();
        for (Entry e : vlmetas) {
            w.beginObject().member("name", e.name()).member("hex", HexFormat.of().formatHex(e.content())).endObject();
        }
        w.endArray();
        w.name("chunks").beginArray();
        for (ChunkRow c : chunks) {
            w.beginObject();
            w.member("nbytes", c.nbytes());
            w.member("cbytes", c.cbytes());
            w.member("special", ChunkReport.specialName(c.special()));
            w.member("stored", c.location() >= 0);
            if (c.location() >= 0) {
                w.member(kind.equals("cframe") ? "offset" : "file_number", c.location());
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    private static String[] row(String k, String v) {
        return new String[] {k, v};
    }
}
