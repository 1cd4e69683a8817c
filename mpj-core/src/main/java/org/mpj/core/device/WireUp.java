package org.mpj.core.device;

/**
 * How the ranks of one JVM, in a job spread over several JVMs, learn where the others listen. The
 * launcher provides it: each JVM publishes one address per local rank and gets back every world
 * rank's, in world rank order. Addresses are opaque strings to core ({@code host:port} for tcp).
 */
public interface WireUp {
    /**
     * Publishes the addresses of this JVM's ranks (element i is world rank {@code firstRank + i}'s)
     * and waits until every JVM of the job has published; returns all {@code worldSize} addresses.
     * Throws {@link org.mpj.core.MpjException} when the launcher is gone or the exchange times out.
     */
    String[] exchange(String[] localAddresses);

    /**
     * The address of this host that reached the launcher: a device binds there unless a setting
     * names another, since the interface that reaches the launcher reaches the peers.
     */
    String localAddress();
}
