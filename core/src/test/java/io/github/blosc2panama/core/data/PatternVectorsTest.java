package io.github.blosc2panama.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The patterns reproduce, bit for bit, the inputs C-Blosc2 compressed when it wrote the vectors. */
class PatternVectorsTest {
    private static List<Map<String, Object>> manifest;

    @BeforeAll
    static void load() throws Exception {
        manifest = io.github.blosc2panama.core.testutil.Vectors.manifestMaps();
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static boolean exactRoundTrip(Map<String, Object> expect) {
        return !Boolean.FALSE.equals(expect.get("roundtrip_exact")) && !Boolean.TRUE.equals(expect.get("lossy"));
    }

    @Test
    void chunkInputsMatchPatterns() {
        Set<Pattern> covered = EnumSet.noneOf(Pattern.class);
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Map<String, Object> e : manifest) {
            Map<String, Object> params = map(e.get("params"));
            Map<String, Object> expect = map(e.get("expect"));
            if (!"chunk".equals(e.get("kind")) || !(params.get("data") instanceof Map<?, ?>)
                    || !exactRoundTrip(expect)) {
                continue;
            }
            Map<String, Object> data = map(params.get("data"));
            PatternSpec spec = PatternSpec.fromMap(data);
            byte[] bytes = DataPatterns.generate(spec, ((Number) data.get("nbytes")).intValue());
            if (!sha256(bytes).equals(expect.get("sha256"))) {
                failures.add(e.get("file") + " " + spec);
            }
            covered.add(spec.pattern());
            checked++;
        }
        assertEquals(List.of(), failures);
        assertTrue(checked > 100, "checked only " + checked + " chunk vectors");
        assertEquals(EnumSet.complementOf(EnumSet.of(Pattern.LINSPACE_NOISE)), covered,
                "every pattern but linspace_noise appears among the chunk vectors");
    }

    @Test
    void vlBlocksMatchPatterns() {
        int checked = 0;
        for (Map<String, Object> e : manifest) {
            Map<String, Object> params = map(e.get("params"));
            if (!"chunk".equals(e.get("kind")) || !Boolean.TRUE.equals(params.get("vlblocks"))) {
                continue;
            }
            List<Object> blocks = (List<Object>) params.get("blocks");
            List<Object> hashes = (List<Object>) map(e.get("expect")).get("block_sha256");
            assertEquals(blocks.size(), hashes.size(), String.valueOf(e.get("file")));
            for (int i = 0; i < blocks.size(); i++) {
                Map<String, Object> b = map(blocks.get(i));
                byte[] bytes = DataPatterns.generate(PatternSpec.fromMap(b), ((Number) b.get("nbytes")).intValue());
                assertEquals(hashes.get(i), sha256(bytes), e.get("file") + " block " + i);
                checked++;
            }
        }
        assertTrue(checked >= 4, "checked only " + checked + " VL blocks");
    }

    /**
     * Frames built chunk by chunk from one pattern (chunk i: seed + i, and a + i for linspace/sine), left
     * unmodified and without lossy or DELTA filters: each chunk's expected hash is the pattern's. This is
     * where linspace_noise appears.
     */
    @Test
    void frameChunksMatchPatterns() {
        Set<Pattern> covered = EnumSet.noneOf(Pattern.class);
        int checked = 0;
        for (Map<String, Object> e : manifest) {
            Map<String, Object> params = map(e.get("params"));
            Map<String, Object> expect = map(e.get("expect"));
            if (!("cframe".equals(e.get("kind")) || "sframe".equals(e.get("kind")))
                    || !(params.get("data") instanceof Map<?, ?>)
                    || params.containsKey("operation") || params.containsKey("layout")
                    || !(map(params.get("data")).get("pattern") instanceof Map<?, ?>)) {
                continue;
            }
            List<Long> filters = ((List<Object>) params.get("filters")).stream()
                    .map(f -> ((Number) f).longValue()).toList();
            if (filters.contains(3L) || filters.contains(4L) || filters.contains(36L)) {
                continue;
            }
            Map<String, Object> data = map(params.get("data"));
            List<Object> chunks = (List<Object>) expect.get("chunks");
            int nchunks = ((Number) data.get("nchunks")).intValue();
            assertEquals(nchunks, chunks.size(), String.valueOf(e.get("file")));
            Map<String, Object> pattern = map(data.get("pattern"));
            for (int i = 0; i < nchunks; i++) {
                Map<String, Object> p = new LinkedHashMap<>(pattern);
                long seed = p.containsKey("seed") ? ((Number) p.get("seed")).longValue() : 12345L;
                p.put("seed", seed + i);
                String name = (String) p.get("pattern");
                if (name.equals("linspace") || name.equals("sine")) {
                    p.put("a", ((Number) p.get("a")).doubleValue() + i);
                }
                int nbytes = ((Number) data.get(i == nchunks - 1 ? "last_nbytes" : "chunk_nbytes")).intValue();
                PatternSpec spec = PatternSpec.fromMap(p);
                assertEquals(map(chunks.get(i)).get("sha256"), sha256(DataPatterns.generate(spec, nbytes)),
                        e.get("file") + " chunk " + i + " " + spec);
                covered.add(spec.pattern());
                checked++;
            }
        }
        assertTrue(checked > 50, "checked only " + checked + " frame chunks");
        assertTrue(covered.contains(Pattern.LINSPACE_NOISE), "linspace_noise covered: " + covered);
    }
}
