/**
 * C-Blosc2 bound through FFM, as a baseline: {@link io.github.blosc2panama.cbaseline.CBlosc2} (contexts,
 * compress/decompress, shuffle kernels), {@link io.github.blosc2panama.cbaseline.CB2nd} (b2nd slices),
 * {@link io.github.blosc2panama.cbaseline.CBlosc2Library} (finding the library). For measurement and interop
 * checks only; core never depends on this package, and nothing here is needed to read or write Blosc2 data.
 */
package io.github.blosc2panama.cbaseline;
