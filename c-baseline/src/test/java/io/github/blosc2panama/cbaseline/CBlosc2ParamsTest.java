package io.github.blosc2panama.cbaseline;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.SplitMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The struct layouts and their filling, without the library (CBlosc2Test proves them against C). */
class CBlosc2ParamsTest {
    @Test
    void structLayoutsMatchBlosc2H() {
        assertEquals(136, CBlosc2Params.CPARAMS.byteSize());
        assertEquals(8, CBlosc2Params.CPARAMS.byteAlignment());
        assertEquals(4, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "use_dict"));
        assertEquals(12, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "nthreads"));
        assertEquals(16, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "blocksize"));
        assertEquals(24, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "schunk"));
        assertEquals(32, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "filters"));
        assertEquals(38, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "filters_meta"));
        assertEquals(48, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "prefilter"));
        assertEquals(72, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "tuner_id"));
        assertEquals(76, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "instr_codec"));
        assertEquals(88, CBlosc2Params.offset(CBlosc2Params.CPARAMS, "filter_params"));
        assertEquals(40, CBlosc2Params.DPARAMS.byteSize());
        assertEquals(32, CBlosc2Params.offset(CBlosc2Params.DPARAMS, "typesize"));
    }

    @Test
    void cparamsCarryOurValuesWhereBlosc2HPutsThem() {
        CParams p = CParams.builder().codec(Codec.ZSTD).codecMeta(3).clevel(7).typesize(300).nthreads(2)
                .blocksize(65536).splitMode(SplitMode.NEVER).filters(Filter.DELTA, Filter.BITSHUFFLE)
                .filtersMeta(9, 4).useDict(true).build();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = CBlosc2Params.cparams(arena, p);
            assertEquals(5, s.get(JAVA_BYTE, 0));
            assertEquals(3, s.get(JAVA_BYTE, 1));
            assertEquals(7, s.get(JAVA_BYTE, 2));
            assertEquals(1, s.get(JAVA_INT, 4));
            assertEquals(300, s.get(JAVA_INT, 8));
            assertEquals(2, s.get(JAVA_SHORT, 12));
            assertEquals(65536, s.get(JAVA_INT, 16));
            assertEquals(2, s.get(JAVA_INT, 20));
            assertEquals(3, s.get(JAVA_BYTE, 36));
            assertEquals(2, s.get(JAVA_BYTE, 37));
            assertEquals(9, s.get(JAVA_BYTE, 42));
            assertEquals(4, s.get(JAVA_BYTE, 43));
        }
    }

    @Test
    void defaultsAreBlosc2CparamsDefaults() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = CBlosc2Params.cparamsDefaults(arena);
            byte[] expected = new byte[136];
            expected[2] = 5;            // clevel
            expected[8] = 8;            // typesize
            expected[12] = 1;           // nthreads
            expected[20] = 4;           // splitmode FORWARD_COMPAT
            expected[37] = 1;           // SHUFFLE in filters[5]
            assertEquals(-1, s.mismatch(MemorySegment.ofArray(expected)));
            MemorySegment d = CBlosc2Params.dparams(arena, 2);
            byte[] dexp = new byte[40];
            dexp[0] = 2;
            dexp[32] = 8;
            assertEquals(-1, d.mismatch(MemorySegment.ofArray(dexp)));
        }
    }
}
