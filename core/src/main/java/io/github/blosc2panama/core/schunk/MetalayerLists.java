package io.github.blosc2panama.core.schunk;

import io.github.blosc2panama.core.InvalidArgumentException;
import io.github.blosc2panama.core.frame.FrameHeader;
import io.github.blosc2panama.core.frame.FrameTrailer;
import io.github.blosc2panama.core.frame.Metalayer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A frame's lists of metalayers (header) and vlmetalayers (trailer) after one change, within C-Blosc2's limits. */
final class MetalayerLists {
    private MetalayerLists() {
    }

    /** {@code metas} with a new metalayer at the end; its name {@linkplain #checkName checked} by the caller. */
    static List<Metalayer> adding(List<Metalayer> metas, String name, byte[] content) {
        if (Metalayer.find(metas, name) != null) {
            throw new InvalidArgumentException("metalayer '" + name + "' already exists");
        }
        if (metas.size() >= FrameHeader.MAX_METALAYERS) {
            throw new InvalidArgumentException("at most " + FrameHeader.MAX_METALAYERS + " metalayers");
        }
        List<Metalayer> out = new ArrayList<>(metas);
        out.add(new Metalayer(name, content));
        return out;
    }

    /** {@code metas} with metalayer {@code name} holding {@code content}, of the same length as before (in place). */
    static List<Metalayer> updating(List<Metalayer> metas, String name, byte[] content) {
        Metalayer old = Metalayer.find(metas, name);
        if (old == null) {
            throw new InvalidArgumentException("no metalayer '" + name + "'");
        }
        if (old.content().length != content.length) {
            throw new InvalidArgumentException("metalayer '" + name + "' holds " + old.content().length
                    + " bytes; an update must keep that size, got " + content.length);
        }
        List<Metalayer> out = new ArrayList<>();
        for (Metalayer m : metas) {
            out.add(m.name().equals(name) ? new Metalayer(name, content) : m);
        }
        return out;
    }

    /**
     * {@code vlmetas} with vlmetalayer {@code name} holding {@code stored}: replaced where it is, else added; the name
     * {@linkplain #checkName checked} by the caller (before it compresses the content).
     */
    static List<Metalayer> setting(List<Metalayer> vlmetas, String name, byte[] stored) {
        List<Metalayer> out = new ArrayList<>(vlmetas);
        Metalayer m = new Metalayer(name, stored);
        boolean replaced = false;
        for (int k = 0; k < out.size(); k++) {
            if (out.get(k).name().equals(name)) {
                out.set(k, m);
                replaced = true;
            }
        }
        if (!replaced) {
            if (out.size() >= FrameTrailer.MAX_WRITTEN_VLMETALAYERS) {
                throw new InvalidArgumentException("vlmetalayer '" + name + "' not added: a frame has at most "
                        + FrameTrailer.MAX_WRITTEN_VLMETALAYERS + " (C-Blosc2 writes no more)");
            }
            out.add(m);
        }
        return out;
    }

    static void checkName(String name) {
        int len = name.getBytes(StandardCharsets.UTF_8).length;
        if (len == 0 || len > FrameHeader.MAX_NAME_LEN) {
            throw new InvalidArgumentException("metalayer names are 1.." + FrameHeader.MAX_NAME_LEN + " bytes, got '"
                    + name + "'");
        }
    }
}
