package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Which cores each JVM of a local job gets, and when the launcher binds at all. */
class CpuBindingTest {
    static JvmCommand command(int np, int perJvm) {
        return new JvmCommand(null, np, perJvm, perJvm == 1 ? "tcp" : "hybrid", ".", "Main", List.of(), Map.of(),
                List.of(), false, List.of());
    }

    @Test
    @Timeout(10)
    void readsTheKernelsCpuLists() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuBinding.parseCpuList("0-3,8,10-11"));
        assertEquals(List.of(5), CpuBinding.parseCpuList("5"));
        assertEquals("0,2,7", CpuBinding.cpuList(List.of(0, 2, 7)));
    }

    @Test
    @Timeout(10)
    void theCoresAreSharedOutAmongTheRanksInOrder() {
        CpuBinding b = new CpuBinding("/usr/bin/taskset", List.of(2, 3, 6, 7, 9));
        // 3 ranks on 5 cores: 1, 2 and 2.
        assertEquals(List.of(2), b.cpusOf(command(3, 1), 0));
        assertEquals(List.of(3, 6), b.cpusOf(command(3, 1), 1));
        assertEquals(List.of(7, 9), b.cpusOf(command(3, 1), 2));
        assertEquals(List.of(9), b.cpusOf(command(5, 1), 4));
        // hybrid, 5 ranks of 2 per JVM: the last JVM holds one rank and one core.
        assertEquals(List.of(2, 3), b.cpusOf(command(5, 2), 0));
        assertEquals(List.of(6, 7), b.cpusOf(command(5, 2), 1));
        assertEquals(List.of(9), b.cpusOf(command(5, 2), 2));
        assertEquals(List.of("/usr/bin/taskset", "-c", "6,7"), b.prefix(command(5, 2), 1));
        // One rank: every core.
        assertEquals(List.of(2, 3, 6, 7, 9), b.cpusOf(command(1, 1), 0));
    }

    @Test
    @Timeout(10)
    void ranksThatOutnumberTheCoresAreBoundOnlyWhenAskedAndThenRefused() {
        int many = CpuBinding.allowedCpus().size() + 1;
        assertNull(CpuBinding.choose(null, many));
        assertNull(CpuBinding.choose(CpuBinding.NONE, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CpuBinding.choose(CpuBinding.CORE, many));
        assertTrue(e.getMessage().startsWith("--bind-to core"), e.getMessage());
    }

    @Test
    @Timeout(30)
    void aTasksetThatCannotBindLeavesTheJvmsUnbound(@TempDir Path dir) throws Exception {
        // Where a container forbids setting affinity, taskset fails and a JVM started through it never would.
        Path failing = dir.resolve("taskset");
        Files.writeString(failing, "#!/bin/sh\necho 'failed to set pid 0 affinity: Operation not permitted' >&2\nexit 1\n");
        assertTrue(failing.toFile().setExecutable(true));
        assertNull(CpuBinding.choose(null, 2, failing.toString(), List.of(0, 1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CpuBinding.choose(CpuBinding.CORE, 2, failing.toString(), List.of(0, 1)));
        assertTrue(e.getMessage().contains("cannot bind here: exit 1: failed to set pid 0 affinity"), e.getMessage());
        // Without taskset, or without a readable list of cores, the same.
        assertNull(CpuBinding.choose(null, 2, null, List.of(0, 1)));
        assertNull(CpuBinding.choose(null, 2, failing.toString(), List.of()));
    }
}
