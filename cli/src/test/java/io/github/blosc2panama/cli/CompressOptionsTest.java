package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.SplitMode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** compress's options map onto CParams exactly. */
class CompressOptionsTest {
    private static CParams parse(String... tokens) {
        return CompressCommand.cparams(Args.parse("compress", List.of(tokens), Set.of("use-dict"),
                Set.of("codec", "clevel", "filters", "filters-meta", "typesize", "blocksize", "splitmode", "nthreads")));
    }

    @Test
    void noOptionsGiveTheDefaults() {
        assertEquals(CParams.defaults(), parse());
    }

    @Test
    void everyOption() {
        CParams p = parse("--codec", "lz4hc", "--clevel", "9", "--filters", "delta,bitshuffle", "--filters-meta",
                "0,3", "--typesize", "4", "--blocksize", "65536", "--splitmode", "forward_compat", "--nthreads", "2",
                "--use-dict");
        assertEquals(Codec.LZ4HC, p.codec());
        assertEquals(9, p.clevel());
        assertEquals(List.of(Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.DELTA,
                Filter.BITSHUFFLE), p.filters());
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 3}, p.filtersMeta());
        assertEquals(4, p.typesize());
        assertEquals(65536, p.blocksize());
        assertEquals(SplitMode.FORWARD_COMPAT, p.splitMode());
        assertEquals(2, p.nthreads());
        assertEquals(true, p.useDict());
    }

    @Test
    void filterNamesAndNegativeMeta() {
        CParams p = parse("--filters", "trunc-prec,shuffle,bytedelta", "--filters-meta", "-10,0,4");
        assertEquals(List.of(Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.TRUNC_PREC, Filter.SHUFFLE,
                Filter.BYTEDELTA), p.filters());
        assertArrayEquals(new byte[] {0, 0, 0, -10, 0, 4}, p.filtersMeta());
        CParams q = parse("--filters", "nofilter,int-trunc,shuffle,bitshuffle,delta,shuffle");
        assertEquals(List.of(Filter.NOFILTER, Filter.INT_TRUNC, Filter.SHUFFLE, Filter.BITSHUFFLE, Filter.DELTA,
                Filter.SHUFFLE), q.filters());
        assertEquals(SplitMode.ALWAYS, parse("--splitmode", "always").splitMode());
        assertEquals(SplitMode.NEVER, parse("--splitmode", "never").splitMode());
        assertEquals(SplitMode.AUTO, parse("--splitmode", "auto").splitMode());
    }

    @Test
    void badValues() {
        assertThrows(UsageException.class, () -> parse("--filters", "a,b,c,d,e,f,g"));
        assertThrows(UsageException.class, () -> parse("--filters-meta", "256"));
        assertThrows(UsageException.class, () -> parse("--typesize", "0"));
        assertThrows(UsageException.class, () -> parse("--blocksize", "-1"));
        assertThrows(InvalidArgumentException.class, () -> parse("--codec", "snappy"));
    }
}
