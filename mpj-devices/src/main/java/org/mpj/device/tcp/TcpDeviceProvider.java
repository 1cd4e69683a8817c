package org.mpj.device.tcp;

import io.netty.channel.ServerChannel;
import java.net.InetSocketAddress;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.JobControl;
import org.mpj.core.MpjException;
import org.mpj.core.device.Device;
import org.mpj.core.device.DeviceProvider;
import org.mpj.core.device.WireUp;
import org.mpj.core.match.MatchingEngine;

/**
 * Registers the tcp device under the name {@code tcp}. For ranks that are threads of this JVM it
 * plays the part a launcher plays for separate JVMs: binds every rank's listening socket, builds the
 * {@link PeerTable} from their ports, and gives each rank its own device with that table. For ranks in
 * several JVMs it binds this JVM's ranks and gets the table from the launcher ({@link WireUp}).
 */
public final class TcpDeviceProvider implements DeviceProvider {
    @Override
    public String name() {
        return TcpDevice.NAME;
    }

    @Override
    public Device[] threads(MatchingEngine[] engines, Config config, JobControl job) {
        int np = engines.length;
        TcpSettings settings = new TcpSettings(config, np);
        Transport transport = Transport.choose(settings.transport);
        JobSecret secret = secret(config, np);
        ServerChannel[] listeners = new ServerChannel[np];
        ServerChannel[] locals = new ServerChannel[np];
        InetSocketAddress[] addresses = new InetSocketAddress[np];
        for (int r = 0; r < np; r++) {
            listeners[r] = transport.listen(new InetSocketAddress(settings.bindAddress, 0));
            addresses[r] = (InetSocketAddress) listeners[r].localAddress();
            locals[r] = settings.localSockets ? transport.listenLocal(addresses[r]) : null;
        }
        PeerTable table = new PeerTable(addresses, secret);
        Device[] devices = new Device[np];
        for (int r = 0; r < np; r++) {
            devices[r] = new TcpDevice(r, engines[r], job, settings, transport, table, listeners[r], locals[r]);
        }
        return devices;
    }

    @Override
    public Device[] processes(MatchingEngine[] engines, int firstRank, int worldSize, WireUp wireUp, Config config,
                              JobControl job) {
        return processDevices(engines, firstRank, worldSize, wireUp, config, job, false);
    }

    /**
     * This JVM's tcp devices in a job of several JVMs. {@code tcpOnlyBetweenJvms}: the hybrid device
     * reaches the ranks of this JVM itself, so no connection is made between them.
     */
    public static TcpDevice[] processDevices(MatchingEngine[] engines, int firstRank, int worldSize, WireUp wireUp,
                                             Config config, JobControl job, boolean tcpOnlyBetweenJvms) {
        int n = engines.length;
        TcpSettings settings = new TcpSettings(config, wireUp.localAddress(), n);
        Transport transport = Transport.choose(settings.transport);
        JobSecret secret = secret(config, worldSize);
        ServerChannel[] listeners = new ServerChannel[n];
        ServerChannel[] locals = new ServerChannel[n];
        String[] mine = new String[n];
        for (int i = 0; i < n; i++) {
            listeners[i] = transport.listen(new InetSocketAddress(settings.bindAddress, 0));
            InetSocketAddress a = (InetSocketAddress) listeners[i].localAddress();
            locals[i] = settings.localSockets ? transport.listenLocal(a) : null;
            mine[i] = a.getAddress().getHostAddress() + ":" + a.getPort();
        }
        PeerTable table;
        try {
            table = PeerTable.parse(String.join(",", wireUp.exchange(mine)), secret);
        } catch (RuntimeException e) {
            for (int i = 0; i < n; i++) {
                Wiring.close(listeners[i], locals[i]);
            }
            throw e;
        }
        TcpDevice[] devices = new TcpDevice[n];
        for (int i = 0; i < n; i++) {
            int rank = firstRank + i;
            devices[i] = tcpOnlyBetweenJvms
                    ? new TcpDevice(rank, engines[i], job, settings, transport, table, listeners[i], locals[i], firstRank, n)
                    : new TcpDevice(rank, engines[i], job, settings, transport, table, listeners[i], locals[i]);
        }
        return devices;
    }

    /** The job's secret from the settings; a world of one rank, which has no peers, may go without. */
    private static JobSecret secret(Config config, int np) {
        String text = config.get(Config.JOB_SECRET);
        if (text != null && !text.isEmpty()) {
            return JobSecret.parse(text, "in " + Config.JOB_SECRET);
        }
        if (np == 1) {
            return JobSecret.random();
        }
        throw new MpjException(ErrorClass.ERR_ARG, "the tcp device needs the job secret: set " + Config.JOB_SECRET
                + " or MPJ_JOBSECRET (hex or base64, at least " + JobSecret.MIN_BYTES + " bytes; mpjrun makes one per job)");
    }
}
