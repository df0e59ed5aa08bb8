package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SpecialValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders a chunk's {@link ChunkInfo} for {@code blosc2 info}, as aligned text or as one JSON object. */
final class ChunkReport {
    private final String path;
    private final ChunkInfo info;

    ChunkReport(String path, ChunkInfo info) {
        this.path = path;
        this.info = info;
    }

    /** The codec's name, or "user codec N" for an id this library does not know. */
    static String codecName(ChunkInfo info) {
        return info.codec().map(Codec::lowerName).orElse("user codec " + info.compcode());
    }

    /** The filter's command-line name, or "filter N" for an unknown id. */
    static String filterName(int id) {
        for (Filter f : Filter.values()) {
            if (f.id() == id) {
                return f.cliName();
            }
        }
        return "filter " + id;
    }

    static String specialName(SpecialValue v) {
        return v.name().toLowerCase(Locale.ROOT);
    }

    private List<String> filterNames() {
        List<String> names = new ArrayList<>();
        for (int id : info.filters()) {
            names.add(filterName(id));
        }
        return names;
    }

    /** nbytes / cbytes, or 0 for an empty chunk (cbytes is at least the header, never 0 in a valid chunk). */
    private double ratio() {
        return info.cbytes() == 0 ? 0.0 : (double) info.nbytes() / info.cbytes();
    }

    String text() {
        List<String[]> rows = new ArrayList<>();
        rows.add(row("kind", "chunk"));
        rows.add(row("path", path));
        rows.add(row("version", info.version() + " (codec format " + info.versionLz() + ")"));
        rows.add(row("flags", hex(info.flags())));
        rows.add(row("typesize", Integer.toString(info.typesize())));
        rows.add(row("nbytes", Integer.toString(info.nbytes())));
        rows.add(row("cbytes", Integer.toString(info.cbytes())));
        rows.add(row("ratio", String.format(Locale.ROOT, "%.2f", ratio())));
        rows.add(row("blocksize", info.blocksize() + (info.vlBlocks() ? " (number of VL blocks)" : "")));
        rows.add(row("nblocks", Integer.toString(info.nblocks())));
        rows.add(row("header", info.headerLength() + " bytes" + (info.headerLength() == 32 ? " (extended)" : " (Blosc1)")));
        rows.add(row("codec", codecName(info) + " (compcode " + info.compcode() + ")"));
        rows.add(row("codec meta", Integer.toString(info.codecMeta())));
        rows.add(row("filters", String.join(", ", filterNames())));
        rows.add(row("filters meta", joinInts(info.filtersMeta())));
        rows.add(row("split", yesNo(info.split())));
        rows.add(row("memcpyed", yesNo(info.memcpyed())));
        rows.add(row("special", specialName(info.special())));
        rows.add(row("dict", yesNo(info.useDict())));
        rows.add(row("vl blocks", yesNo(info.vlBlocks())));
        rows.add(row("blosc2 flags", hex(info.blosc2Flags()) + ", flags2 " + hex(info.blosc2Flags2())));
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append(String.format("%-" + width + "s  %s%n", r[0], r[1]));
        }
        return sb.toString();
    }

    void json(JsonWriter w) {
        w.beginObject();
        w.member("kind", "chunk");
        w.member("path", path);
        w.member("version", info.version());
        w.member("versionlz", info.versionLz());
        w.member("flags", info.flags());
        w.member("typesize", info.typesize());
        w.member("nbytes", info.nbytes());
        w.member("cbytes", info.cbytes());
        w.member("ratio", Math.round(ratio() * 1e4) / 1e4);
        w.member("blocksize", info.blocksize());
        w.member("nblocks", info.nblocks());
        w.member("header_length", info.headerLength());
        w.name("codec").value(info.codec().map(Codec::lowerName).orElse(null));
        w.member("compcode", info.compcode());
        w.member("codec_meta", info.codecMeta());
        w.name("filters").beginArray();
        for (String n : filterNames()) {
            w.value(n);
        }
        w.endArray();
        w.name("filter_ids").beginArray();
        for (int id : info.filters()) {
            w.value(id);
        }
        w.endArray();
        w.name("filters_meta").beginArray();
        for (int m : info.filtersMeta()) {
            w.value(m);
        }
        w.endArray();
        w.member("split", info.split());
        w.member("memcpyed", info.memcpyed());
        w.member("special", specialName(info.special()));
        w.member("use_dict", info.useDict());
        w.member("vl_blocks", info.vlBlocks());
        w.member("blosc2_flags", info.blosc2Flags());
        w.member("blosc2_flags2", info.blosc2Flags2());
        w.endObject();
    }

    private static String[] row(String k, String v) {
        return new String[] {k, v};
    }

    private static String hex(int v) {
        return String.format("0x%02x", v);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String joinInts(List<Integer> v) {
        return String.join(", ", v.stream().map(String::valueOf).toList());
    }
}
