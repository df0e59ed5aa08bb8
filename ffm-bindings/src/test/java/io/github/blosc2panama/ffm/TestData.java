package io.github.blosc2panama.ffm;

import java.util.Random;

final class TestData {
    private TestData() {
    }

    /** Compressible bytes: little-endian int32 counter with some noise. */
    static byte[] compressible(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (((i / 4) % 1000) >> ((i % 4) * 8));
            if (r.nextInt(50) == 0) {
                b[i] = (byte) r.nextInt();
            }
        }
        return b;
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
