package io.github.blosc2panama.cli;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Consumer;

/**
 * File access for the commands: inputs are mapped read-only (never read whole on trust of a size),
 * outputs are written to a temporary file beside the target and moved over it only on success, so a
 * failed command leaves no partial output. {@code "-"} as an output means standard output.
 */
final class FileIo {
    static final String STDOUT = "-";

    private FileIo() {
    }

    /** Maps the regular file {@code path} read-only into {@code arena}, refusing files over {@code maxSize} bytes. */
    static MemorySegment mapInput(Path path, Arena arena, long maxSize, String tooBigHint) throws IOException {
        if (Files.isDirectory(path)) {
            throw new CliException(path + " is a directory");
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > maxSize) {
                throw new CliException(path + " has " + size + " bytes, more than the " + maxSize + " " + tooBigHint);
            }
            if (size == 0) {
                return arena.allocate(1).asSlice(0, 0);
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        }
    }

    /** Writes {@code data} to {@code out} (a path, or "-" for {@code io.out()}). */
    static void write(String out, MemorySegment data, Io io) throws IOException {
        if (out.equals(STDOUT)) {
            toStdout(data, io);
            return;
        }
        Path target = Path.of(out);
        Path tmp = tempBeside(target);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                var buf = data.asByteBuffer();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
            replace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Lets {@code producer} fill a destination of exactly {@code nbytes} bytes that becomes {@code out}: a
     * mapping of the (sparse) output file, or native memory then copied to stdout.
     */
    static void produce(String out, long nbytes, Consumer<MemorySegment> producer, Io io) throws IOException {
        if (out.equals(STDOUT)) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dst = arena.allocate(Math.max(nbytes, 1)).asSlice(0, nbytes);
                producer.accept(dst);
                toStdout(dst, io);
            }
            return;
        }
        Path target = Path.of(out);
        Path tmp = tempBeside(target);
        try {
            try (Arena arena = Arena.ofConfined();
                    FileChannel ch = FileChannel.open(tmp, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                if (nbytes == 0) {
                    producer.accept(arena.allocate(1).asSlice(0, 0));
                } else {
                    MemorySegment dst = ch.map(FileChannel.MapMode.READ_WRITE, 0, nbytes, arena);
                    producer.accept(dst);
                    dst.force();
                }
            }
            replace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Refuses an OUT that cannot be written: a sparse directory on standard output, a sparse directory that exists
     * (it is always new), an OUT whose directory does not exist.
     */
    static void checkOutput(String out, boolean sparse) {
        if (out.equals(STDOUT)) {
            if (sparse) {
                throw new UsageException("--sparse writes a directory: give an OUT path, not '-'");
            }
            return;
        }
        Path target = Path.of(out);
        checkDirectoryOf(target);
        if (sparse && Files.exists(target)) {
            throw new CliException(out + " exists; a sparse frame is a new directory, remove it first");
        }
    }

    /** Refuses an output whose directory does not exist (commands create no directories). */
    private static void checkDirectoryOf(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new CliException("cannot write " + target + ": no directory " + dir);
        }
    }

    private static Path tempBeside(Path target) throws IOException {
        if (Files.isDirectory(target)) {
            throw new CliException(target + " is a directory");
        }
        checkDirectoryOf(target);
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            // createTempFile makes the file owner-only; give the result the usual permissions.
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: keep the default permissions
        }
        return tmp;
    }

    private static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void toStdout(MemorySegment data, Io io) {
        byte[] buf = new byte[1 << 20];
        for (long off = 0; off < data.byteSize(); off += buf.length) {
            int n = (int) Math.min(buf.length, data.byteSize() - off);
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, off, buf, 0, n);
            io.out().write(buf, 0, n);
        }
        io.flushOut();
    }
}
