package org.mpj.runtime;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpj.core.Bootstrap;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.JobControl;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;
import org.mpj.core.device.WireUp;
import org.mpj.device.tcp.JobSecret;

/**
 * The main class of each JVM that mpjrun starts for a job of several JVMs. It runs world ranks
 * {@code jvm * perJvm ..} as threads, learns the other JVMs' addresses from mpjrun over the control
 * connection ({@link ControlProtocol}), reports how its ranks ended, and ends when mpjrun says so or
 * the connection to mpjrun drops. Not for users: mpjrun builds its command line.
 *
 * <pre>
 * java -cp MPJ-CLASSPATH org.mpj.runtime.RankMain --control HOST:PORT --jvm J|slurm --np N --per-jvm K
 *      [--tag-output] [--secret-stdin] [--shared PREFIX,...] --cp APP-CLASSPATH -- MAIN-CLASS [ARGS...]
 * </pre>
 * The job secret comes from {@code MPJ_JOBSECRET} in the environment, or with {@code --secret-stdin}
 * as the first line of standard input (for ssh, which would otherwise need the secret in its argv).
 * {@code --jvm slurm} takes the JVM's index from {@code SLURM_PROCID}.
 */
public final class RankMain {
    /** After mpjrun is gone, how long the ranks get to unwind before the JVM halts. */
    static final long ORPHAN_HALT_MS = 2_000;
    /** How long the wire-up waits for the other JVMs to report their addresses. */
    static final int WIREUP_TIMEOUT_MS = 120_000;

    private final Socket control;
    private final DataInputStream in;
    private final DataOutputStream out;
    private volatile boolean reported;

    private RankMain(Socket control, DataInputStream in, DataOutputStream out) {
        this.control = control;
        this.in = in;
        this.out = out;
    }

    public static void main(String[] argv) {
        Args a;
        try {
            a = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("mpj RankMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(run(a));
    }

    private static int run(Args a) {
        Map<String, String> overrides = new HashMap<>();
        JobSecret secret;
        int jvm;
        RankMain self;
        try {
            String text = a.secretOnStdin ? firstLine(new FileInputStream(FileDescriptor.in)) : System.getenv("MPJ_JOBSECRET");
            if (text == null || text.isBlank()) {
                throw new IOException("no job secret: MPJ_JOBSECRET is not set" + (a.secretOnStdin ? " and standard input had none" : ""));
            }
            secret = JobSecret.parse(text, a.secretOnStdin ? "on standard input" : "in MPJ_JOBSECRET");
            overrides.put(Config.JOB_SECRET, secret.toHex());
            jvm = a.jvm != null ? Integer.parseInt(a.jvm) : Integer.parseInt(System.getenv("SLURM_PROCID"));
            self = connect(a.control, secret, jvm);
        } catch (IOException | RuntimeException e) {
            System.err.println("mpj: this JVM could not join the job (control " + a.control + "): " + e.getMessage());
            return 1;
        }
        overrides.put(Config.RANKS_PER_JVM, Integer.toString(a.perJvm));
        int first = jvm * a.perJvm;
        int count = Math.min(a.perJvm, a.np - first);
        JobControl job = new JobControl(Math.max(count, 1));
        try (AutoCloseable streams = RankStreams.install(a.tagOutput)) {
            if (count <= 0) {
                throw new MpjException(ErrorClass.ERR_ARG, "JVM " + jvm + " has no ranks: " + a.np + " ranks, "
                        + a.perJvm + " per JVM");
            }
            Config config = Config.withOverrides(overrides);
            if (MessagePathJit.wanted(config, count, ProcessHandle.current().info().arguments().orElse(new String[0]))) {
                MessagePathJit.apply();
            }
            WireUp wireUp = self.wireUp(first);
            RankContext[] ranks = Bootstrap.processJob(first, count, a.np, config, job, wireUp);
            self.listen(job, ranks);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> self.exiting(ranks), "mpj-exit-report"));
            ThreadJob threads = new ThreadJob(count, a.classPath, a.mainClass, a.args, Map.of(), a.shared, 0)
                    .boundTo(Boolean.getBoolean(CpuBinding.BIND_THREADS) && count > 1 ? CpuBinding.ofThisJvm(count) : null);
            JobResult r = threads.run(ranks, job);
            if (r.cause() != null && r.failedRank() >= first && r.failedRank() < first + count) {
                r.cause().printStackTrace();
            }
            self.report(r.exitCode(), r.failedRank(), r.succeeded() ? "" : r.message());
            return r.exitCode();
        } catch (Exception e) {
            String why = JvmCommand.ranks(first, count) + " could not start: " + e.getMessage();
            self.report(1, first, why);
            return 1;
        }
    }

