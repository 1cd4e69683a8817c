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

    static ThreadRequests get() {
        return CACHE.get();
    }
}
