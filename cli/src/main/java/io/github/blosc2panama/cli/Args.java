package io.github.blosc2panama.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A subcommand's parsed arguments. Options are {@code --name} (a flag) or {@code --name VALUE} /
 * {@code --name=VALUE}; {@code --} ends the options; {@code -} alone is a positional (stdin/stdout).
 * Unknown options, missing values and repeated options are {@link UsageException}s naming the command.
 */
final class Args {
    private final String command;
    private final Map<String, String> values = new HashMap<>();
    private final List<String> positionals = new ArrayList<>();

    private Args(String command) {
        this.command = command;
    }

    /**
     * Parses {@code tokens} for {@code command}. {@code flags} and {@code valued} are the option names
     * without their leading dashes; {@code --help} is always accepted as a flag.
     */
    static Args parse(String command, List<String> tokens, Set<String> flags, Set<String> valued) {
        Args a = new Args(command);
        boolean optionsEnded = false;
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (optionsEnded || !t.startsWith("-") || t.equals("-")) {
                a.positionals.add(t);
                continue;
            }
            if (t.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (!t.startsWith("--")) {
                throw new UsageException("unknown option '" + t + "' for '" + command + "'");
            }
            int eq = t.indexOf('=');
            String name = t.substring(2, eq < 0 ? t.length() : eq);
            String value;
            if (flags.contains(name) || name.equals("help")) {
                if (eq >= 0) {
                    throw new UsageException("option --" + name + " of '" + command + "' takes no value");
                }
                value = "";
            } else if (valued.contains(name)) {
                if (eq >= 0) {
                    value = t.substring(eq + 1);
                } else if (i + 1 < tokens.size()) {
                    value = tokens.get(++i);
                } else {
                    throw new UsageException("option --" + name + " of '" + command + "' needs a value");
                }
            } else {
                throw new UsageException("unknown option '--" + name + "' for '" + command + "'");
            }
            if (a.values.put(name, value) != null) {
                throw new UsageException("option --" + name + " given twice");
            }
        }
        return a;
    }

    String command() {
        return command;
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    String value(String name, String dflt) {
        return values.getOrDefault(name, dflt);
    }

    List<String> positionals() {
        return positionals;
    }

    /** Exactly {@code names.length} positionals, named in the error otherwise. */
    List<String> expect(String... names) {
        if (positionals.size() != names.length) {
            String want = String.join(" ", Arrays.stream(names).map(n -> n.toUpperCase(Locale.ROOT)).toList());
            throw new UsageException("'" + command + "' expects " + (names.length == 0 ? "no arguments" : want)
                    + ", got " + (positionals.isEmpty() ? "none" : String.join(" ", positionals)));
        }
        return positionals;
    }

    /** The integer option {@code name} in [min, max], or {@code dflt} when absent. */
    int intValue(String name, int dflt, int min, int max) {
        String v = values.get(name);
        return v == null ? dflt : parseInt("--" + name, v, min, max);
    }

    static int parseInt(String what, String v, int min, int max) {
        int n;
        try {
            n = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(what + ": expected an integer, got '" + v + "'");
        }
        if (n < min || n > max) {
            throw new UsageException(what + ": must be " + min + ".." + max + ", got " + n);
        }
        return n;
    }

    /** A comma-separated option split into its non-empty items, or {@code null} when absent. */
    List<String> list(String name) {
        String v = values.get(name);
        if (v == null) {
            return null;
        }
        List<String> items = new ArrayList<>();
        for (String s : v.split(",", -1)) {
            String t = s.trim();
            if (t.isEmpty()) {
                throw new UsageException("--" + name + ": empty item in '" + v + "'");
            }
            items.add(t);
        }
        return items;
    }
}
