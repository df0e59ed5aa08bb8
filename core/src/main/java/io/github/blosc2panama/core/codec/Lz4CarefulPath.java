package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.ffm.Lz4;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Whether the LZ4 library's careful path is slow on this CPU, measured once. {@code LZ4_decompress_safe} copies a match
 * that ends within 64 bytes of the capacity it is given on its careful path, which for a match 1 or 2 bytes back
 * reads each 8-byte word back from the one it has just stored. On Intel Emerald Rapids that loop made i64_walk's LZ4HC
 * blocks (their last match: 160 KiB of zeros) decode at a third of the speed they reach with room after the output,
 * so {@link Lz4Codec} walks such blocks ({@link Lz4BlockEnd}) to give them room. On AMD Zen 5 the same loop runs at
 * about the fast path's speed (a block: 9.6 us against 9.1 with room), and the walk (3 us) only costs. So the walk is
 * done where the measurement finds the careful path at least {@link #SLOWER} times slower than the fast one, on a
 * block made for it: 16 literals, a match of 64 KiB 1 byte back, 12 literals. {@code -Dblosc2.lz4.room=true} or
 * {@code false} sets it instead.
 */
final class Lz4CarefulPath {
    static final String PROPERTY = "blosc2.lz4.room";
    /** How many times slower the careful path must be for the walk to pay. */
    static final int SLOWER = 2;
    /** Decodes per path; the fastest of each counts. */
    private static final int ROUNDS = 15;
    private static final int MATCH = 64 << 10;

    /** Whether blocks that end in a long match are walked and given room ({@link Lz4Codec#decompressLz4}). */
    static final boolean SLOW = decide(System.getProperty(PROPERTY, ""));

    private Lz4CarefulPath() {
    }

    /** {@code setting} ({@code true}, {@code false}, or empty to measure) as a decision. */
    static boolean decide(String setting) {
        return switch (setting) {
            case "true" -> true;
            case "false" -> false;
            case "" -> {
                try {
                    long[] nanos = measure();
                    yield nanos[0] >= SLOWER * nanos[1];
                } catch (RuntimeException e) {
                    // no LZ4 here, or a library that decodes the block otherwise: no walk, and LZ4 decoding itself
                    // reports what is wrong when it is used
                    yield false;
                }
            }
            default -> throw new IllegalArgumentException(PROPERTY + " must be true or false, not '" + setting + "'");
        };
    }

    /**
     * The fastest of {@link #ROUNDS} decodes of the block, in ns, with the output's exact size as capacity and with
     * {@link BlockCodec#SPARE} bytes more, in turns.
     */
    static long[] measure() {
        byte[] stream = block();
        int size = 16 + MATCH + 12;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(stream.length).copyFrom(MemorySegment.ofArray(stream));
            MemorySegment dst = arena.allocate(size + BlockCodec.SPARE, 64);
            long exact = Long.MAX_VALUE;
            long room = Long.MAX_VALUE;
            for (int i = 0; i < ROUNDS; i++) {
                long t0 = System.nanoTime();
                int a = Lz4.LZ4_decompress_safe(src, dst, stream.length, size);
                long t1 = System.nanoTime();
                int b = Lz4.LZ4_decompress_safe(src, dst, stream.length, size + BlockCodec.SPARE);
                long t2 = System.nanoTime();
                if (a != size || b != size || dst.get(ValueLayout.JAVA_BYTE, 16 + MATCH - 1) != 15) {
                    throw new IllegalStateException("LZ4_decompress_safe: the measuring block decoded to " + a + " and "
                            + b + " bytes, not " + size);
                }
                exact = Math.min(exact, t1 - t0);
                room = Math.min(room, t2 - t1);
            }
            return new long[] {exact, room};
        }
    }

    /** 16 literals (0..15), a match of {@link #MATCH} bytes 1 back (byte 15 again), 12 literals. */
    private static byte[] block() {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.write(0xFF); // 15+ literals, match length 15+
        s.write(16 - 15);
        for (int i = 0; i < 16; i++) {
            s.write(i);
        }
        s.write(1); // offset 1, little-endian
        s.write(0);
        int rest = MATCH - 4 - 15; // the match length past the token's 15, in bytes of 255 and a last one below
        for (; rest >= 255; rest -= 255) {
            s.write(255);
        }
        s.write(rest);
        s.write(12 << 4);
        for (int i = 0; i < 12; i++) {
            s.write(100 + i);
        }
        return s.toByteArray();
    }
}
