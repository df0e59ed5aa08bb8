package io.github.blosc2panama.cli;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A tiny streaming JSON writer: objects, arrays, strings (escaped per RFC 8259), integers, finite
 * doubles (non-finite ones are written as {@code null}), booleans and null. Pretty mode puts every
 * member and element on its own line with two-space indentation. Misuse (a value where a name is
 * due, unbalanced ends) throws {@link IllegalStateException}.
 */
final class JsonWriter {
    private enum Ctx { TOP, OBJECT, ARRAY }

    private final StringBuilder out;
    private final boolean pretty;
    private final Deque<Ctx> stack = new ArrayDeque<>();
    private boolean first = true;
    private boolean nameDone;
    private boolean topDone;

    JsonWriter(StringBuilder out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
        stack.push(Ctx.TOP);
    }

    /** {@code s} as a JSON string literal, quotes included. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        appendQuoted(sb, s);
        return sb.toString();
    }

    private static void appendQuoted(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    boolean loneSurrogate = Character.isSurrogate(c) && !(Character.isHighSurrogate(c)
                            && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)));
                    if (Character.isHighSurrogate(c) && !loneSurrogate) {
                        sb.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || c == 0x7F || c == '\u2028' || c == '\u2029' || loneSurrogate) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private void newline() {
        if (pretty) {
            out.append('\n');
            out.append("  ".repeat(stack.size() - 1));
        }
    }

    private void beforeValue() {
        Ctx ctx = stack.peek();
        if (ctx == Ctx.OBJECT) {
            if (!nameDone) {
                throw new IllegalStateException("JSON: a member name is due before a value");
            }
            nameDone = false;
            return;
        }
        if (ctx == Ctx.TOP) {
            if (topDone) {
                throw new IllegalStateException("JSON: only one top-level value");
            }
            topDone = true;
            return;
        }
        if (!first) {
            out.append(',');
        }
        first = false;
        newline();
    }

    JsonWriter name(String name) {
        if (stack.peek() != Ctx.OBJECT || nameDone) {
            throw new IllegalStateException("JSON: a name is only allowed inside an object, before its value");
        }
        if (!first) {
            out.append(',');
        }
        first = false;
        newline();
        appendQuoted(out, name);
        out.append(pretty ? ": " : ":");
        nameDone = true;
        return this;
    }

    JsonWriter beginObject() {
        beforeValue();
        out.append('{');
        stack.push(Ctx.OBJECT);
        first = true;
        return this;
    }

    JsonWriter endObject() {
        return end(Ctx.OBJECT, '}');
    }

    JsonWriter beginArray() {
        beforeValue();
        out.append('[');
        stack.push(Ctx.ARRAY);
        first = true;
        return this;
    }

    JsonWriter endArray() {
        return end(Ctx.ARRAY, ']');
    }

    private JsonWriter end(Ctx expected, char close) {
        if (stack.peek() != expected || nameDone) {
            throw new IllegalStateException("JSON: unbalanced " + close);
        }
        boolean empty = first;
        stack.pop();
        if (!empty) {
            newline();
        }
        out.append(close);
        first = false;
        return this;
    }

    JsonWriter value(String s) {
        if (s == null) {
            return nullValue();
        }
        beforeValue();
        appendQuoted(out, s);
        return this;
    }

    JsonWriter value(long v) {
        beforeValue();
        out.append(v);
        return this;
    }

    /** A finite double in its shortest round-trip form; NaN and infinities become {@code null}. */
    JsonWriter value(double v) {
        if (!Double.isFinite(v)) {
            return nullValue();
        }
        beforeValue();
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            out.append((long) v);
        } else {
            out.append(v);
        }
        return this;
    }

    JsonWriter value(boolean v) {
        beforeValue();
        out.append(v);
        return this;
    }

    JsonWriter nullValue() {
        beforeValue();
        out.append("null");
        return this;
    }

    /** Member shortcuts. */
    JsonWriter member(String name, String v) {
        return name(name).value(v);
    }

    JsonWriter member(String name, long v) {
        return name(name).value(v);
    }

    JsonWriter member(String name, double v) {
        return name(name).value(v);
    }

    JsonWriter member(String name, boolean v) {
        return name(name).value(v);
    }

    /** Whether exactly one complete top-level value has been written. */
    boolean complete() {
        return stack.size() == 1 && topDone;
    }
}
