package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.tests.launch.LaunchPrograms;

/**
 * mpjrun --hostfile: JVMs started through a remote shell, the secret on their standard input. Runs
 * everywhere through a stand-in remote shell ({@code env MPJ_TEST_HOST={host} sh -c}); through real
 * ssh to localhost where it works (scripts/ssh-localhost.sh sets it up); and with ranks on two
 * "hosts" that are network namespaces joined by a veth pair, where this user may make namespaces.
 */
class RemoteShellTest {
    static final Pattern ADDR = Pattern.compile("(?m)^ADDR (\\d+) (.*)$");

    static Path hostfile(Path dir, String... lines) throws IOException {
        Path f = dir.resolve("hosts");
        Files.write(f, List.of(lines));
        return f;
    }

    @Test
    @Timeout(120)
    void aStandInRemoteShellRunsAHybridJobOverTheHostfile(@TempDir Path dir) throws IOException {
        Path hosts = hostfile(dir, "alpha slots=2", "beta slots=2");
        MpjRunJvmsTest.Run r = MpjRunJvmsTest.mpjrun("--hostfile", hosts.toString(), "--rsh",
                "env MPJ_TEST_HOST={host} sh -c", "--iface", "127.0.0.1", "--dev", "hybrid", "--ranks-per-jvm", "2",
                "-np", "4", "--timeout", "60", "-cp", MpjRunJvmsTest.programs(), LaunchPrograms.Where.class.getName());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(4, r.pids().size(), r.out());
        assertEquals(2, r.pids().stream().distinct().count(), "two JVMs of two ranks: " + r.out());
    }

    @Test
    @Timeout(60)
    void tooFewSlotsExitTwoUnlessOversubscribed(@TempDir Path dir) throws IOException {
        Path hosts = hostfile(dir, "alpha");
        MpjRunJvmsTest.Run r = MpjRunJvmsTest.mpjrun("--hostfile", hosts.toString(), "--rsh", "env MPJ_TEST_HOST={host} sh -c",
                "--iface", "127.0.0.1", "--dev", "tcp", "-np", "2", "--timeout", "60", "-cp", MpjRunJvmsTest.programs(),
                LaunchPrograms.Where.class.getName());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("2 ranks need more slots than the host file gives (1 on 1 host(s))"), r.err());
        r = MpjRunJvmsTest.mpjrun("--hostfile", hosts.toString(), "--oversubscribe", "--rsh", "env MPJ_TEST_HOST={host} sh -c",
                "--iface", "127.0.0.1", "--dev", "tcp", "-np", "2", "--timeout", "60", "-cp", MpjRunJvmsTest.programs(),
                LaunchPrograms.Where.class.getName());
        assertEquals(0, r.exitCode(), r.out() + r.err());
    }

    static boolean sshToLocalhostWorks() {
        try {
            Process p = new ProcessBuilder("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "localhost", "true")
                    .redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    @Timeout(120)
    void sshToLocalhostRunsTheJob(@TempDir Path dir) throws IOException {
        assumeTrue(sshToLocalhostWorks(), "skipped: 'ssh -o BatchMode=yes localhost true' fails here;"
                + " scripts/ssh-localhost.sh (as root) installs and starts sshd with a key for this user");
        Path hosts = hostfile(dir, "localhost slots=4");
        MpjRunJvmsTest.Run r = MpjRunJvmsTest.mpjrun("--hostfile", hosts.toString(), "--iface", "127.0.0.1", "--dev", "tcp",
                "-np", "3", "--timeout", "60", "-cp", MpjRunJvmsTest.programs(), LaunchPrograms.Where.class.getName());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(3, r.pids().stream().distinct().count(), "three JVMs: " + r.out());
    }

    /** Runs a command; true when it exits 0 within 10 s. */
    static boolean sh(String... cmd) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    @Timeout(180)
    void ranksOnTwoHostsMadeOfNetworkNamespaces(@TempDir Path dir) throws Exception {
        String tag = Long.toString(ProcessHandle.current().pid() % 100_000);
        String a = "mpj" + tag + "a", b = "mpj" + tag + "b";
        boolean made = sh("ip", "netns", "add", a);
        try {
            made = made && sh("ip", "netns", "add", b)
                    && sh("ip", "link", "add", "v" + tag + "a", "netns", a, "type", "veth", "peer", "name", "v" + tag + "b",
                    "netns", b)
                    && sh("ip", "-n", a, "addr", "add", "10.213.0.1/24", "dev", "v" + tag + "a")
                    && sh("ip", "-n", b, "addr", "add", "10.213.0.2/24", "dev", "v" + tag + "b")
                    && sh("ip", "-n", a, "link", "set", "v" + tag + "a", "up") && sh("ip", "-n", b, "link", "set", "v" + tag + "b", "up")
                    && sh("ip", "-n", a, "link", "set", "lo", "up") && sh("ip", "-n", b, "link", "set", "lo", "up");
            assumeTrue(made, "skipped: cannot make network namespaces and a veth pair here (needs root and 'ip netns')");
            Path hosts = hostfile(dir, a + " slots=2", b + " slots=2");
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", a, JvmCommand.java(), "-cp",
                    System.getProperty("java.class.path"), MpjRun.class.getName(), "--hostfile", hosts.toString(),
                    "--rsh", "ip netns exec {host} sh -c", "--iface", "10.213.0.1", "--dev", "tcp", "-np", "4",
                    "--tag-output", "--timeout", "90", "--stdin", "none", "-cp", MpjRunJvmsTest.programs(),
                    LaunchPrograms.Where.class.getName()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mpjrun did not end: " + out);
            assertEquals(0, p.exitValue(), out);
            Pattern addr = Pattern.compile("(?m)^\\[(\\d)\\] ADDR \\d (.*)$");
            Matcher m = addr.matcher(out);
            int seen = 0;
            while (m.find()) {
                int rank = Integer.parseInt(m.group(1));
                String own = rank < 2 ? "10.213.0.1" : "10.213.0.2", other = rank < 2 ? "10.213.0.2" : "10.213.0.1";
                assertTrue(m.group(2).contains(own) && !m.group(2).contains(other),
                        "rank " + rank + " runs in the namespace of " + own + ": " + m.group(2));
                seen++;
            }
            assertEquals(4, seen, out);
        } finally {
            sh("ip", "netns", "del", a);
            sh("ip", "netns", "del", b);
        }
        assertFalse(Files.exists(Path.of("/run/netns", a)), "namespace " + a + " left behind");
    }
}
