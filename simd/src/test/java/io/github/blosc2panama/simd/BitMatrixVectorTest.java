package io.github.blosc2panama.simd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

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
                BitMatrixVector.forward(data, 3, 0, rows, 5, stride, groups, 1);
                byte[] got = new byte[n];
                for (int b = 0; b < 8; b++) {
                    MemorySegment.copy(rows, JAVA_BYTE, 5 + b * stride, got, b * row, row);
                    assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A},
                            rows.asSlice(5 + b * stride + row, 7).toArray(JAVA_BYTE), "gap after row " + b);
                }
                assertArrayEquals(expected.toArray(JAVA_BYTE), got, "bit rows of " + groups + " groups");

                MemorySegment back = arena.allocate(n + 2).fill((byte) 0x5A);
                BitMatrixVector.backward(rows, 5, stride, back, 1, 0, groups, 1);
                assertArrayEquals(data.asSlice(3, n).toArray(JAVA_BYTE), back.asSlice(1, n).toArray(JAVA_BYTE),
                        "byte row rebuilt from " + groups + " groups");
                assertArrayEquals(new byte[] {0x5A, 0x5A}, new byte[] {back.get(JAVA_BYTE, 0),
                        back.get(JAVA_BYTE, n + 1)}, "bytes around the rebuilt row");
            }
        }
    }

    @Test
    void severalByteRowsInOneCallAreTransposedEachOnItsOwn() {
        assumeTrue(SimdSupport.VECTOR && BitMatrixVector.USABLE,
                "needs 512-bit vectors, JDK 24's selects and AVX-512 VBMI");
        SplittableRandom random = new SplittableRandom(36);
        int groups = 3;
        int rows = 3;
        int n = groups * BitMatrixVector.GROUP;
        long inRowStep = n + 9;
        long stride = n / 8 + 11;
        long outRowStep = n + 5;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(2 + rows * inRowStep);
            for (long i = 0; i < data.byteSize(); i++) {
                data.set(JAVA_BYTE, i, (byte) random.nextInt());
            }
            MemorySegment bits = arena.allocate(8 * rows * stride).fill((byte) 0x5A);
            BitMatrixVector.forward(data, 2, inRowStep, bits, 0, stride, groups, rows);
            MemorySegment back = arena.allocate(rows * outRowStep).fill((byte) 0x5A);
            BitMatrixVector.backward(bits, 0, stride, back, 0, outRowStep, groups, rows);
            MemorySegment expected = arena.allocate(n);
            for (int j = 0; j < rows; j++) {
                MemorySegment row = data.asSlice(2 + j * inRowStep, n);
                BitShuffleScalar.bitshuffle(row, expected, n, 1);
                for (int b = 0; b < 8; b++) {
                    assertArrayEquals(expected.asSlice((long) b * n / 8, n / 8).toArray(JAVA_BYTE),
                            bits.asSlice((8L * j + b) * stride, n / 8).toArray(JAVA_BYTE),
                            "bit row " + b + " of byte row " + j);
                    assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A},
                            bits.asSlice((8L * j + b) * stride + n / 8, 11).toArray(JAVA_BYTE),
                            "gap after bit row " + b + " of byte row " + j);
                }
                assertArrayEquals(row.toArray(JAVA_BYTE), back.asSlice(j * outRowStep, n).toArray(JAVA_BYTE),
                        "byte row " + j + " rebuilt");
                assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A, 0x5A},
                        back.asSlice(j * outRowStep + n, 5).toArray(JAVA_BYTE), "gap after rebuilt byte row " + j);
            }
        }
    }
}
