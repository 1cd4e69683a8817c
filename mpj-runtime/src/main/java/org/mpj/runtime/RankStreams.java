package org.mpj.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code System.out}, {@code System.err} and {@code System.in} of a JVM whose ranks are threads:
 * each thread's output is collected per thread and written whole lines at a time, so a line is never
 * split or mixed with another rank's; with tags, a rank's lines start with {@code [rank] }. Threads
 * that a rank starts belong to that rank. Standard input is rank 0's: other ranks read end of file.
 */
final class RankStreams {
    /** A partial line longer than this is written out without waiting for its end. */
    static final int MAX_LINE_BYTES = 64 * 1024;

    /** The world rank of the current thread, or null for threads of no rank. */
    private static final InheritableThreadLocal<Integer> RANK = new InheritableThreadLocal<>();
    private static volatile LineStream out;
    private static volatile LineStream err;

    private RankStreams() {
    }

    /**
     * Replaces System.out, System.err and System.in with rank-aware ones that write to the current
     * ones, until the returned handle is closed (which puts the previous ones back).
     */
    static synchronized AutoCloseable install(boolean tag) {
        PrintStream oldOut = System.out, oldErr = System.err;
        InputStream oldIn = System.in;
        LineStream o = new LineStream(oldOut, tag), e = new LineStream(oldErr, tag);
        out = o;
        err = e;
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        System.setIn(new RankZeroInput(oldIn));
        return () -> {
            synchronized (RankStreams.class) {
                System.setOut(oldOut);
                System.setErr(oldErr);
                System.setIn(oldIn);
                out = null;
                err = null;
            }
        };
    }

    /** Marks the current thread (and threads it starts) as world rank {@code rank}'s. */
    static void enter(int rank) {
        RANK.set(rank);
    }

    /** Writes out what the current thread left without a line end, and ends its rank mark. */
    static void leave() {
        LineStream o = out, e = err;
        if (o != null && e != null) {
            o.writePartial();
            e.writePartial();
        }
        RANK.remove();
    }

    /** Collects each thread's bytes until a line end, then writes the line (with its tag) in one call. */
    static final class LineStream extends OutputStream {
        private final OutputStream target;
        private final boolean tag;
        private final ThreadLocal<ByteArrayOutputStream> line = ThreadLocal.withInitial(ByteArrayOutputStream::new);

        LineStream(OutputStream target, boolean tag) {
            this.target = target;
            this.tag = tag;
        }

        @Override
        public void write(int b) throws IOException {
            ByteArrayOutputStream buf = line.get();
            buf.write(b);
            if (b == '\n' || buf.size() >= MAX_LINE_BYTES) {
                emit(buf);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteArrayOutputStream buf = line.get();
            int start = off;
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    buf.write(b, start, i + 1 - start);
                    emit(buf);
                    start = i + 1;
                }
            }
            buf.write(b, start, off + len - start);
            if (buf.size() >= MAX_LINE_BYTES) {
                emit(buf);
            }
        }

        /** A flush does not cut a line: the rest of it follows on the same thread. */
        @Override
        public void flush() {
        }

        void writePartial() {
            ByteArrayOutputStream buf = line.get();
            if (buf.size() > 0) {
                buf.write('\n');
                try {
                    emit(buf);
                } catch (IOException e) {
                    buf.reset();
                }
            }
        }

        private void emit(ByteArrayOutputStream buf) throws IOException {
            Integer rank = RANK.get();
            byte[] prefix = tag && rank != null ? ("[" + rank + "] ").getBytes(StandardCharsets.UTF_8) : null;
            synchronized (LineStream.class) {
                if (prefix != null) {
                    byte[] whole = new byte[prefix.length + buf.size()];
                    System.arraycopy(prefix, 0, whole, 0, prefix.length);
                    System.arraycopy(buf.toByteArray(), 0, whole, prefix.length, buf.size());
                    target.write(whole);
                } else {
                    target.write(buf.toByteArray());
                }
                target.flush();
            }
            buf.reset();
        }
    }

    /** The JVM's standard input for rank 0 (and threads of no rank); end of file for every other rank. */
    static final class RankZeroInput extends InputStream {
        private final InputStream in;

        RankZeroInput(InputStream in) {
            this.in = in;
        }

        private boolean mine() {
            Integer rank = RANK.get();
            return rank == null || rank == 0;
        }

        @Override
        public int read() throws IOException {
            return mine() ? in.read() : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return mine() ? in.read(b, off, len) : -1;
        }

        @Override
        public int available() throws IOException {
            return mine() ? in.available() : 0;
        }
    }
}
