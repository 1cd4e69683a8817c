package org.mpj.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * Copies a JVM's stdout or stderr to mpjrun's, whole lines at a time under one lock, so lines of
 * different JVMs never mix. A last line without its end gets one.
 */
final class OutputPump extends Thread {
    private static final Object LOCK = new Object();

    private final InputStream from;
    private final Supplier<PrintStream> to;

    /** @param to where lines go, looked up per line (tests replace System.out and System.err) */
    OutputPump(InputStream from, Supplier<PrintStream> to, String name) {
        super(name);
        this.from = from;
        this.to = to;
        setDaemon(true);
    }

    @Override
    public void run() {
        byte[] chunk = new byte[8192];
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try (from) {
            for (int n = from.read(chunk); n >= 0; n = from.read(chunk)) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == '\n') {
                        line.write(chunk, start, i + 1 - start);
                        emit(line);
                        start = i + 1;
                    }
                }
                line.write(chunk, start, n - start);
                if (line.size() >= RankStreams.MAX_LINE_BYTES) {
                    emit(line);
                }
            }
        } catch (IOException e) {
            // the process is gone; what it wrote so far is out
        }
        if (line.size() > 0) {
            line.write('\n');
            emit(line);
        }
    }

    private void emit(ByteArrayOutputStream line) {
        synchronized (LOCK) {
            OutputStream out = to.get();
            try {
                line.writeTo(out);
                out.flush();
            } catch (IOException ignored) {
                // mpjrun's own output is closed: nothing to do
            }
        }
        line.reset();
    }
}
