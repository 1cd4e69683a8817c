package org.mpj.device.shm;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.device.Device;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;

/**
 * Ranks that are threads of one JVM. A send runs the destination's matching on the sender's thread:
 * if the receive is posted, the sender copies straight into the receiver's array (one copy);
 * otherwise the message waits in the receiver's unexpected queue. Nothing needs polling: a waiting
 * rank's {@link #progress()} only buffers the messages its engine holds for it
 * ({@link MatchingEngine#drain}). One device per rank.
 */
public final class ShmDevice implements Device {
    public static final String NAME = "shm";

    /** Setting: ranks per simulated node (default: all ranks on one node). */
    public static final String RANKS_PER_NODE = "mpj.shm.ranksPerNode";

    private final MatchingEngine[] engines;
    private final MatchingEngine self;
    private final int ranksPerNode;

    private ShmDevice(MatchingEngine[] engines, int rank, int ranksPerNode) {
        this.engines = engines;
        this.self = engines[rank];
        this.ranksPerNode = ranksPerNode;
    }

    /** The devices of a job whose ranks are the threads of this JVM, one per rank. */
    public static Device[] forRanks(MatchingEngine[] engines, int ranksPerNode) {
        MatchingEngine[] all = engines.clone();
        Device[] devices = new Device[all.length];
        for (int r = 0; r < all.length; r++) {
            devices[r] = new ShmDevice(all, r, ranksPerNode);
        }
        return devices;
    }

    @Override
    public boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                        Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest) {
        return engines[worldDest].deliver(context, source, tag, base, elements, data, dataOffset, dataType,
                mayBuffer, sendRequest);
    }

    @Override
    public int progress() {
        return self.drain();
    }

    @Override
    public void close() {
        self.retire();
    }

    /**
     * Every rank of a shm job is a thread of this JVM: one node, unless {@link #RANKS_PER_NODE} cuts
     * the job into nodes of that many consecutive ranks, which then share memory only among
     * themselves (to run and measure the hierarchical collectives of a cluster in one JVM).
     */
    @Override
    public int node(int worldRank) {
        return worldRank / ranksPerNode;
    }

    @Override
    public String name() {
        return NAME;
    }
}
