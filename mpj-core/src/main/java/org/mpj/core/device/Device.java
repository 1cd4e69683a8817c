package org.mpj.core.device;

import java.util.concurrent.locks.LockSupport;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.Waker;

/**
 * How a rank reaches the matching engine of another. The engine calls {@link #send} on the sender's
 * thread and {@link #progress} while it waits.
 */
public interface Device extends Waker {
    /**
     * Carries a message to world rank {@code worldDest} and matches it there; the contract is that of
     * {@link org.mpj.core.match.MatchingEngine#deliver}: true when the send is complete, false when
     * {@code sendRequest} completes later (rendezvous or synchronous send).
     */
    boolean send(int worldDest, int context, int source, int tag, BaseType base, int elements,
                 Object data, int dataOffset, TypeMap dataType, boolean mayBuffer, EngineRequest sendRequest);

    /** Does pending work (reads sockets, completes transfers); returns how many events it handled. */
    int progress();

    /**
     * Called by a waiting rank once spinning and yielding found nothing: sleeps up to {@code nanos},
     * or less when the device has work (a network device sleeps in its poll, so that an incoming
     * message wakes the rank); returns how many events it handled. A completion by another thread
     * unparks the waiter, which a device that sleeps elsewhere may notice only at the timeout.
     */
    default int idleWait(long nanos) {
        LockSupport.parkNanos(nanos);
        return 0;
    }

    /** Wakes a thread of this rank that waits in {@link #idleWait} (or parks): by default an unpark. */
    @Override
    default void wake(Thread waiter) {
        LockSupport.unpark(waiter);
    }

    /**
     * Ends the rank's use of the device: called on the rank's thread after Finalize and again when
     * the thread ends (also after an abort), so it must be idempotent. Releases sockets and threads.
     */
    default void close() {
    }

    /**
     * The node of world rank {@code worldRank}: ranks of one node are threads of one JVM whose arrays
     * each other may read directly, so collectives among them work through memory (one copy,
     * in-place reductions) and hierarchical ones send between nodes only. By default every rank is
     * a node of its own.
     */
    default int node(int worldRank) {
        return worldRank;
    }

    /**
     * The thread that runs the rank's program ({@code body}), made by the launcher before the rank
     * starts: a device whose library keeps per-thread state of its own may want its kind of thread.
     */
    default Thread newRankThread(Runnable body, String name) {
        return new Thread(body, name);
    }

    /** The device's name as mpjrun and settings name it: {@code shm}. */
    String name();
}
