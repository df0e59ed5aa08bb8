package io.github.blosc2panama.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.Blosc2Exception;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile corpus: every vector mutated deterministically (seeded by its name) into truncations,
 * bit flips, swapped header fields and enormous sizes ({@link Mutations}), over 1,000 inputs in
 * all, generated at test time. Each goes through the fuzz targets it belongs to, which allow only
 * correct data or a {@code Blosc2Exception} (frames are also edited, {@link EditTargets}: contiguous
 * ones on disk and in memory, sparse ones on disk); a chunk with bytes appended after its cbytes must
 * still decompress to exactly the original data.
 */
class MutatedCorpusTest {

    static List<Mutations.Mutant> chunkMutants() {
        List<Mutations.Mutant> out = new ArrayList<>();
        for (FuzzSeeds.Seed s : FuzzSeeds.chunks()) {
            out.addAll(Mutations.ofChunk(s.name(), s.data()));
        }
        return out;
    }

    static List<Mutations.Mutant> frameMutants() {
        List<Mutations.Mutant> out = new ArrayList<>();
        for (FuzzSeeds.Seed s : FuzzSeeds.cframes()) {
            out.addAll(Mutations.ofFrame(s.name(), s.data()));
        }
        return out;
    }

    /** Sparse frames: the index file mutated as a frame, the chunk files kept. */
    static List<Mutations.Mutant> sparseMutants() {
        List<Mutations.Mutant> out = new ArrayList<>();
        for (FuzzSeeds.Seed s : FuzzSeeds.sframes()) {
            byte[] enc = s.data();
            int indexStart = indexStart(enc);
            byte[] prefix = Arrays.copyOf(enc, indexStart);
            byte[] index = Arrays.copyOfRange(enc, indexStart, enc.length);
            for (Mutations.Mutant m : Mutations.ofFrame(s.name() + "/chunks.b2frame", index)) {
                byte[] joined = Arrays.copyOf(prefix, prefix.length + m.data().length);
                System.arraycopy(m.data(), 0, joined, prefix.length, m.data().length);
                out.add(new Mutations.Mutant(m.name(), joined));
            }
        }
        return out;
    }

    /** Where chunks.b2frame starts in {@link FuzzTargets#sframe}'s input encoding. */
    private static int indexStart(byte[] enc) {
        int pos = 1;
        for (int k = 0; k < (enc[0] & 0x0f); k++) {
            int len = java.nio.ByteBuffer.wrap(enc, pos + 1, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
            pos += 5 + len;
        }
        return pos;
    }

    @Test
    void corpusHasOverAThousandMutants() {
        int n = chunkMutants().size() + frameMutants().size() + sparseMutants().size();
        assertTrue(n >= 1000, "only " + n + " mutants");
        long swaps = Stream.of(chunkMutants(), frameMutants()).flatMap(List::stream)
                .filter(m -> m.name().contains(" swap ")).count();
        long enormous = Stream.of(chunkMutants(), frameMutants()).flatMap(List::stream)
                .filter(m -> m.name().contains("enormous")).count();
        assertTrue(swaps >= 100 && enormous >= 100, swaps + " swaps, " + enormous + " enormous sizes");
    }

    @TestFactory
    Stream<DynamicTest> mutatedChunks() {
        return chunkMutants().stream().map(m -> DynamicTest.dynamicTest(m.name(), () -> run(() -> {
            FuzzTargets.chunkDecompress(m.data());
            FuzzTargets.chunkInfo(m.data());
            byte[] withRange = Arrays.copyOf(m.data(), m.data().length + 8);
            withRange[withRange.length - 8] = 3; // start 3, nitems 5
            withRange[withRange.length - 4] = 5;
            FuzzTargets.chunkGetItem(withRange);
        })));
    }

    @TestFactory
    Stream<DynamicTest> mutatedFrames() {
        return readAndEdit(frameMutants(), data -> {
            FuzzTargets.cframe(data);
            FuzzTargets.msgpack(data);
        }, data -> {
            EditTargets.cframe(data);
            EditTargets.memory(data);
        });
    }

    @TestFactory
    Stream<DynamicTest> mutatedSparseFrames() {
        return readAndEdit(sparseMutants(), FuzzTargets::sframe, EditTargets::sframe);
    }

    /** Each frame through {@code read}, then edited by {@code edit}: the k-th mutant by the k-th edit in turn. */
    private static Stream<DynamicTest> readAndEdit(List<Mutations.Mutant> mutants, Consumer<byte[]> read,
            Consumer<byte[]> edit) {
        EditTargets.Edit[] edits = EditTargets.Edit.values();
        return IntStream.range(0, mutants.size()).mapToObj(k -> {
            Mutations.Mutant m = mutants.get(k);
            EditTargets.Edit e = edits[k % edits.length];
            return DynamicTest.dynamicTest(m.name() + ", " + e, () -> run(() -> {
                read.accept(m.data());
                edit.accept(EditTargets.input(e, m.data()));
            }));
        });
    }

    /** Bytes after a chunk's cbytes are not part of it: the data must come out unchanged. */
    @TestFactory
    Stream<DynamicTest> trailingBytesLeaveDataUnchanged() {
        return FuzzSeeds.chunks().stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> {
            byte[] expected;
            try {
                expected = Blosc2.decompress(s.data());
            } catch (Blosc2Exception e) {
                return; // a vector this library refuses (see the chunk tests) has no reference data
            }
            byte[] padded = Arrays.copyOf(s.data(), s.data().length + 37);
            Arrays.fill(padded, s.data().length, padded.length, (byte) 0xA5);
            assertArrayEquals(expected, Blosc2.decompress(padded));
            FuzzTargets.chunkDecompress(padded);
        }));
    }

    private static void run(Runnable r) {
        assertTimeoutPreemptively(Duration.ofSeconds(30), r::run);
    }

}
