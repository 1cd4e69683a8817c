package org.mpj.coll;

import org.mpj.core.Config;
import org.mpj.core.coll.CollectivesProvider;

/** The entry point that core finds with ServiceLoader. */
public final class MpjCollectivesLibrary implements CollectivesProvider.CollectivesLibrary {
    @Override
    public CollectivesProvider configure(Config config) {
        return CommCollectives::new;
    }
}
