package org.mpj.core.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LocalBoardsTest {
    @Test
    void membersOfOneCommunicatorShareOneBoardAndAReusedContextGetsAFreshOne() {
        LocalBoards boards = new LocalBoards();
        AtomicInteger made = new AtomicInteger();
        Object a = boards.attach(6, 0, 3, n -> new int[] {n, made.incrementAndGet()});
        assertSame(a, boards.attach(6, 0, 3, n -> new Object()));
        // Same context, disjoint group (other lowest world rank): another communicator.
        Object other = boards.attach(6, 3, 2, n -> new int[] {n, made.incrementAndGet()});
        assertNotSame(a, other);
        assertSame(a, boards.attach(6, 0, 3, n -> new Object()));
        assertEquals(3, ((int[]) a)[0]);
        // All three members attached: the context may be freed and reused by a new communicator.
        Object again = boards.attach(6, 0, 3, n -> new int[] {n, made.incrementAndGet()});
        assertNotSame(a, again);
        assertEquals(3, made.get());
    }
}
