package io.github.blosc2panama.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
    private static Args parse(String... tokens) {
        return Args.parse("cmd", List.of(tokens), Set.of("json", "use-dict"), Set.of("clevel", "filters"));
    }

    @Test
    void flagsValuesAndPositionals() {
        Args a = parse("in", "--clevel", "7", "--json", "--filters=delta,shuffle", "out");
        assertEquals(List.of("in", "out"), a.positionals());
        assertEquals(List.of("in", "out"), a.expect("in", "out"));
        assertTrue(a.has("json"));
        assertFalse(a.has("use-dict"));
        assertEquals(7, a.intValue("clevel", 5, 0, 9));
        assertEquals(List.of("delta", "shuffle"), a.list("filters"));
        assertEquals("x", a.value("missing", "x"));
        assertNull(a.list("missing"));
    }

    @Test
    void dashAloneIsPositionalAndDoubleDashEndsOptions() {
        Args a = parse("-", "--", "--json", "-x");
        assertEquals(List.of("-", "--json", "-x"), a.positionals());
        assertFalse(a.has("json"));
    }

    @Test
    void valueMayLookLikeANegativeNumber() {
        Args a = parse("--filters", "-3,4");
        assertEquals(List.of("-3", "4"), a.list("filters"));
    }

    @Test
    void helpIsAlwaysAFlag() {
        assertTrue(parse("--help").has("help"));
    }

    @Test
    void errorsNameTheProblem() {
        assertMessage("unknown option '--level' for 'cmd'", () -> parse("--level", "3"));
        assertMessage("unknown option '-c' for 'cmd'", () -> parse("-c"));
        assertMessage("option --clevel of 'cmd' needs a value", () -> parse("--clevel"));
        assertMessage("option --json of 'cmd' takes no value", () -> parse("--json=1"));
        assertMessage("option --clevel given twice", () -> parse("--clevel", "1", "--clevel=2"));
        assertMessage("--clevel: expected an integer, got 'high'", () -> parse("--clevel", "high").intValue("clevel", 5, 0, 9));
        assertMessage("--clevel: must be 0..9, got 10", () -> parse("--clevel", "10").intValue("clevel", 5, 0, 9));
        assertMessage("--filters: empty item in 'shuffle,'", () -> parse("--filters", "shuffle,").list("filters"));
        assertMessage("'cmd' expects IN OUT, got a", () -> parse("a").expect("in", "out"));
        assertMessage("'cmd' expects no arguments, got a b", () -> parse("a", "b").expect());
        assertMessage("'cmd' expects PATH, got none", () -> parse().expect("path"));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable e) {
        assertEquals(expected, assertThrows(UsageException.class, e).getMessage());
    }
}
