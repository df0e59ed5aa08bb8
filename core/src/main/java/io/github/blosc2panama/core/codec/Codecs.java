package io.github.blosc2panama.core.codec;

import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.UnsupportedFeatureException;

/** The codec implementation for each codec of the format, looked up by the chunk layer. */
public final class Codecs {
    private Codecs() {
    }

    /** The implementation used to compress with {@code codec}. */
    public static BlockCodec forCodec(Codec codec) {
        return codec == Codec.BLOSCLZ ? BloscLzCodec.INSTANCE : NativeCodecs.of(codec);
    }

    /**
     * The implementation that decodes streams of a chunk whose flags carry format code {@code compformat}
     * (bits 5..7 of the flags) and, for format 6, codec id {@code compcode} in the udcodec byte.
     */
    public static BlockCodec forFormat(int compformat, int compcode) {
        return switch (compformat) {
            case 0 -> forCodec(Codec.BLOSCLZ);
            case 1 -> forCodec(Codec.LZ4);
            case 3 -> forCodec(Codec.ZLIB);
            case 4 -> forCodec(Codec.ZSTD);
            case 6 -> throw new UnsupportedFeatureException("user-defined codec " + compcode + " is not registered");
            default -> throw new UnsupportedFeatureException("reserved codec format code " + compformat + " in the chunk flags");
        };
    }
}
