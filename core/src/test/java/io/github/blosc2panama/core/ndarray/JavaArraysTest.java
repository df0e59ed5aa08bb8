package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.blosc2panama.core.DType;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Java primitive arrays to dtype bytes, in both byte orders, against {@link ByteBuffer}'s encoding. */
class JavaArraysTest {
    private static byte[] bytes(Object array, String dtype) {
        return JavaArrays.toBytes(array, DType.parse(dtype)).toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void everyPrimitiveTypeInBothOrders() {
        short[] s = {1, -2, 0x1234, Short.MIN_VALUE, Short.MAX_VALUE};
        int[] i = {1, -2, 0x12345678, Integer.MIN_VALUE, Integer.MAX_VALUE};
        long[] l = {1, -2, 0x123456789ABCDEF0L, Long.MIN_VALUE, Long.MAX_VALUE};
        float[] f = {1.5f, -0f, Float.NaN, Float.MIN_VALUE, Float.MAX_VALUE};
        double[] d = {1.5, -0.0, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE};
        for (ByteOrder o : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            String e = o == ByteOrder.BIG_ENDIAN ? ">" : "<";
            ByteBuffer bs = ByteBuffer.allocate(s.length * 2).order(o);
            ByteBuffer bi = ByteBuffer.allocate(i.length * 4).order(o);
            ByteBuffer bl = ByteBuffer.allocate(l.length * 8).order(o);
            ByteBuffer bf = ByteBuffer.allocate(f.length * 4).order(o);
            ByteBuffer bd = ByteBuffer.allocate(d.length * 8).order(o);
            for (int k = 0; k < 5; k++) {
                bs.putShort(s[k]);
                bi.putInt(i[k]);
                bl.putLong(l[k]);
                bf.putFloat(f[k]);
                bd.putDouble(d[k]);
            }
            assertArrayEquals(bs.array(), bytes(s, e + "i2"));
            assertArrayEquals(bs.array(), bytes(s, e + "u2"));
            assertArrayEquals(bi.array(), bytes(i, e + "i4"));
            assertArrayEquals(bl.array(), bytes(l, e + "i8"));
            assertArrayEquals(bf.array(), bytes(f, e + "f4"));
            assertArrayEquals(bd.array(), bytes(d, e + "f8"));
        }
        assertArrayEquals(new byte[] {1, 0, 1}, bytes(new boolean[] {true, false, true}, "|b1"));
        assertArrayEquals(new byte[] {5, -6}, bytes(new byte[] {5, -6}, "|i1"));
    }
}
