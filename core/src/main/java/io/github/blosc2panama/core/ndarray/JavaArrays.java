package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/** Converts Java primitive arrays to the bytes of a numeric {@link DType}, in the dtype's byte order. */
public final class JavaArrays {
    private JavaArrays() {
    }

    /** The items of {@code array} (a primitive array) as bytes of {@code dtype}. */
    public static MemorySegment toBytes(Object array, DType dtype) {
        ByteOrder order = dtype.byteOrder() == '>' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        DType.Kind k = dtype.kind();
        int size = dtype.itemsize();
        switch (array) {
            case byte[] a -> {
                require(dtype, size == 1 && (k == DType.Kind.INT || k == DType.Kind.UINT || k == DType.Kind.BOOL
                        || k == DType.Kind.BYTES || k == DType.Kind.VOID), "byte[]");
                return MemorySegment.ofArray(a.clone());
            }
            case boolean[] a -> {
                require(dtype, k == DType.Kind.BOOL, "boolean[]");
                byte[] out = new byte[a.length];
                for (int i = 0; i < a.length; i++) {
                    out[i] = (byte) (a[i] ? 1 : 0);
                }
                return MemorySegment.ofArray(out);
            }
            case short[] a -> {
                require(dtype, size == 2 && (k == DType.Kind.INT || k == DType.Kind.UINT), "short[]");
                MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(a.length, 2)]);
                MemorySegment.copy(a, 0, out, ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(order), 0, a.length);
                return out;
            }
            case int[] a -> {
                require(dtype, size == 4 && (k == DType.Kind.INT || k == DType.Kind.UINT), "int[]");
                MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(a.length, 4)]);
                MemorySegment.copy(a, 0, out, ValueLayout.JAVA_INT_UNALIGNED.withOrder(order), 0, a.length);
                return out;
            }
            case long[] a -> {
                require(dtype, size == 8 && (k == DType.Kind.INT || k == DType.Kind.UINT || k == DType.Kind.DATETIME
                        || k == DType.Kind.TIMEDELTA), "long[]");
                MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(a.length, 8)]);
                MemorySegment.copy(a, 0, out, ValueLayout.JAVA_LONG_UNALIGNED.withOrder(order), 0, a.length);
                return out;
            }
            case float[] a -> {
                require(dtype, size == 4 && k == DType.Kind.FLOAT, "float[]");
                MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(a.length, 4)]);
                MemorySegment.copy(a, 0, out, ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(order), 0, a.length);
                return out;
            }
            case double[] a -> {
                require(dtype, size == 8 && k == DType.Kind.FLOAT, "double[]");
                MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(a.length, 8)]);
                MemorySegment.copy(a, 0, out, ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(order), 0, a.length);
                return out;
            }
            case null -> throw new InvalidArgumentException("array is null");
            default -> throw new InvalidArgumentException("unsupported Java array type "
                    + array.getClass().getSimpleName() + " (use a primitive array or a MemorySegment of dtype bytes)");
        }
    }

    private static void require(DType dtype, boolean ok, String what) {
        if (!ok) {
            throw new InvalidArgumentException("a " + what + " cannot hold items of dtype " + dtype);
        }
    }
}
