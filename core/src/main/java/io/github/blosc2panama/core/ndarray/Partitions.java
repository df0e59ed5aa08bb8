package io.github.blosc2panama.core.ndarray;

import io.github.blosc2panama.core.Blosc2;
import io.github.blosc2panama.core.InvalidArgumentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The default chunkshape and blockshape, chosen as python-blosc2 4.x's {@code compute_chunks_blocks}
 * does for the ordinary codecs (no STUNE probe): a block of about a quarter of the L2 cache on
 * x86-64 (4 x L1 when L2 >= 2 MiB, L1 elsewhere), a chunk sized from the L3 cache, both shaped by
 * filling dimensions from the last one and snapping to divisors of the shape.
 */
public final class Partitions {
    /** BLOSC2_MAXBLOCKSIZE. */
    static final long MAX_BLOCKSIZE = 536_866_816L;

    /**
     * CPU cache sizes in bytes; 0 when unknown.
     *
     * @param l1Data  L1 data cache
     * @param l2      L2 cache
     * @param l3      L3 cache
     * @param x86     whether the machine is x86-64
     */
    public record CacheSizes(long l1Data, long l2, long l3, boolean x86) {
        private static volatile CacheSizes detected;

        /** This machine's caches (Linux sysfs; python-blosc2's defaults where unknown). */
        public static CacheSizes detect() {
            CacheSizes c = detected;
            if (c == null) {
                long l1 = 0;
                long l2 = 0;
                long l3 = 0;
                Path base = Path.of("/sys/devices/system/cpu/cpu0/cache");
                for (int i = 0; i < 8; i++) {
                    Path idx = base.resolve("index" + i);
                    try {
                        if (!Files.isDirectory(idx)) {
                            continue;
                        }
                        int level = Integer.parseInt(Files.readString(idx.resolve("level")).strip());
                        String type = Files.readString(idx.resolve("type")).strip();
                        long size = parseSize(Files.readString(idx.resolve("size")).strip());
                        if (level == 1 && type.equals("Data")) {
                            l1 = size;
                        } else if (level == 2) {
                            l2 = size;
                        } else if (level == 3) {
                            l3 = size;
                        }
                    } catch (IOException | RuntimeException e) {
                        // unknown: keep 0
                    }
                }
                String arch = System.getProperty("os.arch", "");
                c = new CacheSizes(l1 == 0 ? 32768 : l1, l2 == 0 ? 1 << 20 : l2, l3,
                        arch.equals("amd64") || arch.equals("x86_64"));
                detected = c;
            }
            return c;
        }

        private static long parseSize(String s) {
            long mult = 1;
            if (s.endsWith("K")) {
                mult = 1024;
                s = s.substring(0, s.length() - 1);
            } else if (s.endsWith("M")) {
                mult = 1024 * 1024;
                s = s.substring(0, s.length() - 1);
            }
            return Long.parseLong(s) * mult;
        }
    }

    /** A chunkshape and blockshape. */
    public record Choice(int[] chunkshape, int[] blockshape) {
    }

    private Partitions() {
    }

