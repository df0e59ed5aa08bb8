package io.github.blosc2panama.core.schunk;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reads in progress on a super-chunk and its closing: {@link #close} runs the release (the store's close, which
 * unmaps a file the codecs read by raw address) at once when no read is in progress, else when the last one ends.
 * Reads begun after {@link #close} are refused.
 */
final class ReadGate {
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicBoolean released = new AtomicBoolean();
    private final Runnable release;
    private final String source;
    private volatile boolean closing;

    /** A gate over {@code source} (named in the exceptions) that runs {@code release} once, when closed and idle. */
    ReadGate(String source, Runnable release) {
        this.source = source;
        this.release = release;
    }

    /**
     * Marks a read in progress until {@link #end}.
     *
     * @throws IllegalStateException when closed
     */
    void begin() {
        reads.incrementAndGet();
        if (closing) {
            end();
            throw closed();
        }
    }

    /** Ends a read begun with {@link #begin}. */
    void end() {
        if (reads.decrementAndGet() == 0 && closing) {
            releaseOnce();
        }
    }

    /** Refuses new reads; releases now if none is in progress, else when the last ends. */
    void close() {
        closing = true;
        if (reads.get() == 0) {
            releaseOnce();
        }
    }

    /** Throws {@link IllegalStateException} once {@link #close} has been called (for writes, which wait for nothing). */
    void requireOpen() {
        if (closing) {
            throw closed();
        }
    }

    private IllegalStateException closed() {
        return new IllegalStateException(source + " is closed");
    }

    private void releaseOnce() {
        if (released.compareAndSet(false, true)) {
            release.run();
        }
    }
}
