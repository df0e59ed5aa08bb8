package io.github.blosc2panama.core.chunk;

/**
 * One thread's reusable objects for reading chunks: the header holder, the block decoder, the views of the
 * destination's blocks and the job other threads help with. Reusing them is what makes steady-state decompression
 * into a caller's segment allocate nothing.
 */
final class ReaderState {
    private static final ThreadLocal<ReaderState> LOCAL = ThreadLocal.withInitial(ReaderState::new);

    final ChunkHeader header = new ChunkHeader();
    final BlockDecoder decoder = new BlockDecoder();
    final BlockViews views = new BlockViews();
    final BlockJob job = new BlockJob();

    private ReaderState() {
    }

    static ReaderState get() {
        return LOCAL.get();
    }
}
