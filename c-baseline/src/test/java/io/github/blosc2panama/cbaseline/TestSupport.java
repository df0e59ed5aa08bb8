package io.github.blosc2panama.cbaseline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the interop vectors, reads manifest entries and hashes segments. */
final class TestSupport {
    private TestSupport() {
    }

    /** The vectors folder: property blosc2.vectors, else the first shared/vectors found walking up. */
    static Optional<Path> vectors() {
        String prop = System.getProperty("blosc2.vectors", "").trim();
        if (!prop.isEmpty() && Files.isRegularFile(Path.of(prop, "manifest.json"))) {
            return Optional.of(Path.of(prop));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path v = dir.resolve("shared").resolve("vectors");
            if (Files.isRegularFile(v.resolve("manifest.json"))) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** The manifest line (one entry per line) of {@code file}. */
    static String manifestEntry(Path vectors, String file) {
        try {
            String needle = "{\"file\": \"" + file + "\"";
            return Files.readAllLines(vectors.resolve("manifest.json")).stream()
                    .filter(l -> l.contains(needle))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no manifest entry for " + file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first string value of {@code "key": "..."} in {@code json}. */
    static String stringField(String json, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\": \"([^\"]*)\"").matcher(json);
        if (!m.find()) {
            throw new AssertionError("no \"" + key + "\" in " + json);
        }
        return m.group(1);
    }

    static String sha256(MemorySegment s) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(s.asByteBuffer());
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] hex(String h) {
        return HexFormat.of().parseHex(h);
    }
}
