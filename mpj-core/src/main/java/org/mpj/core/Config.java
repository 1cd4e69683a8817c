package org.mpj.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Every setting of MPJ, read once when a job starts. A setting named {@code mpj.eagerLimitBytes} is
 * looked up, first match wins, as the system property {@code mpj.eagerLimitBytes}, the environment
 * variable {@code MPJ_EAGERLIMITBYTES}, then the properties file named by {@code mpj.config} /
 * {@code MPJ_CONFIG}. Hot classes copy what they need into final fields; nothing on the data path
 * reads a setting.
 */
public final class Config {
    /** Messages up to this size are copied into a pooled buffer when no receive is posted yet. */
    public static final String EAGER_LIMIT_BYTES = "mpj.eagerLimitBytes";
    public static final int DEFAULT_EAGER_LIMIT_BYTES = 16 * 1024;
    /**
     * Eager copies that may wait for their receives at one rank; past it a sender waits until the
     * receiver takes its message or waits itself (then it buffers it). The default is what the eager
     * pool keeps of full-size buffers, so a sender that runs ahead allocates nothing.
     */
    public static final String EAGER_BACKLOG_BYTES = "mpj.eagerBacklogBytes";
    public static final long DEFAULT_EAGER_BACKLOG_BYTES = 1 << 20;
    /** Busy-spin iterations of a waiting rank before it starts to yield. */
    public static final String IDLE_MAX_SPINS = "mpj.idle.maxSpins";
    /** Spins when ranks of this JVM outnumber its cores: spinning then only delays the rank being waited on. */
    public static final String IDLE_MAX_SPINS_OVERSUBSCRIBED = "mpj.idle.maxSpinsOversubscribed";
    /** Thread.yield calls after spinning, before parking. */
    public static final String IDLE_MAX_YIELDS = "mpj.idle.maxYields";
    /** First and longest park of the back-off; a completion unparks the waiter at once. */
    public static final String IDLE_MIN_PARK_NS = "mpj.idle.minParkNs";
    public static final String IDLE_MAX_PARK_NS = "mpj.idle.maxParkNs";
    /** Device used when a program runs without mpjrun (a singleton world of one rank). */
    public static final String DEVICE = "mpj.device";
    /**
     * The job's secret (hex or base64), which network devices prove to each other; the launcher makes
     * one per job and passes it in the environment (MPJ_JOBSECRET), never on a command line.
     */
    public static final String JOB_SECRET = "mpj.jobSecret";
    /** Ranks per JVM in a job of several JVMs, each holding a block of consecutive ranks (set by mpjrun). */
    public static final String RANKS_PER_JVM = "mpj.ranksPerJvm";

    /**
     * A job whose ranks are all threads of one JVM ({@code shm}) ends as deadlocked once every rank has
     * been parked this many seconds in an MPI wait that no other rank made progress in; 0: never.
     */
    public static final String DEADLOCK_SECONDS = "mpj.deadlockSeconds";

    /** Ranks of the job on this host, all JVMs together; set by the launcher, for the idle strategy. */
    public static final String RANKS_ON_HOST = "mpj.ranksOnHost";
    /**
     * Cores of this host that the job's ranks share; set by the launcher when it binds each JVM to
     * cores of its own (the JVM then sees only those), for the idle strategy. Default: the cores the
     * JVM sees.
     */
    public static final String CORES_ON_HOST = "mpj.coresOnHost";
    /**
     * Thread ranks load the program's classes (and the {@code mpi} facade) once for the whole JVM
     * instead of once per rank, so the JIT compiles each method once for all of them. Only for
     * programs whose static fields hold nothing that differs between ranks: they are shared too.
     */
    public static final String SHARED_CLASSES = "mpj.sharedClasses";
    /**
     * Round trips that the first rank of each JVM exchanges at Init with the first rank of another
     * JVM, across message sizes, before the program's first message ({@link WarmUp}); default 1000; 0: none.
     */
    public static final String WARM_UP_ROUND_TRIPS = "mpj.warmUpRoundTrips";
    /** A properties file to read settings from. */
    public static final String CONFIG_FILE = "mpj.config";

    private final Map<String, String> fileValues;
    private final Map<String, String> overrides;
    private final String fileName;

    private Config(Map<String, String> overrides, Map<String, String> fileValues, String fileName) {
        this.overrides = overrides;
        this.fileValues = fileValues;
        this.fileName = fileName;
    }

    /** Settings from system properties, MPJ_* variables and the file they name. */
    public static Config fromEnvironment() {
        return withOverrides(Map.of());
    }

