package org.mpj.core.match;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.locks.LockSupport;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.ObjectCodec;
import org.mpj.core.datatype.TypeMap;
import org.mpj.core.request.EngineRequest;
import org.mpj.core.request.SendCanceller;

/**
 * The matching state of one rank: receives posted before their message (posted queue) and messages
 * that came before their receive (unexpected queue), matched by (context, source, tag) with
 * wildcards, in arrival order, so messages between a pair in one communicator never overtake.
 *
 * <p>Both queues belong to the receiving rank and are guarded by its lock, which senders to this
 * rank take only to look up or enqueue; data is copied outside the lock except small eager copies
 * into (and out of) the pool. When the receive is already posted, the sender copies straight from
 * its array into the receiver's: one copy.
 *
 * <p>The eager copies waiting here are bounded, as the fixed fragment queues of a native MPI bound
 * them: past {@code backlogLimitBytes}, a message of eager size is held like a rendezvous (its sender
 * waits; the receive copies straight from the sender's array), and the receiver buffers the held
 * messages whenever it waits for anything ({@link #drain}, from its device's progress), so ranks that
 * send to each other before receiving still never block each other. A sender running ahead of a
 * receiver that keeps up thus waits for it instead of piling up copies for the collector.
 */
public final class MatchingEngine implements SendCanceller {
    /** Messages up to this many bytes are buffered when no receive is posted; larger ones wait. */
    private final int eagerLimitBytes;
    private final EagerPool pool;
    /**
     * The queues' lock: 0 free, 1 held. A field of this object rather than a monitor, so that the
     * lock word and the queue heads share a cache line, and release is a plain ordered store.
     */
    private volatile int locked;
    private EngineRequest postedHead;
    private EngineRequest postedTail;
    private Envelope unexpectedHead;
    private Envelope unexpectedTail;
    private Envelope freeEnvelopes;
    private int unexpectedDepth;
    /** Past this many bytes of queued eager copies, messages are held (see the class comment). */
    private final long backlogLimitBytes;
    /** Bytes of the eager copies queued here or being copied in, under the lock. */
    private long backlogBytes;
    /** Held messages in the unexpected queue: changed under the lock, read without it by {@link #drain}. */
    private volatile int heldCount;
    /** No held message lies before this envelope of the unexpected queue (null: look from its head). */
    private Envelope heldFrom;
    /** Set once the owner finalized: it will not wait again, so nothing more is held for it. */
    private volatile boolean retired;
    /** The rank's thread, woken when a message is held for it (its waits drain them). */
    private volatile Thread ownerThread;
    /** The class loader of this rank's application, for MPI.OBJECT data. */
    private volatile ClassLoader loader;
    private final String owner;

    /**
     * An updater rather than a VarHandle: compiled, both are the same instruction, but until the JIT
     * compiles the path a VarHandle's compareAndSet and setRelease run through the interpreter's
     * method-handle frames, ~0.9 us a pair on these VMs against ~0.3 (and a short job's message path
     * runs interpreted for thousands of calls).
     */
    private static final AtomicIntegerFieldUpdater<MatchingEngine> LOCKED =
            AtomicIntegerFieldUpdater.newUpdater(MatchingEngine.class, "locked");
    /**
     * Eager messages up to this size are copied into (and out of) the pool under the lock, where a
     * second lock round trip would cost more than the copy; larger ones outside it.
     */
    static final int COPY_UNDER_LOCK_BYTES = 1024;
    /** Spins on a held lock before yielding: a critical section is a queue scan, shorter than a yield. */
    private static final int LOCK_SPINS = 100;
    /** Held messages buffered per pass of {@link #drain} over the queue, and the bytes copied under the lock. */
    private static final int DRAIN_BATCH = 32;
    private static final long DRAIN_BATCH_BYTES = 256 * 1024;

    private void lock() {
        if (!LOCKED.compareAndSet(this, 0, 1)) {
            lockContended();
        }
    }

    private void lockContended() {
        int spins = 0;
        while (locked != 0 || !LOCKED.compareAndSet(this, 0, 1)) {
            if (++spins < LOCK_SPINS) {
                Thread.onSpinWait();
            } else {
                // The holder may be descheduled (ranks outnumber cores): give it the core.
                Thread.yield();
            }
        }
    }

    private void unlock() {
        LOCKED.lazySet(this, 0);
    }

    public MatchingEngine(String owner, int eagerLimitBytes, long backlogLimitBytes) {
        this.owner = owner;
        this.eagerLimitBytes = eagerLimitBytes;
        this.backlogLimitBytes = backlogLimitBytes;
        this.pool = new EagerPool(eagerLimitBytes);
    }

