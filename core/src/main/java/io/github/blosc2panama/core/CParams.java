package io.github.blosc2panama.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Compression parameters, immutable. The defaults are python-blosc2's: Zstd, clevel 5, typesize 8,
 * shuffle in the last filter slot, automatic blocksize, AUTO split, one thread.
 *
 * <pre>{@code
 * CParams p = CParams.builder().codec(Codec.LZ4).clevel(9).typesize(4).build();
 * }</pre>
 */
public final class CParams {
    /** Number of filter slots in the Blosc2 pipeline. */
    public static final int MAX_FILTERS = 6;
    /** Largest typesize accepted; larger than 255 is stored in the header as 1 (as C-Blosc2 does). */
    public static final int MAX_TYPESIZE = Integer.MAX_VALUE;

    private static final CParams DEFAULTS = new Builder().build();

    private final Codec codec;
    private final int codecMeta;
    private final int clevel;
    private final int typesize;
    private final int nthreads;
    private final int blocksize;
    private final SplitMode splitMode;
    private final Filter[] filters;
    private final byte[] filtersMeta;
    private final boolean useDict;

    private CParams(Builder b) {
        this.codec = b.codec;
        this.codecMeta = b.codecMeta;
        this.clevel = b.clevel;
        this.typesize = b.typesize;
        this.nthreads = b.nthreads;
        this.blocksize = b.blocksize;
        this.splitMode = b.splitMode;
        this.filters = b.filters.clone();
        this.filtersMeta = b.filtersMeta.clone();
        this.useDict = b.useDict;
    }

