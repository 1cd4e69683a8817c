package org.mpj.runtime;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.NetworkInterface;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.UnknownHostException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarFile;
import org.mpj.core.Config;
import org.mpj.core.MpjException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mpjrun}: starts an MPI job. Options follow mpirun's names where one exists.
 *
 * <pre>
 * mpjrun -np 4 -cp app.jar org.example.Main arg1 arg2
 * mpjrun -np 4 -jar app.jar arg1
 * </pre>
 */
@Command(name = "mpjrun", mixinStandardHelpOptions = true, versionProvider = MpjRun.Version.class,
        sortOptions = false,
        description = "Runs an MPI program written against the mpiJava 1.2 API with N ranks.",
        footer = {"", "Exit status: 0 when every rank finished; the failing rank's status (1 for an exception,",
                "the code given to Abort) when one failed; 1 when thread ranks deadlock (all waiting on each",
                "other for -Dmpj.deadlockSeconds=10); 124 on --timeout; 2 for bad options."})
public final class MpjRun implements Callable<Integer> {
    @Option(names = {"-np", "-n", "--np"}, paramLabel = "N",
            description = "Number of ranks (default: 1; with tcp or hybrid inside a Slurm allocation, its tasks"
                    + " ($SLURM_NTASKS) times --ranks-per-jvm).")
    Integer npOption;

    /** The number of ranks: -np, else what the allocation gives, else 1. */
    int np;

    @Option(names = {"-cp", "-classpath", "--class-path"}, paramLabel = "PATH",
            description = "Where the application's classes are (default: $CLASSPATH, else the current directory).")
    String classPath;

    @Option(names = "-jar", paramLabel = "JAR", description = "Run the Main-Class of this jar.")
    Path jar;

    @Option(names = "--dev", paramLabel = "DEVICE",
            description = "Device: shm runs every rank as a thread of this JVM; tcp runs each JVM's ranks (see"
                    + " --ranks-per-jvm) in JVMs of their own, talking over sockets; hybrid is tcp between JVMs and shm"
                    + " between the ranks of one JVM (default: ${DEFAULT-VALUE}).")
    String device = "shm";

    @Option(names = "--ranks-per-jvm", paramLabel = "K",
            description = "With tcp or hybrid: ranks (threads) in each JVM; -np 8 --ranks-per-jvm 4 starts 2 JVMs"
                    + " (default: ${DEFAULT-VALUE}).")
    int ranksPerJvm = 1;

    @Option(names = "--hostfile", paramLabel = "FILE",
            description = "Start the JVMs on these hosts through --rsh; lines 'host [slots=N]'.")
    Path hostfile;

    @Option(names = "--oversubscribe", description = "Allow more ranks than the host file has slots.")
    boolean oversubscribe;

    @Option(names = "--rsh", paramLabel = "COMMAND",
            description = "Remote shell for --hostfile, given the host (where {host} stands, else after the command)"
                    + " and the JVM's command as one shell word (default: ${DEFAULT-VALUE}).")
    String rsh = "ssh -o BatchMode=yes";

    @Option(names = "--bind-to", paramLabel = "core|none",
            description = "Ranks on this host: core gives each rank cores of its own (this host's cores shared out among"
                    + " the ranks; JVM j runs on its ranks' cores, through taskset; with --dev shm each rank's thread"
                    + " binds itself); none leaves them to the scheduler (default: core when the ranks fit this host's"
                    + " cores, as mpirun does, else none).")
    String bindTo;

    @Option(names = "--report-bindings", description = "Say on stderr which cores each JVM (shm: each rank thread) was bound to.")
    boolean reportBindings;

    @Option(names = "--iface", paramLabel = "ADDRESS|NAME",
            description = "Network interface (name or address) through which the JVMs reach mpjrun; each rank listens"
                    + " on its host's address that reached mpjrun unless -Dmpj.tcp.bindAddress says otherwise"
                    + " (default: loopback for local JVMs, this host's address for --hostfile and Slurm).")
    String iface;

    @Option(names = "--shared-classes",
            description = "Load the program's classes once for all thread ranks of a JVM instead of once per rank,"
                    + " so the JIT compiles each method once: for programs that keep no per-rank state in static"
                    + " fields (those are shared too). Sets " + Config.SHARED_CLASSES + "=true.")
    boolean sharedClasses;

