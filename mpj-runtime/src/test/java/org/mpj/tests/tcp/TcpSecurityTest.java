package org.mpj.tests.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.epoll.Epoll;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.Bootstrap;
import org.mpj.core.Config;
import org.mpj.core.RankContext;
import org.mpj.device.tcp.Frame;
import org.mpj.device.tcp.JobSecret;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.runtime.Jobs;

/**
 * Strangers at a rank's port: garbage, a wrong secret, a replayed handshake, silence. Each is refused
 * (closed, logged once) while the job's own traffic goes on unharmed.
 */
class TcpSecurityTest {
    static final String SECRET = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    /** Rank 0 attacks rank 1 between two real messages; rank 1 waits in Recv meanwhile. */
    public static class Attacks {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] v = new int[1];
            if (rank == 0) {
                // Round trips first: rank 0's own connections are proven before the attacks, which keep
                // rank 0 out of MPI (and so its handshakes unserved) for longer than the test's timeout.
                MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 2, 0);
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 2, 0);
                RankContext me = Bootstrap.contextFor(MPI.class.getClassLoader());
                InetSocketAddress target = ((TcpDevice) me.device).table().address(1);
                JobSecret secret = JobSecret.parse(me.config.get(Config.JOB_SECRET), "of the test");
                garbage(target);
                wrongSecret(target);
                replay(target, secret);
                silence(target);
                Path local = TcpDevice.localSocketOf(target);
                if (local != null && Files.exists(local)) { // where ranks of a host meet through Unix sockets
                    unixGarbage(local);
                    unixWrongSecret(local);
                }
                hangUp(target);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 2);
                assertEquals(3, v[0]);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 1);
                assertEquals(2, v[0]);
                MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, 0, 2);
            } else if (rank == 2) {
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);
            }
            MPI.Finalize();
        }

        static void garbage(InetSocketAddress target) throws IOException {
            try (Socket s = connect(target)) {
                byte[] junk = new byte[500];
                new Random(7).nextBytes(junk);
                s.getOutputStream().write(junk);
                assertClosedByPeer(s, "garbage");
            }
        }

        static void wrongSecret(InetSocketAddress target) throws IOException {
            JobSecret wrong = JobSecret.parse(SECRET.replace('0', '1'), "wrong");
            try (Socket s = connect(target)) {
                byte[] nonce = new byte[Frame.NONCE_BYTES];
                s.getOutputStream().write(frame(Frame.HELLO, 0, 1, nonce));
                byte[] challenge = readFrame(s.getInputStream(), Frame.NONCE_BYTES + Frame.MAC_BYTES);
                byte[] theirNonce = Arrays.copyOf(challenge, Frame.NONCE_BYTES);
                s.getOutputStream().write(frame(Frame.PROOF, 0, 1, wrong.mac((byte) 'C', 0, 1, theirNonce, nonce)));
                assertClosedByPeer(s, "wrong secret");
            }
        }

        /**
         * Session 1 proves the secret correctly (as a rank would) and is refused only because rank 0
         * is connected already; session 2 replays session 1's bytes and is refused for its stale PROOF.
         */
        static void replay(InetSocketAddress target, JobSecret secret) throws IOException {
            byte[] nonce = new byte[Frame.NONCE_BYTES];
            new Random(9).nextBytes(nonce);
            byte[] hello = frame(Frame.HELLO, 0, 1, nonce);
            byte[] proof;
            try (Socket s = connect(target)) {
                s.getOutputStream().write(hello);
                byte[] challenge = readFrame(s.getInputStream(), Frame.NONCE_BYTES + Frame.MAC_BYTES);
                byte[] theirNonce = Arrays.copyOf(challenge, Frame.NONCE_BYTES);
                proof = frame(Frame.PROOF, 0, 1, secret.mac((byte) 'C', 0, 1, theirNonce, nonce));
                s.getOutputStream().write(proof);
                assertClosedByPeer(s, "a second connection claiming rank 0");
            }
            try (Socket s = connect(target)) {
                OutputStream out = s.getOutputStream();
                out.write(hello);
                readFrame(s.getInputStream(), Frame.NONCE_BYTES + Frame.MAC_BYTES);
                out.write(proof);
                assertClosedByPeer(s, "replayed handshake");
            }
        }

        /** Half a frame's header, then the stranger goes away: a lost connection, not a refusal. */
        static void hangUp(InetSocketAddress target) throws IOException {
            try (Socket s = connect(target)) {
                s.getOutputStream().write(new byte[] {1, 2, 3, 4, 5});
                s.getOutputStream().flush();
            }
        }

        static void silence(InetSocketAddress target) throws IOException {
            try (Socket s = connect(target)) {
                assertClosedByPeer(s, "silence past the handshake timeout");
            }
        }

        static void unixGarbage(Path local) throws IOException {
            try (SocketChannel s = SocketChannel.open(UnixDomainSocketAddress.of(local))) {
                byte[] junk = new byte[500];
                new Random(8).nextBytes(junk);
                s.write(ByteBuffer.wrap(junk));
                assertClosedByPeer(s, "garbage on the Unix socket");
            }
        }

        static void unixWrongSecret(Path local) throws IOException {
            JobSecret wrong = JobSecret.parse(SECRET.replace('0', '2'), "wrong");
            try (SocketChannel s = SocketChannel.open(UnixDomainSocketAddress.of(local))) {
                byte[] nonce = new byte[Frame.NONCE_BYTES];
                s.write(ByteBuffer.wrap(frame(Frame.HELLO, 0, 1, nonce)));
                ByteBuffer challenge = ByteBuffer.allocate(Frame.HEADER_BYTES + Frame.NONCE_BYTES + Frame.MAC_BYTES);
                while (challenge.hasRemaining() && s.read(challenge) >= 0) {
                    // a CHALLENGE frame: header, the rank's nonce, its MAC
                }
                byte[] theirNonce = Arrays.copyOfRange(challenge.array(), Frame.HEADER_BYTES, Frame.HEADER_BYTES + Frame.NONCE_BYTES);
                s.write(ByteBuffer.wrap(frame(Frame.PROOF, 0, 1, wrong.mac((byte) 'C', 0, 1, theirNonce, nonce))));
                assertClosedByPeer(s, "wrong secret on the Unix socket");
            }
        }

        /** The rank closes the connection: end of stream (or a reset); the test's timeout bounds the wait. */
        static void assertClosedByPeer(SocketChannel s, String what) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(256);
            try {
                while (s.read(b.clear()) >= 0) {
                    // whatever the rank wrote before it closed
                }
            } catch (IOException reset) {
                return;
            }
        }

        static Socket connect(InetSocketAddress target) throws IOException {
            Socket s = new Socket(target.getAddress(), target.getPort());
            s.setSoTimeout(10_000);
            return s;
        }

        static byte[] frame(byte type, int source, int tag, byte[] payload) {
            ByteBuf b = Unpooled.buffer();
            Frame.writeHeader(b, type, 0, Frame.NO_BASE, 0, source, tag, 0, payload.length, 0, 0);
            b.writeBytes(payload);
            byte[] out = new byte[b.readableBytes()];
            b.readBytes(out);
            return out;
        }

        static byte[] readFrame(InputStream in, int payloadBytes) throws IOException {
            byte[] f = new byte[Frame.HEADER_BYTES + payloadBytes];
            new DataInputStream(in).readFully(f);
            return Arrays.copyOfRange(f, Frame.HEADER_BYTES, f.length);
        }

        /** The rank closes the connection: end of stream (or a reset) before the read times out. */
        static void assertClosedByPeer(Socket s, String what) throws IOException {
            try {
                int b;
                do {
                    b = s.getInputStream().read();
                } while (b >= 0);
            } catch (SocketTimeoutException e) {
                throw new AssertionError(what + ": the rank did not close the connection within 10 s");
            } catch (IOException reset) {
                return;
            }
        }
    }

    @Test
    @Timeout(60)
    void strangersAreRefusedAndTheJobGoesOn() {
        List<String> refusals = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public synchronized void publish(LogRecord r) {
                refusals.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger("org.mpj.device.tcp");
        log.addHandler(h);
        try {
            Jobs.runOk(3, Map.of("mpj.device", "tcp", "mpj.jobSecret", SECRET, "mpj.tcp.handshakeTimeoutMs", "500"),
                    Attacks.class);
        } finally {
            log.removeHandler(h);
        }
        List<String> seen;
        synchronized (h) {
            seen = new ArrayList<>(refusals);
        }
        int expected = Epoll.isAvailable() ? 8 : 6; // 2 more on the Unix socket
        assertEquals(expected, seen.size(), "one log line per refused or lost connection: " + seen);
        for (String line : seen.subList(0, expected - 1)) {
            assertTrue(line.startsWith("tcp: rank 1 refused the connection from "), line);
        }
        String lost = seen.get(expected - 1);
        assertTrue(lost.startsWith("tcp: rank 1 lost the connection from ") && lost.contains("before its handshake ended"), lost);
        assertTrue(seen.get(0).contains("bad magic byte"), seen.get(0));
        assertTrue(seen.get(1).contains("does not match the job secret"), seen.get(1));
        assertTrue(seen.get(2).contains("connected already"), seen.get(2));
        assertTrue(seen.get(3).contains("does not match the job secret"), seen.get(3));
        assertTrue(seen.get(4).contains("no handshake within 500 ms"), seen.get(4));
        if (expected == 7) {
            assertTrue(seen.get(5).contains("bad magic byte"), seen.get(5));
            assertTrue(seen.get(6).contains("does not match the job secret"), seen.get(6));
            // The process is named (its credentials read before the socket closes).
            assertTrue(seen.get(5).matches(".* from local process \\d+ \\(uid \\d+\\) on the Unix socket: .*"), seen.get(5));
        }
    }
}
