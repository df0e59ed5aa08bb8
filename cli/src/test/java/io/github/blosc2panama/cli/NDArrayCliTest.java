package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code info}, {@code decompress}, {@code slice} and {@code compress --dtype --shape} on b2nd arrays. */
class NDArrayCliTest {
    static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    static String csv(Object list) {
        return String.join(",", ((List<?>) list).stream().map(o -> String.valueOf(((Number) o).longValue())).toList());
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyManifestArray(@TempDir Path tmp) throws Exception {
        int n = 0;
        for (Map<String, Object> e : Vectors.manifest()) {
            String kind = (String) e.get("kind");
            if (!kind.equals("b2nd") && !kind.equals("caterva")) {
                continue;
            }
            n++;
            Map<String, Object> x = (Map<String, Object>) e.get("expect");
            String file = Vectors.dir().resolve((String) e.get("file")).toString();
            Map<String, Object> info = (Map<String, Object>) MiniJson.parse(Run.of("info", "--json", file).ok());
            Map<String, Object> b2nd = (Map<String, Object>) info.get("b2nd");
            assertEquals(((Number) x.get("ndim")).intValue(), ((Number) b2nd.get("ndim")).intValue(), file);
            assertEquals(csv(x.get("shape")), csv(b2nd.get("shape")), file);
            assertEquals(csv(x.get("chunkshape")), csv(b2nd.get("chunkshape")), file);
            assertEquals(csv(x.get("blockshape")), csv(b2nd.get("blockshape")), file);
            assertEquals(x.get("dtype"), b2nd.get("dtype"), file);
            assertTrue(Run.of("info", file).ok().contains("chunkshape"));
            Path out = tmp.resolve("out.bin");
            Run.of("decompress", file, out.toString()).ok();
            assertEquals(x.get("sha256"), sha(Files.readAllBytes(out)), file);
            assertEquals(x.get("sha256"), sha(Run.of("decompress", file, "-").outBytes()), file);
            List<Map<String, Object>> slices = (List<Map<String, Object>>) x.get("slices");
            if (slices != null) {
                for (Map<String, Object> s : slices) {
                    byte[] got = Run.of("slice", file, "--start", csv(s.get("start")), "--stop", csv(s.get("stop")),
                            "-").outBytes();
                    assertEquals(s.get("sha256"), sha(got), file + " " + s);
                }
            }
        }
        assertTrue(n >= 33);
    }

    @Test
    void compressWritesAnArray(@TempDir Path tmp) throws Exception {
        ByteBuffer bb = ByteBuffer.allocate(30 * 20 * 8).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 600; i++) {
            bb.putDouble(i * 0.5);
        }
        Path in = tmp.resolve("in.raw");
        Files.write(in, bb.array());
        Path arr = tmp.resolve("a.b2nd");
        Run.of("compress", in.toString(), arr.toString(), "--dtype", ">f8", "--shape", "30,20", "--chunkshape", "16,8",
                "--blockshape", "4,4", "--codec", "lz4").ok();
        String info = Run.of("info", arr.toString()).ok();
        assertTrue(info.contains(">f8") && info.contains("[16, 8]") && info.contains("[4, 4]"), info);
        assertArrayEquals(bb.array(), Run.of("decompress", arr.toString(), "-").outBytes());
        byte[] row = Run.of("slice", arr.toString(), "--start", "3,0", "--stop", "4,20", "-").outBytes();
        assertEquals(20 * 8, row.length);
        assertEquals(60 * 0.5, ByteBuffer.wrap(row).getDouble());
        // size mismatch and missing options are clear errors
        Run bad = Run.of("compress", in.toString(), arr.toString(), "--dtype", "<i4", "--shape", "30,21");
        assertEquals(1, bad.rc());
        assertTrue(bad.err().contains("needs"), bad.err());
        Run noShape = Run.of("compress", in.toString(), arr.toString(), "--dtype", "<i4");
        assertEquals(1, noShape.rc());
        Run badDtype = Run.of("compress", in.toString(), arr.toString(), "--dtype", "<q9", "--shape", "600");
        assertEquals(1, badDtype.rc());
        assertTrue(badDtype.err().contains("dtype"), badDtype.err());
        Run outside = Run.of("slice", arr.toString(), "--start", "0,0", "--stop", "31,1", "-");
        assertEquals(1, outside.rc());
        assertTrue(outside.err().contains("dimension 0"), outside.err());
    }
}
