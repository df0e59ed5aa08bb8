package io.github.blosc2panama.cbaseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the C library is found, and what is said when it is not. */
class CBlosc2LibraryTest {
    @Test
    void findsTheLibraryInAVenvLayout(@TempDir Path venv) throws IOException {
        Path libdir = Files.createDirectories(venv.resolve("lib/python3.12/site-packages/blosc2/lib"));
        Files.createFile(libdir.resolve("libblosc2.so.9"));
        Files.createFile(libdir.resolve("libblosc2.so"));
        Files.createDirectories(libdir.resolve("cmake"));
        assertEquals(libdir.resolve("libblosc2.so"), CBlosc2Library.inVenv(venv).orElseThrow());
    }

    @Test
    void aVenvWithoutBlosc2HasNoLibrary(@TempDir Path venv) throws IOException {
        Files.createDirectories(venv.resolve("lib/python3.12/site-packages/numpy"));
        assertTrue(CBlosc2Library.inVenv(venv).isEmpty());
    }

    @Test
    void aPeerVenvIsFoundWalkingUpFromAStartDirectory(@TempDir Path root) throws IOException {
        Path libdir = Files.createDirectories(root.resolve("build/peer-venv/lib/python3.11/site-packages/blosc2/lib"));
        Files.createFile(libdir.resolve("libblosc2.so.9"));
        Path jarDir = Files.createDirectories(root.resolve("cli/target"));
        assertEquals(libdir.resolve("libblosc2.so.9"), CBlosc2Library.peerVenvAbove(jarDir).orElseThrow());
        assertTrue(CBlosc2Library.peerVenvAbove(root.getParent()).isEmpty()
                || !CBlosc2Library.peerVenvAbove(root.getParent()).orElseThrow().startsWith(root));
    }

    @Test
    void aClibPropertyThatLeadsNowhereIsAnErrorSayingHowToGetIt(@TempDir Path dir) {
        String old = System.getProperty(CBlosc2Library.CLIB_PROPERTY);
        System.setProperty(CBlosc2Library.CLIB_PROPERTY, dir.resolve("nope.so").toString());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, CBlosc2Library::find);
            assertTrue(e.getMessage().contains("nope.so is not a file"), e.getMessage());
            assertTrue(e.getMessage().contains("bin/lib/peer-venv.sh"), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(CBlosc2Library.CLIB_PROPERTY);
            } else {
                System.setProperty(CBlosc2Library.CLIB_PROPERTY, old);
            }
        }
    }
}
