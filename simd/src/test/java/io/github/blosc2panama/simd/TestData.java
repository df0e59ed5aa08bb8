package io.github.blosc2panama.simd;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.SplittableRandom;

/** Test helpers: the shared vectors folder, data generators, segments at odd offsets, hashing. */
final class TestData {
    private TestData() {
    }

    /** The interop vectors folder: property {@code blosc2.vectors}, else walk up looking for shared/vectors. */
    static Optional<Path> vectors() {
        String prop = System.getProperty("blosc2.vectors", "");
        if (!prop.isBlank() && Files.isRegularFile(Path.of(prop, "manifest.json"))) {
            return Optional.of(Path.of(prop));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/vectors");
            if (Files.isRegularFile(candidate.resolve("manifest.json"))) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    static byte[] random(long seed, int n) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /** Little-endian int32 0, 1, 2, ... cut to n bytes. */
    static byte[] int32Arange(int n) {
        byte[] b = new byte[n];
        for (int k = 0; k < n; k++) {
            b[k] = (byte) ((k / 4) >>> (8 * (k % 4)));
        }
        return b;
    }

    /** Small random values in wider elements (typical numeric data): element i = i/3 + random 0..3, LE. */
    static byte[] structured(long seed, int n, int typesize) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[n];
        for (int k = 0; k < n; k++) {
            int i = k / typesize;
            int j = k % typesize;
            long v = i / 3 + r.nextInt(4);
            b[k] = j < 8 ? (byte) (v >>> (8 * j)) : 0;
        }
        return b;
    }

    /** A segment holding {@code data} at byte offset {@code offset} (native when arena is non-null, else heap). */
    static MemorySegment place(byte[] data, int offset, Arena arena) {
        MemorySegment whole = arena == null ? MemorySegment.ofArray(new byte[data.length + offset + 7])
                : arena.allocate(data.length + offset + 7L, 1);
        MemorySegment s = whole.asSlice(offset, data.length);
        MemorySegment.copy(data, 0, s, ValueLayout.JAVA_BYTE, 0, data.length);
        return s;
    }

    /** An empty (garbage-filled) segment of n bytes at {@code offset}, heap or native. */
    static MemorySegment blank(int n, int offset, Arena arena, byte fill) {
        MemorySegment whole = arena == null ? MemorySegment.ofArray(new byte[n + offset + 7])
                : arena.allocate(n + offset + 7L, 1);
        whole.fill(fill);
        return whole.asSlice(offset, n);
    }

    static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
