package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.SpecialValue;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.frame.MsgPackWriter;
import io.github.blosc2panama.core.frame.TestSupport;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Frames we write are read by python-blosc2 (C-Blosc2 3.3): chunk data, metalayers and
 * vlmetalayers. Uses the memcpy test codec, so it runs before the chunk layer is merged.
 * Skipped when the property {@code blosc2.python} is empty.
 */
class PythonPeerTest {
    @TempDir
    Path dir;

    static String python() {
        String p = System.getProperty("blosc2.python", "");
        return p.isBlank() ? null : p;
    }

    @ParameterizedTest
    @EnumSource(value = Storage.Kind.class, names = {"MEMORY", "CONTIGUOUS_FILE", "SPARSE_DIRECTORY"})
    void pythonReadsWhatWeWrite(Storage.Kind kind) throws Exception {
        String py = python();
        assumeTrue(py != null && Files.isExecutable(Path.of(py)), "blosc2.python not set");
        Storage s = switch (kind) {
            case MEMORY -> Storage.inMemory();
            case CONTIGUOUS_FILE -> Storage.contiguous(dir.resolve("f.b2frame")).durable(false);
            case SPARSE_DIRECTORY -> Storage.sparse(dir.resolve("d.b2frame")).durable(false);
        };
        List<byte[]> model = new ArrayList<>();
        Path target;
        try (SChunk sc = SChunk.create(s, CParams.builder().typesize(4).build(), 4000, WriteRoundTripTest.CODEC)) {
            sc.addMetalayer("m", new MsgPackWriter().packString("meta").toByteArray());
            for (int k = 0; k < 4; k++) {
                byte[] d = WriteRoundTripTest.data(4000, k);
                sc.append(MemorySegment.ofArray(d));
                model.add(d);
            }
            sc.appendChunk(MemorySegment.ofArray(WriteRoundTripTest.CODEC.special(SpecialValue.ZERO, 4000, 4)));
            model.add(new byte[4000]);
            byte[] ins = WriteRoundTripTest.data(4000, 40);
            sc.insertChunk(2, MemorySegment.ofArray(WriteRoundTripTest.CODEC.compress(MemorySegment.ofArray(ins),
                    CParams.builder().typesize(4).build())));
            model.add(2, ins);
            sc.deleteChunk(0);
            model.remove(0);
            sc.reorder(new int[] {1, 0, 2, 3, 4});
            model = new ArrayList<>(List.of(model.get(1), model.get(0), model.get(2), model.get(3), model.get(4)));
            byte[] tail = WriteRoundTripTest.data(1000, 77);
            sc.append(MemorySegment.ofArray(tail));
            model.add(tail);
            sc.setVlmetalayer("v", new MsgPackWriter().packString("vlmeta!").toByteArray(), null);
            if (kind == Storage.Kind.MEMORY) {
                target = dir.resolve("mem.b2frame");
                Files.write(target, sc.toCframe());
            } else {
                target = s.path();
            }
        }
        StringBuilder expected = new StringBuilder();
        expected.append(model.size()).append(' ').append(model.stream().mapToLong(b -> b.length).sum()).append('\n');
        for (byte[] b : model) {
            expected.append(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b))).append('\n');
        }
        expected.append("meta vlmeta!\n");
        String script = String.join("\n",
                "import blosc2, hashlib, sys",
                "s = blosc2.open(sys.argv[1])",
                "print(s.nchunks, s.nbytes)",
                "for i in range(s.nchunks):",
                "    print(hashlib.sha256(s.decompress_chunk(i)).hexdigest())",
                "print(s.meta['m'], s.vlmeta['v'])");
        Process p = new ProcessBuilder(py, "-c", script, target.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(expected.toString(), out);
        assertEquals(0, p.exitValue(), out);
    }
}
