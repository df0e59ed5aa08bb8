package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.NativeLibraryException;
import io.github.blosc2panama.ffm.Zstd;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Run in a child JVM by {@link MissingLibraryTest}, with some native libraries made unloadable by system properties.
 * Prints one line per check; exits non-zero when a check fails.
 */
public final class MissingLibraryProbe {
    private MissingLibraryProbe() {
    }

    public static void main(String[] args) {
        byte[] data = NativeCodecsTest.compressible(50_000, 1);
        byte[] dict = Arrays.copyOf(data, 3000);
        switch (args[0]) {
            case "zstd-fallback" -> {
                System.out.println("backend: " + Zstd.backendDescription());
                for (MemorySegment d : new MemorySegment[] {null, MemorySegment.ofArray(dict)}) {
                    for (int clevel = 1; clevel <= 9; clevel += 4) {
                        roundTrip(NativeCodecs.zstd(), data, clevel, d);
                    }
                }
                System.out.println("zstd round trips ok");
                java.nio.file.Path vectors = VectorChunk.vectors();
                if (vectors != null) {
                    for (String name : new String[] {"dict_zstd_ts4_randint.chunk", "m_zstd_shuffle_ts4_arange.chunk"}) {
                        VectorChunk c;
                        try {
                            c = new VectorChunk(vectors.resolve("chunks").resolve(name));
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        boolean same = VectorChunk.sha256(c.decode(NativeCodecs.zstd()))
                                .equals(VectorChunk.expectedSha256("chunks/" + name));
                        System.out.println("C chunk " + name + (same ? " decoded ok" : " MISMATCH"));
                    }
                }
            }
            case "zlib-missing" -> {
                roundTrip(NativeCodecs.lz4(), data, 5, null);
                System.out.println("lz4 ok");
                try {
                    NativeCodecs.zlib().compress(MemorySegment.ofArray(data), MemorySegment.ofArray(new byte[60_000]),
                            5, null);
                    System.out.println("zlib unexpectedly worked");
                    System.exit(2);
                } catch (NativeLibraryException e) {
                    System.out.println("zlib error: " + e.getMessage());
                }
                roundTrip(NativeCodecs.lz4hc(), data, 5, null);
                System.out.println("lz4hc still ok");
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void roundTrip(BlockCodec codec, byte[] data, int clevel, MemorySegment dict) {
        byte[] out = new byte[data.length];
        int n = codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(out), clevel, dict);
        byte[] back = new byte[data.length];
        codec.decompress(MemorySegment.ofArray(out).asSlice(0, n), MemorySegment.ofArray(back), dict);
        if (n <= 0 || !Arrays.equals(data, back)) {
            System.out.println("round trip failed, n=" + n);
            System.exit(3);
        }
    }
}
