package org.mpj.bench.suite;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The suite's command line, parsed before any rank measures anything so that a bad argument fails at
 * once with a sentence naming it.
 *
 * <pre>
 * Suite [--tests LIST] [--types LIST] [--sizes SPEC] [--reps N] [--warmup N] [--batches N] [--stat mean|median]
 *       [--csv FILE] [--label NAME] [--algorithms LIST] [--tables NAME=FILE,...] [--seed N] [--settle S] [--burst N] [--quiet]
 * </pre>
 */
public final class SuiteOptions {
    /** Tests between two ranks and patterns that every rank takes part in. */
    public static final List<String> POINT_TO_POINT = List.of("pingpong", "ring", "pairs");

    /** Collective tests: the selector's keys, so a result row and a table line speak of the same thing. */
    public static final List<String> COLLECTIVES = List.of("barrier", "bcast", "gather", "gatherv", "scatter", "scatterv",
            "allgather", "allgatherv", "alltoall", "alltoallv", "reduce", "allreduce", "reduce_scatter", "scan");

    public static final String USAGE = "Suite [--tests LIST|all|collectives|patterns] [--types LIST] [--sizes pow2|models|LIST]"
            + " [--reps N] [--warmup N] [--batches N] [--stat mean|median] [--csv FILE] [--label NAME]"
            + " [--algorithms LIST] [--tables NAME=FILE|NAME=shipped,...] [--seed N] [--settle S] [--burst N] [--quiet] [--help]";

    public List<String> tests = List.of("pingpong");
    public List<Primitive> types = List.of(Primitive.BYTE, Primitive.DOUBLE);
    public int[] sizes = Sizes.parse("pow2");
    /** Timed repetitions per point; 0 picks by size (see {@link #repsFor}). */
    public int reps;
    /** Untimed repetitions before each point; -1 picks a tenth of the repetitions. */
    public int warmup = -1;
    public String csv;
    /** Shown in tables and CSV as the algorithm (what the caller forced with -Dmpj.coll.KEY: the suite cannot see settings), or for ping-pong the device. */
    public String label = "default";
    public boolean quiet;
    /**
     * What each rank makes of its timed calls: {@code mean} (as the OSU and Intel benchmarks report) or
     * {@code median}, which a call that lost its core to other work on a shared machine cannot move.
     */
    public boolean median;
    /**
     * Ping-pong's repetitions are timed in this many batches, whose min / avg / max the table shows;
     * many short batches let the minimum find the quiet moments of a busy machine.
     */
    public int batches = 5;
    /**
     * What an interleaved run compares ({@code --algorithms}, then {@code --tables}), each on a
     * communicator of its own; empty: the collectives run on COMM_WORLD as the job's settings choose.
     */
    public List<Candidate> candidates = List.of();
    /** The seed of the interleaved runs' shuffles ({@link Interleaved}), the same on every rank. */
    public long seed = Interleaved.SEED;
    /**
     * An interleaved run first calls its candidates at every size until the JIT compilers fall quiet
     * ({@link Settle}), for at most this many seconds; 0: not at all.
     */
    public int settleSeconds = Settle.DEFAULT_MAX_SECONDS;
    /**
     * An interleaved run times this many calls back to back after each barrier and counts their mean
     * as one repetition: 1 times a lone call (its latency); more let a call overlap the one before it,
     * as in a program's loop of collectives, where a root that sends many messages becomes the bound.
     */
    public int burst = 1;
    /** {@code --help}: print the usage and measure nothing. */
    public boolean help;

