package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BYTEDELTA with meta 0 (the typesize) in a frame's header. */
class BytedeltaMetaTest {
    @TempDir
    Path dir;

    private Path frame(int typesize) {
        Path f = dir.resolve("bd" + typesize + ".b2frame");
        CParams p = CParams.builder().typesize(typesize).filters(Filter.SHUFFLE, Filter.BYTEDELTA).filtersMeta(0, 0)
                .build();
        byte[] data = new byte[typesize * 100];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 7 + i / typesize);
        }
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(f), p, 0)) {
            sc.append(data);
        }
        return f;
    }

    private static int recordedMeta(Path f) {
        try (SuperChunk sc = SuperChunk.open(f)) {
            for (int i = 0; i < 6; i++) {
                if (sc.filters()[i] == Filter.BYTEDELTA.id()) {
                    return sc.filtersMeta()[i];
                }
            }
            throw new AssertionError("no BYTEDELTA in the header");
        }
    }

    @Test
    void theHeaderRecordsTheTypesizeWherePythonBlosc2CanReadIt() {
        assertEquals(4, recordedMeta(frame(4)));
        // 130 does not fit python-blosc2's int8: it could not open the frame ("value too large to convert to int8_t");
        // python-blosc2 records 8 there
        assertEquals(8, recordedMeta(frame(130)));
        String out = PythonPeer.run("""
                import sys, blosc2
                s = blosc2.open(sys.argv[1])
                d = s.decompress_chunk(0)
                print(s.typesize, len(d), all(d[i] == (i % 7 + i // 130) % 256 for i in range(len(d))))
                """, frame(130).toString());
        assertEquals("130 13000 True", out.strip());
    }
}
