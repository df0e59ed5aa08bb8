package io.github.blosc2panama.cli;

import java.io.Console;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar redrawn with carriage returns, for long commands when standard error is
 * a terminal. Disabled bars print nothing. Redraws only when the shown percentage changes.
 */
final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final String label;
    private final long total;
    private final boolean enabled;
    private int shown = -1;

    ProgressBar(PrintStream err, String label, long total, boolean enabled) {
        this.err = err;
        this.label = label;
        this.total = total;
        this.enabled = enabled;
    }

    /** Whether the user watches standard error on a terminal (there is a console and it is a terminal). */
    static boolean stderrIsTerminal() {
        Console c = System.console();
        return c != null && c.isTerminal();
    }

    void update(long done) {
        if (!enabled) {
            return;
        }
        int pct = percent(done, total);
        if (pct != shown) {
            shown = pct;
            err.print('\r' + render(label, done, total));
            err.flush();
        }
    }

    /** Draws 100% (unless shown already) and ends the line. */
    void finish() {
        if (!enabled) {
            return;
        }
        update(total);
        err.println();
        err.flush();
    }

    static int percent(long done, long total) {
        if (total <= 0) {
            return 100;
        }
        return (int) Math.min(100, Math.max(0, done * 100.0 / total));
    }

    /** {@code label [#########.........]  30%  1.5 MiB / 5.0 MiB}. */
    static String render(String label, long done, long total) {
        int pct = percent(done, total);
        int filled = pct * WIDTH / 100;
        return label + " [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] "
                + String.format(Locale.ROOT, "%3d%%  %s / %s", pct, size(Math.min(done, total)), size(total));
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
