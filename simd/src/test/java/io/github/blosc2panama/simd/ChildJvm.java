package io.github.blosc2panama.simd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts a main class of this module's tests in a child JVM (this JVM's java and class path) and collects output. */
final class ChildJvm {
    record Result(int exit, String out, String err) {
    }

    private ChildJvm() {
    }

    static Result run(List<String> jvmArgs, Class<?> main) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        // as in this JVM (the build sets off: the vector kernels from their first call, not after a warm-up)
        String warmup = System.getProperty("blosc2.simd.warmup");
        if (warmup != null) {
            cmd.add("-Dblosc2.simd.warmup=" + warmup);
        }
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        Process p = new ProcessBuilder(cmd).start();
        // small outputs: read both after exit would risk a full pipe only for large ones, so read out first
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(170, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM timed out: " + cmd);
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }
}