    /**
     * The chunkshape and blockshape for an array of {@code shape} and {@code itemsize}; either may be
     * given (null = choose).
     */
    public static Choice choose(long[] shape, int[] chunks, int[] blocks, int itemsize, CacheSizes cache) {
        int nd = shape.length;
        if (chunks != null && chunks.length != nd) {
            throw new InvalidArgumentException("chunkshape needs " + nd + " entries, got " + chunks.length);
        }
        if (blocks != null && blocks.length != nd) {
            throw new InvalidArgumentException("blockshape needs " + nd + " entries, got " + blocks.length);
        }
        boolean hasZero = false;
        for (long s : shape) {
            hasZero |= s == 0;
        }
        if (hasZero && chunks == null && blocks == null) {
            int[] z = new int[nd];
            for (int i = 0; i < nd; i++) {
                z[i] = (int) Math.min(shape[i], Integer.MAX_VALUE);
            }
            return new Choice(z, z.clone());
        }
        for (int i = 0; i < nd; i++) {
            if (blocks != null && blocks[i] <= 0 && shape[i] != 0) {
                throw new InvalidArgumentException("blockshape[" + i + "] must be positive, got " + blocks[i]);
            }
            if (chunks != null && chunks[i] <= 0 && shape[i] != 0) {
                throw new InvalidArgumentException("chunkshape[" + i + "] must be positive, got " + chunks[i]);
            }
        }
        if (chunks != null && blocks != null) {
            for (int i = 0; i < nd; i++) {
                if (blocks[i] > chunks[i]) {
                    throw new InvalidArgumentException("blockshape[" + i + "] " + blocks[i] + " exceeds chunkshape["
                            + i + "] " + chunks[i]);
                }
            }
            return new Choice(chunks.clone(), blocks.clone());
        }
        long blocksize;
        if (blocks == null) {
            blocksize = 32 * 1024;
            long min = blocksize;
            if (cache.x86()) {
                min = cache.l2() / 4;
                if (cache.l2() >= (1 << 21)) {
                    min = cache.l1Data() * 4;
                }
            } else if (cache.l1Data() > 0) {
                min = cache.l1Data();
            }
            blocksize = Math.max(blocksize, min);
            blocksize = Math.max(blocksize, itemsize);
        } else {
            blocksize = itemsize;
            for (int b : blocks) {
                blocksize *= b;
            }
        }
        if (blocksize > MAX_BLOCKSIZE) {
            throw new InvalidArgumentException("blocksize " + blocksize + " exceeds " + MAX_BLOCKSIZE + " bytes");
        }
        long[] maxshape = chunks == null ? shape : toLong(chunks);
        long[] blk = partition(blocksize / itemsize, maxshape, null);
        long[] chk;
        if (chunks == null) {
            long bsize = itemsize;
            for (long b : blk) {
                bsize *= b;
            }
            long chunksize = chunksize(bsize, cache, 4);
            if (chunksize % bsize != 0) {
                chunksize = chunksize / bsize * bsize;
            }
            chk = partition(chunksize / itemsize, shape, blk);
            for (int i = 0; i < nd; i++) {
                long c = chk[i];
                long b = blk[i];
                chk[i] = Math.min(shape[i], c % b == 0 ? c : (c / b + 1) * b);
            }
        } else {
            chk = toLong(chunks);
        }
        return new Choice(toInt(chk), toInt(blk));
    }

    static long chunksize(long blocksize, CacheSizes cache, int reduc) {
        long l3Minimum = 4L << 20;
        long l3Maximum = 1L << 26;
        long chunksize = blocksize;
        if (blocksize * 32 < l3Maximum) {
            chunksize = blocksize * 32;
        }
        if (cache.l3() > 0) {
            if (cache.l2() > 0 && cache.l3() > cache.l2()) {
                chunksize = cache.l3();
            }
            chunksize /= reduc;
        }
        if (cache.l2() > 0 && cache.l2() > chunksize) {
            chunksize = Math.max(cache.l2() / reduc, chunksize);
        }
        chunksize = Math.max(chunksize, l3Minimum);
        chunksize = Math.min(chunksize, Blosc2.MAX_BUFFERSIZE);
        return Math.max(chunksize, blocksize);
    }

    /** python-blosc2's compute_partition. */
    static long[] partition(long nitems, long[] maxshape, long[] minpart) {
        int nd = maxshape.length;
        long[] part = new long[nd];
        Arrays.fill(part, 1);
        long maxItems = nitems;
        for (int i = nd - 1; i >= 0; i--) {
            if (maxItems <= 1) {
                break;
            }
            long size = maxshape[i];
            long minsize = minpart == null ? 1 : minpart[i];
            long rsize = Math.max(size, minsize);
            if (rsize <= maxItems) {
                rsize = size % rsize == 0 ? rsize : nearestDivisor(size, rsize, false);
            } else {
                rsize = Math.max(maxItems, minsize);
                long n = size % rsize == 0 ? rsize : nearestDivisor(size, rsize, true);
                if (rsize / 2 < n && n < rsize * 2) {
                    rsize = n;
                }
            }
            part[i] = rsize;
            maxItems /= rsize;
        }
        return part;
    }

    /** python-blosc2's nearest_divisor (the Cython version). */
    static long nearestDivisor(long a, long b, boolean strict) {
        if (a > 100_000 || strict) {
            for (long i = b; i > 0; i--) {
                if (a % i == 0) {
                    return i;
                }
            }
            return 1;
        }
        long closest = 1;
        long minDiff = a;
        boolean found = false;
        for (long i = 1; i * i <= a; i++) {
            if (a % i == 0) {
                long diff = Math.abs(i - b);
                if (diff < minDiff) {
                    minDiff = diff;
                    closest = i;
                    found = true;
                }
                diff = Math.abs(a / i - b);
                if (diff < minDiff) {
                    minDiff = diff;
                    closest = a / i;
                    found = true;
                }
            }
        }
        return found ? closest : 1;
    }

    private static long[] toLong(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i];
        }
        return out;
    }

    private static int[] toInt(long[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            if (a[i] > Integer.MAX_VALUE) {
                throw new InvalidArgumentException("partition dimension " + a[i] + " exceeds " + Integer.MAX_VALUE);
            }
            out[i] = (int) a[i];
        }
        return out;
    }
}
