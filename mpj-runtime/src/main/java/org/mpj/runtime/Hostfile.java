package org.mpj.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A host file as Open MPI reads it: one host per line, optionally {@code slots=N} (default 1);
 * {@code #} starts a comment; a host named twice adds up its slots.
 *
 * <pre>
 * node1 slots=4
 * node2            # one slot
 * </pre>
 */
record Hostfile(List<Host> hosts) {
    record Host(String name, int slots) {
    }

    static Hostfile read(Path file) throws IOException {
        return parse(Files.readAllLines(file), file.toString());
    }

    /** Throws IllegalArgumentException naming the file, line and what was wrong. */
    static Hostfile parse(List<String> lines, String where) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String[] words = (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+");
            if (words[0].isEmpty()) {
                continue;
            }
            String name = words[0];
            if (!name.matches("[A-Za-z0-9_.:@\\[\\]-]+")) {
                throw new IllegalArgumentException(where + " line " + (i + 1) + ": '" + name + "' is not a host name");
            }
            int slots = 1;
            for (int w = 1; w < words.length; w++) {
                String[] kv = words[w].split("=", 2);
                if (kv.length != 2 || !(kv[0].equals("slots") || kv[0].equals("max_slots"))) {
                    throw new IllegalArgumentException(where + " line " + (i + 1) + ": unknown field '" + words[w]
                            + "' (valid: slots=N)");
                }
                if (kv[0].equals("slots")) {
                    try {
                        slots = Integer.parseInt(kv[1]);
                    } catch (NumberFormatException e) {
                        slots = -1;
                    }
                    if (slots < 1) {
                        throw new IllegalArgumentException(where + " line " + (i + 1) + ": slots=" + kv[1]
                                + " is not a positive whole number");
                    }
                }
            }
            add(hosts, name, slots);
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException(where + " names no host");
        }
        return new Hostfile(List.copyOf(hosts));
    }

    private static void add(List<Host> hosts, String name, int slots) {
        for (int h = 0; h < hosts.size(); h++) {
            if (hosts.get(h).name().equals(name)) {
                hosts.set(h, new Host(name, hosts.get(h).slots() + slots));
                return;
            }
        }
        hosts.add(new Host(name, slots));
    }

    int totalSlots() {
        return hosts.stream().mapToInt(Host::slots).sum();
    }

    /**
     * The host of each JVM, filling each host's slots in file order ({@code ranksPerJvm} slots per
     * JVM, the last JVM maybe fewer); with {@code oversubscribe}, ranks past the slots go round the
     * hosts again. Without it, more ranks than slots is an error that says how many there are.
     */
    List<String> place(int np, int ranksPerJvm, boolean oversubscribe) {
        int jvms = (np + ranksPerJvm - 1) / ranksPerJvm;
        if (np > totalSlots() && !oversubscribe) {
            throw new IllegalArgumentException(np + " ranks need more slots than the host file gives (" + totalSlots()
                    + " on " + hosts.size() + " host(s)); add slots or use --oversubscribe");
        }
        List<String> out = new ArrayList<>();
        int[] used = new int[hosts.size()];
        int h = 0;
        for (int j = 0; j < jvms; j++) {
            int ranks = Math.min(ranksPerJvm, np - j * ranksPerJvm);
            int tries = 0;
            while (used[h] + ranks > hosts.get(h).slots() && tries < hosts.size()) {
                h = (h + 1) % hosts.size();
                tries++;
            }
            if (tries == hosts.size()) {
                if (!oversubscribe) {
                    throw new IllegalArgumentException("a JVM of " + ranks + " ranks fits on no host of the host file"
                            + " (--ranks-per-jvm " + ranksPerJvm + " exceeds the free slots); use --oversubscribe");
                }
                h = j % hosts.size();
            }
            used[h] += ranks;
            out.add(hosts.get(h).name());
        }
        return out;
    }
}
