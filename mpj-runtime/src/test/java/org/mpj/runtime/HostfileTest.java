package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Host files as Open MPI reads them, placement of JVMs on their slots, and the remote command built. */
class HostfileTest {
    static Hostfile parse(String... lines) {
        return Hostfile.parse(List.of(lines), "hosts.txt");
    }

    @Test
    void slotsDefaultToOneCommentsAndBlankLinesAreSkippedAndRepeatsAddUp() {
        Hostfile h = parse("# cluster", "node1 slots=4", "", "node2   # one slot", "node1 slots=2");
        assertEquals(List.of(new Hostfile.Host("node1", 6), new Hostfile.Host("node2", 1)), h.hosts());
        assertEquals(7, h.totalSlots());
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {
        "node1 slots=0 | line 1: slots=0 is not a positive whole number",
        "node1 slots=x | line 1: slots=x is not a positive whole number",
        "node1 cpus=4 | line 1: unknown field 'cpus=4' (valid: slots=N)",
        "'no;de' | line 1: 'no;de' is not a host name",
        "# nothing | names no host",
    })
    void badLinesAreRefusedNamingFileLineAndField(String line, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(line));
        assertTrue(e.getMessage().startsWith("hosts.txt") && e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void jvmsFillEachHostsSlotsInOrder() {
        Hostfile h = parse("a slots=2", "b slots=3");
        assertEquals(List.of("a", "a", "b", "b", "b"), h.place(5, 1, false));
        assertEquals(List.of("a", "b"), h.place(4, 2, false));
        assertEquals(List.of("a", "b", "b"), h.place(4, 1, false).subList(1, 4));
    }

    @Test
    void moreRanksThanSlotsNeedOversubscribe() {
        Hostfile h = parse("a slots=2", "b");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> h.place(4, 1, false));
        assertTrue(e.getMessage().contains("4 ranks need more slots than the host file gives (3 on 2 host(s))")
                && e.getMessage().contains("--oversubscribe"), e.getMessage());
        List<String> placed = h.place(7, 1, true);
        assertEquals(7, placed.size());
        assertEquals(List.of("a", "a", "b"), placed.subList(0, 3));
        assertTrue(placed.subList(3, 7).containsAll(List.of("a", "b")), "past the slots, JVMs go round the hosts: " + placed);
    }

    @Test
    void remoteCommandQuotesEveryWordAndNeverHoldsTheSecret() {
        JvmCommand c = new JvmCommand("10.0.0.1:4000", 4, 2, "hybrid", "/apps/my app.jar", "org.example.Main",
                List.of("it's", "a b"), Map.of("mpj.eagerLimitBytes", "64", "mpj.jobSecret", "00112233445566778899aabbccddeeff"),
                List.of(), true, List.of());
        List<String> jvm = c.forJvm(1, true, 4);
        List<String> ssh = JvmLauncher.command(List.of("ssh", "-o", "BatchMode=yes"), "node2", jvm);
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "node2"), ssh.subList(0, 4));
        assertEquals(5, ssh.size(), "the JVM's command is one word for the remote shell: " + ssh);
        String remote = ssh.get(4);
        assertTrue(remote.contains("'--secret-stdin'") && remote.contains("'--jvm' '1'") && remote.contains("'--tag-output'")
                && remote.contains("'-Dmpj.device=hybrid'") && remote.contains("'-Dmpj.ranksOnHost=4'"), remote);
        assertTrue(remote.contains("'/apps/my app.jar'") && remote.contains("'it'\\''s' 'a b'"), remote);
        assertFalse(String.join(" ", ssh).contains("00112233445566778899aabbccddeeff"), "the secret is on the command line");
        List<String> netns = JvmLauncher.command(List.of("ip", "netns", "exec", "{host}", "sh", "-c"), "ns2", jvm);
        assertEquals(List.of("ip", "netns", "exec", "ns2", "sh", "-c", remote), netns);
    }
}
