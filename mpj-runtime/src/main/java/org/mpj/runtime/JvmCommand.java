package org.mpj.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpj.core.Config;

/**
 * The command line of a JVM of the job: the {@code java} of the JDK that runs mpjrun, mpjrun's own
 * class path (MPJ's jars), the settings as system properties, then {@link RankMain} and its
 * arguments. The job secret is never part of it.
 */
record JvmCommand(String controlAddress, int np, int perJvm, String device, String appClassPath, String mainClass,
                  List<String> args, Map<String, String> settings, List<String> shared, boolean tagOutput,
                  List<String> javaOptions) {

    /** The java launcher of the running JDK. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    int jvms() {
        return (np + perJvm - 1) / perJvm;
    }

    /** "rank 3" or "ranks 2..3": a JVM's ranks in messages. */
    static String ranks(int first, int count) {
        return count == 1 ? "rank " + first : "ranks " + first + ".." + (first + count - 1);
    }

    /** Ranks of JVM {@code jvm}. */
    int ranksOf(int jvm) {
        return Math.min(perJvm, np - jvm * perJvm);
    }

    /**
     * @param jvm           the JVM's index, or -1 to take it from {@code SLURM_PROCID}
     * @param secretOnStdin the secret comes as the first line of standard input, not in the environment
     * @param ranksOnHost   ranks of the job on that JVM's host (0: not known), so that ranks do not spin
     *                      when they outnumber its cores
     */
    List<String> forJvm(int jvm, boolean secretOnStdin, int ranksOnHost) {
        return forJvm(jvm, secretOnStdin, ranksOnHost, List.of());
    }

    /** The same with {@code jvmOptions} of this JVM's own before the user's ({@link ClassDataSharing}). */
    List<String> forJvm(int jvm, boolean secretOnStdin, int ranksOnHost, List<String> jvmOptions) {
        List<String> c = new ArrayList<>();
        c.add(java());
        c.addAll(JvmOptions.ALL);
        c.addAll(JvmOptions.forThreadRanks(jvm < 0 ? perJvm : ranksOf(jvm)));
        c.addAll(jvmOptions);
        c.addAll(javaOptions);
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        settings.forEach((k, v) -> {
            if (!k.equals(Config.JOB_SECRET) && !k.equals(MpjRun.RANK_JAVA_OPTS)) {
                c.add("-D" + k + "=" + v);
            }
        });
        c.add("-D" + Config.DEVICE + "=" + device);
        if (ranksOnHost > 0) {
            c.add("-D" + Config.RANKS_ON_HOST + "=" + ranksOnHost);
        }
        c.add(RankMain.class.getName());
        c.add("--control");
        c.add(controlAddress);
        c.add("--jvm");
        c.add(jvm < 0 ? "slurm" : Integer.toString(jvm));
        c.add("--np");
        c.add(Integer.toString(np));
        c.add("--per-jvm");
        c.add(Integer.toString(perJvm));
        if (tagOutput) {
            c.add("--tag-output");
        }
        if (secretOnStdin) {
            c.add("--secret-stdin");
        }
        if (!shared.isEmpty()) {
            c.add("--shared");
            c.add(String.join(",", shared));
        }
        c.add("--cp");
        c.add(appClassPath);
        c.add("--");
        c.add(mainClass);
        c.addAll(args);
        return c;
    }

    /** The command as one string for a remote shell: every word in single quotes. */
    static String shellQuoted(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            sb.append(sb.length() == 0 ? "" : " ").append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return sb.toString();
    }
}
