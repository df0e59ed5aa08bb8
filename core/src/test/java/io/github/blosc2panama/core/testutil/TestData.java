package io.github.blosc2panama.core.testutil;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Small deterministic data shapes for round-trip tests. */
public final class TestData {
    private TestData() {
    }

    public enum Shape { RANDOM, ARANGE, CONSTANT, ZEROS, TEXT, FLOATS, MOSTLY_ZEROS, SMALL_INTS }

    public static byte[] make(Shape shape, int nbytes, int typesize, long seed) {
        byte[] b = new byte[nbytes];
        SplittableRandom r = new SplittableRandom(seed);
        switch (shape) {
            case RANDOM -> r.nextBytes(b);
            case ARANGE -> {
                for (int k = 0; k < nbytes; k++) {
                    long v = k / typesize;
                    int byteIdx = k % typesize;
                    b[k] = byteIdx < 8 ? (byte) (v >>> (8 * byteIdx)) : 0;
                }
            }
            case CONSTANT -> {
                for (int k = 0; k < nbytes; k++) {
                    b[k] = (byte) (0x5A + k % typesize);
                }
            }
            case ZEROS -> { }
            case TEXT -> {
                String[] words = {"blosc", "chunk", "frame", "java", "vector", "the", "quick", "fox"};
                StringBuilder sb = new StringBuilder();
                while (sb.length() < nbytes) {
                    sb.append(words[r.nextInt(words.length)]).append(r.nextInt(10) == 0 ? '\n' : ' ');
                }
                System.arraycopy(sb.toString().getBytes(StandardCharsets.US_ASCII), 0, b, 0, nbytes);
            }
            case FLOATS -> {
                java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                int i = 0;
                while (bb.remaining() >= 8) {
                    bb.putDouble(Math.sin(i++ * 0.001) * 100 + r.nextDouble() * 1e-6);
                }
            }
            case MOSTLY_ZEROS -> {
                for (int k = 0; k < nbytes; k += 1021) {
                    b[k] = (byte) (k / 1021 % 255 + 1);
                }
            }
            case SMALL_INTS -> {
                for (int k = 0; k < nbytes; k += typesize) {
                    b[k] = (byte) r.nextInt(16);
                }
            }
            default -> throw new IllegalArgumentException();
        }
        return b;
    }
}
