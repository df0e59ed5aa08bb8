package io.github.blosc2panama.benchmarks;

import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Hashes segments (the C-Blosc2 binding's tests and their support moved to the c-baseline module). */
final class TestSupport {
    private TestSupport() {
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
}
