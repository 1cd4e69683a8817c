package org.mpj.device.hybrid;

import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.device.Device;
import org.mpj.core.match.MatchingEngine;
import org.mpj.core.request.EngineRequest;
import org.mpj.device.tcp.TcpDevice;

/**
 * One rank of a JVM that runs several ranks of a job spread over several JVMs: a peer in this JVM is
 * reached as with shm (the sender runs the destination's matching and copies once), any other peer
 * through the rank's tcp device, which connects only to ranks of other JVMs. The rank waits in the
 * tcp device's poll; a delivery from a thread of this JVM wakes it there.
 */
public final class HybridDevice implements Device {
    public static final String NAME = "hybrid";

    private final int firstRank;
    private final MatchingEngine[] local;
    private final TcpDevice tcp;
    /** This JVM's ranks' tcp devices, by local index, to wake the receiver of a local delivery. */
    private final TcpDevice[] localTcp;

    /** JVMs hold blocks of this many consecutive ranks: a rank's node is its JVM. */
    private final int ranksPerJvm;

    HybridDevice(int firstRank, MatchingEngine[] local, TcpDevice tcp, TcpDevice[] localTcp, int ranksPerJvm) {
        this.firstRank = firstRank;
        this.ranksPerJvm = ranksPerJvm;
        this.local = local;
        this.tcp = tcp;
        this.localTcp = localTcp;
    }

    @Override
    public boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                        Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest) {
        int i = worldDest - firstRank;
        if (i < 0 || i >= local.length) {
            return tcp.send(worldDest, context, source, tag, base, elements, data, dataOffset, dataType, mayBuffer,
                    sendRequest);
        }
        boolean done = local[i].deliver(context, source, tag, base, elements, data, dataOffset, dataType, mayBuffer,
                sendRequest);
        if (localTcp[i] != tcp) {
            localTcp[i].wakeUp();
        }
        return done;
    }

    /** Ranks of one JVM share memory: the node of a rank is the JVM that runs it. */
    @Override
    public int node(int worldRank) {
        return worldRank / ranksPerJvm;
    }

    @Override
    public int progress() {
        return tcp.progress();
    }

    @Override
    public int idleWait(long nanos) {
        return tcp.idleWait(nanos);
    }

    @Override
    public void wake(Thread waiter) {
        tcp.wake(waiter);
    }

    @Override
    public void close() {
        tcp.close();
    }

    @Override
    public Thread newRankThread(Runnable body, String name) {
        return tcp.newRankThread(body, name);
    }

    @Override
    public String name() {
        return NAME;
    }
}
