package org.mpj.core;

import org.mpj.core.request.EngineRequest;

/**
 * The requests a thread uses for its blocking sends and receives, reused call after call so that a
 * blocking Send or Recv allocates nothing. A thread runs one blocking call at a time.
 */
final class ThreadRequests {
    private static final ThreadLocal<ThreadRequests> CACHE = ThreadLocal.withInitial(ThreadRequests::new);

    final EngineRequest send = new EngineRequest(EngineRequest.SEND);
    final EngineRequest recv = new EngineRequest(EngineRequest.RECV);

    /**
     * The calling thread's requests. The rank's main thread, which makes nearly every call, finds its
     * own in {@code rank} rather than through the ThreadLocal, whose lookup costs ~0.33 us interpreted,
     * where a job's first thousands of calls run (a Sendrecv of one double ~5 us in all).
     */
    static ThreadRequests of(RankContext rank) {
        return Thread.currentThread() == rank.mainThread() ? rank.mainRequests : CACHE.get();
    }
}
