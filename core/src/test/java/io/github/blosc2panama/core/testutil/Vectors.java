package io.github.blosc2panama.core.testutil;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** The interop vectors written by C-Blosc2 (../shared/vectors) and their manifest. */
public final class Vectors {
    /** zstd's version in the C-Blosc2 build that wrote the vectors: our zstd streams equal its only with it. */
    public static final int ZSTD_VERSION = 10504;

    private static Path root;
    private static JsonNode manifest;

    /**
     * Whether the zlib codec here runs on zlib (1.2.13, as the vectors were made with), not on libdeflate, whose
     * streams are other bytes (the build runs the byte-for-byte tests once more with libdeflate refused).
     */
    public static boolean zlibAsVectors() {
        return !io.github.blosc2panama.ffm.Libdeflate.isAvailable();
    }

    /**
     * Whether the zstd codec here runs on the zstd that wrote the vectors (the system's 1.5.4, not the newer copy in
     * zstd-jni; the build runs the byte-for-byte tests once more with {@code -Dblosc2.lib.zstd.bundled=false}).
     */
    public static boolean zstdAsVectors() {
        return !io.github.blosc2panama.ffm.Zstd.backendDescription().contains("zstd-jni")
                && io.github.blosc2panama.ffm.Zstd.ZSTD_versionNumber() == ZSTD_VERSION;
    }

    private Vectors() {
    }

    /** The vectors folder: system property blosc2.vectors, else the first shared/vectors found walking up. */
    public static synchronized Path root() {
        if (root == null) {
            String prop = System.getProperty("blosc2.vectors", "");
            if (!prop.isEmpty() && Files.isRegularFile(Path.of(prop, "manifest.json"))) {
                root = Path.of(prop).toAbsolutePath().normalize();
            } else {
                for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
                    Path candidate = p.resolve("shared").resolve("vectors");
                    if (Files.isRegularFile(candidate.resolve("manifest.json"))) {
                        root = candidate;
                        break;
                    }
                }
            }
            if (root == null) {
                throw new IllegalStateException("interop vectors not found: set -Dblosc2.vectors or put shared/vectors"
                        + " beside the project");
            }
        }
        return root;
    }

    public static synchronized JsonNode manifest() {
        if (manifest == null) {
            try {
                manifest = new ObjectMapper().readTree(root().resolve("manifest.json").toFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return manifest;
    }

    /** The manifest as plain Java values (maps, lists, strings, numbers). */
    @SuppressWarnings("unchecked")
    public static List<java.util.Map<String, Object>> manifestMaps() {
        return new ObjectMapper().convertValue(manifest(), List.class);
    }

    /** The manifest entry of {@code file} (relative to the vectors folder, e.g. "chunks/x.chunk"). */
    public static JsonNode entry(String file) {
        for (JsonNode e : manifest()) {
            if (file.equals(e.get("file").asText())) {
                return e;
            }
        }
        throw new IllegalArgumentException("no manifest entry for " + file);
    }

    /** The vectors folder, or null when there is none (for probes that run without it). */
    public static Path rootOrNull() {
        try {
            return root();
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /** Entries of the given kinds. */
    public static List<JsonNode> entries(String... kinds) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : manifest()) {
            for (String k : kinds) {
                if (k.equals(e.get("kind").asText())) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    public static Path file(JsonNode entry) {
        return root().resolve(entry.get("file").asText());
    }

    public static byte[] read(String relative) {
        try {
            return Files.readAllBytes(root().resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] read(JsonNode entry) {
        return read(entry.get("file").asText());
    }

    public static String sha256(byte[] data) {
        return sha256(data, 0, data.length);
    }

    public static String sha256(byte[] data, int off, int len) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(data, off, len);
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
