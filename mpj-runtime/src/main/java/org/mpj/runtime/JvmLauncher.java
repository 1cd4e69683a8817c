package org.mpj.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.mpj.device.tcp.JobSecret;

/**
 * How the JVMs of a job are started: on this host, on the hosts of a host file through a remote
 * shell (ssh), or by srun inside a Slurm allocation. Each hands the secret to the JVMs without
 * putting it on a command line: in the environment of a process this user owns, or as the first line
 * of the remote JVM's standard input.
 */
interface JvmLauncher {
    /**
     * Starts every JVM of {@code command}. Element j of the result is JVM j's process, or the one
     * process (srun) that stands for all of them; element 0's standard input reaches rank 0.
     */
    List<Process> start(JvmCommand command, JobSecret secret) throws IOException;

    /** What the launcher is, for messages: "local JVMs", "ssh to 2 hosts", "srun". */
    String describe();

    /** Called once the job's JVMs have all ended; {@code succeeded}: every JVM ended well. */
    default void finished(boolean succeeded) {
    }

    /** JVMs on this host, the secret in their environment, not bound to cores. */
    static JvmLauncher local() {
        return local(null);
    }

    /**
     * JVMs on this host, the secret in their environment, each on its cores when {@code binding} is not
     * null, starting from a class-data-sharing archive where one can be kept.
     */
    static JvmLauncher local(CpuBinding binding) {
        return new JvmLauncher() {
            private ClassDataSharing cds = ClassDataSharing.OFF;

            @Override
            public List<Process> start(JvmCommand command, JobSecret secret) throws IOException {
                cds = ClassDataSharing.here(command.mainClass() + "|" + command.appClassPath());
                List<Process> ps = new ArrayList<>();
                for (int j = 0; j < command.jvms(); j++) {
                    List<String> words = new ArrayList<>();
                    if (binding != null) {
                        words.addAll(binding.prefix(command, j));
                    }
                    List<String> own = new ArrayList<>(cds.options(j, command.javaOptions()));
                    List<String> all = new ArrayList<>(command.javaOptions());
                    all.addAll(own);
                    own.addAll(MessagePathJit.launchOptions(command.settings(), command.np(), command.ranksOf(j), all));
                    words.addAll(command.forJvm(j, false, command.np(), own));
                    ProcessBuilder pb = new ProcessBuilder(words);
                    pb.environment().put("MPJ_JOBSECRET", secret.toHex());
                    ps.add(pb.start());
                }
                return ps;
            }

            @Override
            public String describe() {
                return binding == null ? "local JVMs" : "local JVMs bound to cores";
            }

            @Override
            public void finished(boolean succeeded) {
                cds.publish(succeeded);
            }
        };
    }

    /**
     * JVM j on host {@code hostOfJvm.get(j)} through {@code agent} ({@code ssh}, or any command that
     * takes a host and a shell command, such as {@code ip netns exec} with namespaces for hosts). The
     * secret is the first line the remote JVM reads from its standard input.
     */
    static JvmLauncher remoteShell(List<String> agent, List<String> hostOfJvm) {
        return new JvmLauncher() {
            @Override
            public List<Process> start(JvmCommand command, JobSecret secret) throws IOException {
                List<Process> ps = new ArrayList<>();
                for (int j = 0; j < command.jvms(); j++) {
                    String host = hostOfJvm.get(j);
                    int onHost = 0;
                    for (int k = 0; k < command.jvms(); k++) {
                        onHost += hostOfJvm.get(k).equals(host) ? command.ranksOf(k) : 0;
                    }
                    ps.add(start(command(agent, host, command.forJvm(j, true, onHost)), secret));
                }
                return ps;
            }

            private Process start(List<String> words, JobSecret secret) throws IOException {
                Process p = new ProcessBuilder(words).start();
                OutputStream in = p.getOutputStream();
                in.write((secret.toHex() + "\n").getBytes(StandardCharsets.US_ASCII));
                in.flush();
                return p;
            }

            @Override
            public String describe() {
                return String.join(" ", agent) + " to " + hostOfJvm.stream().distinct().count() + " host(s)";
            }
        };
    }

    /**
     * The agent's words with {@code {host}} replaced by the host (or the host after them when no word
     * holds {@code {host}}), then the JVM's command as one shell-quoted word, as ssh passes it to the
     * remote shell: {@code ssh node1 'java' '-cp' ...}, {@code ip netns exec ns1 sh -c 'java' ...}.
     */
    static List<String> command(List<String> agent, String host, List<String> jvmCommand) {
        List<String> c = new ArrayList<>();
        boolean placed = false;
        for (String w : agent) {
            placed |= w.contains(HOST);
            c.add(w.replace(HOST, host));
        }
        if (!placed) {
            c.add(host);
        }
        c.add(JvmCommand.shellQuoted(jvmCommand));
        return c;
    }

    /** Where the host goes in a remote shell command given with {@code --rsh}. */
    String HOST = "{host}";

    /**
     * Every JVM started by one srun inside the allocation: each task is one JVM and finds its index in
     * SLURM_PROCID; srun passes mpjrun's environment (with the secret) to the tasks, ends the step
     * when a task fails ({@code --kill-on-bad-exit}), and feeds standard input to task 0.
     */
    static JvmLauncher slurm() {
        return new JvmLauncher() {
            @Override
            public List<Process> start(JvmCommand command, JobSecret secret) throws IOException {
                List<String> c = new ArrayList<>(List.of("srun", "--ntasks=" + command.jvms(), "--kill-on-bad-exit=1",
                        "--input=0", "--export=ALL"));
                c.addAll(command.forJvm(-1, false, 0));
                ProcessBuilder pb = new ProcessBuilder(c);
                pb.environment().put("MPJ_JOBSECRET", secret.toHex());
                return List.of(pb.start());
            }

            @Override
            public String describe() {
                return "srun";
            }
        };
    }
}