    /** As {@link #fromEnvironment()}, with {@code overrides} taking precedence (mpjrun options, tests). */
    public static Config withOverrides(Map<String, String> overrides) {
        String file = overrides.get(CONFIG_FILE);
        if (file == null) {
            file = System.getProperty(CONFIG_FILE, System.getenv(envName(CONFIG_FILE)));
        }
        Map<String, String> values = new TreeMap<>();
        if (file != null && !file.isEmpty()) {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(Path.of(file))) {
                p.load(in);
            } catch (IOException e) {
                throw new MpjException(ErrorClass.ERR_ARG, "cannot read the settings file " + file
                        + " named by " + CONFIG_FILE + ": " + e, e);
            }
            p.stringPropertyNames().forEach(k -> values.put(k, p.getProperty(k)));
        }
        return new Config(Map.copyOf(overrides), values, file);
    }

    static String envName(String key) {
        return key.replace('.', '_').toUpperCase(Locale.ROOT);
    }

    /** The value of a setting, or null when none of the sources sets it. */
    public String get(String key) {
        String v = overrides.get(key);
        if (v == null) {
            v = System.getProperty(key);
        }
        if (v == null) {
            v = System.getenv(envName(key));
        }
        if (v == null) {
            v = fileValues.get(key);
        }
        return v == null ? null : v.trim();
    }

    public String get(String key, String defaultValue) {
        String v = get(key);
        return v == null || v.isEmpty() ? defaultValue : v;
    }

    public long getLong(String key, long defaultValue, long min, long max) {
        String v = get(key);
        if (v == null || v.isEmpty()) {
            return defaultValue;
        }
        long x;
        try {
            x = Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new MpjException(ErrorClass.ERR_ARG, "setting " + key + "='" + v + "'" + from(key)
                    + " is not a whole number");
        }
        if (x < min || x > max) {
            throw new MpjException(ErrorClass.ERR_ARG, "setting " + key + "=" + x + from(key)
                    + " is out of range (valid: " + min + ".." + max + ")");
        }
        return x;
    }

    public int getInt(String key, int defaultValue, int min, int max) {
        return (int) getLong(key, defaultValue, min, max);
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        String v = get(key, Boolean.toString(defaultValue));
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new MpjException(ErrorClass.ERR_ARG, "setting " + key + "='" + v + "'" + from(key)
                    + " (valid: true, false)");
        }
        return Boolean.parseBoolean(v);
    }

    /** A setting that takes one of {@code valid} (the first when unset); anything else is refused naming them. */
    public String getChoice(String key, String... valid) {
        String v = get(key, valid[0]);
        for (String ok : valid) {
            if (ok.equals(v)) {
                return ok;
            }
        }
        throw new MpjException(ErrorClass.ERR_ARG, "setting " + key + "='" + v + "' (valid: " + String.join(", ", valid)
                + ")" + from(key));
    }

    /** Ranks of the job on this host, all JVMs together ({@link #RANKS_ON_HOST}), else those of this JVM. */
    public int ranksOnHost(int ranksInJvm) {
        return getInt(RANKS_ON_HOST, ranksInJvm, 1, Integer.MAX_VALUE);
    }

    /** Cores this host's ranks share ({@link #CORES_ON_HOST}), else those this JVM sees. */
    public int coresOnHost() {
        return getInt(CORES_ON_HOST, Runtime.getRuntime().availableProcessors(), 1, Integer.MAX_VALUE);
    }

    /** Every setting whose name starts with {@code prefix}, from all sources, highest precedence winning. */
    public Map<String, String> withPrefix(String prefix) {
        Map<String, String> out = new TreeMap<>();
        fileValues.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k, v.trim());
            }
        });
        System.getenv().forEach((k, v) -> {
            String envPrefix = envName(prefix);
            if (k.startsWith(envPrefix)) {
                out.put(prefix + k.substring(envPrefix.length()).toLowerCase(Locale.ROOT).replace('_', '.'), v.trim());
            }
        });
        System.getProperties().stringPropertyNames().forEach(k -> {
            if (k.startsWith(prefix)) {
                out.put(k, System.getProperty(k).trim());
            }
        });
        overrides.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k, v.trim());
            }
        });
        return out;
    }

    private String from(String key) {
        if (overrides.containsKey(key)) {
            return " (given to the launcher)";
        }
        if (System.getProperty(key) != null) {
            return " (system property)";
        }
        if (System.getenv(envName(key)) != null) {
            return " (environment variable " + envName(key) + ")";
        }
        return " (file " + fileName + ")";
    }
}
