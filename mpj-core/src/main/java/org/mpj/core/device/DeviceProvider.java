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
