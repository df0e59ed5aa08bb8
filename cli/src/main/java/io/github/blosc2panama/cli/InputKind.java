package io.github.blosc2panama.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What a path holds, told from its first bytes (or, for a directory, its {@code chunks.b2frame}).
 * Commands switch on it; kinds they cannot read yet get a clear error.
 */
enum InputKind {
    /** A single Blosc1/Blosc2 chunk (anything that is not a frame; the chunk parser validates it). */
    CHUNK("chunk"),
    /** A contiguous frame (also the container of b2nd arrays): msgpack array of 14, then "b2frame\0". */
    CFRAME("contiguous frame"),
    /** A sparse frame: a directory with chunks.b2frame and NNNNNNNN.chunk files. */
    SFRAME("sparse frame");

    /** Bytes 0..10 of every frame header: fixarray(14), fixstr(8) "b2frame\0". */
    private static final byte[] FRAME_MAGIC = {(byte) 0x9e, (byte) 0xa8, 'b', '2', 'f', 'r', 'a', 'm', 'e', 0};

    private final String description;

    InputKind(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    static InputKind detect(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            if (Files.isRegularFile(path.resolve("chunks.b2frame"))) {
                return SFRAME;
            }
            throw new CliException(path + " is a directory but not a sparse frame (no chunks.b2frame in it)");
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(FRAME_MAGIC.length);
        }
        return Arrays.equals(head, FRAME_MAGIC) ? CFRAME : CHUNK;
    }
}
