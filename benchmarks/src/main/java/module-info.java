/** JMH benchmarks, with the C-Blosc2 baseline of the c-baseline module and the JNI codec bindings. */
module io.github.blosc2panama.benchmarks {
    requires io.github.blosc2panama.core;
    requires io.github.blosc2panama.simd;
    requires io.github.blosc2panama.cbaseline;
    requires io.github.blosc2panama.ffm;
    requires com.github.luben.zstd_jni;
    requires org.lz4.java;
    requires jmh.core;
    opens io.github.blosc2panama.benchmarks;
}
