/** The blosc2 command. */
module io.github.blosc2panama.cli {
    requires io.github.blosc2panama.core;
}