    @Option(names = "--tag-output", description = "Start every line of output with [rank].")
    boolean tagOutput;

    @Option(names = "--stdin", paramLabel = "0|none",
            description = "Where mpjrun's standard input goes: rank 0, or nowhere (default: ${DEFAULT-VALUE}).")
    String stdin = "0";

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Abort the job after this many seconds; 0 for no limit (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds = 0;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "A system property of every rank, as java's -D; those named mpj.* are MPJ's settings,"
                    + " e.g. -Dmpj.eagerLimitBytes=65536.")
    Map<String, String> settings = new LinkedHashMap<>();

    @Parameters(paramLabel = "MAIN-CLASS [ARGS]", description = "Main class (unless -jar) and the program's arguments.")
    List<String> program = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Whether this JVM runs a job's thread ranks now ({@link #run}: one such job at a time). */
    private static final AtomicBoolean THREAD_JOB_RUNNING = new AtomicBoolean();

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs a job as the mpjrun command does with these arguments, from this JVM, and returns the exit
     * status the command would have (0 once every rank has finished): for a program's own tests, or a
     * tool that starts jobs, e.g. {@code MpjRun.run("-np", "4", "-cp", "target/classes", "org.example.Ring")}.
     * Thread ranks run in this JVM, as in mpjrun's, so a rank's System.exit ends it; and while they run,
     * this JVM's System.out, System.err, System.in and the -D properties are the job's, so one such job
     * runs at a time (another fails to start, status 1, saying why). The JVMs of tcp and hybrid are
     * started and ended here, and with {@code --stdin 0} (the default) a thread of this JVM copies its
     * standard input to rank 0's until the input ends: where that input is not the job's (a test runner's
     * channel), pass {@code --stdin none}. A failed job's report goes to System.err.
     */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        return new CommandLine(new MpjRun()).setStopAtPositional(true).setUnmatchedOptionsArePositionalParams(false);
    }

    @Override
    public Integer call() throws Exception {
        np = npOption != null ? npOption : defaultRanks();
        if (np < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-np must be at least 1 (got " + np + ")");
        }
        if (!device.equals("shm") && !device.equals("tcp") && !device.equals("hybrid")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown device '" + device
                    + "' for --dev; available: shm, tcp, hybrid");
        }
        if (ranksPerJvm < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ranks-per-jvm must be at least 1 (got "
                    + ranksPerJvm + ")");
        }
        if (timeoutSeconds < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must be 0 (no limit) or more seconds (got "
                    + timeoutSeconds + ")");
        }
        if (!stdin.equals("0") && !stdin.equals("none")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--stdin " + stdin + ": valid are 0 and none");
        }
        if (bindTo != null && !bindTo.equals(CpuBinding.CORE) && !bindTo.equals(CpuBinding.NONE)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bind-to " + bindTo + ": valid are core and none");
        }
        if (hostfile != null && device.equals("shm")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--hostfile needs --dev tcp or --dev hybrid"
                    + " (shm runs every rank in this JVM)");
        }
        if (sharedClasses) {
            settings.put(Config.SHARED_CLASSES, "true");
        }
        String mainClass;
        String[] args;
        List<URL> urls = new ArrayList<>();
        if (jar != null) {
            mainClass = mainClassOf(jar);
            urls.add(jar.toUri().toURL());
            args = program.toArray(new String[0]);
        } else {
            if (program.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "missing the main class to run (or -jar JAR)");
            }
            mainClass = program.get(0);
            args = program.subList(1, program.size()).toArray(new String[0]);
        }
        urls.addAll(parseClassPath(classPath != null ? classPath : System.getenv().getOrDefault("CLASSPATH", ".")));
        requireMainClass(mainClass, urls);
        JobResult result;
        if (device.equals("shm")) {
            Map<String, String> s = new LinkedHashMap<>(settings);
            s.put("mpj.device", device);
            CpuBinding binding = binding();
            if (reportBindings) {
                reportThreadBindings(binding);
            }
            ThreadJob job = new ThreadJob(np, urls.toArray(new URL[0]), mainClass, args, s, List.of(),
                    timeoutSeconds * 1000).boundTo(binding).exitReportedBy(MpjRun::report);
            if (!THREAD_JOB_RUNNING.compareAndSet(false, true)) {
                System.err.println("mpjrun: the job could not start: another job's thread ranks are running in this JVM"
                        + " (one at a time: they share its standard streams and system properties)");
                return 1;
            }
            try (AutoCloseable streams = RankStreams.install(tagOutput);
                 AutoCloseable properties = systemProperties(settings)) {
                result = job.run();
            } catch (MpjException e) {
                // The job could not start (a bad setting or table): say so in one line, as for tcp.
                System.err.println("mpjrun: the job could not start: " + e.getMessage());
                return 1;
            } finally {
                THREAD_JOB_RUNNING.set(false);
            }
        } else {
            result = processJob(urls, mainClass, args).run();
        }
        if (!result.succeeded()) {
            report(result);
        }
        return result.exitCode();
    }

    /**
     * Sets each -D as a system property of this JVM, which thread ranks share, as the JVMs of tcp and
     * hybrid get them on their command line; closing puts back what was there (mpjrun may run inside a
     * test's or an application's JVM).
     */
    static AutoCloseable systemProperties(Map<String, String> settings) {
        Map<String, String> before = new HashMap<>();
        settings.forEach((k, v) -> {
            before.put(k, System.getProperty(k));
            System.setProperty(k, v);
        });
        return () -> before.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
    }

    /** Inside a Slurm allocation, tcp and hybrid run one JVM per task; elsewhere 1 rank. */
    private int defaultRanks() {
        String tasks = System.getenv("SLURM_NTASKS");
        if (tasks == null || device.equals("shm") || hostfile != null) {
            return 1;
        }
        try {
            return Integer.parseInt(tasks.trim()) * ranksPerJvm;
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "SLURM_NTASKS='" + tasks
                    + "' is not a number; give -np");
        }
    }

    /** The job of tcp and hybrid: JVMs on this host, on the host file's hosts, or in the Slurm allocation. */
    private ProcessJob processJob(List<URL> urls, String mainClass, String[] args) throws IOException {
        List<String> cp = new ArrayList<>();
        for (URL u : urls) {
            try {
                cp.add(Path.of(u.toURI()).toAbsolutePath().toString());
            } catch (URISyntaxException e) {
                throw new IOException("class path entry " + u + " is not a file", e);
            }
        }
        boolean remote = hostfile != null || System.getenv("SLURM_JOB_ID") != null;
        if (remote && CpuBinding.CORE.equals(bindTo)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bind-to core binds JVMs started on this host"
                    + " only (inside Slurm, srun --cpu-bind binds tasks)");
        }
        JvmLauncher launcher;
        CpuBinding binding = null;
        if (hostfile != null) {
            Hostfile hosts;
            try {
                hosts = Hostfile.read(hostfile);
                launcher = JvmLauncher.remoteShell(List.of(rsh.trim().split("\\s+")),
                        hosts.place(np, ranksPerJvm, oversubscribe));
            } catch (NoSuchFileException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--hostfile " + hostfile + ": no such file");
            } catch (IllegalArgumentException | IOException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--hostfile " + hostfile + ": " + e.getMessage());
            }
        } else if (remote) {
            launcher = JvmLauncher.slurm();
        } else {
            binding = binding();
            if (binding != null) {
                // A bound JVM sees only its own cores; its ranks' idle strategy must count the host's.
                settings.putIfAbsent(Config.CORES_ON_HOST, Integer.toString(binding.cpus().size()));
                settings.put(CpuBinding.BIND_THREADS, "true");
            }
            launcher = JvmLauncher.local(binding);
        }
        JvmCommand command = new JvmCommand(null, np, ranksPerJvm, device, String.join(File.pathSeparator, cp), mainClass,
                List.of(args), settings, List.of(), tagOutput, javaOptions());
        if (reportBindings) {
            reportBindings(command, binding);
        }
        return new ProcessJob(command, launcher, controlAddress(remote), timeoutSeconds * 1000, stdin.equals("0"));
    }

    /** The cores of this host's ranks under --bind-to (null: none); a binding asked for that cannot be, refused. */
    private CpuBinding binding() {
        try {
            return CpuBinding.choose(bindTo, np);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void reportThreadBindings(CpuBinding binding) {
        if (binding == null || np < 2) {
            System.err.println("mpjrun: rank threads not bound to cores");
            return;
        }
        for (int r = 0; r < np; r++) {
            System.err.println("mpjrun: rank " + r + " (a thread) bound to core(s) " + CpuBinding.cpuList(binding.cpusOfRanks(r, 1, np)));
        }
    }

    private static void reportBindings(JvmCommand command, CpuBinding binding) {
        if (binding == null) {
            System.err.println("mpjrun: JVMs not bound to cores");
            return;
        }
        for (int j = 0; j < command.jvms(); j++) {
            List<Integer> cpus = binding.cpusOf(command, j);
            int ranks = command.ranksOf(j);
            System.err.println("mpjrun: JVM " + j + " (" + JvmCommand.ranks(j * command.perJvm(), ranks) + ") bound to core(s) "
                    + CpuBinding.cpuList(cpus) + (ranks > 1 && ranks <= cpus.size() ? ", each rank thread to its share" : ""));
        }
    }

    /** Options of the ranks' JVMs: setting {@code mpj.rankJavaOpts}, split at spaces. */
    private List<String> javaOptions() {
        String opts = Config.withOverrides(settings).get(RANK_JAVA_OPTS, "");
        return opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+"));
    }

    /** Setting: options for the java command of each rank JVM (-Dmpj.rankJavaOpts, MPJ_RANKJAVAOPTS). */
    static final String RANK_JAVA_OPTS = "mpj.rankJavaOpts";

    /** Where mpjrun listens for its JVMs: --iface, else loopback for local JVMs and this host's address otherwise. */
    private InetAddress controlAddress(boolean remote) throws IOException {
        if (iface == null) {
            return remote ? InetAddress.getLocalHost() : InetAddress.getLoopbackAddress();
        }
        NetworkInterface nic = NetworkInterface.getByName(iface);
        if (nic != null) {
            return nic.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst()
                    .or(() -> nic.inetAddresses().findFirst())
                    .orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "--iface " + iface
                            + ": the interface has no address"));
        }
        try {
            return InetAddress.getByName(iface);
        } catch (UnknownHostException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--iface " + iface
                    + " is neither a network interface nor an address of this host");
        }
    }

    private static void report(JobResult r) {
        StringBuilder sb = new StringBuilder("mpjrun: ").append(r.message()).append(System.lineSeparator());
        if (r.cause() != null) {
            StringWriter w = new StringWriter();
            r.cause().printStackTrace(new PrintWriter(w));
            sb.append(w);
        }
        System.err.print(sb);
        System.err.flush();
    }

    /**
     * A main class that is not on the class path is bad input (exit 2), reported once before any rank
     * starts rather than as the failure of whichever rank looked for it first.
     */
    private void requireMainClass(String mainClass, List<URL> urls) throws IOException {
        try (URLClassLoader probe = new URLClassLoader(urls.toArray(new URL[0]), MpjRun.class.getClassLoader())) {
            Class.forName(mainClass, false, probe);
        } catch (ClassNotFoundException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "cannot find the main class " + mainClass
                    + " on the class path " + urls + " (set it with -cp or $CLASSPATH)");
        }
    }

    private String mainClassOf(Path jarPath) {
        String main;
        try (JarFile j = new JarFile(jarPath.toFile())) {
            main = j.getManifest() == null ? null : j.getManifest().getMainAttributes().getValue("Main-Class");
        } catch (NoSuchFileException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-jar " + jarPath + ": no such file");
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-jar " + jarPath + ": not a readable jar ("
                    + e.getMessage() + ")");
        }
        if (main == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), jarPath + " names no Main-Class in its manifest");
        }
        return main;
    }

    static List<URL> parseClassPath(String path) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.endsWith("/*") || entry.equals("*")) {
                File dir = new File(entry.equals("*") ? "." : entry.substring(0, entry.length() - 2));
                File[] jars = dir.listFiles((d, n) -> n.endsWith(".jar") || n.endsWith(".JAR"));
                if (jars != null) {
                    java.util.Arrays.sort(jars);
                    for (File j : jars) {
                        urls.add(j.toURI().toURL());
                    }
                }
            } else {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return urls;
    }

    /** The version Maven wrote into version.properties. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            java.util.Properties p = new java.util.Properties();
            try (var in = MpjRun.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"mpjrun (MPJ) " + p.getProperty("version", "unknown")
                    + ", Java " + System.getProperty("java.version")};
        }
    }
}
