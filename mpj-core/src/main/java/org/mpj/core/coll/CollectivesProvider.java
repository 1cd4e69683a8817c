package org.mpj.core.coll;

import java.util.Iterator;
import java.util.ServiceLoader;
import org.mpj.core.Communicator;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The collectives library, found with {@link ServiceLoader} so that core names no algorithm. It is
 * made once per job from the job's settings (where the selector reads its table) and then makes
 * the collectives of each communicator when the communicator is made.
 */
public interface CollectivesProvider {
    /** Collectives of {@code comm}: resolves what can be resolved per communicator (its size row). */
    Collectives create(Communicator comm);

    /**
     * The board that the node-aware algorithms of a communicator of {@code members} ranks share when
     * every member is a thread of this JVM on a device that shares memory; null for none.
     */
    default Object newLocalBoard(int members) {
        return null;
    }

    /** Loads the library and lets it read its settings; an unusable table fails here, at Init. */
    static CollectivesProvider load(Config config) {
        Iterator<CollectivesLibrary> it = ServiceLoader.load(CollectivesLibrary.class,
                CollectivesLibrary.class.getClassLoader()).iterator();
        if (!it.hasNext()) {
            throw new MpjException(ErrorClass.ERR_INTERN,
                    "no collectives library on the class path (mpj-collectives is missing)");
        }
        return it.next().configure(config);
    }

    /** The service interface: one per collectives library jar. */
    interface CollectivesLibrary {
        CollectivesProvider configure(Config config);
    }
}
