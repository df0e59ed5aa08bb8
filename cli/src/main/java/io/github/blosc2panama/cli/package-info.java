/** The blosc2 command line. */
package io.github.blosc2panama.cli;
