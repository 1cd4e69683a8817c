package org.mpj.core.device;

import java.util.ServiceLoader;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.JobControl;
import org.mpj.core.MpjException;
import org.mpj.core.match.MatchingEngine;

/** Makes devices; found with {@link ServiceLoader} so that core names no device. */
public interface DeviceProvider {
    String name();

    /**
     * The devices of ranks that are threads of this JVM: element r is world rank r's ({@code engines[r]}
     * is its matching engine). A device may serve several ranks (shm returns one instance for all).
     */
    Device[] threads(MatchingEngine[] engines, Config config, JobControl job);

    /**
     * The devices of this JVM's ranks in a job spread over several JVMs: world ranks
     * {@code firstRank .. firstRank + engines.length - 1} live here ({@code engines[i]} is world rank
     * {@code firstRank + i}'s matching engine), the other ranks of the {@code worldSize} elsewhere;
     * {@code wireUp} exchanges addresses with them. Element i of the result is local rank i's device.
     */
    default Device[] processes(MatchingEngine[] engines, int firstRank, int worldSize, WireUp wireUp, Config config,
                               JobControl job) {
        throw new MpjException(ErrorClass.ERR_ARG, "device '" + name() + "' runs only ranks that are threads of one JVM;"
                + " for several JVMs use tcp or hybrid");
    }

    /** The provider called {@code name}, or an error listing the known ones. */
    static DeviceProvider named(String name) {
        StringBuilder known = new StringBuilder();
        for (DeviceProvider p : ServiceLoader.load(DeviceProvider.class, DeviceProvider.class.getClassLoader())) {
            if (p.name().equals(name)) {
                return p;
            }
            known.append(known.length() == 0 ? "" : ", ").append(p.name());
        }
        throw new MpjException(ErrorClass.ERR_ARG, "unknown device '" + name + "'; known: "
                + (known.length() == 0 ? "none (is mpj-devices on the class path?)" : known));
    }
}
