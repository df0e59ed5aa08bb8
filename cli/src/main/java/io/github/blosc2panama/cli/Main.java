package io.github.blosc2panama.cli;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code blosc2} command: {@code blosc2 [--debug] COMMAND [OPTIONS] ARGS}. Errors print one line,
 * {@code blosc2: MESSAGE}, on stderr and exit with 1; {@code --debug} adds the stack trace.
 */
public final class Main {
    private static final String PROG = "blosc2";

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new BufferedOutputStream(
                new FileOutputStream(FileDescriptor.out), 1 << 16), false);
        int rc = run(args, out, System.err);
        out.flush();
        System.exit(rc);
    }

    static List<Command> commands() {
        return List.of(new CompressCommand(), new DecompressCommand(), new InfoCommand(), new SliceCommand(),
                new BenchCommand((clib, err) -> CBlosc2Baseline.open(clib, err)));
    }

    /** Runs the command line and returns the exit code (0 success, 1 error). */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        List<String> tokens = new ArrayList<>(Arrays.asList(argv));
        boolean debug = removeDebug(tokens);
        Io io = new Io(out, err);
        try {
            int rc = dispatch(tokens, io);
            io.flushOut();
            return rc;
        } catch (UsageException e) {
            err.println(PROG + ": " + oneLine(e.getMessage()) + " (see '" + PROG + " --help')");
            trace(e, debug, err);
        } catch (IOException | RuntimeException e) {
            err.println(PROG + ": " + describe(e));
            trace(e, debug, err);
        } finally {
            out.flush();
        }
        return 1;
    }

    /** Removes {@code --debug} wherever it appears before a {@code --}. */
    private static boolean removeDebug(List<String> tokens) {
        boolean debug = false;
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).equals("--")) {
                break;
            }
            if (tokens.get(i).equals("--debug")) {
                tokens.remove(i--);
                debug = true;
            }
        }
        return debug;
    }

    private static int dispatch(List<String> tokens, Io io) throws IOException {
        if (tokens.isEmpty()) {
            throw new UsageException("no command given");
        }
        String first = tokens.get(0);
        List<String> rest = tokens.subList(1, tokens.size());
        switch (first) {
            case "--help", "-h", "help" -> {
                if (rest.isEmpty() || rest.equals(List.of("--help")) || rest.equals(List.of("-h"))) {
                    io.out().print(usage());
                    return 0;
                }
                if (rest.size() > 1) {
                    throw new UsageException("'help' takes at most one command name");
                }
                io.out().print(command(rest.get(0)).usage());
                return 0;
            }
            case "--version", "version" -> {
                if (!rest.isEmpty()) {
                    throw new UsageException("'" + first + "' takes no arguments");
                }
                io.out().println(PROG + " (blosc2-panama) " + Version.get());
                io.out().println("native codec libraries:");
                Blosc2.nativeLibraries().lines().forEach(line -> io.out().println("  " + line));
                return 0;
            }
            default -> {
                if (first.startsWith("-")) {
                    throw new UsageException("unknown option '" + first + "'");
                }
                return command(first).run(rest, io);
            }
        }
    }

    private static Command command(String name) {
        for (Command c : commands()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new UsageException("unknown command '" + name + "'");
    }

    static String usage() {
        StringBuilder sb = new StringBuilder();
        sb.append("usage: ").append(PROG).append(" [--debug] COMMAND [OPTIONS] ARGS\n\n");
        sb.append("Compress, inspect and benchmark Blosc2 data (a pure-Java engine on Project Panama).\n\n");
        sb.append("commands:\n");
        for (Command c : commands()) {
            sb.append(String.format("  %-12s %s%n", c.name(), c.summary()));
        }
        sb.append(String.format("  %-12s %s%n", "help [CMD]", "this text, or the help of CMD"));
        sb.append("\noptions:\n");
        sb.append("  --help, -h   this text\n");
        sb.append("  --version    the version\n");
        sb.append("  --debug      print the stack trace of an error\n");
        sb.append("\nRun '").append(PROG).append(" COMMAND --help' for a command's options.\n");
        return sb.toString();
    }

    /** A one-line description of an error for the user. */
    static String describe(Throwable e) {
        String msg = e.getMessage();
        String text;
        if (e instanceof UncheckedIOException u && u.getCause() != null) {
            return describe(u.getCause());
        } else if (e instanceof NoSuchFileException f) {
            text = "no such file or directory: " + f.getFile();
        } else if (e instanceof AccessDeniedException f) {
            text = "permission denied: " + f.getFile();
        } else if (e instanceof FileAlreadyExistsException f) {
            text = "already exists: " + f.getFile();
        } else if (e instanceof NotDirectoryException f) {
            text = "not a directory: " + f.getFile();
        } else if (e instanceof DirectoryNotEmptyException f) {
            text = "directory not empty: " + f.getFile();
        } else if (e instanceof FileSystemException f) {
            text = f.getFile() + ": " + (f.getReason() != null ? f.getReason() : "I/O error");
        } else if (e instanceof CliException || e instanceof Blosc2Exception || e instanceof IllegalArgumentException
                || e instanceof IllegalStateException) {
            text = msg != null ? msg : e.getClass().getSimpleName();
        } else if (e instanceof IOException) {
            text = "I/O error: " + (msg != null ? msg : e.getClass().getSimpleName());
        } else if (e instanceof UnsupportedOperationException) {
            text = "not supported yet: " + (msg != null ? msg : "(no detail)");
        } else {
            text = "internal error: " + e.getClass().getName() + (msg != null ? ": " + msg : "");
        }
        return oneLine(text);
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    private static void trace(Throwable e, boolean debug, PrintStream err) {
        if (debug) {
            e.printStackTrace(err);
        }
    }
}
