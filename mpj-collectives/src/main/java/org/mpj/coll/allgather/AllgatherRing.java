package org.mpj.coll.allgather;

import org.mpj.coll.base.Tags;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Ring allgather: {@link AllgathervRing} with every block of {@code recvcount} items, block {@code r}
 * at item {@code r * recvcount}. p - 1 steps, each block crossing each link once.
 *
 * <pre>
 * p = 3      start         step 0         step 1
 * rank 0     [a . .]       [a . c]        [a b c]
 * rank 1     [. b .]       [a b .]        [a b c]
 * rank 2     [. . c]       [. b c]        [a b c]
 * </pre>
 */
public final class AllgatherRing {
    public static final String NAME = "ring";

    private AllgatherRing() {
    }

    public static void allgather(Communicator c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                 Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        int p = c.size();
        int[] counts = new int[p], displs = new int[p];
        for (int r = 0; r < p; r++) {
            counts[r] = recvcount;
            displs[r] = r * recvcount;
        }
        AllgathervRing.allgatherv(c, "Allgather", Tags.ALLGATHER, sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, counts, displs, recvtype);
    }
}
