package io.github.blosc2panama.core.frame;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.CorruptDataException;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Shared test helpers: the vectors folder, a small JSON reader, a memcpy-only chunk codec. */
public final class TestSupport {
    private TestSupport() {
    }

    /** The shared vectors folder (property blosc2.vectors, else walking up to shared/vectors). */
    public static Path vectors() {
        String prop = System.getProperty("blosc2.vectors");
        if (prop != null && !prop.isBlank() && Files.isRegularFile(Path.of(prop, "manifest.json"))) {
            return Path.of(prop);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("shared/vectors");
            if (Files.isRegularFile(c.resolve("manifest.json"))) {
                return c;
            }
        }
        Path fallback = Path.of("/work/shared/vectors");
        if (Files.isRegularFile(fallback.resolve("manifest.json"))) {
            return fallback;
        }
        throw new IllegalStateException("shared/vectors/manifest.json not found");
    }

    /** The manifest entries of kind cframe or sframe. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> frameEntries() {
        try {
            Object m = Json.parse(Files.readString(vectors().resolve("manifest.json")));
            List<Map<String, Object>> out = new ArrayList<>();
            for (Object e : (List<Object>) m) {
                Map<String, Object> entry = (Map<String, Object>) e;
                if ("cframe".equals(entry.get("kind")) || "sframe".equals(entry.get("kind"))) {
                    out.add(entry);
                }
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the lead's chunk layer (Blosc2.compress/decompress) is implemented yet. */
    public static boolean chunkLayerReady() {
        try {
            Blosc2.compress(new byte[16], CParams.defaults());
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** A storage of {@code kind} at {@code path} (a contiguous file or a sparse directory; unused in memory). */
    public static Storage storage(Storage.Kind kind, Path path) {
        return switch (kind) {
            case MEMORY -> Storage.inMemory();
            case CONTIGUOUS_FILE -> Storage.contiguous(path);
            case SPARSE_DIRECTORY -> Storage.sparse(path);
        };
    }

    public static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    /**
     * A test codec that writes memcpy'd chunks (flags 0x17, as C-Blosc2 stores incompressible data)
     * and header-only special chunks, and decodes both; anything else is refused.
     */
    public static final ChunkCodec MEMCPY = new ChunkCodec() {
        @Override
        public byte[] compress(MemorySegment src, CParams p) {
            int n = (int) src.byteSize();
            byte[] out = new byte[32 + n];
            MemorySegment o = MemorySegment.ofArray(out);
            header(o, 0x17, Math.min(255, p.typesize()) == p.typesize() ? p.typesize() : 1, n, n, 32 + n, 0);
            MemorySegment.copy(src, 0, o, 32, n);
            return out;
        }

        @Override
        public long decompress(MemorySegment chunk, MemorySegment dst) {
            ChunkPeek p = ChunkPeek.read(chunk, 0, chunk.byteSize(), "test chunk");
            int n = p.nbytes();
            switch (p.special()) {
                case ZERO -> dst.asSlice(0, n).fill((byte) 0);
                case UNINIT -> { }
                case NAN -> {
                    if (p.typesize() == 4) {
                        for (int i = 0; i + 4 <= n; i += 4) {
                            dst.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i, Float.NaN);
                        }
                    } else {
                        for (int i = 0; i + 8 <= n; i += 8) {
                            dst.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, i, Double.NaN);
                        }
                    }
                }
                case VALUE -> {
                    for (int i = 0; i < n; i++) {
                        dst.set(ValueLayout.JAVA_BYTE, i, chunk.get(ValueLayout.JAVA_BYTE, 32 + (i % p.typesize())));
                    }
                }
                case NONE -> {
                    if (!p.memcpyed()) {
                        throw new UnsupportedOperationException("test codec decodes memcpy'd chunks only");
                    }
                    if (p.cbytes() != 32 + n) {
                        throw new CorruptDataException("memcpy'd chunk with cbytes " + p.cbytes());
                    }
                    MemorySegment.copy(chunk, 32, dst, 0, n);
                }
            }
            return n;
        }

        @Override
        public byte[] special(SpecialValue value, int nbytes, int typesize) {
            byte[] out = new byte[32];
            header(MemorySegment.ofArray(out), 0x05, Math.min(255, typesize), nbytes, nbytes, 32, value.code() << 4);
            return out;
        }
    };

    static void header(MemorySegment o, int flags, int typesize, int nbytes, int blocksize, int cbytes, int b2flags) {
        ValueLayout.OfInt le = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        o.set(ValueLayout.JAVA_BYTE, 0, (byte) 5);
        o.set(ValueLayout.JAVA_BYTE, 1, (byte) 1);
        o.set(ValueLayout.JAVA_BYTE, 2, (byte) flags);
        o.set(ValueLayout.JAVA_BYTE, 3, (byte) typesize);
        o.set(le, 4, nbytes);
        o.set(le, 8, blocksize);
        o.set(le, 12, cbytes);
        if ((flags & 0x02) != 0) {
            o.set(ValueLayout.JAVA_BYTE, 21, (byte) 1);
        }
        o.set(ValueLayout.JAVA_BYTE, 31, (byte) b2flags);
    }

    /** A minimal JSON reader (objects, arrays, strings, numbers as Long/Double, booleans, null). */
    public static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        public static Object parse(String s) {
            Json j = new Json(s);
            Object v = j.value();
            j.ws();
            if (j.i != s.length()) {
                throw new IllegalArgumentException("trailing JSON at " + j.i);
            }
            return v;
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                ws();
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    ws();
                    String k = string();
                    ws();
                    i++; // ':'
                    m.put(k, value());
                    ws();
                    if (s.charAt(i++) == '}') {
                        return m;
                    }
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                ws();
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(i++) == ']') {
                        return l;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int st = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String num = s.substring(st, i);
            if (num.contains(".") || num.contains("e") || num.contains("E")) {
                return Double.parseDouble(num);
            }
            return Long.parseLong(num);
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            i++; // opening quote
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
        }
    }
}
