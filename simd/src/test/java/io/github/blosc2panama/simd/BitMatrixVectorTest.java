package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 512-element bit transpose alone, where it runs (512-bit vectors, JDK 24+, AVX-512 VBMI), against the
 * scalar bit shuffle of typesize 1 (whose one byte row is the data itself): rows written at a stride wider than the
 * groups, between bytes that must stay untouched.
 */
class BitMatrixVectorTest {
    @Test
    void forwardAndBackwardMatchTheScalarBitShuffle() {
        assumeTrue(SimdSupport.VECTOR && BitMatrixVector.USABLE,
                "needs 512-bit vectors, JDK 24's selects and AVX-512 VBMI");
        SplittableRandom random = new SplittableRandom(35);
        for (int groups : new int[] {1, 2, 5}) {
            int n = groups * BitMatrixVector.GROUP;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = arena.allocate(n + 3);
                for (long i = 0; i < data.byteSize(); i++) {
                    data.set(JAVA_BYTE, i, (byte) random.nextInt());
                }
                MemorySegment expected = arena.allocate(n);
                BitShuffleScalar.bitshuffle(data.asSlice(3, n), expected, n, 1);

                // 8 rows of n / 8 bytes laid 7 bytes apart, after 5 bytes that must stay 0x5A
                int row = n / 8;
                long stride = row + 7;
                MemorySegment rows = arena.allocate(5 + 8 * stride).fill((byte) 0x5A);
                BitMatrixVector.forward(data, 3, rows, 5, stride, groups);
                byte[] got = new byte[n];
                for (int b = 0; b < 8; b++) {
                    MemorySegment.copy(rows, JAVA_BYTE, 5 + b * stride, got, b * row, row);
                    assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A},
                            rows.asSlice(5 + b * stride + row, 7).toArray(JAVA_BYTE), "gap after row " + b);
                }
                assertArrayEquals(expected.toArray(JAVA_BYTE), got, "bit rows of " + groups + " groups");

                MemorySegment back = arena.allocate(n + 2).fill((byte) 0x5A);
                BitMatrixVector.backward(rows, 5, stride, back, 1, groups);
                assertArrayEquals(data.asSlice(3, n).toArray(JAVA_BYTE), back.asSlice(1, n).toArray(JAVA_BYTE),
                        "byte row rebuilt from " + groups + " groups");
                assertArrayEquals(new byte[] {0x5A, 0x5A}, new byte[] {back.get(JAVA_BYTE, 0),
                        back.get(JAVA_BYTE, n + 1)}, "bytes around the rebuilt row");
            }
        }
    }

    /**
     * The planes of typesizes 2, 4 and 8: plane {@code b}, read as elements, holds in byte {@code j} of element
     * {@code m} byte {@code m} of bit row {@code 8j + b} of the scalar bit shuffle; backward rebuilds the elements.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void planesHoldTheBitRowsOfTheScalarBitShuffleAndGoBack(int typesize) {
        assumeTrue(SimdSupport.VECTOR && BitMatrixVector.USABLE,
                "needs 512-bit vectors, JDK 24's selects and AVX-512 VBMI");
        SplittableRandom random = new SplittableRandom(typesize);
        for (int groups : new int[] {1, 3}) {
            int bytes = groups * BitMatrixVector.GROUP;
            int nel = bytes / typesize;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = arena.allocate(bytes + 3);
                for (long i = 0; i < data.byteSize(); i++) {
                    data.set(JAVA_BYTE, i, (byte) random.nextInt());
                }
                MemorySegment expected = arena.allocate(bytes);
                BitShuffleScalar.bitshuffle(data.asSlice(3, bytes), expected, bytes, typesize);

                // 8 planes of bytes / 8 bytes laid 9 bytes apart, after 5 bytes that must stay 0x5A
                int plane = bytes / 8;
                long stride = plane + 9;
                MemorySegment planes = arena.allocate(5 + 8 * stride).fill((byte) 0x5A);
                BitMatrixVector.forward(data, 3, typesize, planes, 5, stride, groups);
                int row = nel / 8;
                for (int b = 0; b < 8; b++) {
                    for (int m = 0; m < row; m++) {
                        for (int j = 0; j < typesize; j++) {
                            assertEquals(expected.get(JAVA_BYTE, (8L * j + b) * row + m),
                                    planes.get(JAVA_BYTE, 5 + b * stride + (long) m * typesize + j),
                                    "plane " + b + ", element " + m + ", byte " + j + " of " + groups + " groups");
                        }
                    }
                    byte[] gap = new byte[9];
                    Arrays.fill(gap, (byte) 0x5A);
                    assertArrayEquals(gap, planes.asSlice(5 + b * stride + plane, 9).toArray(JAVA_BYTE),
                            "gap after plane " + b);
                }

                MemorySegment back = arena.allocate(bytes + 2).fill((byte) 0x5A);
                BitMatrixVector.backward(planes, 5, stride, typesize, back, 1, groups);
                assertArrayEquals(data.asSlice(3, bytes).toArray(JAVA_BYTE), back.asSlice(1, bytes).toArray(JAVA_BYTE),
                        "elements rebuilt from the planes of " + groups + " groups");
                assertArrayEquals(new byte[] {0x5A, 0x5A}, new byte[] {back.get(JAVA_BYTE, 0),
                        back.get(JAVA_BYTE, bytes + 1)}, "bytes around the rebuilt elements");
            }
        }
    }
}