    public static CParams defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.codec = codec;
        b.codecMeta = codecMeta;
        b.clevel = clevel;
        b.typesize = typesize;
        b.nthreads = nthreads;
        b.blocksize = blocksize;
        b.splitMode = splitMode;
        b.filters = filters.clone();
        b.filtersMeta = filtersMeta.clone();
        b.useDict = useDict;
        return b;
    }

    public Codec codec() {
        return codec;
    }

    public int codecMeta() {
        return codecMeta;
    }

    public int clevel() {
        return clevel;
    }

    public int typesize() {
        return typesize;
    }

    public int nthreads() {
        return nthreads;
    }

    /** The forced blocksize in bytes, or 0 for the automatic choice. */
    public int blocksize() {
        return blocksize;
    }

    public SplitMode splitMode() {
        return splitMode;
    }

    /** The six filter slots, slot 0 applied first. */
    public List<Filter> filters() {
        return List.of(filters);
    }

    public Filter filter(int slot) {
        return filters[slot];
    }

    /** The six filter meta bytes (a copy). */
    public byte[] filtersMeta() {
        return filtersMeta.clone();
    }

    public byte filterMeta(int slot) {
        return filtersMeta[slot];
    }

    public boolean useDict() {
        return useDict;
    }

    @Override
    public String toString() {
        return "CParams[codec=" + codec + ", clevel=" + clevel + ", typesize=" + typesize + ", nthreads=" + nthreads
                + ", blocksize=" + blocksize + ", splitmode=" + splitMode + ", filters=" + Arrays.toString(filters)
                + ", filters_meta=" + Arrays.toString(filtersMeta) + ", use_dict=" + useDict + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CParams p && codec == p.codec && codecMeta == p.codecMeta && clevel == p.clevel
                && typesize == p.typesize && nthreads == p.nthreads && blocksize == p.blocksize
                && splitMode == p.splitMode && Arrays.equals(filters, p.filters)
                && Arrays.equals(filtersMeta, p.filtersMeta) && useDict == p.useDict;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new Object[] {codec, codecMeta, clevel, typesize, nthreads, blocksize, splitMode,
            Arrays.hashCode(filters), Arrays.hashCode(filtersMeta), useDict});
    }

    /** Builds {@link CParams}; every setter checks its range. */
    public static final class Builder {
        private Codec codec = Codec.ZSTD;
        private int codecMeta = 0;
        private int clevel = 5;
        private int typesize = 8;
        private int nthreads = 1;
        private int blocksize = 0;
        private SplitMode splitMode = SplitMode.AUTO;
        private Filter[] filters = {Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER, Filter.NOFILTER,
            Filter.NOFILTER, Filter.SHUFFLE};
        private byte[] filtersMeta = new byte[MAX_FILTERS];
        private boolean useDict = false;

        private Builder() {
        }

        public Builder codec(Codec codec) {
            this.codec = Objects.requireNonNull(codec, "codec");
            return this;
        }

        public Builder codecMeta(int codecMeta) {
            if (codecMeta < 0 || codecMeta > 255) {
                throw new InvalidArgumentException("codec_meta must be 0..255, got " + codecMeta);
            }
            this.codecMeta = codecMeta;
            return this;
        }

        public Builder clevel(int clevel) {
            if (clevel < 0 || clevel > 9) {
                throw new InvalidArgumentException("clevel must be 0..9, got " + clevel);
            }
            this.clevel = clevel;
            return this;
        }

        public Builder typesize(int typesize) {
            if (typesize < 1) {
                throw new InvalidArgumentException("typesize must be >= 1, got " + typesize);
            }
            this.typesize = typesize;
            return this;
        }

        public Builder nthreads(int nthreads) {
            if (nthreads < 1) {
                throw new InvalidArgumentException("nthreads must be >= 1, got " + nthreads);
            }
            this.nthreads = nthreads;
            return this;
        }

        /** A forced blocksize in bytes, or 0 for the automatic choice. */
        public Builder blocksize(int blocksize) {
            if (blocksize < 0) {
                throw new InvalidArgumentException("blocksize must be >= 0, got " + blocksize);
            }
            this.blocksize = blocksize;
            return this;
        }

        public Builder splitMode(SplitMode splitMode) {
            this.splitMode = Objects.requireNonNull(splitMode, "splitMode");
            return this;
        }

        /** Sets all six slots; fewer filters are right-aligned (the last one lands in slot 5), as python-blosc2 does. */
        public Builder filters(Filter... pipeline) {
            if (pipeline.length > MAX_FILTERS) {
                throw new InvalidArgumentException("at most " + MAX_FILTERS + " filters, got " + pipeline.length);
            }
            Filter[] slots = new Filter[MAX_FILTERS];
            Arrays.fill(slots, Filter.NOFILTER);
            System.arraycopy(pipeline, 0, slots, MAX_FILTERS - pipeline.length, pipeline.length);
            for (Filter f : slots) {
                Objects.requireNonNull(f, "filter");
            }
            this.filters = slots;
            return this;
        }

        /** Sets one slot (0..5). */
        public Builder filter(int slot, Filter filter, int meta) {
            if (slot < 0 || slot >= MAX_FILTERS) {
                throw new InvalidArgumentException("filter slot must be 0..5, got " + slot);
            }
            if (meta < -128 || meta > 255) {
                throw new InvalidArgumentException("filter meta must fit a byte, got " + meta);
            }
            this.filters[slot] = Objects.requireNonNull(filter, "filter");
            this.filtersMeta[slot] = (byte) meta;
            return this;
        }

        /** Sets the six meta bytes; fewer are right-aligned like {@link #filters(Filter...)}. */
        public Builder filtersMeta(int... meta) {
            if (meta.length > MAX_FILTERS) {
                throw new InvalidArgumentException("at most " + MAX_FILTERS + " filter meta values, got " + meta.length);
            }
            byte[] m = new byte[MAX_FILTERS];
            for (int i = 0; i < meta.length; i++) {
                if (meta[i] < -128 || meta[i] > 255) {
                    throw new InvalidArgumentException("filter meta must fit a byte, got " + meta[i]);
                }
                m[MAX_FILTERS - meta.length + i] = (byte) meta[i];
            }
            this.filtersMeta = m;
            return this;
        }

        public Builder useDict(boolean useDict) {
            this.useDict = useDict;
            return this;
        }

        public CParams build() {
            return new CParams(this);
        }
    }
}
