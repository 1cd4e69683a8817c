package org.mpj.core.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.core.Config;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;
import org.mpj.core.idle.BackoffIdle;
import org.mpj.core.match.MatchingEngine;

class LocalCounterTest {
    @Test
    @Timeout(20)
    void aParkedWaiterWakesOnAddLongBeforeItsParkTimeout() throws Exception {
        LocalCounter counter = new LocalCounter(2);
        // Parks at once and for up to 10 s: only the add's unpark can end the wait quickly.
        BackoffIdle idle = new BackoffIdle(0, 0, 10_000_000_000L, 10_000_000_000L);
        RankContext rank = new RankContext(0, 1, new JobControl(1), new org.mpj.core.device.Device() {
            @Override
            public boolean send(int worldDest, int context, int source, int tag, org.mpj.core.datatype.BaseType base,
                                int elements, Object data, int dataOffset, org.mpj.core.datatype.TypeMap dataType,
                                boolean mayBuffer, org.mpj.core.request.EngineRequest sendRequest) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int progress() {
                return 0;
            }

            @Override
            public String name() {
                return "none";
            }
        }, new MatchingEngine("rank 0", 1024, Config.DEFAULT_EAGER_BACKLOG_BYTES), Config.withOverrides(Map.of()), idle, null);
        long[] woke = new long[1];
        Thread waiter = new Thread(() -> {
            counter.awaitAtLeast(3, 1, rank);
            woke[0] = System.nanoTime();
        });
        waiter.start();
        counter.add(1);
        counter.add(1);
        Thread.sleep(200);   // the waiter is parked by now
        long added = System.nanoTime();
        counter.add(1);
        waiter.join(5_000);
        assertEquals(3, counter.get());
        assertTrue(woke[0] != 0 && woke[0] - added < 2_000_000_000L, "woke " + (woke[0] - added) + " ns after the add");
    }
}
