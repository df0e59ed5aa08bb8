package io.github.blosc2panama.core.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds shared/vectors and reads its manifest.json with a minimal JSON reader. */
final class BloscLzTestVectors {

    private BloscLzTestVectors() {
    }

    /** The vectors folder: property {@code blosc2.vectors}, else the nearest {@code shared/vectors} above the working dir. */
    static Path vectorsDir() {
        String prop = System.getProperty("blosc2.vectors");
        if (prop != null && !prop.isBlank()) {
            Path p = Path.of(prop).toAbsolutePath();
            if (Files.isRegularFile(p.resolve("manifest.json"))) {
                return p;
            }
        }
        for (String rel : new String[] {"../../shared/vectors", "../shared/vectors"}) {
            Path p = Path.of(rel).toAbsolutePath().normalize();
            if (Files.isRegularFile(p.resolve("manifest.json"))) {
                return p;
            }
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("shared/vectors");
            if (Files.isRegularFile(p.resolve("manifest.json"))) {
                return p;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> manifest(Path dir) throws IOException {
        String text = Files.readString(dir.resolve("manifest.json"), StandardCharsets.UTF_8);
        return (List<Map<String, Object>>) new Reader(text).value();
    }

    /** JSON to Map / List / String / Double / Boolean / null. */
    private static final class Reader {
        private final String s;
        private int i;

        Reader(String s) {
            this.s = s;
        }

        Object value() {
            skipWs();
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    skipWs();
                    if (s.charAt(i) == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        skipWs();
                        String k = string();
                        skipWs();
                        expect(':');
                        m.put(k, value());
                        skipWs();
                        if (s.charAt(i++) == '}') {
                            return m;
                        }
                    }
                }
                case '[': {
                    i++;
                    List<Object> l = new ArrayList<>();
                    skipWs();
                    if (s.charAt(i) == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        skipWs();
                        if (s.charAt(i++) == ']') {
                            return l;
                        }
                    }
                }
                case '"':
                    return string();
                case 't':
                    i += 4;
                    return Boolean.TRUE;
                case 'f':
                    i += 5;
                    return Boolean.FALSE;
                case 'n':
                    i += 4;
                    return null;
                default: {
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    return Double.parseDouble(s.substring(start, i));
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
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

        private void expect(char c) {
            if (s.charAt(i++) != c) {
                throw new IllegalStateException("manifest.json: expected '" + c + "' at " + (i - 1));
            }
        }

        private void skipWs() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
