package org.mpj.coll.node;

import org.mpj.coll.base.Tags;
import org.mpj.coll.select.Algorithm;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Primitive;
import org.mpj.core.Communicator;
import org.mpj.core.datatype.TypeMap;

/**
 * Hierarchical Bcast: a binomial tree among one rank per node (the root for its own node, else each
 * node's lowest rank) carries the message once to every node; inside each node the shared Bcast
 * copies it once to every other rank.
 */
public final class BcastHierarchical {
    public static final String NAME = "hierarchical";
    private static final Algorithm.Bcast FALLBACK = (Algorithm.Bcast) Catalog.defaultAlgorithm(Primitive.BCAST);

    private BcastHierarchical() {
    }

    public static void bcast(Communicator c, Object buf, int offset, int count, TypeMap type, int root) {
        NodeBoard b = NodeBoard.of(c);
        if (!Shared.usable(b, type) || c.size() == 1) {
            FALLBACK.bcast(c, buf, offset, count, type, root);
            return;
        }
        NodeLayout nodes = NodeLayout.of(c, b);
        int me = c.rank(), myIndex = nodes.position[me], myLeader = nodes.standIn(myIndex, root);
        if (me == myLeader && nodes.nodes() > 1) {
            Leaders.bcast(c, nodes, myIndex, root, buf, offset, count, type, Tags.BCAST);
        }
        if (b.size > 1) {
            BcastShared.local(c, b, c.localRank(), buf, offset, count, type, nodes.localIndex(myLeader));
        }
    }
}
