package io.github.blosc2panama.core;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a {@link SuperChunk} keeps its frame: in memory, in one contiguous {@code .b2frame} file,
 * or in a sparse directory ({@code chunks.b2frame} plus one {@code %08X.chunk} file per chunk).
 *
 * <pre>{@code
 * Storage s = Storage.contiguous(Path.of("data.b2frame"));
 * }</pre>
 */
public final class Storage {
    /** The storage kinds. */
    public enum Kind {
        MEMORY, CONTIGUOUS_FILE, SPARSE_DIRECTORY
    }

    private final Kind kind;
    private final Path path;
    private final boolean durable;

    private Storage(Kind kind, Path path, boolean durable) {
        this.kind = kind;
        this.path = path;
        this.durable = durable;
    }

    public static Storage inMemory() {
        return new Storage(Kind.MEMORY, null, false);
    }

    /** A contiguous frame file (replaced if it exists when creating). */
    public static Storage contiguous(Path file) {
        return new Storage(Kind.CONTIGUOUS_FILE, Objects.requireNonNull(file, "file"), true);
    }

    /** A sparse frame directory. */
    public static Storage sparse(Path directory) {
        return new Storage(Kind.SPARSE_DIRECTORY, Objects.requireNonNull(directory, "directory"), true);
    }

    /**
     * Whether commits fsync before and after the header write (default true for files). Without it
     * the write order is kept but the operating system may reorder what reaches the disk.
     */
    public Storage durable(boolean on) {
        return new Storage(kind, path, on);
    }

    public Kind kind() {
        return kind;
    }

    /** The file or directory, or null in memory. */
    public Path path() {
        return path;
    }

    public boolean durable() {
        return durable;
    }

    @Override
    public String toString() {
        return "Storage[" + kind + (path == null ? "" : ", " + path) + (durable ? ", durable" : "") + "]";
    }
}