    /** Binds the engine to its rank's thread (MPI.Init): the class loader of its data, the thread to wake. */
    public void bind(ClassLoader loader, Thread ownerThread) {
        this.loader = loader;
        this.ownerThread = ownerThread;
    }

    public int eagerLimitBytes() {
        return eagerLimitBytes;
    }

    /**
     * A message for this rank, on the sender's thread. {@code data} is the sender's array with its
     * layout, or serialized bytes when {@code base} is OBJECT ({@code dataType} null).
     *
     * @param mayBuffer   false for synchronous sends, which must wait until a receive matches
     * @param sendRequest completed once the data is copied, when this call returns false
     * @return true when the send is complete (copied into a posted receive or buffered); false when
     *         the envelope waits for its receive and {@code sendRequest} will be completed by it
     */
    public boolean deliver(int context, int source, int tag, BaseType base, int elements,
                           Object data, int dataOffset, TypeMap dataType, boolean mayBuffer,
                           EngineRequest sendRequest) {
        EngineRequest recv;
        Object copy = null;
        boolean held = false;
        lock();
        try {
            recv = takePosted(context, source, tag);
            if (recv == null) {
                long bytes = (long) elements * base.byteSize();
                boolean eager = mayBuffer && (dataType == null || bytes <= eagerLimitBytes);
                if (eager && dataType != null && backlogBytes > 0 && backlogBytes + bytes > backlogLimitBytes
                        && !retired) {
                    eager = false;
                    held = true;
                }
                if (eager && dataType != null) {
                    copy = pool.take(base, elements);
                    backlogBytes += bytes;
                    if (bytes <= COPY_UNDER_LOCK_BYTES) {
                        Copier.copy(data, dataOffset, dataType, copy, 0, pool.layout(base), elements);
                        queuePooled(context, source, tag, base, elements, copy);
                        return true;
                    }
                    // A larger one is copied once the lock is released, and queued after that (queueCopy).
                } else {
                    Envelope e = newEnvelope(context, source, tag, base, elements);
                    e.data = data;
                    e.dataOffset = dataOffset;
                    e.dataType = dataType;
                    if (!eager) {
                        sendRequest.reset();
                        e.sendRequest = sendRequest;
                        sendRequest.cancelTarget = this;
                        sendRequest.cancelToken = e;
                        if (held) {
                            e.held = true;
                            heldCount = heldCount + 1;
                        }
                    }
                    appendUnexpected(e);
                    if (held && heldCount == 1) {
                        heldFrom = e; // the only one held: the walk starts here
                    }
                    if (!held) {
                        return eager;
                    }
                }
            }
        } finally {
            unlock();
        }
        if (held) {
            // The owner may be parked in a wait: it drains held messages when it wakes.
            Thread t = ownerThread;
            if (t != null) {
                LockSupport.unpark(t);
            }
            return false;
        }
        if (recv != null) {
            fill(recv, source, tag, base, elements, data, dataOffset, dataType);
            return true;
        }
        return queueCopy(context, source, tag, base, elements, data, dataOffset, dataType, copy);
    }

    /**
     * The second half of an eager message too large to copy under the lock: copies it into the pool
     * buffer taken for it, then queues it, unless a receive that matches it was posted meanwhile, which
     * then takes it from that buffer. The receiver copies out while the sender copies its next message
     * in: a 2-rank stream of 16 KiB blocking sends took 3.5 us a message with both copies under the lock.
     * Messages of one sender still queue in the order of its calls (each call returns queued).
     */
    private boolean queueCopy(int context, int source, int tag, BaseType base, int elements, Object data, int dataOffset,
                              TypeMap dataType, Object copy) {
        TypeMap layout = pool.layout(base);
        Copier.copy(data, dataOffset, dataType, copy, 0, layout, elements);
        EngineRequest recv;
        lock();
        try {
            recv = takePosted(context, source, tag);
            if (recv == null) {
                queuePooled(context, source, tag, base, elements, copy);
                return true;
            }
        } finally {
            unlock();
        }
        fill(recv, source, tag, base, elements, copy, 0, layout);
        lock();
        try {
            pool.give(base, copy);
            backlogBytes -= (long) elements * base.byteSize();
        } finally {
            unlock();
        }
        return true;
    }

    /** Queues an eager message held in a buffer of the pool (under the lock). */
    private void queuePooled(int context, int source, int tag, BaseType base, int elements, Object buf) {
        Envelope e = newEnvelope(context, source, tag, base, elements);
        e.data = buf;
        e.dataOffset = 0;
        e.dataType = pool.layout(base);
        e.pooled = true;
        appendUnexpected(e);
    }

