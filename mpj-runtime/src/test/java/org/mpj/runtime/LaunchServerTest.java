package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.device.tcp.JobSecret;

/**
 * mpjrun's control port: only a JVM that proves the job secret gets the peer table; garbage, a wrong
 * secret and a second claim to the same JVM are refused and reported, and the job's JVMs still wire up.
 */
class LaunchServerTest {
    record Link(Socket socket, DataInputStream in, DataOutputStream out) {
    }

    static Link open(LaunchServer server) throws IOException {
        String a = server.address();
        Socket s = new Socket();
        s.connect(new InetSocketAddress(a.substring(0, a.lastIndexOf(':')), Integer.parseInt(a.substring(a.lastIndexOf(':') + 1))));
        s.setSoTimeout(20_000);
        return new Link(s, new DataInputStream(new BufferedInputStream(s.getInputStream())),
                new DataOutputStream(new BufferedOutputStream(s.getOutputStream())));
    }

    static Link join(LaunchServer server, JobSecret secret, int jvm) throws IOException {
        Link l = open(server);
        ControlProtocol.proveToLauncher(l.in(), l.out(), secret, jvm);
        return l;
    }

    @Test
    @Timeout(60)
    void strangersAreRefusedAndTheJobStillWiresUp() throws Exception {
        JobSecret secret = JobSecret.random();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream savedErr = System.err;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try (LaunchServer server = new LaunchServer(InetAddress.getLoopbackAddress(), secret, new int[] {1, 2},
                new LinkedBlockingQueue<>())) {
            server.start();
            Link garbage = open(server);
            byte[] junk = new byte[200];
            new Random(1).nextBytes(junk);
            garbage.out().write(junk);
            garbage.out().flush();
            garbage.in().readNBytes(ControlProtocol.NONCE_BYTES);
            int answer;
            try {
                answer = garbage.in().read();
            } catch (IOException reset) {
                answer = -1;
            }
            assertEquals(-1, answer, "mpjrun answered garbage instead of closing the connection");

            assertThrows(IOException.class, () -> join(server, JobSecret.random(), 0), "a wrong secret was accepted");

            Link first = join(server, secret, 0);
            assertThrows(IOException.class, () -> join(server, secret, 0), "a second JVM 0 was accepted");
            Link second = join(server, secret, 1);
            ControlProtocol.writeStrings(second.out(), ControlProtocol.ADDRESSES, new String[] {"10.0.0.2:2", "10.0.0.2:3"});
            ControlProtocol.writeStrings(first.out(), ControlProtocol.ADDRESSES, new String[] {"10.0.0.1:1"});
            String[] table = {"10.0.0.1:1", "10.0.0.2:2", "10.0.0.2:3"};
            for (Link l : new Link[] {first, second}) {
                assertEquals(ControlProtocol.TABLE, l.in().readByte());
                assertArrayEquals(table, ControlProtocol.readStrings(l.in()));
            }
        } finally {
            System.setErr(savedErr);
        }
        String refusals = log.toString(StandardCharsets.UTF_8);
        assertTrue(refusals.contains("does not match the job secret"), refusals);
        assertTrue(refusals.contains("JVM 0 is connected already"), refusals);
        assertEquals(3, refusals.lines().filter(l -> l.startsWith("mpjrun: refused a control connection from /127.0.0.1:")).count(),
                refusals);
    }
}
