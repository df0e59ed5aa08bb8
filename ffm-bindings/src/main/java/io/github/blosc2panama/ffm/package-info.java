/** FFM bindings to liblz4, libzstd and zlib, in the shape jextract generates. */
package io.github.blosc2panama.ffm;