    public static SuiteOptions parse(String... args) {
        SuiteOptions o = new SuiteOptions();
        String algorithms = null, tables = null;
        boolean labelled = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help": case "-h":
                    o.help = true;
                    return o;
                case "--quiet":
                    o.quiet = true;
                    continue;
                case "--tests": case "--types": case "--sizes": case "--reps": case "--warmup": case "--csv": case "--label": case "--stat": case "--batches":
                case "--algorithms": case "--tables": case "--seed": case "--settle": case "--burst":
                    break;
                default:
                    throw new IllegalArgumentException("unknown option '" + a + "'; usage: " + USAGE);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value; usage: " + USAGE);
            }
            String v = args[++i];
            switch (a) {
                case "--tests": o.tests = tests(v); break;
                case "--types": o.types = types(v); break;
                case "--sizes": o.sizes = Sizes.parse(v); break;
                case "--reps": o.reps = count(a, v, 1); break;
                case "--warmup": o.warmup = count(a, v, 0); break;
                case "--batches": o.batches = count(a, v, 1); break;
                case "--settle": o.settleSeconds = count(a, v, 0); break;
                case "--burst": o.burst = count(a, v, 1); break;
                case "--csv": o.csv = v; break;
                case "--seed":
                    try {
                        o.seed = Long.parseLong(v);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--seed: '" + v + "' is not a whole number");
                    }
                    break;
                case "--stat":
                    if (!v.equals("mean") && !v.equals("median")) {
                        throw new IllegalArgumentException("--stat: '" + v + "' is not mean or median");
                    }
                    o.median = v.equals("median");
                    break;
                case "--algorithms": algorithms = v; break;
                case "--tables": tables = v; break;
                default:
                    o.label = v;
                    labelled = true;
                    break;
            }
        }
        if (algorithms != null || tables != null) {
            o.candidates = candidates(o.tests, algorithms, tables, labelled);
        }
        return o;
    }

    /** The candidates of {@code --algorithms} and {@code --tables}, checked against the tests and each other. */
    static List<Candidate> candidates(List<String> tests, String algorithms, String tables, boolean labelled) {
        for (String t : tests) {
            if (!COLLECTIVES.contains(t)) {
                throw new IllegalArgumentException("--algorithms and --tables compare collectives; --tests has '" + t
                        + "', which is not one");
            }
        }
        if (labelled) {
            throw new IllegalArgumentException("--label names the rows of a run without --algorithms or --tables;"
                    + " with them, each row is named by its algorithm or table");
        }
        List<Candidate> out = new ArrayList<>();
        if (algorithms != null) {
            if (tests.size() != 1) {
                throw new IllegalArgumentException("--algorithms names algorithms of one collective; --tests has "
                        + tests.size() + ": " + String.join(", ", tests));
            }
            for (String a : algorithms.split(",")) {
                out.add(Candidate.algorithm(tests.get(0), a.trim()));
            }
        }
        if (tables != null) {
            for (String t : tables.split(",")) {
                out.add(Candidate.table(t.trim()));
            }
        }
        Set<String> labels = new LinkedHashSet<>();
        for (Candidate c : out) {
            if (!labels.add(c.label())) {
                throw new IllegalArgumentException((c.algorithm() != null ? "--algorithms" : "--tables") + ": '"
                        + c.label() + "' is named twice; each candidate needs a name of its own");
            }
        }
        return List.copyOf(out);
    }

    /** Repetitions at {@code bytes}: fewer for large messages so every point takes a similar time. */
    public int repsFor(int bytes) {
        if (reps > 0) {
            return reps;
        }
        return bytes <= 8192 ? 1000 : bytes <= (256 << 10) ? 200 : bytes <= (4 << 20) ? 30 : 10;
    }

    public int warmupFor(int reps) {
        return warmup >= 0 ? warmup : reps / 10 + 1;
    }

    static List<String> tests(String v) {
        Set<String> out = new LinkedHashSet<>();
        for (String t : v.split(",")) {
            String name = t.trim().toLowerCase();
            switch (name) {
                case "all":
                    out.addAll(POINT_TO_POINT);
                    out.addAll(COLLECTIVES);
                    break;
                case "collectives":
                    out.addAll(COLLECTIVES);
                    break;
                case "patterns":
                    out.add("ring");
                    out.add("pairs");
                    break;
                default:
                    if (!POINT_TO_POINT.contains(name) && !COLLECTIVES.contains(name)) {
                        throw new IllegalArgumentException("--tests: unknown test '" + t.trim() + "'; known: all, collectives, patterns, "
                                + String.join(", ", POINT_TO_POINT) + ", " + String.join(", ", COLLECTIVES));
                    }
                    out.add(name);
            }
        }
        return new ArrayList<>(out);
    }

    static List<Primitive> types(String v) {
        List<Primitive> out = new ArrayList<>();
        if (v.trim().equalsIgnoreCase("all")) {
            return List.of(Primitive.values());
        }
        for (String t : v.split(",")) {
            out.add(Primitive.parse(t));
        }
        return out;
    }

    static int count(String option, String v, int min) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through to the sentence below
        }
        throw new IllegalArgumentException(option + ": '" + v + "' is not a whole number >= " + min);
    }
}