    /**
     * A message that a network device announces for this rank: matched now against the posted
     * receives (then {@code message.matched} is called at once, outside the lock) or queued until a
     * receive asks for it. Order with other messages of the same sender is the order of the calls.
     */
    public void arrive(int context, int source, int tag, BaseType base, int elements, RemoteMessage message) {
        EngineRequest recv;
        lock();
        try {
            recv = takePosted(context, source, tag);
            if (recv == null) {
                Envelope e = newEnvelope(context, source, tag, base, elements);
                e.remote = message;
                appendUnexpected(e);
                return;
            }
        } finally {
            unlock();
        }
        message.matched(recv);
    }

    /**
     * As {@link #arrive}, but only where a posted receive matches now ({@code message.matched} is then
     * called at once, outside the lock, and this returns true); else nothing is queued and this returns
     * false. A network device asks this at a message's header, to stream its body into the receive,
     * and announces the message with {@link #arrive} once the body is in when no receive was posted.
     */
    public boolean arriveIfPosted(int context, int source, int tag, RemoteMessage message) {
        EngineRequest recv;
        lock();
        try {
            recv = takePosted(context, source, tag);
        } finally {
            unlock();
        }
        if (recv == null) {
            return false;
        }
        message.matched(recv);
        return true;
    }

    /**
     * Posts a receive on the receiver's thread. Returns true when a queued message matched and the
     * receive is complete; false when it waits in the posted queue for its sender.
     */
    public boolean post(EngineRequest r) {
        Envelope e;
        RemoteMessage unlockAndMatch = null;
        lock();
        try {
            e = takeUnexpected(r.context, r.source, r.tag);
            if (e == null) {
                appendPosted(r);
                return false;
            }
            if (e.remote != null) {
                RemoteMessage m = e.remote;
                recycle(e);
                unlockAndMatch = m;
            } else if (e.sendRequest == null && (!e.pooled || (long) e.elements * e.base.byteSize() <= COPY_UNDER_LOCK_BYTES)) {
                // Small eager message: copy out of the pool under the lock, then recycle buffer and envelope.
                fill(r, e.source, e.tag, e.base, e.elements, e.data, e.dataOffset, e.dataType);
                if (e.pooled) {
                    giveBack(e);
                }
                recycle(e);
                return true;
            }
        } finally {
            unlock();
        }
        if (unlockAndMatch != null) {
            unlockAndMatch.matched(r);
            return r.isComplete();
        }
        if (e.sendRequest == null) {
            // Larger eager message: copy out with the lock free for senders, then give the buffer back.
            fill(r, e.source, e.tag, e.base, e.elements, e.data, e.dataOffset, e.dataType);
            lock();
            try {
                giveBack(e);
                recycle(e);
            } finally {
                unlock();
            }
            return true;
        }
        // Rendezvous: copy straight from the sender's array, then release the sender.
        EngineRequest sender = e.sendRequest;
        int elements = e.elements;
        BaseType base = e.base;
        fill(r, e.source, e.tag, base, elements, e.data, e.dataOffset, e.dataType);
        lock();
        try {
            recycle(e);
        } finally {
            unlock();
        }
        sender.complete(r.statusSource, r.statusTag, elements, base);
        return true;
    }

    /** Returns a copied-out eager message's buffer to the pool (under the lock). */
    private void giveBack(Envelope e) {
        pool.give(e.base, e.data);
        backlogBytes -= (long) e.elements * e.base.byteSize();
    }

