package io.github.blosc2panama.core.frame;

import java.util.Arrays;

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
