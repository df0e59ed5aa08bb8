/** JMH benchmarks. */
package io.github.blosc2panama.benchmarks;
