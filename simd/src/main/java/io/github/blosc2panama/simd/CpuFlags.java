package io.github.blosc2panama.simd;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU feature flags the Linux kernel lists in {@code /proc/cpuinfo}, for the few kernels whose speed depends on
 * an instruction the Vector API gives no way to ask about. C2 compiles some vector operations only when the CPU has
 * a given extension and otherwise leaves them to the Vector API's Java fallback, which is two orders of magnitude
 * slower: a 512-bit byte {@code rearrange} needs AVX-512 VBMI (x86.ad, {@code Matcher::match_rule_supported_vector}).
 * Where the file is missing or unreadable (another OS), no flag is reported, and callers keep their portable path.
 */
final class CpuFlags {
    /** Whether the CPU has AVX-512 VBMI ({@code vpermb}): 512-bit byte rearranges compile to one instruction. */
    static final boolean AVX512_VBMI = has(read(Path.of("/proc/cpuinfo")), "avx512vbmi");

    private CpuFlags() {
    }

    /**
     * The lines of {@code file} up to its first {@code flags} line, or none when it cannot be read. Read as
     * ISO-8859-1, which decodes any byte (a model name may not be ASCII).
     */
    static List<String> read(Path file) {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
                if (isFlagsLine(line)) {
                    break;
                }
            }
            return lines;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return List.of();
        }
    }

    /** Whether the first {@code flags} line of cpuinfo text lists {@code flag} (a whole word). */
    static boolean has(List<String> cpuinfo, String flag) {
        for (String line : cpuinfo) {
            if (isFlagsLine(line)) {
                for (String word : line.substring(line.indexOf(':') + 1).trim().split("\\s+")) {
                    if (word.equals(flag)) {
                        return true;
                    }
                }
                return false;
            }
        }
        return false;
    }

    /** Whether a cpuinfo line is {@code flags : ...} (its key, before the colon, is {@code flags}). */
    private static boolean isFlagsLine(String line) {
        int colon = line.indexOf(':');
        return colon > 0 && line.substring(0, colon).trim().equals("flags");
    }
}
