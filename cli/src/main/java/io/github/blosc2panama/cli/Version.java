package io.github.blosc2panama.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The project version, from the build-filtered {@code version.properties}. */
final class Version {
    private Version() {
    }

    static String get() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isEmpty() && !v.startsWith("${")) {
                    return v;
                }
            }
        } catch (IOException e) {
            // fall through: an unknown version is not worth failing for
        }
        return "unknown";
    }
}
