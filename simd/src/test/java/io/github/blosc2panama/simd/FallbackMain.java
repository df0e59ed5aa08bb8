package io.github.blosc2panama.simd;

import java.lang.foreign.MemorySegment;

/**
 * Child-JVM entry for {@link ScalarFallbackTest}: started without {@code jdk.incubator.vector}, runs every public
 * filter and prints what it got, so the parent can compare with the scalar twins it runs itself.
 */
public final class FallbackMain {
    private FallbackMain() {
    }

    public static void main(String[] args) {
        System.out.println("module=" + ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
        System.out.println("vector=" + SimdSupport.VECTOR);
        byte[] data = TestData.random(42, 1000);
        MemorySegment src = MemorySegment.ofArray(data);
        for (int ts : new int[] {2, 4, 7, 8, 16}) {
            MemorySegment a = MemorySegment.ofArray(new byte[1000]);
            MemorySegment b = MemorySegment.ofArray(new byte[1000]);
            MemorySegment c = MemorySegment.ofArray(new byte[1000]);
            MemorySegment d = MemorySegment.ofArray(new byte[1000]);
            Shuffle.shuffle(src, a, 1000, ts);
            Shuffle.unshuffle(src, b, 1000, ts);
            BitShuffle.bitshuffle(src, c, 1000, ts);
            BitShuffle.bitunshuffle(src, d, 1000, ts);
            System.out.println("ts" + ts + "=" + TestData.sha256(TestData.bytes(a)) + TestData.sha256(TestData.bytes(b))
                    + TestData.sha256(TestData.bytes(c)) + TestData.sha256(TestData.bytes(d)));
        }
        System.out.println("rows=" + TestData.sha256(rowCopy(src)));
        System.out.println("runs=" + runs());
    }

    /** ByteRun on a native run of 500 bytes, then with one other byte at 0, 250 and 499. */
    static String runs() {
        MemorySegment run = java.lang.foreign.Arena.ofAuto().allocate(500);
        StringBuilder sb = new StringBuilder();
        for (int odd : new int[] {-1, 0, 250, 499}) {
            run.fill((byte) 9);
            if (odd >= 0) {
                run.set(java.lang.foreign.ValueLayout.JAVA_BYTE, odd, (byte) 8);
            }
            sb.append(ByteRun.isRun(run, 0, 500) ? 'T' : 'F');
        }
        return sb.toString();
    }

    /** Rows of 8..72 bytes of {@code src} copied with RowCopy into a native buffer, every 80 bytes. */
    static byte[] rowCopy(MemorySegment src) {
        MemorySegment from = java.lang.foreign.Arena.ofAuto().allocate(src.byteSize()).copyFrom(src);
        MemorySegment to = java.lang.foreign.Arena.ofAuto().allocate(1000);
        for (int rowBytes = 8; rowBytes <= 72; rowBytes += 16) {
            RowCopy.copy(from, rowBytes, 80, to, 0, 80 + rowBytes % 3, rowBytes, 10);
        }
        return TestData.bytes(to);
    }
}
