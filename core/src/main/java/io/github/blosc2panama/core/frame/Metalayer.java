package io.github.blosc2panama.core.frame;

import java.util.Arrays;
import java.util.List;

/**
 * One metalayer (in the header) or vlmetalayer (in the trailer): a name of at most 31 UTF-8 bytes
 * and its content bytes. For vlmetalayers the content is the stored (compressed) chunk.
 */
public record Metalayer(String name, byte[] content) {
    public Metalayer {
        content = content.clone();
    }

    @Override
    public byte[] content() {
        return content.clone();
    }

    /** The metalayer called {@code name} in {@code list}, or null. */
    public static Metalayer find(List<Metalayer> list, String name) {
        for (Metalayer m : list) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        return null;
    }

    int contentLength() {
        return content.length;
    }

    byte[] contentNoCopy() {
        return content;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metalayer m && name.equals(m.name) && Arrays.equals(content, m.content);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(content);
    }

    @Override
    public String toString() {
        return "Metalayer[" + name + ", " + content.length + " bytes]";
    }
}
