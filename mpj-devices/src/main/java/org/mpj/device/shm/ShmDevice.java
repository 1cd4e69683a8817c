package org.mpj.device.shm;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.device.Device;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;

/**
 * Ranks that are threads of one JVM. A send runs the destination's matching on the sender's thread:
 * if the receive is posted, the sender copies straight into the receiver's array (one copy);
 * otherwise the message waits in the receiver's unexpected queue. Nothing needs polling, so
 * {@link #progress()} has nothing to do.
 */
public final class ShmDevice implements Device {
    public static final String NAME = "shm";

    private final MatchingEngine[] engines;

    public ShmDevice(MatchingEngine[] engines) {
        this.engines = engines.clone();
    }

    @Override
    public boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                        Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest) {
        return engines[worldDest].deliver(context, source, tag, base, elements, data, dataOffset, dataType,
                mayBuffer, sendRequest);
    }

    @Override
    public int progress() {
        return 0;
    }

    /** Every rank of a shm job is a thread of this JVM. */
    @Override
    public boolean sharesMemoryWith(int worldRank) {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }
}
