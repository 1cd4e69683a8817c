package org.mpj.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.mpj.core.Bootstrap;
import org.mpj.core.Config;
import org.mpj.core.JobAbortedException;
import org.mpj.core.JobControl;
import org.mpj.core.RankContext;

/**
 * A job whose ranks are threads of this JVM (the shm device). Each rank runs the application's
 * {@code main} in a thread of its own, with classes from a {@link RankClassLoader} of its own. The
 * first rank to fail ends the job: every other rank's waits throw, and the result names that rank.
 */
public final class ThreadJob {
    /** After an abort, how long ranks get to unwind before the job is reported without them. */
    static final long UNWIND_MS = 5_000;

    private final int np;
    private final URL[] classPath;
    private final String mainClass;
    private final String[] args;
    private final Map<String, String> settings;
    private final List<String> sharedPrefixes;
    private final long timeoutMs;
    /** Where each rank thread binds itself ({@code mpjrun --bind-to core}); null: not bound. */
    private final CpuBinding binding;
    /** mpjrun's report of a job that a rank's System.exit or a signal ended ({@link ExitGuard}); null: no guard. */
    private final Consumer<JobResult> exitReport;

    /**
     * @param classPath      where the application's classes are (the {@code mpi} facade is added)
     * @param settings       MPJ settings that override system properties and MPJ_* variables
     * @param sharedPrefixes class name prefixes loaded once for all ranks besides the JDK and MPJ
     * @param timeoutMs      the job is aborted after this long; 0 for no limit
     */
    public ThreadJob(int np, URL[] classPath, String mainClass, String[] args, Map<String, String> settings,
                     List<String> sharedPrefixes, long timeoutMs) {
        this(np, classPath, mainClass, args, settings, sharedPrefixes, timeoutMs, null, null);
    }

    private ThreadJob(int np, URL[] classPath, String mainClass, String[] args, Map<String, String> settings,
                      List<String> sharedPrefixes, long timeoutMs, CpuBinding binding, Consumer<JobResult> exitReport) {
        this.np = np;
        this.classPath = classPath.clone();
        this.mainClass = mainClass;
        this.args = args.clone();
        this.settings = Map.copyOf(settings);
        this.sharedPrefixes = List.copyOf(sharedPrefixes);
        this.timeoutMs = timeoutMs;
        this.binding = binding;
        this.exitReport = exitReport;
    }

    /**
     * A job running {@code main} from where its class was loaded, as tests and embedding programs
     * use it: JUnit's packages are shared by the ranks, and the job is aborted after a minute.
     */
    public static ThreadJob of(int np, Class<?> main, String... args) {
        URL where = main.getProtectionDomain().getCodeSource().getLocation();
        return new ThreadJob(np, new URL[] {where}, main.getName(), args, Map.of(), TEST_SHARED, DEFAULT_TEST_TIMEOUT_MS);
    }

    /** The same job with these MPJ settings. */
    public ThreadJob withSettings(Map<String, String> more) {
        Map<String, String> s = new java.util.HashMap<>(settings);
        s.putAll(more);
        return new ThreadJob(np, classPath, mainClass, args, s, sharedPrefixes, timeoutMs, binding, exitReport);
    }

    /** The same job with another time limit (0 for none). */
    public ThreadJob withTimeoutMs(long ms) {
        return new ThreadJob(np, classPath, mainClass, args, settings, sharedPrefixes, ms, binding, exitReport);
    }

    /** The same job, each rank thread binding itself to its share of {@code binding}'s cores as it starts (null: none). */
    ThreadJob boundTo(CpuBinding binding) {
        return new ThreadJob(np, classPath, mainClass, args, settings, sharedPrefixes, timeoutMs, binding, exitReport);
    }

    /** The same job with {@link ExitGuard} held while it runs, reporting through {@code report} (mpjrun's shm jobs). */
    ThreadJob exitReportedBy(Consumer<JobResult> report) {
        return new ThreadJob(np, classPath, mainClass, args, settings, sharedPrefixes, timeoutMs, binding, report);
    }

