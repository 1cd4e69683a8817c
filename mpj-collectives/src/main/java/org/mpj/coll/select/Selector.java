package org.mpj.coll.select;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.mpj.coll.tree.Trees;
import org.mpj.core.Communicator;
import org.mpj.core.Config;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The job's choice of algorithms: the table (from the file that {@code mpj.coll.table} names, else
 * the default on the class path) and the algorithms forced by {@code mpj.coll.<key>} settings. Made
 * once per job at Init; {@link #forSize} resolves it for one communicator size.
 */
public final class Selector {
    public static final String PREFIX = "mpj.coll.";
    /** Setting: path of the table file; unset = the default table shipped with MPJ. */
    public static final String TABLE = PREFIX + "table";
    /** Settings under {@code mpj.coll.} that are not a primitive key. */
    private static final Set<String> OTHER_SETTINGS = Set.of("table", "segmentbytes");
    static final String DEFAULT_TABLE = "/org/mpj/coll/collectives.properties";

    private final Table table;
    private final Map<Primitive, String> forced;
    private final int segmentBytes;

    Selector(Table table, Map<Primitive, String> forced, int segmentBytes) {
        this.table = table;
        this.forced = forced;
        this.segmentBytes = segmentBytes;
    }

    public static Selector configure(Config config) {
        Map<Primitive, String> forced = new EnumMap<>(Primitive.class);
        for (Map.Entry<String, String> e : config.withPrefix(PREFIX).entrySet()) {
            // MPJ_COLL_REDUCE_SCATTER arrives as mpj.coll.reduce.scatter; compare case- and dot-blind.
            String key = e.getKey().substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('.', '_');
            if (OTHER_SETTINGS.contains(key) || e.getValue().isBlank()) {
                continue;
            }
            Primitive p = Primitive.ofKey(key);
            if (p == null) {
                throw new MpjException(ErrorClass.ERR_ARG, "unknown setting " + e.getKey() + "; "
                        + PREFIX + "<primitive> takes one of: " + Primitive.keys() + " (or " + TABLE + ")");
            }
            String name = e.getValue().strip();
            if (Catalog.lookup(p, name) == null) {
                throw new MpjException(ErrorClass.ERR_ARG, "setting " + e.getKey() + ": unknown " + p.key
                        + " algorithm '" + name + "'; valid: " + String.join(", ", Catalog.names(p)));
            }
            forced.put(p, name);
        }
        int segmentBytes = config.getInt(Trees.SEGMENT_BYTES, Trees.DEFAULT_SEGMENT_BYTES, 0, Trees.MAX_SEGMENT_BYTES);
        return new Selector(readTable(config.get(TABLE)), forced, segmentBytes);
    }

    /** Bytes per segment of the segmented tree algorithms ({@value Trees#SEGMENT_BYTES}); 0 = unsegmented. */
    public int segmentBytes() {
        return segmentBytes;
    }

    private static Table readTable(String file) {
        if (file != null && !file.isBlank()) {
            try (Reader r = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
                return Table.parse(r, file);
            } catch (NoSuchFileException e) {
                throw new MpjException(ErrorClass.ERR_ARG, "setting " + TABLE + ": no such file " + file);
            } catch (IOException e) {
                throw new MpjException(ErrorClass.ERR_ARG, "setting " + TABLE + ": cannot read " + file + ": " + e);
            }
        }
        return shippedTable();
    }

    /** The table shipped with MPJ (on the class path), which a job without {@value #TABLE} uses. */
    public static Table shippedTable() {
        InputStream in = Selector.class.getResourceAsStream(DEFAULT_TABLE);
        if (in == null) {
            return new Table(List.of());
        }
        return Table.parse(new InputStreamReader(in, StandardCharsets.UTF_8), "classpath:" + DEFAULT_TABLE);
    }

    /**
     * Whether the table's oversubscribed rules apply to {@code comm}, placed as {@code where}: its ranks
     * outnumber their host's cores, and every rank of it knows so alike, so that all pick the same
     * algorithm. They do where all are threads of this JVM (one node), or where the whole job is on this
     * host (tcp or hybrid JVMs started here); a job across hosts never takes them, as one host's ranks
     * may outnumber its cores and another's not.
     */
    public static boolean oversubscribed(Communicator comm, Placement where) {
        return where == Placement.ONE_NODE ? comm.ranksOutnumberCores() : comm.jobOutnumbersCores();
    }

    /** {@link #forSize} for {@code comm}: its size, its placement, and whether it is {@link #oversubscribed}. */
    public Choice[] forCommunicator(Communicator comm) {
        Placement where = Placement.of(comm);
        return forSize(comm.size(), where, oversubscribed(comm, where));
    }

    /** {@link #fromTable(Table, int, Placement, boolean)} for {@code comm}, as {@link #forCommunicator} decides. */
    public static Choice[] fromTable(Table table, Communicator comm) {
        Placement where = Placement.of(comm);
        return fromTable(table, comm.size(), where, oversubscribed(comm, where));
    }

    /**
     * The choice of every primitive for communicators of {@code ranks} ranks; rules naming a
     * node-aware or hierarchical algorithm, and rules limited to a placement, apply only to the
     * placements they are made for, and oversubscribed rules only where {@code oversubscribed}.
     */
    public Choice[] forSize(int ranks, Placement placement, boolean oversubscribed) {
        Choice[] choices = fromTable(table, ranks, placement, oversubscribed);
        for (Map.Entry<Primitive, String> f : forced.entrySet()) {
            choices[f.getKey().ordinal()] = only(f.getKey(), f.getValue());
        }
        return choices;
    }

    /**
     * What {@code table} alone chooses for every primitive on communicators of {@code ranks} ranks
     * placed so, oversubscribed or not ({@link #oversubscribed}): its rules that cover the size and may
     * apply there, in file order, then the primitive's default.
     */
    public static Choice[] fromTable(Table table, int ranks, Placement placement, boolean oversubscribed) {
        Choice[] choices = new Choice[Primitive.values().length];
        for (Primitive p : Primitive.values()) {
            List<Rule> rows = new ArrayList<>();
            for (Rule rule : table.rules()) {
                if (rule.primitive() == p && rule.coversRanks(ranks) && rule.appliesTo(placement, oversubscribed)) {
                    rows.add(rule);
                }
            }
            long[] lo = new long[rows.size()], hi = new long[rows.size()];
            Object[] algorithms = new Object[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                lo[i] = rows.get(i).bytesLo();
                hi[i] = rows.get(i).bytesHi();
                algorithms[i] = Catalog.lookup(p, rows.get(i).algorithm());
            }
            choices[p.ordinal()] = new Choice(lo, hi, algorithms, Catalog.defaultAlgorithm(p));
        }
        return choices;
    }

    /**
     * The choice that runs algorithm {@code name} of {@code p} at every size, as the setting
     * {@code mpj.coll.<key>=name} forces it (on any placement: a node-aware algorithm falls back by itself
     * where ranks do not share memory).
     */
    public static Choice only(Primitive p, String name) {
        Object algorithm = Catalog.lookup(p, name);
        if (algorithm == null) {
            throw new MpjException(ErrorClass.ERR_ARG, "unknown " + p.key + " algorithm '" + name + "'; valid: "
                    + String.join(", ", Catalog.names(p)));
        }
        return new Choice(new long[0], new long[0], new Object[0], algorithm);
    }
}
