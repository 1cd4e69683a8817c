package org.mpj.device.hybrid;

import org.mpj.core.Config;
import org.mpj.core.JobControl;
import org.mpj.core.device.Device;
import org.mpj.core.device.DeviceProvider;
import org.mpj.core.device.WireUp;
import org.mpj.core.match.MatchingEngine;
import org.mpj.device.shm.ShmDevice;
import org.mpj.device.tcp.TcpDevice;
import org.mpj.device.tcp.TcpDeviceProvider;

/**
 * Registers the hybrid device under the name {@code hybrid}: shm between the ranks of one JVM, tcp
 * between JVMs, chosen per peer. A job whose ranks all live in one JVM is simply shm.
 */
public final class HybridDeviceProvider implements DeviceProvider {
    @Override
    public String name() {
        return HybridDevice.NAME;
    }

    @Override
    public Device[] threads(MatchingEngine[] engines, Config config, JobControl job) {
        return ShmDevice.forRanks(engines, Integer.MAX_VALUE);
    }

    @Override
    public Device[] processes(MatchingEngine[] engines, int firstRank, int worldSize, WireUp wireUp, Config config,
                              JobControl job) {
        TcpDevice[] tcp = TcpDeviceProvider.processDevices(engines, firstRank, worldSize, wireUp, config, job, true);
        MatchingEngine[] local = engines.clone();
        int ranksPerJvm = config.getInt(Config.RANKS_PER_JVM, engines.length, 1, Integer.MAX_VALUE);
        Device[] devices = new Device[engines.length];
        for (int i = 0; i < engines.length; i++) {
            devices[i] = new HybridDevice(firstRank, local, tcp[i], tcp, ranksPerJvm);
        }
        return devices;
    }
}
