package io.github.blosc2panama.benchmarks;

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

/** Finds the interop vectors, reads manifest entries, hashes segments, and makes the extra test patterns. */
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

    /** randint: element i = next() mod modulus (unsigned), little-endian. */
    static void randint(MemorySegment dst, int typesize, long modulus, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        long elements = (dst.byteSize() + typesize - 1) / typesize;
        for (long i = 0; i < elements; i++) {
            DataPatterns.putElement(dst, i * typesize, Long.remainderUnsigned(rng.next(), modulus), typesize);
        }
    }

    /** f64 linspace: v = a + ((double) i * d). */
    static void linspaceF64(MemorySegment dst, double a, double d) {
        long elements = (dst.byteSize() + 7) / 8;
        for (long i = 0; i < elements; i++) {
            DataPatterns.putElement(dst, i * 8, Double.doubleToRawLongBits(a + ((double) i * d)), 8);
        }
    }

    /** f64 sine: the Taylor polynomial of the vectors README, v = d * s + a. */
    static void sineF64(MemorySegment dst, double a, double d, int period) {
        long elements = (dst.byteSize() + 7) / 8;
        for (long i = 0; i < elements; i++) {
            double t = ((double) (i % period) * (2.0 / period)) - 1.0;
            double x = t * 3.141592653589793;
            double x2 = x * x;
            double s = x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0 * (1.0 - x2 / 110.0)))));
            DataPatterns.putElement(dst, i * 8, Double.doubleToRawLongBits(d * s + a), 8);
        }
    }

    static byte[] hex(String h) {
        return HexFormat.of().parseHex(h);
    }
}
