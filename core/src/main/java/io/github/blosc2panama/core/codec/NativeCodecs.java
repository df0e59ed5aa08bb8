package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.ffm.NativeLibraries;
import io.github.blosc2panama.ffm.NativeLibraries.Library;
import io.github.blosc2panama.ffm.NativeLibraryNotFoundException;
import io.github.blosc2panama.ffm.Zstd;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The codecs backed by native libraries (LZ4, LZ4HC, zlib, zstd), and the dictionary helpers the chunk writer needs.
 *
 * <h2>How C-Blosc2 3.3 builds and stores a dictionary ({@code use_dict=1})</h2>
 * Only zstd, lz4 and lz4hc accept {@code use_dict}; clevel 0 turns it off. The chunk is compressed twice:
 * <ol>
 *   <li><b>Training pass.</b> Every block goes through the filter pipeline and its filtered bytes are copied, whole
 *       (one stream per block, no csize prefixes, no run detection), back to back right after the 32-byte header.
 *       No bstarts are written.</li>
 *   <li><b>Sampling</b> ({@link #dictSampling}): {@code maxSize = min(32768, nbytes / 20)};
 *       {@code n = nblocks}, times {@code typesize} unless the chunk is not split (flag 0x10), and at least 8;
 *       {@code sampleSize = nbytes / n / 16}. The samples are the first {@code n} consecutive pieces of
 *       {@code sampleSize} bytes of that buffer (so only its first ~1/16th is looked at). When
 *       {@code maxSize < 256} or {@code sampleSize == 0} C gives up on the dictionary: the chunk is compressed
 *       normally and the USEDICT flag (bit 0 of header byte 31, {@code blosc2_flags}) is cleared.</li>
 *   <li><b>The dictionary.</b> zstd: {@code ZDICT_trainFromBuffer(buf, maxSize, samples, sizes, n)}
 *       ({@link #trainDictionary}); if it fails, C again falls back to no dictionary. lz4/lz4hc: no training, the
 *       dictionary is the first {@code min(n * sampleSize, maxSize)} bytes of the training buffer, except that
 *       C has already written the int32 dictionary size over bytes {@code 4*nblocks..+3} of that buffer (the
 *       size field's place in the output, which the training data still occupies) before copying it out: see
 *       {@link DictSampling#lz4Dictionary}. zstd trains before that write and is not affected.</li>
 *   <li><b>Storage.</b> Right after the bstarts array: an int32 (little-endian) dictionary size, then the
 *       dictionary bytes; block data follow. The real pass then compresses every stream with the dictionary:
 *       zstd through a CDict made at level 1 whatever the clevel; lz4/lz4hc by reloading the dictionary into a
 *       stream before each stream ({@link BlockCodec#compress} with {@code dict}). A reader accepts a stored size
 *       in 1..32768 only.</li>
 * </ol>
 */
public final class NativeCodecs {
    /** C-Blosc2's {@code BLOSC2_MAXDICTSIZE}. */
    public static final int MAX_DICT_SIZE = 32 * 1024;
    /** C-Blosc2's {@code BLOSC2_MINUSEFULDICT}. */
    public static final int MIN_USEFUL_DICT = 256;

    private NativeCodecs() {
    }

    /**
     * The native libraries behind the codecs, one line per role ({@code "lz4, lz4hc compression: LZ4 1.10.0 from
     * lz4-java (...)"}): where each was loaded from, or why it could not be. Loads them if need be; never throws.
     */
    public static String libraries() {
        StringBuilder sb = new StringBuilder();
        sb.append("lz4, lz4hc compression: ").append(NativeLibraries.describe(Library.LZ4)).append('\n');
        sb.append("lz4, lz4hc decompression: ").append(NativeLibraries.describe(Library.LZ4_DECOMPRESSION))
                .append('\n');
        sb.append("zstd: ").append(Zstd.backendDescription()).append('\n');
        sb.append("zlib: ").append(ZlibCodec.INSTANCE.libraries()).append('\n');
        return sb.toString();
    }

    /** The LZ4 codec. */
    public static BlockCodec lz4() {
        return Lz4Codec.INSTANCE;
    }

    /** The LZ4HC codec. */
    public static BlockCodec lz4hc() {
        return Lz4HcCodec.INSTANCE;
    }

    /** The zlib codec. */
    public static BlockCodec zlib() {
        return ZlibCodec.INSTANCE;
    }

    /** The zstd codec. */
    public static BlockCodec zstd() {
        return ZstdCodec.INSTANCE;
    }

    /**
     * The native codec for {@code codec}.
     *
     * @throws InvalidArgumentException for BloscLZ, which is implemented in Java
     */
    public static BlockCodec of(Codec codec) {
        return switch (Objects.requireNonNull(codec, "codec")) {
            case LZ4 -> lz4();
            case LZ4HC -> lz4hc();
            case ZLIB -> zlib();
            case ZSTD -> zstd();
            case BLOSCLZ -> throw new InvalidArgumentException("blosclz is not a native codec");
        };
    }

    /**
     * C-Blosc2's dictionary sampling for a chunk of {@code nbytes} in {@code nblocks} blocks (the last one possibly
     * short).
     *
     * @param split whether the chunk's streams are split by byte (header flag 0x10 clear)
     * @return the sampling, or empty when C would compress that chunk without a dictionary
     */
    public static Optional<DictSampling> dictSampling(int nbytes, int nblocks, int typesize, boolean split) {
        if (nbytes < 0 || nblocks < 1 || typesize < 1) {
            throw new InvalidArgumentException("dictSampling: nbytes " + nbytes + ", nblocks " + nblocks
                    + ", typesize " + typesize);
        }
        int maxSize = Math.min(MAX_DICT_SIZE, nbytes / 20);
        long n = split ? (long) nblocks * typesize : nblocks;
        if (n < 8) {
            n = 8;
        }
        long sampleSize = nbytes / n / 16;
        if (maxSize < MIN_USEFUL_DICT || sampleSize == 0) {
            return Optional.empty();
        }
        return Optional.of(new DictSampling(maxSize, (int) sampleSize, (int) n));
    }

    /**
     * How a dictionary is sampled from the training buffer.
     *
     * @param maxSize    the dictionary capacity ({@code min(32768, nbytes / 20)})
     * @param sampleSize the size of each sample
     * @param nSamples   the number of samples, taken back to back from the start of the training buffer
     */
    public record DictSampling(int maxSize, int sampleSize, int nSamples) {
        /** The bytes of the training buffer the samples cover. */
        public long samplesBytes() {
            return (long) sampleSize * nSamples;
        }

        /** The size of an LZ4/LZ4HC dictionary: that many leading bytes of the training buffer. */
        public int lz4DictSize() {
            return (int) Math.min(samplesBytes(), maxSize);
        }

        /**
         * The LZ4/LZ4HC dictionary exactly as C-Blosc2 3.3 stores it: the first {@link #lz4DictSize()} bytes of the
         * training buffer, except that bytes {@code 4*nblocks .. 4*nblocks+3} hold the little-endian dictionary
         * size (C writes the size field into the output buffer, which still holds the training data, before it
         * copies the dictionary out of it). Decoding does not depend on this; matching C's bytes does.
         *
         * @param trainingBuffer the filtered blocks back to back (see the class comment)
         * @param nblocks        the chunk's number of blocks
         */
        public byte[] lz4Dictionary(MemorySegment trainingBuffer, int nblocks) {
            int size = lz4DictSize();
            byte[] dict = trainingBuffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE);
            long at = 4L * nblocks;
            for (int i = 0; i < 4 && at + i < size; i++) {
                dict[(int) (at + i)] = (byte) (size >>> (8 * i));
            }
            return dict;
        }

        /** The per-sample sizes to give {@link #trainDictionary}. */
        public long[] sampleSizes() {
            long[] sizes = new long[nSamples];
            Arrays.fill(sizes, sampleSize);
            return sizes;
        }
    }

    /**
     * Trains a zstd dictionary with {@code ZDICT_trainFromBuffer} (default parameters), as C-Blosc2 does.
     *
     * @param samples      the samples, back to back
     * @param sampleSizes  the size of each sample
     * @param dictCapacity the largest dictionary wanted (C: {@link DictSampling#maxSize()})
     * @return the dictionary (a heap segment of its exact size), or empty when zstd could not train one (C then
     *         compresses the chunk without a dictionary)
     */
    public static Optional<MemorySegment> trainDictionary(MemorySegment samples, long[] sampleSizes,
                                                          int dictCapacity) {
        Objects.requireNonNull(samples, "samples");
        Objects.requireNonNull(sampleSizes, "sampleSizes");
        if (dictCapacity < 1 || dictCapacity > MAX_DICT_SIZE) {
            throw new InvalidArgumentException("trainDictionary: capacity " + dictCapacity + " not in 1.."
                    + MAX_DICT_SIZE);
        }
        byte[] dict = new byte[dictCapacity];
        try {
            long code = Zstd.trainFromBuffer(MemorySegment.ofArray(dict), samples, sampleSizes);
            if (Zstd.isError(code) || code <= 0) {
                return Optional.empty();
            }
            return Optional.of(MemorySegment.ofArray(dict).asSlice(0, code));
        } catch (NativeLibraryNotFoundException e) {
            throw CodecSupport.missing(e, "zstd");
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new InvalidArgumentException("trainDictionary: " + e.getMessage());
        }
    }
}
