package io.github.blosc2panama.core.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DataPatternsTest {
    @Test
    void arangeWideTypesizeHasZeroHighBytesAndKeepsPartialLastElement() {
        byte[] b = DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 12), 12 * 3 + 5);
        byte[] expected = new byte[41];
        expected[12] = 1;   // element 1
        expected[24] = 2;   // element 2
        expected[36] = 3;   // element 3, cut to its first 5 bytes
        assertArrayEquals(expected, b);
    }

    @Test
    void arangeInt32IsLittleEndianCounting() {
        byte[] b = DataPatterns.generate(PatternSpec.of(Pattern.ARANGE, 4), 4 * 70000);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 70000; i++) {
            assertEquals(i, bb.getInt());
        }
    }

    @Test
    void linspaceFloat32AndFloat64() {
        ByteBuffer f32 = ByteBuffer.wrap(DataPatterns.generate(PatternSpec.of(Pattern.LINSPACE, 4), 12))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(-5.0f, f32.getFloat());
        assertEquals((float) (-5.0 + 0.001), f32.getFloat());
        assertEquals((float) (-5.0 + 2.0 * 0.001), f32.getFloat());
        ByteBuffer f64 = ByteBuffer.wrap(DataPatterns.generate(PatternSpec.of(Pattern.LINSPACE, 8).withA(1).withD(0.5),
                16)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.0, f64.getDouble());
        assertEquals(1.5, f64.getDouble());
    }

    @Test
    void sineHitsItsExtremesNearQuarterPeriods() {
        ByteBuffer b = ByteBuffer.wrap(DataPatterns.generate(PatternSpec.of(Pattern.SINE, 8), 8 * 1024))
                .order(ByteOrder.LITTLE_ENDIAN);
        double[] v = new double[1024];
        for (int i = 0; i < v.length; i++) {
            v[i] = b.getDouble();
        }
        // t = -1 at i = 0 (x = -pi), t = -0.5 at i = 256 (x = -pi/2), t = 0.5 at i = 768.
        assertEquals(0.0, v[512], 0.0);
        assertEquals(-100.0, v[256], 0.5);
        assertEquals(100.0, v[768], 0.5);
    }

    @Test
    void mostlyZerosAndConstant() {
        byte[] z = DataPatterns.generate(PatternSpec.of(Pattern.MOSTLY_ZEROS, 4), 3000);
        assertEquals(1, z[0]);
        assertEquals(2, z[1021]);
        assertEquals(3, z[2042]);
        assertEquals(3, countNonZero(z));
        byte[] c = DataPatterns.generate(PatternSpec.of(Pattern.CONSTANT, 3), 7);
        assertArrayEquals(new byte[] {0x5A, 0x5B, 0x5C, 0x5A, 0x5B, 0x5C, 0x5A}, c);
    }

    private static int countNonZero(byte[] b) {
        int n = 0;
        for (byte x : b) {
            n += x != 0 ? 1 : 0;
        }
        return n;
    }

    @Test
    void randintStaysBelowModulus() {
        byte[] b = DataPatterns.generate(PatternSpec.of(Pattern.RANDINT, 2).withModulus(7), 2000);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int[] seen = new int[7];
        for (int i = 0; i < 1000; i++) {
            seen[bb.getShort()]++;
        }
        assertEquals(0, Arrays.stream(seen).filter(n -> n == 0).count(), Arrays.toString(seen));
    }

    @Test
    void walkStepsAreWithinEight() {
        ByteBuffer bb = ByteBuffer.wrap(DataPatterns.generate(PatternSpec.of(Pattern.WALK_I64, 8), 8 * 1000))
                .order(ByteOrder.LITTLE_ENDIAN);
        long prev = bb.getLong();
        assertEquals(1_000_000L, prev);
        for (int i = 1; i < 1000; i++) {
            long v = bb.getLong();
            assertEquals(true, Math.abs(v - prev) <= 8, "step " + (v - prev));
            prev = v;
        }
    }

    @Test
    void textIsWordsSeparatedBySpacesAndNewlines() {
        String t = new String(DataPatterns.generate(PatternSpec.of(Pattern.TEXT, 1), 20000), StandardCharsets.US_ASCII);
        String[] words = t.split("[ \n]");
        for (int i = 0; i < words.length - 1; i++) {
            boolean known = false;
            for (byte[] w : DataPatterns.WORDS) {
                known |= new String(w, StandardCharsets.US_ASCII).equals(words[i]);
            }
            assertEquals(true, known, "word " + i + " '" + words[i] + "'");
        }
        long newlines = t.chars().filter(c -> c == '\n').count();
        long spaces = t.chars().filter(c -> c == ' ').count();
        assertEquals(true, newlines > 0 && spaces > 10 * newlines, newlines + " newlines, " + spaces + " spaces");
    }

    @Test
    void shorterStreamsArePrefixesAndNativeFillMatchesHeap() {
        for (Pattern p : Pattern.values()) {
            PatternSpec spec = PatternSpec.of(p, p == Pattern.ARANGE ? 3 : 8);
            byte[] full = DataPatterns.generate(spec, 4099);
            for (int n : new int[] {0, 1, 7, 9, 4098}) {
                assertArrayEquals(Arrays.copyOf(full, n), DataPatterns.generate(spec, n), p + " " + n);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(4099);
                seg.fill((byte) 0x77);
                DataPatterns.fill(spec, seg);
                assertArrayEquals(full, seg.toArray(ValueLayout.JAVA_BYTE), p.specName());
            }
        }
    }

    @Test
    void seedChangesTheRandomStream() {
        PatternSpec s = PatternSpec.of(Pattern.RANDOM, 1);
        assertEquals(false, Arrays.equals(DataPatterns.generate(s, 64), DataPatterns.generate(s.withSeed(1), 64)));
    }

    @Test
    void badSpecsAreRefused() {
        assertThrows(InvalidArgumentException.class, () -> PatternSpec.of(Pattern.RANDINT, 9));
        assertThrows(InvalidArgumentException.class, () -> PatternSpec.of(Pattern.RANDINT, 4).withModulus(0));
        assertThrows(InvalidArgumentException.class, () -> PatternSpec.of(Pattern.SINE, 4).withPeriod(0));
        assertThrows(InvalidArgumentException.class, () -> PatternSpec.of(Pattern.ARANGE, 0));
        assertThrows(InvalidArgumentException.class, () -> Pattern.ofName("ramp"));
        assertThrows(InvalidArgumentException.class,
                () -> PatternSpec.fromMap(Map.of("pattern", "arange", "typesize", 4, "step", 2)));
        assertThrows(InvalidArgumentException.class,
                () -> PatternSpec.fromMap(Map.of("pattern", "sine", "typesize", 4, "float", "f16")));
        assertThrows(InvalidArgumentException.class,
                () -> PatternSpec.fromMap(Map.of("pattern", "randint", "typesize", 4, "seed", 1.5)));
        assertThrows(InvalidArgumentException.class, () -> DataPatterns.generate(PatternSpec.of(Pattern.TEXT, 1), -1));
        assertThrows(InvalidArgumentException.class,
                () -> DataPatterns.fill(PatternSpec.of(Pattern.TEXT, 1), MemorySegment.ofArray(new byte[4]).asReadOnly()));
    }

    @Test
    void fromMapReadsEveryMember() {
        PatternSpec s = PatternSpec.fromMap(Map.of("pattern", "sine", "typesize", 8, "nbytes", 10, "a", 2,
                "d", 3.5, "period", 64, "float", "f32"));
        assertEquals(PatternSpec.of(Pattern.SINE, 8).withA(2).withD(3.5).withPeriod(64).withFloat32(true), s);
        PatternSpec w = PatternSpec.fromMap(Map.of("pattern", "walk_i64", "typesize", 8, "seed", 7, "start", -3));
        assertEquals(PatternSpec.of(Pattern.WALK_I64, 8).withSeed(7).withStart(-3), w);
    }
}
