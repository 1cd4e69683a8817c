package org.mpj.device.shm;

import org.mpj.core.Config;
import org.mpj.core.JobControl;
import org.mpj.core.device.Device;
import org.mpj.core.device.DeviceProvider;
import org.mpj.core.match.MatchingEngine;

/** Registers the shm device under the name {@code shm}. */
public final class ShmDeviceProvider implements DeviceProvider {
    @Override
    public String name() {
        return ShmDevice.NAME;
    }

    @Override
    public Device[] threads(MatchingEngine[] engines, Config config, JobControl job) {
        int ranksPerNode = config.getInt(ShmDevice.RANKS_PER_NODE, Integer.MAX_VALUE, 1, Integer.MAX_VALUE);
        return ShmDevice.forRanks(engines, ranksPerNode);
    }
}
