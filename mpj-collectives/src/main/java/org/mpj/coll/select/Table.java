package org.mpj.coll.select;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The selection table, {@code collectives.properties}. One rule per line:
 *
 * <pre>
 * # primitive.ranks.bytes = algorithm
 * bcast.2-4.0-8191 = BT
 * bcast.5-.65536-  = scatterAllgather
 * </pre>
 *
 * Ranges are inclusive, {@code lo-} is open above and a single number is a range of one. A rule whose
 * key starts with {@code shm:}, {@code hybrid:} or {@code tcp:} applies only to communicators placed as
 * that device places them ({@link Placement}): {@code shm:reduce.2-8.262144- = nbFT}; one that starts
 * with {@code oversubscribed:} only where the ranks outnumber their host's cores and all of them know it
 * alike ({@link Selector#oversubscribed}: the ranks of one JVM, or a job whose JVMs are all on one host;
 * an autotuning run with more ranks than cores writes such rules: what wins there loses where every
 * rank has a core of its own). The rules
 * of a primitive are tried in file order and the first that covers the communicator size and the
 * message size wins; where none does, the primitive's default algorithm runs. The message size is
 * defined per primitive in {@link MessageSize}. Blank lines and lines starting with {@code #} are
 * ignored; anything else that does not parse is an error naming the source, the line and what is valid.
 */
public final class Table {
    private final List<Rule> rules;

    public Table(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Reads a table; {@code source} names it in errors (a file path or a class path resource). */
    public static Table parse(Reader in, String source) {
        List<Rule> rules = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(in)) {
            int lineNo = 0;
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    rules.add(parseRule(t, source, lineNo));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read collectives table " + source, e);
        }
        return new Table(rules);
    }

    /** Writes the table in the form {@link #parse} reads, after a comment header. */
    public void write(Writer out, String header) {
        try {
            for (String h : header.split("\n")) {
                out.write("# " + h + "\n");
            }
            Primitive last = null;
            for (Rule rule : rules) {
                if (last != null && rule.primitive() != last) {
                    out.write("\n");
                }
                out.write(rule.format() + "\n");
                last = rule.primitive();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Rule parseRule(String t, String source, int lineNo) {
        int eq = t.indexOf('=');
        if (eq < 0) {
            throw bad(source, lineNo, "expected 'primitive.ranks.bytes = algorithm', found '" + t + "'");
        }
        String fullKey = t.substring(0, eq).strip();
        Placement only = null;
        boolean oversubscribed = false;
        for (int colon; (colon = fullKey.indexOf(':')) >= 0; fullKey = fullKey.substring(colon + 1).strip()) {
            String word = fullKey.substring(0, colon).strip();
            if (word.equals(Rule.OVERSUBSCRIBED) && !oversubscribed) {
                oversubscribed = true;
            } else if (Placement.ofKey(word) != null && only == null) {
                only = Placement.ofKey(word);
            } else {
                throw bad(source, lineNo, "unknown or repeated word '" + word + "' before the primitive; valid: "
                        + Placement.keys() + " (one of them), " + Rule.OVERSUBSCRIBED);
            }
        }
        String[] key = fullKey.split("\\.", -1);
        String algorithm = t.substring(eq + 1).strip();
        if (key.length != 3) {
            throw bad(source, lineNo, "expected 'primitive.ranks.bytes = algorithm', found '" + t + "'");
        }
        Primitive p = Primitive.ofKey(key[0]);
        if (p == null) {
            throw bad(source, lineNo, "unknown primitive '" + key[0] + "'; valid: " + Primitive.keys());
        }
        long[] ranks = range(key[1], "ranks", Rule.ANY_RANKS, source, lineNo);
        long[] bytes = range(key[2], "bytes", Rule.ANY_BYTES, source, lineNo);
        if (ranks[0] < 1) {
            throw bad(source, lineNo, "a rank range starts at 1 or more, found '" + key[1] + "'");
        }
        if (Catalog.lookup(p, algorithm) == null) {
            throw bad(source, lineNo, "unknown " + p.key + " algorithm '" + algorithm + "'; valid: "
                    + String.join(", ", Catalog.names(p)));
        }
        return new Rule(p, (int) ranks[0], (int) ranks[1], bytes[0], bytes[1], algorithm, lineNo, only, oversubscribed);
    }

    private static long[] range(String s, String what, long any, String source, int lineNo) {
        try {
            int dash = s.indexOf('-');
            long lo = Long.parseLong(dash < 0 ? s : s.substring(0, dash));
            long hi = dash < 0 ? lo : dash == s.length() - 1 ? any : Long.parseLong(s.substring(dash + 1));
            if (lo < 0 || hi < lo || hi > any) {
                throw new NumberFormatException();
            }
            return new long[] {lo, hi};
        } catch (NumberFormatException e) {
            throw bad(source, lineNo, "bad " + what + " range '" + s + "'; expected lo-hi, lo- or n");
        }
    }

    private static MpjException bad(String source, int lineNo, String what) {
        return new MpjException(ErrorClass.ERR_ARG, "collectives table " + source + " line " + lineNo + ": " + what);
    }
}
