package org.mpj.coll.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpj.coll.select.Primitive;

/** The calls that go straight where ranks outnumber cores: counted per rank and per primitive. */
@Timeout(10)
class NodeBoardTest {
    @Test
    void aPrimitivesCallsNumberedByPowersOfTwoAreNotStageable() {
        NodeBoard b = new NodeBoard(3);
        for (long n = 1; n <= 5000; n++) {
            long want = Long.bitCount(n) == 1 ? 0 : 1;
            for (int me = 0; me < 3; me++) {
                assertEquals(want, b.stageable(me, Primitive.BCAST), "rank " + me + ", call " + n);
            }
        }
    }

    @Test
    void everyRankAndPrimitiveCountsApart() {
        Primitive[] all = Primitive.values();
        NodeBoard b = new NodeBoard(2);
        for (int n = 0; n < 100; n++) {   // rank 0's calls of every primitive, rank 1's of the last one
            for (Primitive p : all) {
                b.stageable(0, p);
            }
            b.stageable(1, all[all.length - 1]);
        }
        for (Primitive p : all) {
            assertEquals(1, b.stageable(0, p), p + ": rank 0's 101st call");
        }
        assertEquals(0, b.stageable(1, all[0]), "rank 1's first " + all[0] + " call");
        assertEquals(1, b.stageable(1, all[all.length - 1]), "rank 1's 101st " + all[all.length - 1] + " call");
    }
}
