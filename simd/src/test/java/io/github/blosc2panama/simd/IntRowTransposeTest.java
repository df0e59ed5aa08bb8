package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The byte shuffle of typesizes 2 and 4 by selects alone, where it runs (512-bit vectors, JDK 24+, AVX-512 VBMI),
 * against the scalar shuffle: rows laid further apart than their length, at odd offsets, between bytes that must
 * stay untouched.
 */
class IntRowTransposeTest {
    private static final byte GUARD = 0x5A;

    @Test
    void rowsAndElementsMatchTheScalarShuffle() {
        assumeTrue(SimdSupport.VECTOR && IntRowTranspose.USABLE,
                "needs 512-bit vectors, JDK 24's selects and AVX-512 VBMI");
        SplittableRandom random = new SplittableRandom(24);
        for (int typesize : new int[] {2, 4}) {
            for (int steps : new int[] {1, 2, 5}) {
                int n = steps * (typesize == 4 ? IntRowTranspose.INT_STEP : IntRowTranspose.STEP);
                int length = n * typesize;
                long stride = n + 7;
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment elements = arena.allocate(3 + length);
                    for (long i = 0; i < elements.byteSize(); i++) {
                        elements.set(JAVA_BYTE, i, (byte) random.nextInt());
                    }
                    MemorySegment expected = arena.allocate(length);
                    ShuffleScalar.shuffle(elements.asSlice(3, length), expected, length, typesize);

                    MemorySegment rows = arena.allocate(1 + typesize * stride).fill(GUARD);
                    if (typesize == 2) {
                        IntRowTranspose.shortsToRows(elements, 3, rows, 1, stride, n);
                    } else {
                        IntRowTranspose.intsToRows(elements, 3, rows, 1, stride, n);
                    }
                    String what = "typesize " + typesize + ", " + n + " elements";
                    for (int j = 0; j < typesize; j++) {
                        assertArrayEquals(expected.asSlice((long) j * n, n).toArray(JAVA_BYTE),
                                rows.asSlice(1 + j * stride, n).toArray(JAVA_BYTE), "row " + j + ", " + what);
                        assertArrayEquals(new byte[] {GUARD, GUARD, GUARD, GUARD, GUARD, GUARD, GUARD},
                                rows.asSlice(1 + j * stride + n, 7).toArray(JAVA_BYTE), "gap after row " + j);
                    }

                    MemorySegment back = arena.allocate(2 + length).fill(GUARD);
                    if (typesize == 2) {
                        IntRowTranspose.rowsToShorts(rows, 1, stride, back, 1, n);
                    } else {
                        IntRowTranspose.rowsToInts(rows, 1, stride, rows, 1 + 2 * stride, stride, back, 1, n);
                    }
                    assertArrayEquals(elements.asSlice(3, length).toArray(JAVA_BYTE),
                            back.asSlice(1, length).toArray(JAVA_BYTE), "elements rebuilt, " + what);
                    assertArrayEquals(new byte[] {GUARD, GUARD},
                            new byte[] {back.get(JAVA_BYTE, 0), back.get(JAVA_BYTE, length + 1)},
                            "bytes around the rebuilt elements, " + what);
                }
            }
        }
    }
}
