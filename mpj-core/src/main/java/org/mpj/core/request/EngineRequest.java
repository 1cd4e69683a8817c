package org.mpj.core.request;

import java.util.concurrent.locks.LockSupport;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.TypeMap;

/**
 * One send or receive in flight. A posted receive is also the node of its matching engine's posted
 * queue; a rendezvous send is completed by the receiver once it has copied the data.
 *
 * <p>Completion protocol: the completer writes the status fields, then {@link #state} (volatile), then
 * reads {@link #waiter} and wakes it (through {@link #wakeVia}, its rank's device). A waiter writes
 * {@code wakeVia} and {@code waiter}, re-reads {@code state}, then sleeps; both sides touch two
 * volatiles in opposite order, so no wake-up is lost.
 */
public class EngineRequest {
    public static final int SEND = 0;
    public static final int RECV = 1;

    private static final int PENDING = 0;
    private static final int DONE = 1;

    public final int kind;
    private volatile int state = DONE;
    public volatile Thread waiter;
    /** What wakes {@link #waiter}: written before it, read after it. */
    public Waker wakeVia;

    // What a receive asks for (set when posted).
    public Object buf;
    public int offset;
    /** Room of the receive, in base elements. */
    public int capacity;
    public TypeMap type;
    public int context;
    public int source;
    public int tag;
    /** Class loader that resolves received MPI.OBJECT classes: the receiving rank's. */
    public ClassLoader loader;
    /** Posted-queue links, owned by the matching engine under its lock. */
    public EngineRequest prev;
    public EngineRequest next;
    public boolean posted;

    // What completed (valid once isComplete()).
    public int statusSource;
    public int statusTag;
    public int statusElements;
    public BaseType statusBase;
    public boolean cancelled;
    public MpjException error;

    /** For a pending send: what can take it back for Cancel (with {@code cancelToken}, its handle there). */
    public SendCanceller cancelTarget;
    public Object cancelToken;

    public EngineRequest(int kind) {
        this.kind = kind;
    }

    /** Makes this request pending again, for its next use. */
    public final void reset() {
        waiter = null;
        wakeVia = null;
        cancelled = false;
        error = null;
        statusSource = 0;
        statusTag = 0;
        statusElements = 0;
        statusBase = null;
        cancelTarget = null;
        cancelToken = null;
        state = PENDING;
    }

    public final boolean isComplete() {
        return state == DONE;
    }

    /** Completes with the given status and wakes the waiter. */
    public final void complete(int source, int tag, int elements, BaseType base) {
        statusSource = source;
        statusTag = tag;
        statusElements = elements;
        statusBase = base;
        finish();
    }

    /** Completes with an error that the waiter will throw (truncation, type mismatch). */
    public final void fail(int source, int tag, MpjException e) {
        statusSource = source;
        statusTag = tag;
        error = e;
        finish();
    }

    public final void completeCancelled() {
        cancelled = true;
        finish();
    }

    private void finish() {
        buf = null;
        state = DONE;
        Thread w = waiter;
        if (w != null) {
            Waker via = wakeVia;
            if (via != null) {
                via.wake(w);
            } else {
                LockSupport.unpark(w);
            }
        }
        onComplete();
    }

    /** Hook for requests that hold resources until done (buffered sends). Runs on the completing thread. */
    protected void onComplete() {
    }
}
