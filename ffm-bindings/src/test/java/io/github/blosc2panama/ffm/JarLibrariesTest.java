package io.github.blosc2panama.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The copies of jar-carried libraries leave no file behind: they are removed as soon as the library is mapped, so
 * that a killed JVM (the append-and-kill tests kill 200 per run) does not leave 150 KB in the temporary directory.
 */
class JarLibrariesTest {

    private static List<Path> leftovers(String prefix) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList();
        }
    }

    @Test
    void theCopyOfLz4JavasLibraryIsGoneOnceLoaded() throws Throwable {
        String prefix = "blosc2-test-jarlib-" + ProcessHandle.current().pid() + "-";
        SymbolLookup lookup = JarLibraries.load(getClass().getClassLoader(), BundledLz4.resourceName(), prefix);
        assertNotNull(lookup, "lz4-java is on the test class path");
        assertEquals(List.of(), leftovers(prefix));
        // still callable after its file is gone
        int version = (int) Linker.nativeLinker()
                .downcallHandle(lookup.find("LZ4_versionNumber").orElseThrow(), FunctionDescriptor.of(JAVA_INT))
                .invokeExact();
        assertTrue(version >= 10900, "LZ4 " + version);
    }

    @Test
    void anAbsentResourceIsNullAndLeavesNoFile() throws IOException {
        String prefix = "blosc2-test-jarlib-absent-" + ProcessHandle.current().pid() + "-";
        assertNull(JarLibraries.load(getClass().getClassLoader(), "no/such/libnothing.so", prefix));
        assertEquals(List.of(), leftovers(prefix));
    }

    /**
     * A 64-bit ELF shared object for another machine (AArch64 on this x86-64 host, x86-64 elsewhere): the system
     * loader refuses it from its header, before mapping anything. Its one program header declares a non-executable
     * stack, so the JVM does not warn that loading it might make the stack executable.
     */
    private static byte[] foreignElf() {
        ByteBuffer b = ByteBuffer.allocate(64 + 56).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        b.putShort((short) 3); // ET_DYN
        b.putShort((short) ("aarch64".equals(System.getProperty("os.arch")) ? 62 : 183)); // EM_X86_64 or EM_AARCH64
        b.putInt(1).putLong(0).putLong(64).putLong(0).putInt(0); // version, entry, phoff, shoff, flags
        b.putShort((short) 64).putShort((short) 56).putShort((short) 1); // ehsize, phentsize, phnum
        b.putShort((short) 64).putShort((short) 0).putShort((short) 0); // shentsize, shnum, shstrndx
        b.putInt(0x6474e551).putInt(6); // PT_GNU_STACK, read + write
        b.putLong(0).putLong(0).putLong(0).putLong(0).putLong(0).putLong(16);
        return b.array();
    }

    @Test
    void aResourceTheLoaderRefusesIsRemovedToo() throws IOException {
        String prefix = "blosc2-test-jarlib-bad-" + ProcessHandle.current().pid() + "-";
        byte[] head = foreignElf();
        ClassLoader notALibrary = new ClassLoader(null) {
            @Override
            public InputStream getResourceAsStream(String name) {
                return new ByteArrayInputStream(head);
            }

            @Override
            protected URL findResource(String name) {
                return null;
            }
        };
        assertThrows(IllegalArgumentException.class, () -> JarLibraries.load(notALibrary, "fake/libfake.so", prefix));
        assertEquals(List.of(), leftovers(prefix));
    }
}
