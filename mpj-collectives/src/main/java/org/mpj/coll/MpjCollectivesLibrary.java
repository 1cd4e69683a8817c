package org.mpj.coll;

import org.mpj.coll.node.NodeBoard;
import org.mpj.coll.select.Selector;
import org.mpj.core.Communicator;
import org.mpj.core.coll.Collectives;
import org.mpj.core.Config;
import org.mpj.core.coll.CollectivesProvider;

/** The entry point that core finds with ServiceLoader: reads the table once per job, at Init. */
public final class MpjCollectivesLibrary implements CollectivesProvider.CollectivesLibrary {
    @Override
    public CollectivesProvider configure(Config config) {
        Selector selector = Selector.configure(config);
        return new CollectivesProvider() {
            @Override
            public Collectives create(Communicator comm) {
                return new CommCollectives(comm, selector.forCommunicator(comm), selector.segmentBytes());
            }

            @Override
            public Object newLocalBoard(int members) {
                return new NodeBoard(members);
            }
        };
    }
}
