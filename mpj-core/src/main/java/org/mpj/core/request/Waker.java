package org.mpj.core.request;

/**
 * How a completion wakes the thread that waits for it: unpark, unless that thread sleeps somewhere
 * an unpark does not reach (a network device's poll).
 */
public interface Waker {
    /** Wakes {@code waiter}, which waits (or is about to) in its rank's device. */
    void wake(Thread waiter);
}
