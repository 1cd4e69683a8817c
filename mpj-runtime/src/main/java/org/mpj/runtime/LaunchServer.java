package org.mpj.runtime;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.mpj.device.tcp.JobSecret;

/**
 * mpjrun's end of the control connections ({@link ControlProtocol}): accepts one connection per JVM,
 * refuses (and reports) any that cannot prove the job secret, gathers every JVM's rank addresses and
 * sends the full table to all once the last has reported, then passes each JVM's results on as
 * {@link JvmEvent}s and carries abort orders to every JVM.
 */
final class LaunchServer implements AutoCloseable {
    private final ServerSocket server;
    private final JobSecret secret;
    private final int[] ranksOfJvm;
    private final BlockingQueue<JvmEvent> events;
    private final DataOutputStream[] outs;
    private final Socket[] links;
    private final String[][] addresses;
    private int published;
    private volatile boolean closed;

    /**
     * @param ranksOfJvm how many ranks each JVM runs (its ADDRESSES must list that many), in JVM order
     */
    LaunchServer(InetAddress bind, JobSecret secret, int[] ranksOfJvm, BlockingQueue<JvmEvent> events) throws IOException {
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(bind, 0), ranksOfJvm.length + 16);
        this.secret = secret;
        this.ranksOfJvm = ranksOfJvm.clone();
        this.events = events;
        this.outs = new DataOutputStream[ranksOfJvm.length];
        this.links = new Socket[ranksOfJvm.length];
        this.addresses = new String[ranksOfJvm.length][];
    }

    /** Where the JVMs connect: {@code host:port}. */
    String address() {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
    }

    void start() {
        Thread t = new Thread(this::acceptLoop, "mpjrun-control-accept");
        t.setDaemon(true);
        t.start();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return;
            }
            Thread t = new Thread(() -> serve(s), "mpjrun-control-" + s.getRemoteSocketAddress());
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(Socket s) {
        int jvm;
        DataInputStream in;
        DataOutputStream out;
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(ControlProtocol.HANDSHAKE_TIMEOUT_MS);
            in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
            DataOutputStream o = out;
            jvm = ControlProtocol.authenticateJvm(in, out, secret, ranksOfJvm.length, j -> take(j, s, o));
            s.setSoTimeout(0);
        } catch (IOException e) {
            refuse(s, e.getMessage());
            return;
        }
        try {
            readLoop(jvm, in);
        } catch (EOFException e) {
            events.add(new JvmEvent(jvm, JvmEvent.Kind.CLOSED, 0, -1, null));
        } catch (IOException e) {
            events.add(new JvmEvent(jvm, JvmEvent.Kind.CLOSED, 0, -1, closed ? null : e.toString()));
        }
        closeQuietly(s);
    }

    private void readLoop(int jvm, DataInputStream in) throws IOException {
        while (true) {
            byte type = in.readByte();
            switch (type) {
                case ControlProtocol.ADDRESSES -> publish(jvm, ControlProtocol.readStrings(in));
                case ControlProtocol.RESULT -> {
                    int code = in.readInt();
                    int rank = in.readInt();
                    events.add(new JvmEvent(jvm, JvmEvent.Kind.RESULT, code, rank, in.readUTF()));
                }
                case ControlProtocol.EXITING -> events.add(new JvmEvent(jvm, JvmEvent.Kind.EXITING,
                        in.readBoolean() ? 1 : 0, -1, null));
                case ControlProtocol.WAITING -> events.add(new JvmEvent(jvm, JvmEvent.Kind.WAITING, 0, -1, in.readUTF()));
                default -> throw new IOException("JVM " + jvm + " sent control message type " + type
                        + " (valid: ADDRESSES, RESULT, EXITING, WAITING)");
            }
        }
    }

    /** The rank addresses ("host:port") the JVMs reported so far, in JVM order. */
    synchronized List<String> rankAddresses() {
        List<String> all = new ArrayList<>();
        for (String[] a : addresses) {
            if (a != null) {
                all.addAll(List.of(a));
            }
        }
        return all;
    }

    /** Stores a JVM's addresses; the last one to report triggers the table for everyone. */
    private void publish(int jvm, String[] mine) throws IOException {
        if (mine.length != ranksOfJvm[jvm]) {
            throw new IOException("JVM " + jvm + " reported " + mine.length + " addresses for its " + ranksOfJvm[jvm] + " ranks");
        }
        synchronized (this) {
            if (addresses[jvm] != null) {
                throw new IOException("JVM " + jvm + " reported its addresses twice");
            }
            addresses[jvm] = mine;
            if (++published < ranksOfJvm.length) {
                return;
            }
            List<String> all = new ArrayList<>();
            for (String[] a : addresses) {
                all.addAll(List.of(a));
            }
            String[] table = all.toArray(new String[0]);
            sendToEach(out -> ControlProtocol.writeStrings(out, ControlProtocol.TABLE, table));
        }
    }

    private synchronized boolean take(int jvm, Socket s, DataOutputStream out) {
        if (links[jvm] != null) {
            return false;
        }
        links[jvm] = s;
        outs[jvm] = out;
        return true;
    }

    /** JVM {@code jvm} proved the secret and connected. */
    synchronized boolean connected(int jvm) {
        return links[jvm] != null;
    }

    /**
     * Asks every JVM where its ranks wait; each answers with a {@link JvmEvent.Kind#WAITING} event. Only
     * once every JVM has its peer table (which then comes first on each connection): false before, when
     * no rank has left its start-up and some JVM would read the question only at the end of its own.
     */
    synchronized boolean askWhereAll() {
        if (!wiredUp()) {
            return false;
        }
        sendToEach(out -> out.writeByte(ControlProtocol.WHERE));
        return true;
    }

    /** Every JVM has reported its addresses and been sent the peer table. */
    synchronized boolean wiredUp() {
        return published == ranksOfJvm.length;
    }

    /** Tells every connected JVM that the job ends because of {@code rank}. */
    synchronized void abortAll(int rank, int code, String message) {
        sendToEach(out -> {
            out.writeByte(ControlProtocol.ABORT);
            out.writeInt(rank);
            out.writeInt(code);
            out.writeUTF(message.length() > 16_000 ? message.substring(0, 16_000) : message);
        });
    }

    /** One control message, written to one JVM's connection. */
    private interface Message {
        void writeTo(DataOutputStream out) throws IOException;
    }

    /** Sends {@code m} to every connected JVM (the caller holds this lock); a JVM that cannot take it is cut off. */
    private void sendToEach(Message m) {
        for (int j = 0; j < outs.length; j++) {
            if (outs[j] == null) {
                continue;
            }
            try {
                m.writeTo(outs[j]);
                outs[j].flush();
            } catch (IOException e) {
                closeQuietly(links[j]);
            }
        }
    }

    private void refuse(Socket s, String why) {
        if (!closed) {
            System.err.println("mpjrun: refused a control connection from " + s.getRemoteSocketAddress() + ": " + why);
        }
        closeQuietly(s);
    }

    private static void closeQuietly(Socket s) {
        try {
            if (s != null) {
                s.close();
            }
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : links) {
            closeQuietly(s);
        }
    }
}
