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
     * CPU cache sizes in bytes.
     *
     * @param l1Data  L1 data cache
     * @param l2      L2 cache
     * @param l3      L3 cache
     * @param x86     whether the machine is x86-64
     */
    public record CacheSizes(long l1Data, long l2, long l3, boolean x86) {
        private static volatile CacheSizes detected;

        /**
         * This machine's caches as python-blosc2 4.x's {@code get_cpu_info} finds them on Linux: the sizes in sysfs
         * {@code index0} (L1 data), {@code index2} (L2) and {@code index3} (L3) of cpu0, each one it cannot read
         * taking python-blosc2's default (32 KiB, 256 KiB, 1 MiB). (python-blosc2 asks {@code lscpu} next, which
         * reads the same sysfs files.)
         */
        public static CacheSizes detect() {
            CacheSizes c = detected;
            if (c == null) {
                String arch = System.getProperty("os.arch", "");
                c = fromSysfs(Path.of("/sys/devices/system/cpu/cpu0/cache"),
                        arch.equals("amd64") || arch.equals("x86_64"));
                detected = c;
            }
            return c;
        }

        /** {@link #detect} over the cache directory {@code base} of a sysfs cpu. */
        static CacheSizes fromSysfs(Path base, boolean x86) {
            return new CacheSizes(size(base, 0, 32L << 10), size(base, 2, 256L << 10), size(base, 3, 1L << 20), x86);
        }

        /** The size in {@code base/index<index>/size}, or {@code otherwise} when it cannot be read. */
        private static long size(Path base, int index, long otherwise) {
            try {
                return parseSize(Files.readString(base.resolve("index" + index).resolve("size")).strip());
            } catch (IOException | RuntimeException e) {
                return otherwise;
            }
        }

        /** A sysfs size ("48K", "1M", "2G"); what python-blosc2 reads, which takes no other form. */
        private static long parseSize(String s) {
            int shift = switch (s.isEmpty() ? ' ' : s.charAt(s.length() - 1)) {
                case 'K' -> 10;
                case 'M' -> 20;
                case 'G' -> 30;
                default -> throw new NumberFormatException("cache size '" + s + "'");
            };
            return Long.parseLong(s.substring(0, s.length() - 1)) << shift;
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
        if (cache.l3() > 0 && cache.l2() > 0 && cache.l3() > cache.l2()) {
            chunksize = cache.l3();
        }
        chunksize /= reduc; // python-blosc2 4.x always has an L3 size (its default when unknown)
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
