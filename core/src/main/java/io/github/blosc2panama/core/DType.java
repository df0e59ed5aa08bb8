package io.github.blosc2panama.core;

import io.github.blosc2panama.core.ndarray.PythonLiteral;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A NumPy data type as b2nd arrays record it ({@code dtype_format} 0): a type string such as
 * {@code "<i4"}, {@code "|b1"}, {@code ">f8"}, {@code "<c16"}, {@code "|S10"}, {@code "<U5"},
 * {@code "|V8"}, {@code "<M8[ns]"}, or a structured type written as a Python field list
 * ({@code [('a', '<i4'), ('b', '<f8', (3,))]}) or as NumPy's dict form with offsets.
 *
 * <pre>{@code
 * DType t = DType.parse("[('x', '<f4'), ('flags', 'u1', (2,))]");
 * int bytes = t.itemsize();   // 6
 * }</pre>
 *
 * <p>Object, pointer and long-double types are not supported: {@link #parse} refuses them with an
 * {@link UnsupportedFeatureException}; text that is not a type at all gives an
 * {@link InvalidArgumentException}.
 */
public final class DType {
    /** The kinds of data. */
    public enum Kind {
        BOOL('b'), INT('i'), UINT('u'), FLOAT('f'), COMPLEX('c'), BYTES('S'), UNICODE('U'), VOID('V'),
        DATETIME('M'), TIMEDELTA('m'), STRUCT('V');

        private final char code;

        Kind(char code) {
            this.code = code;
        }

        /** NumPy's kind character. */
        public char code() {
            return code;
        }
    }

    /**
     * One field of a structured type.
     *
     * @param name   the field's name
     * @param dtype  the type of one element of the field
     * @param shape  the field's subarray shape (empty for a scalar field)
     * @param offset the byte offset of the field in an item
     */
    public record Field(String name, DType dtype, List<Integer> shape, int offset) {
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(dtype, "dtype");
            shape = List.copyOf(shape);
        }

        /** The field's size in bytes. */
        public long size() {
            long n = dtype.itemsize;
            for (int d : shape) {
                n *= d;
            }
            return n;
        }
    }

    /** Largest itemsize accepted (bytes). */
    public static final int MAX_ITEMSIZE = Integer.MAX_VALUE - 64;

    public static final DType BOOL = simple(Kind.BOOL, '|', 1, null);
    public static final DType INT8 = simple(Kind.INT, '|', 1, null);
    public static final DType UINT8 = simple(Kind.UINT, '|', 1, null);
    public static final DType INT16 = simple(Kind.INT, '<', 2, null);
    public static final DType UINT16 = simple(Kind.UINT, '<', 2, null);
    public static final DType INT32 = simple(Kind.INT, '<', 4, null);
    public static final DType UINT32 = simple(Kind.UINT, '<', 4, null);
    public static final DType INT64 = simple(Kind.INT, '<', 8, null);
    public static final DType UINT64 = simple(Kind.UINT, '<', 8, null);
    public static final DType FLOAT16 = simple(Kind.FLOAT, '<', 2, null);
    public static final DType FLOAT32 = simple(Kind.FLOAT, '<', 4, null);
    public static final DType FLOAT64 = simple(Kind.FLOAT, '<', 8, null);
    public static final DType COMPLEX64 = simple(Kind.COMPLEX, '<', 8, null);
    public static final DType COMPLEX128 = simple(Kind.COMPLEX, '<', 16, null);

    private static final Pattern TYPESTR = Pattern.compile("([<>|=!]?)([a-zA-Z?])(\\d*)(?:\\[([A-Za-z0-9]+)\\])?");
    private static final Set<String> TIME_UNITS = Set.of("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps",
            "fs", "as", "generic");
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("bool", "|b1"), Map.entry("int8", "|i1"), Map.entry("uint8", "|u1"),
            Map.entry("int16", "<i2"), Map.entry("uint16", "<u2"), Map.entry("int32", "<i4"),
            Map.entry("uint32", "<u4"), Map.entry("int64", "<i8"), Map.entry("uint64", "<u8"),
            Map.entry("float16", "<f2"), Map.entry("float32", "<f4"), Map.entry("float64", "<f8"),
            Map.entry("complex64", "<c8"), Map.entry("complex128", "<c16"),
            Map.entry("?", "|b1"), Map.entry("b", "|i1"), Map.entry("B", "|u1"), Map.entry("h", "<i2"),
            Map.entry("H", "<u2"), Map.entry("i", "<i4"), Map.entry("I", "<u4"), Map.entry("l", "<i8"),
            Map.entry("L", "<u8"), Map.entry("q", "<i8"), Map.entry("Q", "<u8"), Map.entry("e", "<f2"),
            Map.entry("f", "<f4"), Map.entry("d", "<f8"), Map.entry("F", "<c8"), Map.entry("D", "<c16"));

    private final Kind kind;
    private final char byteOrder;
    private final int itemsize;
    private final String unit;
    private final List<Field> fields;
    /** A struct laid out as a C compiler would (NumPy's {@code align=True}, its dict form's {@code 'aligned': True}). */
    private final boolean aligned;
    private final String str;

    private DType(Kind kind, char byteOrder, int itemsize, String unit, List<Field> fields, boolean aligned) {
        this.kind = kind;
        this.byteOrder = byteOrder;
        this.itemsize = itemsize;
        this.unit = unit;
        this.fields = List.copyOf(fields);
        this.aligned = aligned;
        this.str = render();
    }

    private static DType simple(Kind kind, char order, int itemsize, String unit) {
        return new DType(kind, order, itemsize, unit, List.of(), false);
    }

    /** Opaque items of {@code itemsize} bytes ({@code |V<n>}). */
    public static DType raw(int itemsize) {
        if (itemsize < 1 || itemsize > MAX_ITEMSIZE) {
            throw new InvalidArgumentException("itemsize must be 1.." + MAX_ITEMSIZE + ", got " + itemsize);
        }
        return simple(Kind.VOID, '|', itemsize, null);
    }

    /**
     * Parses a NumPy dtype string: a type string ({@code "<i4"}, {@code "|S3"}, {@code "float64"}, ...),
     * a structured field list or NumPy's dict form.
     *
     * @throws InvalidArgumentException     when the text is not a dtype
     * @throws UnsupportedFeatureException  for object, pointer, long-double and other types this library does not read
     */
    public static DType parse(String text) {
        Objects.requireNonNull(text, "dtype");
        String t = text.strip();
        if (t.startsWith("[") || t.startsWith("{") || t.startsWith("(")) {
            return fromLiteral(PythonLiteral.parse(t), text, 0, false);
        }
        return parseTypeString(t, text);
    }

    // ------------------------------------------------------------------ properties

    public Kind kind() {
        return kind;
    }

    /** {@code '<'} little-endian, {@code '>'} big-endian, {@code '|'} not applicable (one byte, bytes, structs). */
    public char byteOrder() {
        return byteOrder;
    }

    /** Size of one item in bytes. */
    public int itemsize() {
        return itemsize;
    }

    /** The datetime/timedelta unit, or null. */
    public String unit() {
        return unit;
    }

    /** The fields of a structured type, in order (empty otherwise). */
    public List<Field> fields() {
        return fields;
    }

    public boolean isStructured() {
        return kind == Kind.STRUCT;
    }

    /** The string python-blosc2 stores in the b2nd metalayer for this type. */
    public String str() {
        return str;
    }

    @Override
    public String toString() {
        return str;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DType d && d.str.equals(str);
    }

    @Override
    public int hashCode() {
        return str.hashCode();
    }

    // ------------------------------------------------------------------ parsing

    private static DType parseTypeString(String t, String whole) {
        String named = NAMES.get(t);
        if (named != null) {
            t = named;
        }
        Matcher m = TYPESTR.matcher(t);
        if (!m.matches()) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": '" + t + "' is not a NumPy type string");
        }
        char order = m.group(1).isEmpty() ? '=' : m.group(1).charAt(0);
        if (order == '!') {
            order = '>';
        }
        if (order == '=') {
            order = '<';
        }
        char code = m.group(2).charAt(0);
        String digits = m.group(3);
        String unit = m.group(4);
        if (digits.isEmpty()) {
            String alias = NAMES.get(String.valueOf(code));
            if (alias != null && unit == null && code != 'M' && code != 'm') {
                DType base = parseTypeString(alias, whole);
                return base.itemsize == 1 || base.byteOrder == order ? base : withOrder(base, order);
            }
        }
        long size;
        try {
            size = digits.isEmpty() ? -1 : Long.parseLong(digits);
        } catch (NumberFormatException e) {
            size = Long.MAX_VALUE;
        }
        if (unit != null && code != 'M' && code != 'm') {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": only datetime types take a [unit]");
        }
        switch (code) {
            case 'b':
                requireSize(size, whole, 1);
                return BOOL;
            case 'i':
            case 'u':
                requireSize(size, whole, 1, 2, 4, 8);
                return simple(code == 'i' ? Kind.INT : Kind.UINT, size == 1 ? '|' : order, (int) size, null);
            case 'f':
                if (size == 12 || size == 16) {
                    throw new UnsupportedFeatureException("dtype " + quote(whole) + ": long double (f" + size
                            + ") is not supported");
                }
                requireSize(size, whole, 2, 4, 8);
                return simple(Kind.FLOAT, order, (int) size, null);
            case 'c':
                if (size == 24 || size == 32) {
                    throw new UnsupportedFeatureException("dtype " + quote(whole) + ": long double complex (c" + size
                            + ") is not supported");
                }
                requireSize(size, whole, 8, 16);
                return simple(Kind.COMPLEX, order, (int) size, null);
            case 'S':
            case 'a':
                return simple(Kind.BYTES, '|', checkedSize(size, 1, whole), null);
            case 'U':
                return simple(Kind.UNICODE, order, checkedSize(size, 4, whole), null);
            case 'V':
                return simple(Kind.VOID, '|', checkedSize(size, 1, whole), null);
            case 'M':
            case 'm':
                if (size != -1 && size != 8) {
                    throw new InvalidArgumentException("dtype " + quote(whole) + ": datetime types are 8 bytes");
                }
                if (unit != null && !TIME_UNITS.contains(unit.replaceFirst("^\\d+", ""))) {
                    throw new InvalidArgumentException("dtype " + quote(whole) + ": unknown time unit '" + unit + "'");
                }
                return simple(code == 'M' ? Kind.DATETIME : Kind.TIMEDELTA, order, 8, unit);
            case 'O':
            case 'P':
            case 'p':
            case 'g':
            case 'G':
            case 'T':
                throw new UnsupportedFeatureException("dtype " + quote(whole) + ": type code '" + code
                        + "' (object, pointer, long double or variable string) is not supported");
            default:
                throw new InvalidArgumentException("dtype " + quote(whole) + ": unknown type code '" + code + "'");
        }
    }

    private static DType withOrder(DType d, char order) {
        return simple(d.kind, order, d.itemsize, d.unit);
    }

    private static void requireSize(long size, String whole, int... allowed) {
        for (int a : allowed) {
            if (a == size) {
                return;
            }
        }
        throw new InvalidArgumentException("dtype " + quote(whole) + ": item size " + (size < 0 ? "missing" : size)
                + " not one of " + Arrays.toString(allowed));
    }

    private static int checkedSize(long count, int unitBytes, String whole) {
        if (count < 1 || count > MAX_ITEMSIZE / unitBytes) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": length " + (count < 0 ? "missing" : count)
                    + " must be 1.." + (MAX_ITEMSIZE / unitBytes));
        }
        return (int) (count * unitBytes);
    }

    /** The type {@code lit} gives; {@code align}: a field list is laid out as NumPy's {@code align=True} does. */
    private static DType fromLiteral(Object lit, String whole, int depth, boolean align) {
        if (depth > 32) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": nested deeper than 32 levels");
        }
        if (lit instanceof String s) {
            return parseTypeString(s.strip(), whole);
        }
        if (lit instanceof List<?> list) {
            List<Field> fields = new ArrayList<>();
            Set<String> names = new HashSet<>();
            long offset = 0;
            for (Object item : list) {
                if (!(item instanceof PythonLiteral.Tuple tuple) || tuple.items().size() < 2 || tuple.items().size() > 3) {
                    throw new InvalidArgumentException("dtype " + quote(whole)
                            + ": a field must be a tuple (name, type) or (name, type, shape)");
                }
                Field f = field(tuple.items().get(0), tuple.items().get(1),
                        tuple.items().size() == 3 ? tuple.items().get(2) : null, offset, names, whole, depth, align);
                if (align) {
                    f = aligned(f, offset);
                }
                fields.add(f);
                offset = f.offset + f.size();
                if (offset > MAX_ITEMSIZE) {
                    throw new InvalidArgumentException("dtype " + quote(whole) + ": itemsize exceeds " + MAX_ITEMSIZE);
                }
            }
            long itemsize = align ? roundUp(offset, maxAlignment(fields)) : offset;
            return struct(fields, (int) Math.min(itemsize, MAX_ITEMSIZE), align, whole);
        }
        if (lit instanceof Map<?, ?> map) {
            return fromDict(map, whole, depth);
        }
        if (lit instanceof PythonLiteral.Tuple) {
            throw new UnsupportedFeatureException("dtype " + quote(whole) + ": a top-level subarray type is not supported");
        }
        throw new InvalidArgumentException("dtype " + quote(whole) + ": expected a type string, a field list or a dict");
    }

    private static Field field(Object name, Object type, Object shapeLit, long offset, Set<String> names, String whole,
            int depth, boolean align) {
        if (!(name instanceof String n)) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": a field name must be a string");
        }
        if (!names.add(n)) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": duplicate field name '" + n + "'");
        }
        DType t = fromLiteral(type, whole, depth + 1, align);
        List<Integer> shape = new ArrayList<>();
        if (shapeLit != null) {
            List<?> dims;
            if (shapeLit instanceof PythonLiteral.Tuple tup) {
                dims = tup.items();
            } else if (shapeLit instanceof Long) {
                dims = List.of(shapeLit);
            } else {
                throw new InvalidArgumentException("dtype " + quote(whole) + ": the shape of field '" + n
                        + "' must be an integer or a tuple");
            }
            for (Object d : dims) {
                if (!(d instanceof Long v) || v < 0 || v > MAX_ITEMSIZE) {
                    throw new InvalidArgumentException("dtype " + quote(whole) + ": bad dimension in the shape of field '"
                            + n + "'");
                }
                shape.add((int) (long) v);
            }
        }
        Field f = new Field(n, t, shape, (int) Math.min(offset, Integer.MAX_VALUE));
        long size = t.itemsize;
        for (int d : shape) {
            size *= d;
            if (size > MAX_ITEMSIZE) {
                throw new InvalidArgumentException("dtype " + quote(whole) + ": field '" + n + "' is too large");
            }
        }
        return f;
    }

    private static DType fromDict(Map<?, ?> map, String whole, int depth) {
        Object names = map.get("names");
        Object formats = map.get("formats");
        if (!(names instanceof List<?> nl) || !(formats instanceof List<?> fl) || nl.size() != fl.size()) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": a dict dtype needs lists 'names' and 'formats'"
                    + " of the same length");
        }
        Object offsets = map.get("offsets");
        List<?> ol = offsets instanceof List<?> l ? l : null;
        if (offsets != null && (ol == null || ol.size() != nl.size())) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": 'offsets' must list one offset per field");
        }
        boolean align = Boolean.TRUE.equals(map.get("aligned"));
        List<Field> fields = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        long end = 0;
        long packed = 0;
        for (int i = 0; i < nl.size(); i++) {
            Object fmt = fl.get(i);
            Object shape = null;
            if (fmt instanceof PythonLiteral.Tuple tup && tup.items().size() == 2) {
                fmt = tup.items().get(0);
                shape = tup.items().get(1);
            }
            long off = packed;
            if (ol != null) {
                if (!(ol.get(i) instanceof Long o) || o < 0 || o > MAX_ITEMSIZE) {
                    throw new InvalidArgumentException("dtype " + quote(whole) + ": bad offset for field " + i);
                }
                off = o;
            }
            Field f = field(nl.get(i), fmt, shape, off, seen, whole, depth, align);
            if (align && ol == null) {
                f = aligned(f, off);
                off = f.offset;
            }
            fields.add(f);
            packed = off + f.size();
            end = Math.max(end, packed);
            if (end > MAX_ITEMSIZE) {
                throw new InvalidArgumentException("dtype " + quote(whole) + ": itemsize exceeds " + MAX_ITEMSIZE);
            }
        }
        long itemsize = Math.min(align ? roundUp(end, maxAlignment(fields)) : end, MAX_ITEMSIZE);
        Object is = map.get("itemsize");
        if (is != null) {
            if (!(is instanceof Long v) || v < end || v > MAX_ITEMSIZE) {
                throw new InvalidArgumentException("dtype " + quote(whole) + ": 'itemsize' must be at least " + end);
            }
            itemsize = v;
        }
        return struct(fields, (int) itemsize, align, whole);
    }

    private static DType struct(List<Field> fields, int itemsize, boolean aligned, String whole) {
        if (fields.isEmpty() || itemsize == 0) {
            throw new InvalidArgumentException("dtype " + quote(whole) + ": a structured type needs at least one byte");
        }
        return new DType(Kind.STRUCT, '|', itemsize, null, fields, aligned);
    }

    private static long roundUp(long n, int alignment) {
        return (n + alignment - 1) / alignment * alignment;
    }

    /** {@code f} at the first multiple of its type's alignment from {@code offset} (NumPy's {@code align=True}). */
    private static Field aligned(Field f, long offset) {
        return new Field(f.name, f.dtype, f.shape, (int) Math.min(roundUp(offset, f.dtype.alignment()),
                Integer.MAX_VALUE));
    }

    /** The largest alignment of the fields' types: an aligned struct's own, to which its itemsize is padded. */
    private static int maxAlignment(List<Field> fields) {
        return fields.stream().mapToInt(f -> f.dtype.alignment()).max().orElse(1);
    }

    /** NumPy's alignment of this type (a field of it starts at a multiple of it in an aligned struct). */
    private int alignment() {
        return switch (kind) {
            case INT, UINT, FLOAT -> itemsize;
            case COMPLEX -> itemsize / 2;
            case UNICODE -> 4;
            case DATETIME, TIMEDELTA -> 8;
            case STRUCT -> aligned ? maxAlignment(fields) : 1;
            case BOOL, BYTES, VOID -> 1;
        };
    }

    // ------------------------------------------------------------------ rendering (NumPy's str(dtype) forms)

    private String render() {
        if (kind == Kind.STRUCT) {
            boolean packed = !aligned;
            long off = 0;
            for (Field f : fields) {
                packed &= f.offset == off;
                off += f.size();
            }
            packed &= off == itemsize;
            // NumPy writes an aligned struct as a dict with 'aligned': True, and aligned structs in it as field lists
            return packed ? fieldList() : fieldDict();
        }
        int count = kind == Kind.UNICODE ? itemsize / 4 : itemsize;
        String s = String.valueOf(byteOrder) + (kind == Kind.BOOL ? 'b' : kind.code) + count;
        return unit == null ? s : s + "[" + unit + "]";
    }

    private String fieldList() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            sb.append(i == 0 ? "" : ", ").append('(').append(pyString(f.name)).append(", ")
                    .append(f.dtype.fieldForm(aligned));
            if (!f.shape.isEmpty()) {
                sb.append(", ").append(pyTuple(f.shape));
            }
            sb.append(')');
        }
        return sb.append(']').toString();
    }

    private String fieldDict() {
        StringBuilder sb = new StringBuilder("{'names': [");
        for (int i = 0; i < fields.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(pyString(fields.get(i).name));
        }
        sb.append("], 'formats': [");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            sb.append(i == 0 ? "" : ", ");
            if (f.shape.isEmpty()) {
                sb.append(f.dtype.fieldForm(aligned));
            } else {
                sb.append('(').append(f.dtype.fieldForm(aligned)).append(", ").append(pyTuple(f.shape)).append(')');
            }
        }
        sb.append("], 'offsets': [");
        for (int i = 0; i < fields.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(fields.get(i).offset);
        }
        sb.append("], 'itemsize': ").append(itemsize);
        return sb.append(aligned ? ", 'aligned': True}" : "}").toString();
    }

    /**
     * How NumPy writes this type as a field's format; {@code inAligned}: in an aligned struct, where an aligned
     * struct is its field list (read back with the parent's alignment).
     */
    private String fieldForm(boolean inAligned) {
        if (kind == Kind.STRUCT) {
            return inAligned && aligned ? fieldList() : str;
        }
        if (kind == Kind.BOOL) {
            return "'?'";
        }
        String s = str;
        if (byteOrder == '|') {
            s = s.substring(1);
        }
        return pyString(s);
    }

    private static String pyTuple(List<Integer> shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(shape.get(i));
        }
        return sb.append(shape.size() == 1 ? ",)" : ")").toString();
    }

    private static String pyString(String s) {
        if (s.indexOf('\'') >= 0 && s.indexOf('"') < 0) {
            return '"' + s + '"';
        }
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static String quote(String s) {
        String shown = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        return "'" + shown + "'";
    }
}