    /** Reads one line without reading past it: the rest of standard input is rank 0's. */
    private static String firstLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            if (sb.length() > 4096) {
                throw new IOException("the first line of standard input is not a job secret (too long)");
            }
            sb.append((char) c);
        }
        return sb.toString();
    }

    private static RankMain connect(String control, JobSecret secret, int jvm) throws IOException {
        int colon = control.lastIndexOf(':');
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(control.substring(0, colon), Integer.parseInt(control.substring(colon + 1))),
                ControlProtocol.HANDSHAKE_TIMEOUT_MS);
        s.setSoTimeout(ControlProtocol.HANDSHAKE_TIMEOUT_MS);
        DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
        ControlProtocol.proveToLauncher(in, out, secret, jvm);
        return new RankMain(s, in, out);
    }

    /** Sends this JVM's addresses and waits for the table (or an abort) from mpjrun. */
    private WireUp wireUp(int first) {
        return new WireUp() {
            @Override
            public String[] exchange(String[] localAddresses) {
                try {
                    synchronized (out) {
                        ControlProtocol.writeStrings(out, ControlProtocol.ADDRESSES, localAddresses);
                    }
                    control.setSoTimeout(WIREUP_TIMEOUT_MS);
                    byte type = in.readByte();
                    if (type == ControlProtocol.ABORT) {
                        in.readInt();
                        in.readInt();
                        throw new MpjException(ErrorClass.ERR_OTHER, "the job ended during wire-up: " + in.readUTF());
                    }
                    if (type != ControlProtocol.TABLE) {
                        throw new IOException("control message type " + type + " where the peer table was expected");
                    }
                    String[] table = ControlProtocol.readStrings(in);
                    control.setSoTimeout(0);
                    return table;
                } catch (IOException e) {
                    throw new MpjException(ErrorClass.ERR_OTHER, "wire-up of rank " + first
                            + " with mpjrun failed: " + e, e);
                }
            }

            @Override
            public String localAddress() {
                return control.getLocalAddress().getHostAddress();
            }
        };
    }

    /**
     * Reads mpjrun's orders: WHERE (at the time limit: where this JVM's ranks wait, which only this JVM
     * can see) and ABORT; when the connection drops, ends the ranks and then the JVM.
     */
    private void listen(JobControl job, RankContext[] ranks) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    byte type = in.readByte();
                    if (type == ControlProtocol.WHERE) {
                        answerWhere(ThreadJob.waitingRanks(ranks, job));
                        continue;
                    }
                    if (type != ControlProtocol.ABORT) {
                        throw new IOException("unexpected control message type " + type);
                    }
                    int rank = in.readInt();
                    int code = in.readInt();
                    job.abort(rank, in.readUTF(), null, code);
                }
            } catch (IOException e) {
                if (!reported) {
                    job.abort(-1, "the control connection to mpjrun closed (" + e + "); mpjrun has ended", null, 1);
                    sleepQuietly(ORPHAN_HALT_MS);
                    Runtime.getRuntime().halt(1);
                }
            }
        }, "mpj-control");
        t.setDaemon(true);
        t.start();
    }

    /** Tells mpjrun which of this JVM's ranks still run and where ("rank 0 in Comm.Recv, rank 1"). */
    private void answerWhere(String running) throws IOException {
        synchronized (out) {
            if (!reported) {
                out.writeByte(ControlProtocol.WAITING);
                out.writeUTF(running);
                out.flush();
            }
        }
    }

    private void report(int code, int rank, String message) {
        synchronized (out) {
            if (reported) {
                return;
            }
            reported = true;
            try {
                out.writeByte(ControlProtocol.RESULT);
                out.writeInt(code);
                out.writeInt(rank);
                out.writeUTF(message == null ? "" : message.length() > 16_000 ? message.substring(0, 16_000) : message);
                out.flush();
            } catch (IOException ignored) {
                // mpjrun is gone; it learns nothing more from us
            }
        }
    }

    /** The program called System.exit: tells mpjrun whether its ranks had finished properly. */
    private void exiting(RankContext[] ranks) {
        synchronized (out) {
            if (reported) {
                return;
            }
            reported = true;
            boolean all = Arrays.stream(ranks).allMatch(RankContext::isFinalized);
            try {
                out.writeByte(ControlProtocol.EXITING);
                out.writeBoolean(all);
                out.flush();
            } catch (IOException ignored) {
                // mpjrun is gone
            }
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The command line that mpjrun built. */
    record Args(String control, String jvm, int np, int perJvm, boolean tagOutput, boolean secretOnStdin,
                List<String> shared, URL[] classPath, String mainClass, String[] args) {
        static Args parse(String[] argv) {
            String control = null, jvm = null, cp = "";
            int np = -1, perJvm = 1;
            boolean tag = false, secretOnStdin = false;
            List<String> shared = new ArrayList<>();
            int i = 0;
            for (; i < argv.length && !argv[i].equals("--"); i++) {
                switch (argv[i]) {
                    case "--control" -> control = argv[++i];
                    case "--jvm" -> jvm = argv[++i].equals("slurm") ? null : argv[i];
                    case "--np" -> np = Integer.parseInt(argv[++i]);
                    case "--per-jvm" -> perJvm = Integer.parseInt(argv[++i]);
                    case "--tag-output" -> tag = true;
                    case "--secret-stdin" -> secretOnStdin = true;
                    case "--shared" -> shared.addAll(List.of(argv[++i].split(",")));
                    case "--cp" -> cp = argv[++i];
                    default -> throw new IllegalArgumentException("unknown argument '" + argv[i] + "'");
                }
            }
            if (control == null || np < 1 || perJvm < 1 || i + 1 >= argv.length) {
                throw new IllegalArgumentException("usage: RankMain --control HOST:PORT --jvm J|slurm --np N --per-jvm K"
                        + " [--tag-output] [--secret-stdin] [--shared P,...] --cp CP -- MAIN [ARGS...]");
            }
            URL[] urls;
            try {
                urls = MpjRun.parseClassPath(cp).toArray(new URL[0]);
            } catch (java.net.MalformedURLException e) {
                throw new IllegalArgumentException("bad class path " + cp + ": " + e.getMessage());
            }
            return new Args(control, jvm, np, perJvm, tag, secretOnStdin, shared, urls, argv[i + 1],
                    Arrays.copyOfRange(argv, i + 2, argv.length));
        }
    }
}
