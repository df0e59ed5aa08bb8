package io.github.blosc2panama.ffm;

import java.lang.ref.Cleaner;

/** The one cleaner thread that frees native codec objects (contexts, streams, dictionaries) left unclosed. */
final class NativeCleaner {
    private static final Cleaner CLEANER = Cleaner.create();

    private NativeCleaner() {
    }

    /** Runs {@code free} once: at {@code Cleanable.clean()} or after {@code owner} becomes unreachable. */
    static Cleaner.Cleanable register(Object owner, Runnable free) {
        return CLEANER.register(owner, free);
    }
}
