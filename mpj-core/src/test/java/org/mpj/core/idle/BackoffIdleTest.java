package org.mpj.core.idle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.Config;

/** The idle settings a job's ranks get from where they run, and what a setting overrides. */
class BackoffIdleTest {
    static final int CORES = Runtime.getRuntime().availableProcessors();
    static final Config NONE = Config.withOverrides(Map.of());

    @Test
    @Timeout(10)
    void threadRanksSpinThenYieldBrieflyThenPark() {
        BackoffIdle idle = BackoffIdle.from(NONE, 1, false);
        assertEquals(BackoffIdle.DEFAULT_MAX_SPINS, idle.maxSpins);
        assertEquals(BackoffIdle.DEFAULT_MAX_YIELDS, idle.maxYields);
        long parkAt = (long) idle.maxSpins + idle.maxYields;
        assertFalse(idle.shouldPark(parkAt - 1));
        assertTrue(idle.shouldPark(parkAt));
        assertEquals(idle.minParkNs, idle.parkNs(parkAt));
        assertEquals(idle.maxParkNs, idle.parkNs(parkAt + 40));
    }

    @Test
    @Timeout(10)
    void ranksThatOutnumberTheCoresYieldAtOnce() {
        BackoffIdle shm = BackoffIdle.from(NONE, CORES + 1, false);
        assertEquals(0, shm.maxSpins);
        assertEquals(BackoffIdle.DEFAULT_MAX_YIELDS, shm.maxYields);
        // Partners in other JVMs: the same, though a rank parked in its poll wakes late (BackoffIdle.DEFAULT_MAX_YIELDS).
        BackoffIdle tcp = BackoffIdle.from(NONE, CORES + 1, true);
        assertEquals(0, tcp.maxSpins);
        assertEquals(BackoffIdle.DEFAULT_MAX_YIELDS, tcp.maxYields);
        BackoffIdle tcpAlone = BackoffIdle.from(NONE, 1, true);
        assertEquals(BackoffIdle.DEFAULT_MAX_SPINS_NETWORK, tcpAlone.maxSpins);
        assertEquals(BackoffIdle.DEFAULT_MAX_YIELDS, tcpAlone.maxYields);
    }

    @Test
    @Timeout(10)
    void settingsOverrideTheDefaults() {
        Config c = Config.withOverrides(Map.of(Config.IDLE_MAX_YIELDS, "7", Config.IDLE_MAX_SPINS_OVERSUBSCRIBED, "3",
                Config.IDLE_MAX_SPINS, "5"));
        BackoffIdle over = BackoffIdle.from(c, CORES + 1, true);
        assertEquals(3, over.maxSpins);
        assertEquals(7, over.maxYields);
        BackoffIdle alone = BackoffIdle.from(c, 1, false);
        assertEquals(5, alone.maxSpins);
        assertEquals(7, alone.maxYields);
    }

    @Test
    @Timeout(10)
    void aJvmBoundToFewCoresCountsTheHostsCores() {
        // A JVM that the launcher bound to one core sees one; its 2 ranks on a 2-core host still spin.
        Config bound = Config.withOverrides(Map.of(Config.CORES_ON_HOST, "2"));
        assertEquals(BackoffIdle.DEFAULT_MAX_SPINS_NETWORK, BackoffIdle.from(bound, 2, true).maxSpins);
        assertEquals(0, BackoffIdle.from(bound, 3, true).maxSpins);
        Config one = Config.withOverrides(Map.of(Config.CORES_ON_HOST, "1"));
        assertEquals(0, BackoffIdle.from(one, 2, false).maxSpins);
    }

    @Test
    @Timeout(10)
    void aJobIsOversubscribedForEveryRankOnlyWhereAllItsRanksShareTheHost() {
        Config two = Config.withOverrides(Map.of(Config.CORES_ON_HOST, "2"));
        assertTrue(BackoffIdle.from(two, 4, true).jobOversubscribed(4), "4 JVMs on a host of 2 cores");
        assertFalse(BackoffIdle.from(two, 4, true).jobOversubscribed(8),
                "4 of 8 ranks here: the other host's ranks may each have a core");
        assertTrue(BackoffIdle.from(two, 4, true).oversubscribed, "this host is, all the same");
        assertFalse(BackoffIdle.from(two, 2, true).jobOversubscribed(2), "a core each");
        assertTrue(BackoffIdle.from(two, 3, false).jobOversubscribed(3), "3 thread ranks on 2 cores");
    }
}
