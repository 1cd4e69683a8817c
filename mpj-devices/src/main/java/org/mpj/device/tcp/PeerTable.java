package org.mpj.device.tcp;

import java.net.InetSocketAddress;
import java.util.Arrays;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * Where every world rank of a job listens, and the job's secret: all a rank needs to reach its
 * peers. Whoever starts the job builds it: for thread ranks the tcp provider, from the sockets it
 * bound; for ranks in separate JVMs the launcher, which gathers each rank's address and hands every
 * rank the table ({@link #format()} / {@link #parse}) and the secret (in the environment).
 */
public final class PeerTable {
    private final InetSocketAddress[] addresses;
    private final JobSecret secret;

    public PeerTable(InetSocketAddress[] addresses, JobSecret secret) {
        this.addresses = addresses.clone();
        this.secret = secret;
    }

    public int size() {
        return addresses.length;
    }

    public InetSocketAddress address(int worldRank) {
        return addresses[worldRank];
    }

    public JobSecret secret() {
        return secret;
    }

    /** The addresses as {@code host:port,host:port,...} in world rank order (the secret is not included). */
    public String format() {
        StringBuilder sb = new StringBuilder();
        for (InetSocketAddress a : addresses) {
            sb.append(sb.length() == 0 ? "" : ",").append(a.getHostString()).append(':').append(a.getPort());
        }
        return sb.toString();
    }

    /** The table written by {@link #format()}, with the secret that came by another way. */
    public static PeerTable parse(String text, JobSecret secret) {
        String[] parts = text.split(",");
        InetSocketAddress[] a = new InetSocketAddress[parts.length];
        for (int r = 0; r < parts.length; r++) {
            String p = parts[r].trim();
            int colon = p.lastIndexOf(':');
            try {
                a[r] = new InetSocketAddress(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1)));
            } catch (RuntimeException e) {
                throw new MpjException(ErrorClass.ERR_ARG, "peer table entry " + r + " '" + p + "' is not host:port");
            }
        }
        return new PeerTable(a, secret);
    }

    @Override
    public String toString() {
        return "PeerTable" + Arrays.toString(addresses);
    }
}