    /**
     * Buffers the messages held for this rank and completes their senders; called while the rank
     * waits for anything (its device's progress), as a native MPI's progress drains its fragment
     * queues whatever the rank waits for. Two ranks that each send before they receive then never
     * block each other, whatever the backlog. Returns how many messages it buffered.
     */
    public int drain() {
        if (heldCount == 0) {
            return 0;
        }
        // Senders to complete once the lock is released, a batch at a time; the walk resumes where the
        // last one stopped (heldFrom), so a long queue is walked once. Local: threads of one rank may
        // drain at once.
        EngineRequest[] senders = new EngineRequest[DRAIN_BATCH];
        int[] sources = new int[DRAIN_BATCH];
        int[] tags = new int[DRAIN_BATCH];
        int[] counts = new int[DRAIN_BATCH];
        BaseType[] bases = new BaseType[DRAIN_BATCH];
        int drained = 0;
        while (true) {
            int n = 0;
            long copied = 0;
            lock();
            try {
                Envelope e = heldFrom != null ? heldFrom : unexpectedHead;
                for (; e != null && n < DRAIN_BATCH && copied < DRAIN_BATCH_BYTES; e = e.next) {
                    if (!e.held) {
                        continue;
                    }
                    // Copied under the lock: held messages are rare, and each at most eagerLimitBytes.
                    TypeMap layout = pool.layout(e.base);
                    Object copy = pool.take(e.base, e.elements);
                    Copier.copy(e.data, e.dataOffset, e.dataType, copy, 0, layout, e.elements);
                    long bytes = (long) e.elements * e.base.byteSize();
                    backlogBytes += bytes;
                    copied += bytes;
                    senders[n] = e.sendRequest;
                    sources[n] = e.source;
                    tags[n] = e.tag;
                    counts[n] = e.elements;
                    bases[n] = e.base;
                    n++;
                    e.data = copy;
                    e.dataOffset = 0;
                    e.dataType = layout;
                    e.pooled = true;
                    e.sendRequest = null;
                    e.held = false;
                    heldCount = heldCount - 1;
                }
                heldFrom = e; // all before it buffered now
            } finally {
                unlock();
            }
            for (int i = 0; i < n; i++) {
                senders[i].complete(sources[i], tags[i], counts[i], bases[i]);
                senders[i] = null;
            }
            drained += n;
            if (heldCount == 0 || n < DRAIN_BATCH && copied < DRAIN_BATCH_BYTES) {
                return drained; // the walk reached the queue's end: what is held now came after it
            }
        }
    }

    /**
     * The owner finalized: it drains what is held and holds nothing from now on (a message sent to it
     * now is never received, as before the bound, but its sender must not wait for a wait that never
     * comes).
     */
    public void retire() {
        lock();
        retired = true; // under the lock: a sender that holds after this sees it
        unlock();
        drain();
    }

    /** Looks for a queued message matching (context, source, tag); fills status fields of {@code into}. */
    public boolean probe(int context, int source, int tag, EngineRequest into) {
        lock();
        try {
            for (Envelope e = unexpectedHead; e != null; e = e.next) {
                if (matches(e.context, e.source, e.tag, context, source, tag)) {
                    into.complete(e.source, e.tag, e.elements, e.base);
                    return true;
                }
            }
        } finally {
            unlock();
        }
        return false;
    }

    /** Takes a posted receive back. Returns false when a sender already matched it. */
    public boolean cancelReceive(EngineRequest r) {
        lock();
        try {
            if (!r.posted) {
                return false;
            }
            unlinkPosted(r);
        } finally {
            unlock();
        }
        r.completeCancelled();
        return true;
    }

    /** Takes a waiting rendezvous send back. Returns false when a receive already matched it. */
    @Override
    public boolean cancelSend(EngineRequest s) {
        Envelope e = (Envelope) s.cancelToken;
        lock();
        try {
            if (e == null || !e.queued || e.sendRequest != s) {
                return false;
            }
            unlinkUnexpected(e);
            recycle(e);
        } finally {
            unlock();
        }
        s.completeCancelled();
        return true;
    }

    /**
     * Takes back a remote message that {@link #arrive} queued, for a sender's cancel: true when it
     * was still waiting for a receive (it is gone now, as if never sent), false when one matched it.
     */
    public boolean withdraw(RemoteMessage m) {
        lock();
        try {
            for (Envelope e = unexpectedHead; e != null; e = e.next) {
                if (e.remote == m) {
                    unlinkUnexpected(e);
                    recycle(e);
                    return true;
                }
            }
            return false;
        } finally {
            unlock();
        }
    }

    /** Messages waiting for a receive: a counter for benchmarks and leak checks. */
    public int unexpectedDepth() {
        lock();
        try {
            return unexpectedDepth;
        } finally {
            unlock();
        }
    }

    private static boolean matches(int ctx, int src, int tag, int wantCtx, int wantSrc, int wantTag) {
        return ctx == wantCtx && (wantSrc == src || wantSrc == MatchConstants.ANY_SOURCE)
                && (wantTag == tag || wantTag == MatchConstants.ANY_TAG);
    }

    /** Copies a message into a receive and completes it, or fails it on type mismatch or truncation. */
    private void fill(EngineRequest r, int source, int tag, BaseType base, int elements,
                      Object data, int dataOffset, TypeMap dataType) {
        MpjException refused = refusal(r, source, tag, base, elements, owner);
        if (refused != null) {
            r.fail(source, tag, refused);
            return;
        }
        if (base == BaseType.OBJECT) {
            try {
                ObjectCodec.deserialize((byte[]) data, elements, r.loader != null ? r.loader : loader,
                        (Object[]) r.buf, r.offset, r.type);
            } catch (MpjException ex) {
                r.fail(source, tag, ex);
                return;
            }
        } else {
            Copier.copy(data, dataOffset, dataType, r.buf, r.offset, r.type, elements);
        }
        r.complete(source, tag, elements, base);
    }

