/**
 * FFM bindings to the native codec libraries: liblz4, libzstd, zlib and (optional) libdeflate. Knows nothing of
 * Blosc2.
 */
module io.github.blosc2panama.ffm {
    requires static com.github.luben.zstd_jni;
    exports io.github.blosc2panama.ffm;
}
