package io.github.blosc2panama.core;

import io.github.blosc2panama.core.chunk.SpecialChunks;
import io.github.blosc2panama.core.frame.MsgPackWriter;
import io.github.blosc2panama.core.ndarray.B2ndMeta;
import io.github.blosc2panama.core.ndarray.Geometry;
import io.github.blosc2panama.core.ndarray.JavaArrays;
import io.github.blosc2panama.core.ndarray.Partitions;
import io.github.blosc2panama.core.ndarray.Resize;
import io.github.blosc2panama.core.ndarray.SliceIO;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * An n-dimensional array in C-Blosc2's b2nd format (what python-blosc2 writes as {@code .b2nd}):
 * a {@link SuperChunk} whose {@code b2nd} metalayer records the shape, the chunk and block shapes
 * and the NumPy dtype. Legacy {@code caterva} metalayers and the 6-element {@code b2nd} form are
 * read too; the current 7-element form is written.
 *
 * <pre>{@code
 * try (NDArray a = NDArray.open(Path.of("temps.b2nd"))) {
 *     byte[] row = a.getSlice(new long[] {5, 0}, new long[] {6, a.shape()[1]});
 * }
 * try (NDArray z = NDArray.builder(DType.FLOAT64, 1000, 1000).storage(Storage.contiguous(path)).zeros()) {
 *     z.setSlice(new long[] {0, 0}, new long[] {1, 3}, new double[] {1, 2, 3});
 * }
 * }</pre>
 *
 * <p>Items are {@link #itemsize()} bytes: the super-chunk's typesize, which is the dtype's size
 * except in files that disagree (C-Blosc2 follows the typesize and so does this class, unless the
 * chunks hold items of the dtype's size and not of the typesize: python-blosc2's {@code to_cframe}
 * records typesize 1 for items above 255 bytes). Slices are
 * C-order bytes without padding. Reads decode only the chunks, and inside them only the blocks,
 * that intersect the region. Thread-safety is that of {@link SuperChunk}.
 */
public final class NDArray implements AutoCloseable {
    private final SuperChunk sc;
    private final DType dtype;
    private final String dtypeString;
    private final int dtypeFormat;
    private final String metaName;
    private Geometry geometry;

    private NDArray(SuperChunk sc, Geometry geometry, DType dtype, String dtypeString, int dtypeFormat, String metaName) {
        this.sc = sc;
        this.geometry = geometry;
        this.dtype = dtype;
        this.dtypeString = dtypeString;
        this.dtypeFormat = dtypeFormat;
        this.metaName = metaName;
    }

    // ------------------------------------------------------------------ opening

    /** Opens a {@code .b2nd} file (contiguous frame) or a sparse frame directory, read-only. */
    public static NDArray open(Path path) {
        return of(SuperChunk.open(path));
    }

    /**
     * Opens, read-only, the array whose contiguous frame starts {@code offset} bytes into the file {@code path}
     * (see {@link SuperChunk#open(Path, long)}).
     */
    public static NDArray open(Path path, long offset) {
        return of(SuperChunk.open(path, offset));
    }

    /** Opens a {@code .b2nd} file or directory for reading and writing. */
    public static NDArray openWritable(Path path) {
        return of(SuperChunk.openWritable(path));
    }

    /** Reads an array from a contiguous frame (copied). */
    public static NDArray fromCframe(byte[] cframe) {
        return of(SuperChunk.fromCframe(cframe));
    }

    /** Reads an array from a contiguous frame in place (see {@link SuperChunk#fromCframe(MemorySegment)}). */
    public static NDArray fromCframe(MemorySegment cframe) {
        return of(SuperChunk.fromCframe(cframe));
    }

    /**
     * Views a super-chunk as an array; the array owns it from now on (closing the array closes it).
     *
     * @throws InvalidArgumentException     when the super-chunk has no {@code b2nd} or {@code caterva} metalayer
     * @throws CorruptDataException         when the metalayer is malformed or disagrees with the chunks
     * @throws UnsupportedFeatureException  for a dtype format other than NumPy's or an unsupported dtype
     */
    public static NDArray of(SuperChunk sc) {
        try {
            return view(sc);
        } catch (RuntimeException e) {
            sc.close();
            throw e;
        }
    }

    private static NDArray view(SuperChunk sc) {
        String name = "b2nd";
        byte[] content = sc.metalayer(name);
        if (content == null) {
            name = "caterva";
            content = sc.metalayer(name);
        }
        if (content == null) {
            throw new InvalidArgumentException("not a b2nd array: the super-chunk has no b2nd or caterva metalayer");
        }
        B2ndMeta meta = B2ndMeta.parse(name, content);
        String src = name + " metalayer";
        if (meta.dtypeFormat() != 0) {
            throw new UnsupportedFeatureException(src + ": dtype_format " + meta.dtypeFormat()
                    + " is not supported (only 0, NumPy)");
        }
        int typesize = sc.typesize();
        DType dtype;
        if (meta.dtype() == null) {
            dtype = DType.raw(Math.max(1, typesize));
        } else {
            try {
                dtype = DType.parse(meta.dtype());
            } catch (InvalidArgumentException e) {
                throw new CorruptDataException(src + ": dtype: " + e.getMessage());
            } catch (UnsupportedFeatureException e) {
                throw new UnsupportedFeatureException(src + ": dtype: " + e.getMessage());
            }
        }
        Geometry g = new Geometry(meta.shape(), meta.chunkshape(), meta.blockshape(), typesize, src);
        int held = sc.nchunks() > 0 ? sc.chunkNbytes(0) : g.chunkNbytes(); // every chunk of an array is whole
        if (g.chunkNbytes() != held) {
            if (meta.dtype() != null && dtype.itemsize() != typesize) {
                Geometry byDtype = new Geometry(meta.shape(), meta.chunkshape(), meta.blockshape(), dtype.itemsize(),
                        src);
                g = byDtype.chunkNbytes() == held ? byDtype : g;
            }
            if (g.chunkNbytes() != held) {
                throw new CorruptDataException(src + ": chunk 0 holds " + held + " bytes, but chunkshape "
                        + Arrays.toString(meta.chunkshape()) + " and blockshape " + Arrays.toString(meta.blockshape())
                        + " of " + g.typesize() + "-byte items (the typesize) make " + g.chunkNbytes());
            }
        }
        if (sc.nchunks() != g.nchunks()) {
            throw new CorruptDataException(src + ": shape " + Arrays.toString(meta.shape()) + " and chunkshape "
                    + Arrays.toString(meta.chunkshape()) + " imply " + g.nchunks() + " chunks but the frame has "
                    + sc.nchunks());
        }
        return new NDArray(sc, g, dtype, meta.dtype(), meta.dtypeFormat(), name);
    }

    // ------------------------------------------------------------------ creating

    /** Starts a new array of {@code dtype} and {@code shape} (no dimension = a 0-d scalar). */
    public static Builder builder(DType dtype, long... shape) {
        return new Builder(dtype, shape);
    }

    /** Options for a new array; chunkshape and blockshape default to python-blosc2's choice. */
    public static final class Builder {
        private final DType dtype;
        private final long[] shape;
        private int[] chunkshape;
        private int[] blockshape;
        private CParams cparams = CParams.defaults();
        private Storage storage = Storage.inMemory();
        private final Map<String, byte[]> metalayers = new LinkedHashMap<>();

        private Builder(DType dtype, long[] shape) {
            this.dtype = Objects.requireNonNull(dtype, "dtype");
            this.shape = Objects.requireNonNull(shape, "shape").clone();
            if (shape.length > B2ndMeta.MAX_DIM) {
                throw new InvalidArgumentException("at most " + B2ndMeta.MAX_DIM + " dimensions, got " + shape.length);
            }
            for (int i = 0; i < shape.length; i++) {
                if (shape[i] < 0) {
                    throw new InvalidArgumentException("shape[" + i + "] is negative (" + shape[i] + ")");
                }
            }
        }

        public Builder chunkshape(int... chunkshape) {
            this.chunkshape = chunkshape.clone();
            return this;
        }

        public Builder blockshape(int... blockshape) {
            this.blockshape = blockshape.clone();
            return this;
        }

        /** Compression parameters; typesize and blocksize are set from the dtype and blockshape. */
        public Builder cparams(CParams cparams) {
            this.cparams = Objects.requireNonNull(cparams, "cparams");
            return this;
        }

        public Builder storage(Storage storage) {
            this.storage = Objects.requireNonNull(storage, "storage");
            return this;
        }

        /** Adds a user metalayer (besides {@code b2nd}). */
        public Builder metalayer(String name, byte[] content) {
            if (name.equals("b2nd") || name.equals("caterva")) {
                throw new InvalidArgumentException("metalayer name '" + name + "' is reserved");
            }
            metalayers.put(name, content.clone());
            return this;
        }

        /** The array's items are zeros (special chunks, no data stored). */
        public NDArray zeros() {
            return special(SpecialValue.ZERO, null);
        }

        /** As C-Blosc2's {@code b2nd_empty}: zero special chunks. */
        public NDArray empty() {
            return special(SpecialValue.ZERO, null);
        }

        /** NaN items (float32 or float64 only). */
        public NDArray nans() {
            if (dtype.kind() != DType.Kind.FLOAT || (dtype.itemsize() != 4 && dtype.itemsize() != 8)) {
                throw new InvalidArgumentException("nans() needs a float32 or float64 dtype, got " + dtype);
            }
            return special(SpecialValue.NAN, null);
        }

        /** Every item is {@code value} (one item's bytes, in the dtype's byte order). */
        public NDArray full(byte[] value) {
            if (value.length != dtype.itemsize()) {
                throw new InvalidArgumentException("the fill value has " + value.length + " bytes, the dtype "
                        + dtype.itemsize());
            }
            return special(SpecialValue.VALUE, value.clone());
        }

        /** The array of C-order items in {@code data} (exactly nitems * itemsize bytes). */
        public NDArray fromBytes(MemorySegment data) {
            return build(a -> {
                Geometry g = a.geometry;
                long need = Math.multiplyExact(g.nitems(), (long) g.typesize());
                if (data.byteSize() != need) {
                    throw new InvalidArgumentException("data has " + data.byteSize() + " bytes, shape "
                            + Arrays.toString(shape) + " of " + g.typesize() + "-byte items needs " + need);
                }
                CParams p = a.writeParams();
                a.sc.appendInBatches(g.nchunks(), ci -> MemorySegment.ofArray(SliceIO.buildChunk(g, ci, data, p)));
            });
        }

        public NDArray fromBytes(byte[] data) {
            return fromBytes(MemorySegment.ofArray(data));
        }

        /** The array of a Java primitive array ({@code int[]} for {@code <i4}/{@code >i4}, {@code double[]} for f8, ...). */
        public NDArray fromArray(Object javaArray) {
            return fromBytes(JavaArrays.toBytes(javaArray, dtype));
        }

        private NDArray special(SpecialValue value, byte[] fill) {
            return build(a -> {
                Geometry g = a.geometry;
                if (g.nchunks() > 0 && value != SpecialValue.VALUE) {
                    // as C-Blosc2's b2nd_zeros (and uninit, nans): one special fill of whole chunks
                    a.sc.fillSpecial(g.nchunks() * (g.chunkNbytes() / dtype.itemsize()), value);
                } else if (g.nchunks() > 0) {
                    MemorySegment chunk = MemorySegment.ofArray(
                            SpecialChunks.make(value, g.chunkNbytes(), a.writeParams(), fill));
                    a.sc.appendInBatches(g.nchunks(), ci -> chunk);
                }
            });
        }

        /**
         * Creates the array, lets {@code fill} append its chunks and returns it. A contiguous file is
         * assembled in memory and written at once (no per-chunk file update).
         */
        private NDArray build(Consumer<NDArray> fill) {
            boolean file = storage.kind() == Storage.Kind.CONTIGUOUS_FILE;
            NDArray a = start(file ? Storage.inMemory() : storage);
            try {
                fill.accept(a);
                if (!file) {
                    return a;
                }
                Files.write(storage.path(), a.toCframe());
            } catch (IOException e) {
                a.close();
                throw new Blosc2Exception("cannot write " + storage.path() + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                a.close();
                throw e;
            }
            a.close();
            return openWritable(storage.path());
        }

        private NDArray start(Storage where) {
            int itemsize = dtype.itemsize();
            Partitions.Choice ch = Partitions.choose(shape, chunkshape, blockshape, itemsize,
                    Partitions.CacheSizes.detect());
            Geometry g = new Geometry(shape, ch.chunkshape(), ch.blockshape(), itemsize, "new array");
            B2ndMeta meta = new B2ndMeta(shape.length, shape, ch.chunkshape(), ch.blockshape(), dtype.str(), 0, 7);
            CParams p = cparams.toBuilder().typesize(itemsize).blocksize(g.blockNbytes()).build();
            SuperChunk sc = SuperChunk.create(where, p, g.chunkNbytes());
            try {
                sc.addMetalayer("b2nd", meta.serialize());
                for (Map.Entry<String, byte[]> m : metalayers.entrySet()) {
                    sc.addMetalayer(m.getKey(), m.getValue());
                }
            } catch (RuntimeException e) {
                sc.close();
                throw e;
            }
            return new NDArray(sc, g, dtype, dtype.str(), 0, "b2nd");
        }
    }

    // ------------------------------------------------------------------ properties

    public int ndim() {
        return geometry.shape().length;
    }

    public long[] shape() {
        return geometry.shape();
    }

    public int[] chunkshape() {
        return geometry.chunkshape();
    }

    public int[] blockshape() {
        return geometry.blockshape();
    }

    /** The dtype ({@code |V<typesize>} when the metalayer records none, as legacy caterva ones). */
    public DType dtype() {
        return dtype;
    }

    /** The dtype string as stored, or null when the metalayer has none. */
    public String dtypeString() {
        return dtypeString;
    }

    public int dtypeFormat() {
        return dtypeFormat;
    }

    /** Which metalayer described the array: "b2nd" or "caterva". */
    public String metalayerName() {
        return metaName;
    }

    /** Bytes per item (the super-chunk's typesize). */
    public int itemsize() {
        return geometry.typesize();
    }

    public long nitems() {
        return geometry.nitems();
    }

    /** Bytes of the whole array in C order, without padding. */
    public long nbytes() {
        return geometry.nitems() * geometry.typesize();
    }

    /** The super-chunk holding the chunks (changing it behind the array's back is not supported). */
    public SuperChunk superChunk() {
        return sc;
    }

    // ------------------------------------------------------------------ reading

    /** The region {@code [start, stop)} in C order. */
    public byte[] getSlice(long[] start, long[] stop) {
        long n = Math.multiplyExact(regionItems(start, stop), (long) itemsize());
        if (n > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("a slice of " + n + " bytes does not fit a Java array; use a MemorySegment");
        }
        byte[] out = new byte[(int) n];
        sc.beginRead();
        try {
            SliceIO.get(sc, geometry, start, stop, MemorySegment.ofArray(out));
        } finally {
            sc.endRead();
        }
        return out;
    }

    /** Copies the region {@code [start, stop)} in C order into {@code dst}; returns the bytes written. */
    public long getSlice(long[] start, long[] stop, MemorySegment dst) {
        long n = Math.multiplyExact(regionItems(start, stop), (long) itemsize());
        if (dst.byteSize() < n) {
            throw new InvalidArgumentException("destination of " + dst.byteSize() + " bytes cannot hold the slice's "
                    + n + " bytes");
        }
        sc.beginRead();
        try {
            SliceIO.get(sc, geometry, start, stop, dst);
        } finally {
            sc.endRead();
        }
        return n;
    }

    /** The region {@code [start, stop)} as a new in-memory array (default chunk and block shapes, same cparams). */
    public NDArray slice(long[] start, long[] stop) {
        long[] rshape = new long[ndim()];
        regionItems(start, stop);
        for (int i = 0; i < rshape.length; i++) {
            rshape[i] = stop[i] - start[i];
        }
        byte[] data = getSlice(start, stop);
        DType t = dtype.itemsize() == itemsize() ? dtype : DType.raw(itemsize());
        return builder(t, rshape).cparams(sc.cparams()).fromBytes(data);
    }

    /** The whole array in C order. */
    public byte[] toBytes() {
        long[] start = new long[ndim()];
        return getSlice(start, shape());
    }

    private long regionItems(long[] start, long[] stop) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(stop, "stop");
        long n = 1;
        if (start.length != ndim() || stop.length != ndim()) {
            throw new InvalidArgumentException("start and stop need " + ndim() + " entries, got " + start.length
                    + " and " + stop.length);
        }
        long[] shape = shape();
        for (int i = 0; i < ndim(); i++) {
            if (start[i] < 0 || stop[i] < start[i] || stop[i] > shape[i]) {
                throw new InvalidArgumentException("dimension " + i + ": [" + start[i] + ", " + stop[i]
                        + ") is not inside [0, " + shape[i] + "]");
            }
            n = Math.multiplyExact(n, stop[i] - start[i]);
        }
        return n;
    }

    // ------------------------------------------------------------------ writing

    /** Writes {@code src} (the region's items in C order) into {@code [start, stop)}; only the touched chunks change. */
    public void setSlice(long[] start, long[] stop, MemorySegment src) {
        long n = Math.multiplyExact(regionItems(start, stop), (long) itemsize());
        if (src.byteSize() != n) {
            throw new InvalidArgumentException("source has " + src.byteSize() + " bytes, the region needs " + n);
        }
        ChunkUpdates updates = new ChunkUpdates(sc);
        SliceIO.set(sc, geometry, start, stop, src, writeParams(), updates::add);
        updates.commit();
    }

    public void setSlice(long[] start, long[] stop, byte[] src) {
        setSlice(start, stop, MemorySegment.ofArray(src));
    }

    /** Writes a Java primitive array (converted to the dtype's byte order) into {@code [start, stop)}. */
    public void setSlice(long[] start, long[] stop, Object javaArray) {
        if (javaArray instanceof byte[] b) {
            setSlice(start, stop, b);
            return;
        }
        setSlice(start, stop, JavaArrays.toBytes(javaArray, dtype));
    }

    /**
     * Changes the shape, keeping the items inside both shapes; new items are zero. Chunks outside the
     * new shape are deleted and new ones are zero special chunks.
     */
    public void resize(long... newShape) {
        if (ndim() == 0) {
            throw new InvalidArgumentException("a 0-d array cannot be resized");
        }
        Geometry g = Resize.apply(sc, geometry, newShape, writeParams(), sc::rebuild);
        B2ndMeta meta = new B2ndMeta(newShape.length, newShape, geometry.chunkshape(), geometry.blockshape(),
                dtypeString == null ? dtype.str() : dtypeString, dtypeFormat, 7);
        byte[] content = meta.serialize();
        byte[] current = sc.metalayer("b2nd");
        if (current != null && current.length == content.length) {
            sc.updateMetalayer("b2nd", content);
        } else if (current == null && sc.metalayer("caterva") != null) {
            byte[] cat = sc.metalayer("caterva");
            byte[] legacy = legacyCaterva(newShape);
            if (legacy.length != cat.length) {
                throw new UnsupportedFeatureException("cannot rewrite this caterva metalayer in place");
            }
            sc.updateMetalayer("caterva", legacy);
        } else {
            throw new UnsupportedFeatureException("cannot rewrite the " + metaName + " metalayer in place (its size"
                    + " would change)");
        }
        geometry = g;
    }

    private byte[] legacyCaterva(long[] newShape) {
        MsgPackWriter w = new MsgPackWriter();
        int nd = newShape.length;
        w.raw(0x95).raw(0).raw(nd).raw(0x90 + nd);
        for (long s : newShape) {
            w.int64(s);
        }
        w.raw(0x90 + nd);
        for (int c : geometry.chunkshape()) {
            w.int32(c);
        }
        w.raw(0x90 + nd);
        for (int b : geometry.blockshape()) {
            w.int32(b);
        }
        return w.toByteArray();
    }

    private CParams writeParams() {
        return sc.cparams().toBuilder().typesize(itemsize()).blocksize(geometry.blockNbytes()).build();
    }

    // ------------------------------------------------------------------ saving

    /**
     * Copies the array (chunks as stored, metalayers and vlmetalayers) to {@code storage} and returns
     * the copy (writable). A contiguous file is assembled in memory and written at once.
     */
    public NDArray save(Storage storage) {
        if (storage.kind() == Storage.Kind.CONTIGUOUS_FILE) {
            try (NDArray mem = save(Storage.inMemory())) {
                Files.write(storage.path(), mem.toCframe());
            } catch (IOException e) {
                throw new Blosc2Exception("cannot write " + storage.path() + ": " + e.getMessage(), e);
            }
            return openWritable(storage.path());
        }
        SuperChunk out = SuperChunk.create(storage, sc.cparams(), Math.max(sc.chunksize(), 0));
        try {
            for (String name : sc.metalayerNames()) {
                out.addMetalayer(name, sc.metalayer(name));
            }
            // copies: the chunks may be slices of a mapping that closes with this array
            out.appendInBatches(sc.nchunks(),
                    i -> MemorySegment.ofArray(sc.chunk((int) i).toArray(ValueLayout.JAVA_BYTE)));
            for (String name : sc.vlmetalayerNames()) {
                out.setVlmetalayer(name, sc.vlmetalayer(name));
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return of(out);
    }

    /** Writes the array to a contiguous {@code .b2nd} file. */
    public void save(Path file) {
        save(Storage.contiguous(file)).close();
    }

    /** The array as one contiguous frame (what a {@code .b2nd} file holds). */
    public byte[] toCframe() {
        return sc.toCframe();
    }

    // ------------------------------------------------------------------ metalayers

    public List<String> metalayerNames() {
        return sc.metalayerNames();
    }

    /** A metalayer's content, or null. */
    public byte[] metalayer(String name) {
        return sc.metalayer(name);
    }

    /** Replaces a user metalayer's content in place (same size); the array metalayers are managed by this class. */
    public void updateMetalayer(String name, byte[] content) {
        if (name.equals("b2nd") || name.equals("caterva")) {
            throw new InvalidArgumentException("the " + name + " metalayer is managed by NDArray");
        }
        sc.updateMetalayer(name, content);
    }

    public List<String> vlmetalayerNames() {
        return new ArrayList<>(sc.vlmetalayerNames());
    }

    /** A vlmetalayer's content, or null. */
    public byte[] vlmetalayer(String name) {
        return sc.vlmetalayer(name);
    }

    public void setVlmetalayer(String name, byte[] content) {
        sc.setVlmetalayer(name, content);
    }

    public boolean deleteVlmetalayer(String name) {
        return sc.deleteVlmetalayer(name);
    }

    @Override
    public String toString() {
        return "NDArray[shape=" + Arrays.toString(shape()) + ", chunkshape=" + Arrays.toString(chunkshape())
                + ", blockshape=" + Arrays.toString(blockshape()) + ", dtype=" + dtype + "]";
    }

    @Override
    public void close() {
        sc.close();
    }
}