    /**
     * Why a message of {@code elements} {@code base} elements cannot go into receive {@code r} (data
     * of another type, or more than it has room for), or null when it can. Devices that fill
     * receives themselves check with this first and fail the receive with the exception.
     */
    public static MpjException refusal(EngineRequest r, int source, int tag, BaseType base, int elements, String where) {
        // An empty message matches a receive of any type (MPI: the empty type signature fits every one).
        if (elements > 0 && !r.type.base.receives(base)) {
            return new MpjException(ErrorClass.ERR_TYPE, "message from rank " + source + ", tag " + tag
                    + " carries " + base.mpiName() + " data; the receive expects " + r.type.base.mpiName() + " (" + where + ")");
        }
        if (elements > r.capacity) {
            return truncation(r, source, tag, base, elements);
        }
        return null;
    }

    private static MpjException truncation(EngineRequest r, int source, int tag, BaseType base, int elements) {
        String have = base == BaseType.OBJECT ? elements + " objects" : (long) elements * base.byteSize() + " bytes";
        String room = base == BaseType.OBJECT ? r.capacity + " objects"
                : (long) r.capacity * base.byteSize() + " (" + r.capacity + " x " + r.type.base.mpiName() + ")";
        return new MpjException(ErrorClass.ERR_TRUNCATE, "message from rank " + source + ", tag " + tag + " has "
                + have + "; the receive has room for " + room);
    }

    private EngineRequest takePosted(int context, int source, int tag) {
        for (EngineRequest r = postedHead; r != null; r = r.next) {
            if (r.context == context && (r.source == source || r.source == MatchConstants.ANY_SOURCE)
                    && (r.tag == tag || r.tag == MatchConstants.ANY_TAG)) {
                unlinkPosted(r);
                return r;
            }
        }
        return null;
    }

    private Envelope takeUnexpected(int context, int source, int tag) {
        for (Envelope e = unexpectedHead; e != null; e = e.next) {
            if (matches(e.context, e.source, e.tag, context, source, tag)) {
                unlinkUnexpected(e);
                return e;
            }
        }
        return null;
    }

    private void appendPosted(EngineRequest r) {
        r.posted = true;
        r.next = null;
        r.prev = postedTail;
        if (postedTail == null) {
            postedHead = r;
        } else {
            postedTail.next = r;
        }
        postedTail = r;
    }

    private void unlinkPosted(EngineRequest r) {
        if (r.prev == null) {
            postedHead = r.next;
        } else {
            r.prev.next = r.next;
        }
        if (r.next == null) {
            postedTail = r.prev;
        } else {
            r.next.prev = r.prev;
        }
        r.prev = null;
        r.next = null;
        r.posted = false;
    }

    private void appendUnexpected(Envelope e) {
        e.queued = true;
        e.next = null;
        e.prev = unexpectedTail;
        if (unexpectedTail == null) {
            unexpectedHead = e;
        } else {
            unexpectedTail.next = e;
        }
        unexpectedTail = e;
        unexpectedDepth++;
    }

    /** Unlinks a queued envelope, keeping the held messages' count and walk start right. */
    private void unlinkUnexpected(Envelope e) {
        if (e.held) {
            heldCount = heldCount - 1;
        }
        if (e == heldFrom) {
            heldFrom = e.next;
        }
        if (e.prev == null) {
            unexpectedHead = e.next;
        } else {
            e.prev.next = e.next;
        }
        if (e.next == null) {
            unexpectedTail = e.prev;
        } else {
            e.next.prev = e.prev;
        }
        e.prev = null;
        e.next = null;
        e.queued = false;
        unexpectedDepth--;
    }

    private Envelope newEnvelope(int context, int source, int tag, BaseType base, int elements) {
        Envelope e = freeEnvelopes;
        if (e == null) {
            e = new Envelope();
        } else {
            freeEnvelopes = e.next;
            e.next = null;
        }
        e.context = context;
        e.source = source;
        e.tag = tag;
        e.base = base;
        e.elements = elements;
        return e;
    }

    private void recycle(Envelope e) {
        e.clear();
        e.next = freeEnvelopes;
        freeEnvelopes = e;
    }
}
