package org.mpj.bench.suite;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import mpi.Intracomm;

import org.mpj.coll.CollectiveChoices;
import org.mpj.coll.select.Catalog;
import org.mpj.coll.select.Selector;
import org.mpj.coll.select.Table;
import org.mpj.core.Communicator;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;

/**
 * One of the things an interleaved suite run compares on a communicator of its own: an algorithm of
 * the test's primitive ({@code --algorithms}), or a table ({@code --tables NAME=FILE}) that chooses for
 * every primitive. Its rows are labelled with its algorithm's or table's name.
 *
 * @param label     the rows' algorithm column
 * @param algorithm the algorithm forced, or null for a table
 * @param table     the table, or null for an algorithm
 */
public record Candidate(String label, String algorithm, Table table) {
    /** The file name that stands for the table shipped with MPJ in {@code --tables NAME=shipped}. */
    public static final String SHIPPED = "shipped";

    /** The algorithm {@code name} of collective {@code key}; an unknown name is refused with the valid ones. */
    public static Candidate algorithm(String key, String name) {
        if (!Catalog.names(key).contains(name)) {
            throw new IllegalArgumentException("--algorithms: unknown " + key + " algorithm '" + name + "'; valid: "
                    + String.join(", ", Catalog.names(key)));
        }
        return new Candidate(name, name, null);
    }

    /** {@code NAME=FILE}: the table in FILE ({@value #SHIPPED}: the one shipped with MPJ), labelled NAME. */
    public static Candidate table(String item) {
        int eq = item.indexOf('=');
        if (eq <= 0 || eq == item.length() - 1) {
            throw new IllegalArgumentException("--tables: '" + item + "' is not NAME=FILE (FILE '" + SHIPPED
                    + "' for the table shipped with MPJ)");
        }
        String name = item.substring(0, eq).trim(), file = item.substring(eq + 1).trim();
        if (file.equals(SHIPPED)) {
            return new Candidate(name, null, Selector.shippedTable());
        }
        try (Reader r = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            return new Candidate(name, null, Table.parse(r, file));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--tables " + name + ": no such file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--tables " + name + ": cannot read " + file + ": " + e.getMessage());
        } catch (MpjException e) {
            throw new IllegalArgumentException("--tables " + name + ": " + e.getMessage());
        }
    }

    /**
     * A new communicator over COMM_WORLD's ranks whose collectives run this candidate, as the facade
     * sees it. Collective: every rank makes the same candidates in the same order.
     */
    public Intracomm communicator(RankContext rank, String key) {
        Communicator world = rank.world();
        Communicator c = algorithm != null ? CollectiveChoices.dupWithAlgorithm(world, key, algorithm)
                : CollectiveChoices.dupWithTable(world, table);
        return (Intracomm) rank.facade(c);
    }
}