    /** Packages of the test frameworks, loaded once so that ranks throw the framework's own errors. */
    static final List<String> TEST_SHARED = List.of("org.junit.", "org.opentest4j.", "org.apiguardian.");
    static final long DEFAULT_TEST_TIMEOUT_MS = 60_000;

    public JobResult run() throws InterruptedException {
        JobControl job = new JobControl(np);
        RankContext[] ranks = Bootstrap.threadJob(np, withJobSecret(settings), job);
        if (exitReport == null) {
            return run(ranks, job);
        }
        ExitGuard guard = new ExitGuard(ranks, job, exitReport);
        guard.install();
        try {
            JobResult result = run(ranks, job);
            guard.holdWhileShuttingDown();
            return result;
        } finally {
            guard.remove();
        }
    }

    /**
     * Runs the ranks of this JVM, which may be a part of a job spread over several JVMs
     * ({@link RankMain}); {@code job} is theirs, and its abort wakes them.
     */
    JobResult run(RankContext[] ranks, JobControl job) throws InterruptedException {
        URL[] urls = withFacade(classPath);
        ClassLoader parent = ThreadJob.class.getClassLoader();
        int n = ranks.length;
        // --shared-classes: one loader for the program and the mpi facade (MPJ's own copy, from the
        // parent), whose statics every rank then shares.
        ClassLoader jobLoader = n > 0 && ranks[0].config.getBoolean(Config.SHARED_CLASSES, false)
                ? new URLClassLoader("mpj-job", classPath, parent) : null;
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            RankContext context = ranks[i];
            int rank = context.worldRank;
            RankClassLoader loader = jobLoader != null ? RankClassLoader.sharing(rank, jobLoader, context)
                    : new RankClassLoader(rank, urls, parent, context, sharedPrefixes);
            int index = i;
            threads[i] = context.device.newRankThread(() -> runRank(index, rank, loader, context, job), "mpj-rank-" + rank);
            threads[i].setContextClassLoader(loader);
            threads[i].setDaemon(true);
            job.rankThread(i, threads[i]);
        }
        for (Thread t : threads) {
            t.start();
        }
        long deadline = timeoutMs > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs) : Long.MAX_VALUE;
        try {
            awaitRanks(ranks, threads, job, deadline);
        } catch (InterruptedException e) {
            // Whoever runs the job gave up on it (a test's time limit): the ranks must not run on unseen.
            job.abort(-1, "the thread running the job was interrupted", null, JobResult.STOPPED);
            for (Thread t : threads) {
                t.join(UNWIND_MS);
            }
            throw e;
        }
        if (!job.isAborted()) {
            return JobResult.success();
        }
        JobAbortedException f = job.failure();
        return new JobResult(job.exitCode(), job.failedRank(), f.getMessage(), f.getCause());
    }

    private void awaitRanks(RankContext[] ranks, Thread[] threads, JobControl job, long deadline) throws InterruptedException {
        DeadlockWatch deadlock = DeadlockWatch.of(ranks, job);
        for (Thread t : threads) {
            while (t.isAlive()) {
                long now = System.nanoTime(), leftMs = (deadline - now) / 1_000_000;
                if (job.isAborted()) {
                    t.join(UNWIND_MS);
                    break;
                }
                if (leftMs <= 0) {
                    job.abort(-1, "timed out after " + timeoutMs + " ms" + stillRunning(waitingRanks(ranks, job)), null,
                            JobResult.TIMED_OUT);
                    continue;
                }
                if (deadlock != null && deadlock.check(now)) {
                    continue;
                }
                t.join(Math.min(leftMs, 100));
            }
        }
    }

    /**
     * The settings, with a fresh random job secret unless one is set: this JVM starts the job, so it
     * makes the secret that network devices prove to each other.
     */
    static Config withJobSecret(Map<String, String> settings) {
        Config config = Config.withOverrides(settings);
        String given = config.get(Config.JOB_SECRET);
        if (given != null && !given.isEmpty()) {
            return config;
        }
        byte[] secret = new byte[JOB_SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        Map<String, String> s = new java.util.HashMap<>(settings);
        s.put(Config.JOB_SECRET, HexFormat.of().formatHex(secret));
        return Config.withOverrides(s);
    }

    static final int JOB_SECRET_BYTES = 32;

    /**
     * The tail of a timeout message, the same for thread ranks and rank JVMs: "; still running: " and
     * {@code ranks} ("rank 0 in Comm.Recv, rank 1"), or nothing when no rank is.
     */
    static String stillRunning(String ranks) {
        return ranks.isEmpty() ? "" : "; still running: " + ranks;
    }

    /**
     * "rank 0 in Comm.Recv, rank 1, rank 2 (starting)": which of this JVM's ranks are still running, and
     * in which MPI call, for a timeout message; empty when none is.
     */
    static String waitingRanks(RankContext[] ranks, JobControl job) {
        StringJoiner running = new StringJoiner(", ");
        for (int i = 0; i < ranks.length; i++) {
            Thread t = job.rankThread(i);
            if (t == null) {
                running.add("rank " + ranks[i].worldRank + " (starting)");
            } else if (t.isAlive()) {
                StackTraceElement where = null;
                for (StackTraceElement e : t.getStackTrace()) {
                    if (e.getClassName().startsWith("mpi.")) {
                        where = e;
                    }
                }
                running.add("rank " + ranks[i].worldRank
                        + (where == null ? "" : " in " + where.getClassName().substring(4) + "." + where.getMethodName()));
            }
        }
        return running.toString();
    }

    private void runRank(int index, int rank, ClassLoader loader, RankContext context, JobControl job) {
        RankStreams.enter(rank);
        try {
            bind(index, rank);
            Method main = mainMethod(loader);
            main.invoke(null, (Object) args.clone());
            if (context.isInitialized() && !context.isFinalized()) {
                job.abort(rank, "rank " + rank + " returned from main without calling MPI.Finalize", null, 1);
            }
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (!isConsequenceOfAbort(cause, job)) {
                job.abort(rank, "rank " + rank + " failed: " + cause, cause, 1);
            }
        } catch (Throwable t) {
            job.abort(rank, "rank " + rank + " could not start " + mainClass + ": " + t, t, 1);
        } finally {
            closeDevice(rank, context, job);
            RankStreams.leave();
        }
    }

    /**
     * Binds the thread of this JVM's {@code index}-th rank to its share of the binding's cores, unless
     * it is all of them (one rank); says so if it could not.
     */
    private void bind(int index, int rank) {
        if (binding == null || np < 2) {
            return;
        }
        List<Integer> cpus = binding.cpusOfRanks(index, 1, np);
        String failure = binding.bindThisThread(cpus);
        if (failure != null) {
            System.err.println("mpjrun: rank " + rank + " could not be bound to core(s) " + CpuBinding.cpuList(cpus) + ": "
                    + failure);
        }
    }

    /** Releases the rank's device (sockets) however the rank ended; a no-op after Finalize closed it. */
    private static void closeDevice(int rank, RankContext context, JobControl job) {
        try {
            context.device.close();
        } catch (RuntimeException e) {
            job.abort(rank, "rank " + rank + " could not close its " + context.device.name() + " device: " + e, e, 1);
        }
    }

    /** True when a rank threw only because another rank had already ended the job. */
    private static boolean isConsequenceOfAbort(Throwable t, JobControl job) {
        if (!job.isAborted()) {
            return false;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof JobAbortedException) {
                return true;
            }
        }
        return false;
    }

    private Method mainMethod(ClassLoader loader) throws ClassNotFoundException, NoSuchMethodException {
        Class<?> c = Class.forName(mainClass, true, loader);
        Method m = c.getMethod("main", String[].class);
        if (!Modifier.isStatic(m.getModifiers())) {
            throw new NoSuchMethodException(mainClass + ".main(String[]) is not static");
        }
        m.setAccessible(true);
        return m;
    }

    /** The application's class path with the {@code mpi} facade's location first. */
    private static URL[] withFacade(URL[] classPath) {
        List<URL> urls = new ArrayList<>();
        urls.add(RankContext.class.getProtectionDomain().getCodeSource().getLocation());
        for (URL u : classPath) {
            if (!urls.contains(u)) {
                urls.add(u);
            }
        }
        return urls.toArray(new URL[0]);
    }
}
