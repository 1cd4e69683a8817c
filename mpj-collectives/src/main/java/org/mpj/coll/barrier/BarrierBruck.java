package org.mpj.coll.barrier;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;

/**
 * Bruck's k-port barrier (Bruck, Ho, Kipnis, Upfal and Weathersby, "Efficient algorithms for
 * all-to-all communications in multiport message-passing systems", 1997): the dissemination
 * barrier ({@link BarrierDissemination}, k = 1) generalised to k messages per round. In round r a
 * rank signals {@code rank + j (k+1)^r} and waits for {@code rank - j (k+1)^r} (mod p), j = 1..k;
 * after the round it has heard, directly or not, from the (k+1)^(r+1) - 1 ranks before it, so
 * ⌈log_(k+1) p⌉ rounds do, with k messages in flight at once. Here k = 2.
 *
 * <pre>
 * p = 9:   round 0: r → r+1, r+2     round 1: r → r+3, r+6
 * </pre>
 */
public final class BarrierBruck {
    public static final String NAME = "bruck";
    /** Messages per round: with k = 2 a round halves the rounds left by log2 3 ≈ 1.58 instead of 1. */
    static final int PORTS = 2;
    private static final TypeMap BYTES = TypeMap.primitive(BaseType.BYTE, null);

    private BarrierBruck() {
    }

    public static void barrier(Communicator c) {
        int p = c.size(), me = c.rank();
        EngineRequest[] recvs = new EngineRequest[PORTS];
        for (long dist = 1; dist < p; dist *= PORTS + 1) {
            for (int j = 1; j <= PORTS; j++) {
                long d = j * dist;
                recvs[j - 1] = d < p ? c.collIrecv(null, 0, 0, BYTES, (int) ((me - d + p) % p), Tags.BARRIER) : null;
            }
            for (int j = 1; j <= PORTS && j * dist < p; j++) {
                c.collSend(null, 0, 0, BYTES, (int) ((me + j * dist) % p), Tags.BARRIER);
            }
            c.waitAll(recvs);
        }
    }
}
