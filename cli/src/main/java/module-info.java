/** The blosc2 command; its bench compares against C-Blosc2 through the c-baseline module when it is found. */
module io.github.blosc2panama.cli {
    requires io.github.blosc2panama.core;
    requires io.github.blosc2panama.cbaseline;
    requires java.management;
}
