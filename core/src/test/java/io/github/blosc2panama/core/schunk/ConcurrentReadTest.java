package io.github.blosc2panama.core.schunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.blosc2panama.core.CParams;
import io.github.blosc2panama.core.Codec;
import io.github.blosc2panama.core.Filter;
import io.github.blosc2panama.core.Storage;
import io.github.blosc2panama.core.SuperChunk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight threads read random chunks of one mapped contiguous frame for 10 seconds (decompressing
 * into new arrays and into their own native segments, slicing across chunks, comparing the
 * zero-copy views with the stored bytes): no byte may differ from the known data.
 */
class ConcurrentReadTest {
    private static final int THREADS = 8;
    private static final long MILLIS = 10_000;

    @TempDir
    Path dir;

    static byte[] data(int i) {
        SplittableRandom r = new SplittableRandom(1000L + i);
        byte[] b = new byte[4096 + 4 * r.nextInt(12_000)];
        int x = r.nextInt();
        for (int k = 0; k < b.length; k += 4) {
            x += r.nextInt(5) - 2;
            b[k] = (byte) x;
            b[k + 1] = (byte) (x >> 8);
            b[k + 2] = (byte) (x >> 16);
            b[k + 3] = (byte) r.nextInt(4);
        }
        return b;
    }

    static byte[] sha(byte[] b) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(b);
    }

    @Test
    void eightThreadsTenSecondsNoWrongByte() throws Exception {
        Path f = dir.resolve("shared.b2frame");
        int n = 300;
        List<byte[]> sums = new ArrayList<>();
        List<byte[]> stored = new ArrayList<>();
        long[] starts = new long[n + 1];
        byte[] all;
        CParams p = CParams.builder().codec(Codec.LZ4).typesize(4).filters(Filter.SHUFFLE, Filter.DELTA).build();
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(f).durable(false), p, 0)) {
            java.io.ByteArrayOutputStream concat = new java.io.ByteArrayOutputStream();
            for (int i = 0; i < n; i++) {
                byte[] d = data(i);
                sc.append(d);
                sums.add(sha(d));
                concat.write(d);
                starts[i + 1] = starts[i] + d.length;
            }
            all = concat.toByteArray();
        }
        ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        AtomicLong reads = new AtomicLong();
        try (SuperChunk sc = SuperChunk.open(f)) {
            for (int i = 0; i < n; i++) {
                stored.add(sc.chunk(i).toArray(ValueLayout.JAVA_BYTE));
            }
            CountDownLatch go = new CountDownLatch(1);
            long deadline = System.nanoTime() + MILLIS * 1_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                threads.add(Thread.ofPlatform().start(() -> {
                    SplittableRandom r = new SplittableRandom(id);
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment buf = arena.allocate(64 * 1024);
                        go.await();
                        while (System.nanoTime() < deadline) {
                            int i = r.nextInt(n);
                            switch (r.nextInt(4)) {
                                case 0 -> {
                                    if (!Arrays.equals(sums.get(i), sha(sc.decompressChunk(i)))) {
                                        errors.add("thread " + id + ": chunk " + i + " decompressed wrong");
                                    }
                                }
                                case 1 -> {
                                    long len = sc.decompressChunk(i, buf);
                                    if (!Arrays.equals(sums.get(i), sha(buf.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE)))) {
                                        errors.add("thread " + id + ": chunk " + i + " into a segment wrong");
                                    }
                                }
                                case 2 -> {
                                    long a = r.nextLong(all.length);
                                    long b = Math.min(all.length, a + r.nextInt(60_000));
                                    if (!Arrays.equals(Arrays.copyOfRange(all, (int) a, (int) b), sc.getSlice(a, b))) {
                                        errors.add("thread " + id + ": slice [" + a + ", " + b + ") wrong");
                                    }
                                }
                                default -> {
                                    MemorySegment view = sc.chunk(i);
                                    if (view.isReadOnly() != true || MemorySegment.ofArray(stored.get(i)).mismatch(view) != -1) {
                                        errors.add("thread " + id + ": view of chunk " + i + " differs from the stored bytes");
                                    }
                                }
                            }
                            reads.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        errors.add("thread " + id + ": " + e);
                    }
                }));
            }
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
        }
        assertTrue(errors.isEmpty(), errors.size() + " errors, first: " + errors.peek());
        assertTrue(reads.get() > 1000, "only " + reads.get() + " reads in 10 s");
        assertEquals(starts[n], all.length);
    }

    @Test
    void closingWhileAnotherThreadDecodesIsNoCrash() throws Exception {
        // the codecs read mapped chunks by raw address: a mapping closed under them crashed the JVM (SIGSEGV)
        Path f = dir.resolve("closing.b2frame");
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(f),
                CParams.builder().codec(Codec.LZ4).typesize(4).build(), 1 << 20)) {
            SplittableRandom r = new SplittableRandom(5);
            byte[] d = new byte[4 << 20];
            for (int i = 0; i < d.length; i += 4) {
                int v = i / 4 + r.nextInt(64);
                d[i] = (byte) v;
                d[i + 1] = (byte) (v >> 8);
                d[i + 2] = (byte) (v >> 16);
            }
            sc.extend(d);
        }
        for (int round = 0; round < 300; round++) {
            SuperChunk sc = SuperChunk.open(f);
            ConcurrentLinkedQueue<Throwable> ended = new ConcurrentLinkedQueue<>();
            CountDownLatch started = new CountDownLatch(1);
            Thread reader = new Thread(() -> {
                try {
                    for (int i = 0; ; i++) {
                        sc.decompressChunk(i % 4);
                        started.countDown();
                    }
                } catch (Throwable e) {
                    ended.add(e);
                }
            });
            reader.start();
            started.await();
            Thread.sleep(round % 3);
            sc.close();
            reader.join(10_000);
            assertTrue(!reader.isAlive() && ended.size() == 1, "round " + round);
            assertTrue(ended.peek() instanceof IllegalStateException, "round " + round + ": " + ended.peek());
        }
    }

    @Test
    void anInterruptedReaderDoesNotBreakTheFrameForOthers() throws Exception {
        // an interrupt closes a FileChannel for every thread: each read and write after it failed
        Path f = dir.resolve("interrupted.b2frame");
        byte[] d = data(7);
        try (SuperChunk sc = SuperChunk.create(Storage.contiguous(f), CParams.builder().typesize(4).build(), d.length)) {
            sc.append(d);
            sc.append(d); // the next read maps the file anew
            Thread t = new Thread(() -> {
                Thread.currentThread().interrupt();
                assertTrue(Arrays.equals(d, sc.decompressChunk(0)));
                assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept");
                sc.append(d); // a write from an interrupted thread, too
                assertTrue(Thread.interrupted());
            });
            ConcurrentLinkedQueue<Throwable> failed = new ConcurrentLinkedQueue<>();
            t.setUncaughtExceptionHandler((th, e) -> failed.add(e));
            t.start();
            t.join();
            assertTrue(failed.isEmpty(), String.valueOf(failed.peek()));
            assertTrue(Arrays.equals(d, sc.decompressChunk(2)));
            sc.append(d);
            assertEquals(4, sc.nchunks());
        }
        try (SuperChunk sc = SuperChunk.open(f)) {
            assertEquals(4, sc.nchunks());
            assertTrue(Arrays.equals(d, sc.decompressChunk(3)));
        }
    }
}
