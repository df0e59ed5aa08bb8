package io.github.blosc2panama.core.fuzz;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import io.github.blosc2panama.core.ChunkInfo;
import io.github.blosc2panama.core.testutil.Vectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Seed corpora built at run time from the interop vectors ({@code ../shared/vectors}); nothing of
 * them is copied into the repository. In fuzzing mode ({@code JAZZER_FUZZ} set) the seeds are
 * written into Jazzer's generated-corpus directory before the fuzz test starts.
 */
final class FuzzSeeds {
    /** A named seed input. */
    record Seed(String name, byte[] data) {
        @Override
        public String toString() {
            return name;
        }
    }

    private FuzzSeeds() {
    }

    /** chunks/*.chunk and upstream/*.cdata. */
    static List<Seed> chunks() {
        List<Seed> out = new ArrayList<>();
        out.addAll(files("chunks", ".chunk"));
        out.addAll(files("upstream", ".cdata"));
        return out;
    }

    /** Each chunk followed by (start, nitems) as two little-endian uint32: the middle half of its items. */
    static List<Seed> getItem() {
        List<Seed> out = new ArrayList<>();
        for (Seed s : chunks()) {
            long n = 0;
            try {
                ChunkInfo info = Blosc2.info(s.data());
                n = info.nbytes() / info.typesize();
            } catch (Blosc2Exception e) {
                // keep the seed with an empty range
            }
            byte[] d = Arrays.copyOf(s.data(), s.data().length + 8);
            ByteBuffer.wrap(d, s.data().length, 8).order(ByteOrder.LITTLE_ENDIAN).putInt((int) (n / 4))
                    .putInt((int) (n / 2));
            out.add(new Seed(s.name(), d));
        }
        return out;
    }

    /** frames/*.b2frame. */
    static List<Seed> cframes() {
        return files("frames", ".b2frame");
    }

    /** sframes/&#42;/, each encoded as one input (see {@link FuzzTargets#sframe}). */
    static List<Seed> sframes() {
        Path root = Vectors.root().resolve("sframes");
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(Files::isDirectory).sorted()
                    .map(d -> new Seed("sframes/" + d.getFileName(), FuzzTargets.encodeSparseDir(d))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Each of {@code frames} with every {@link EditTargets.Edit}, then with two sequences of four edits: the k-th frame
     * with edits k, k + 4, k + 8 and k + 12 (modulo their count), and every frame emptied of up to two chunks, then
     * filled with zeros and extended (a fill is refused but on an empty frame), in {@link EditTargets}' input format.
     */
    static List<Seed> edits(List<Seed> frames) {
        EditTargets.Edit[] all = EditTargets.Edit.values();
        List<EditTargets.Edit> refill = List.of(EditTargets.Edit.DELETE_LAST, EditTargets.Edit.DELETE_FIRST,
                EditTargets.Edit.FILL_ZEROS, EditTargets.Edit.EXTEND);
        List<Seed> out = new ArrayList<>();
        for (int k = 0; k < frames.size(); k++) {
            Seed f = frames.get(k);
            for (EditTargets.Edit e : all) {
                out.add(new Seed(f.name() + "#" + e, EditTargets.input(e, f.data())));
            }
            List<EditTargets.Edit> mixed = new ArrayList<>();
            for (int j = 0; j < 4; j++) {
                mixed.add(all[(k + 4 * j) % all.length]);
            }
            for (List<EditTargets.Edit> seq : List.of(mixed, refill)) {
                out.add(new Seed(f.name() + "#" + seq.stream().map(Enum::name).collect(Collectors.joining("+")),
                        EditTargets.input(seq, f.data())));
            }
        }
        return out;
    }

    /** The msgpack parts of every frame vector: the header (metalayers included) and the trailer. */
    static List<Seed> msgpack() {
        List<Seed> out = new ArrayList<>();
        List<Seed> frames = new ArrayList<>(cframes());
        for (Path d : dirs("sframes")) {
            out.add(new Seed("sframes/" + d.getFileName() + "/chunks.b2frame", read(d.resolve("chunks.b2frame"))));
        }
        for (Seed f : frames) {
            byte[] b = f.data();
            if (b.length < 87 + 25) {
                continue;
            }
            int headerLen = ByteBuffer.wrap(b, io.github.blosc2panama.core.frame.FrameHeader.POS_HEADER_LEN, 4).order(ByteOrder.BIG_ENDIAN).getInt();
            int trailerLen = ByteBuffer.wrap(b, b.length - 22, 4).order(ByteOrder.BIG_ENDIAN).getInt();
            if (headerLen > 0 && headerLen <= b.length) {
                out.add(new Seed(f.name() + "#header", Arrays.copyOf(b, headerLen)));
            }
            if (trailerLen > 0 && trailerLen <= b.length) {
                out.add(new Seed(f.name() + "#trailer", Arrays.copyOfRange(b, b.length - trailerLen, b.length)));
            }
        }
        return out;
    }

    private static List<Seed> files(String dir, String suffix) {
        try (Stream<Path> s = Files.list(Vectors.root().resolve(dir))) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted()
                    .map(p -> new Seed(dir + "/" + p.getFileName(), read(p))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> dirs(String dir) {
        try (Stream<Path> s = Files.list(Vectors.root().resolve(dir))) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether Jazzer runs in fuzzing mode (rather than replaying its inputs as regression tests). */
    static boolean fuzzing() {
        String v = System.getenv("JAZZER_FUZZ");
        return v != null && !v.isEmpty() && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    /**
     * In fuzzing mode, writes {@code seeds} into Jazzer's generated corpus for {@code testClass}'s
     * fuzz test {@code method} ({@code .cifuzz-corpus/<class>/<method>} under the module directory),
     * so that fuzzing starts from the vectors.
     */
    static void prepareCorpus(Class<?> testClass, String method, List<Seed> seeds) {
        if (!fuzzing()) {
            return;
        }
        Path dir = Path.of(System.getProperty("jazzer.internal.basedir", "")).toAbsolutePath()
                .resolve(".cifuzz-corpus").resolve(testClass.getName()).resolve(method);
        try {
            Files.createDirectories(dir);
            for (Seed s : seeds) {
                Path f = dir.resolve("seed-" + s.name().replaceAll("[^A-Za-z0-9._-]", "_"));
                if (!Files.exists(f)) {
                    Files.write(f, s.data());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
