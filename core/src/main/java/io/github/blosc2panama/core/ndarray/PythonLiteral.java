package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.InvalidArgumentException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser for the small subset of Python literals NumPy uses to print dtypes: strings ('..' or
 * ".."), integers, lists [..], tuples (..) and dicts {..}. Lists and tuples come back as
 * {@link List} (tuples wrapped in {@link Tuple}), dicts as {@link Map}, strings as {@link String},
 * integers as {@link Long}. Nesting is limited to keep hostile input from exhausting the stack.
 */
public final class PythonLiteral {
    /** A Python tuple. */
    public record Tuple(List<Object> items) {
    }

    private static final int MAX_DEPTH = 64;

    private final String text;
    private int pos;

    private PythonLiteral(String text) {
        this.text = text;
    }

    /** Parses {@code text} as one literal; throws {@link InvalidArgumentException} naming the offset on error. */
    public static Object parse(String text) {
        PythonLiteral p = new PythonLiteral(text);
        Object v = p.value(0);
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the literal");
        }
        return v;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '\'', '"':
                return string();
            case '[': {
                pos++;
                return sequence(']', depth);
            }
            case '(': {
                pos++;
                return new Tuple(sequence(')', depth));
            }
            case '{': {
                pos++;
                return dict(depth);
            }
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return integer();
                }
                if (text.startsWith("True", pos)) {
                    pos += 4;
                    return Boolean.TRUE;
                }
                if (text.startsWith("False", pos)) {
                    pos += 5;
                    return Boolean.FALSE;
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private List<Object> sequence(char close, int depth) {
        List<Object> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == close) {
                pos++;
                return items;
            }
            items.add(value(depth + 1));
            skipSpace();
            if (pos >= text.length()) {
                throw error("missing '" + close + "'");
            }
            char c = text.charAt(pos);
            if (c == ',') {
                pos++;
            } else if (c != close) {
                throw error("expected ',' or '" + close + "'");
            }
        }
    }

    private Map<Object, Object> dict(int depth) {
        Map<Object, Object> map = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == '}') {
                pos++;
                return map;
            }
            Object key = value(depth + 1);
            skipSpace();
            if (pos >= text.length() || text.charAt(pos) != ':') {
                throw error("expected ':' in a dict");
            }
            pos++;
            map.put(key, value(depth + 1));
            skipSpace();
            if (pos >= text.length()) {
                throw error("missing '}'");
            }
            char c = text.charAt(pos);
            if (c == ',') {
                pos++;
            } else if (c != '}') {
                throw error("expected ',' or '}'");
            }
        }
    }

    private String string() {
        char quote = text.charAt(pos++);
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == quote) {
                return sb.toString();
            }
            if (c == '\\') {
                if (pos >= text.length()) {
                    break;
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case '\\', '\'', '"' -> sb.append(e);
                    default -> throw error("unsupported escape '\\" + e + "'");
                }
            } else {
                sb.append(c);
            }
        }
        throw error("unterminated string");
    }

    private Long integer() {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
        }
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        String digits = text.substring(start, pos);
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw error("bad integer '" + digits + "'");
        }
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private InvalidArgumentException error(String what) {
        return new InvalidArgumentException("dtype " + quoteForMessage(text) + ": at character " + pos + ": " + what);
    }

    static String quoteForMessage(String s) {
        String shown = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        return "'" + shown + "'";
    }
}
