package io.github.blosc2panama.cli;

import java.util.List;
import java.util.Locale;

/** Formats bench rows: a fixed-width text table (row by row, as they come) or one JSON array. */
final class BenchTable {
    private static final String FORMAT = "%-12s %-16s %-18s %8s %8s %10s %10s";
    private static final String BASE_FORMAT = " %8s %12s %12s %7s %7s";

    private final Baseline baseline;

    BenchTable(Baseline baseline) {
        this.baseline = baseline;
    }

    String header() {
        String h = String.format(Locale.ROOT, FORMAT, "dataset", "sha256", "config", "nthreads", "ratio",
                "comp_GB/s", "dec_GB/s");
        if (baseline.present()) {
            h += String.format(Locale.ROOT, BASE_FORMAT, "c_ratio", "c_comp_GB/s", "c_dec_GB/s", "comp/C", "dec/C");
        }
        return h + "\n";
    }

    String row(BenchRow r) {
        String s = String.format(Locale.ROOT, FORMAT, r.dataset(), r.sha256Prefix(), r.config(), r.nthreads(),
                fixed(r.ratio(), 2), fixed(r.compressGbps(), 3), fixed(r.decompressGbps(), 3));
        if (baseline.present()) {
            Baseline.Measurement b = r.baseline();
            s += b == null ? String.format(Locale.ROOT, BASE_FORMAT, "-", "-", "-", "-", "-")
                    : String.format(Locale.ROOT, BASE_FORMAT, fixed(b.ratio(), 2), fixed(b.compressGbps(), 3),
                            fixed(b.decompressGbps(), 3), fixed(r.compressGbps() / b.compressGbps(), 2),
                            fixed(r.decompressGbps() / b.decompressGbps(), 2));
        }
        return s + "\n";
    }

    /**
     * The rows as a JSON array; DATASETS.md's names, NaN as null, figures rounded to 4 decimals. A row the
     * baseline measured also has {@code c_ratio}, {@code c_compress_gbps}, {@code c_decompress_gbps} and the
     * speed ratios ours/C {@code compress_ratio_vs_c}, {@code decompress_ratio_vs_c}.
     */
    String json(List<BenchRow> rows) {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginArray();
        for (BenchRow r : rows) {
            w.beginObject();
            w.member("dataset", r.dataset());
            w.member("config", r.config());
            w.member("nthreads", r.nthreads());
            w.member("ratio", round(r.ratio()));
            w.member("compress_gbps", round(r.compressGbps()));
            w.member("decompress_gbps", round(r.decompressGbps()));
            w.member("sha256_prefix", r.sha256Prefix());
            Baseline.Measurement b = r.baseline();
            if (baseline.present() && b != null) {
                w.member("baseline", baseline.name());
                w.member("c_ratio", round(b.ratio()));
                w.member("c_compress_gbps", round(b.compressGbps()));
                w.member("c_decompress_gbps", round(b.decompressGbps()));
                w.member("compress_ratio_vs_c", round(r.compressGbps() / b.compressGbps()));
                w.member("decompress_ratio_vs_c", round(r.decompressGbps() / b.decompressGbps()));
            }
            w.endObject();
        }
        w.endArray();
        return sb.toString();
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1e4) / 1e4 : v;
    }
}
