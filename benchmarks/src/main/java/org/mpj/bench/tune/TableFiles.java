package org.mpj.bench.tune;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Placement;
import org.mpj.coll.select.Primitive;
import org.mpj.coll.select.Selector;
import org.mpj.coll.select.Table;

/**
 * The selector's table as the benchmarks use it: read and write {@code collectives.properties} through
 * the selector's own {@link Table} (one format, defined once), and answer which algorithm a table picks
 * for a primitive, rank count and size — first matching line, else the catalog's default, as the
 * selector decides.
 */
public final class TableFiles {
    private TableFiles() {
    }

    public static Table read(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return Table.parse(r, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read collectives table " + file + ": " + e.getMessage(), e);
        }
    }

    public static void write(Table table, Path file, String header) {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                table.write(w, header);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write collectives table " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The algorithm the table picks for communicators placed so: its first line of the key that covers
     * the rank count and size and may apply to the placement (a placement limit, a shared or a
     * hierarchical algorithm), else the default, exactly as the selector decides.
     */
    public static String choose(Table table, String key, int ranks, long bytes, Placement placement) {
        return choose(table, key, ranks, bytes, placement, false);
    }

    /** {@link #choose} where the ranks outnumber their host's cores or not ({@link Selector#oversubscribed}). */
    public static String choose(Table table, String key, int ranks, long bytes, Placement placement,
                                boolean oversubscribed) {
        Primitive p = Primitive.ofKey(key);
        return Catalog.nameOf(p, Selector.fromTable(table, ranks, placement, oversubscribed)[p.ordinal()].pick(bytes));
    }
}
