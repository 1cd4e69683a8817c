package org.mpj.bench.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Message-size lists as the suite takes them on its command line.
 * <ul>
 *   <li>{@code pow2} (the default, as the OSU and Intel MPI benchmarks step): 0, then 1, 2, 4 … 1 MiB;</li>
 *   <li>{@code models}: 0, then 1, 4, 16 … 4 MiB — powers of four, what the model fits take;</li>
 *   <li>a comma list of sizes ({@code 0,8,1K,64K,1M}) and ranges {@code LO-HI} (LO and every doubling up to
 *       HI; a range from 0 gives 0 then 1, 2, 4 …), or {@code LO-HI:4} to step by four.</li>
 * </ul>
 * Sizes take the suffixes K, M and G (binary). The result is sorted, without duplicates.
 */
public final class Sizes {
    private Sizes() {
    }

    public static final int MAX_BYTES = 1 << 30;

    public static int[] parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("--sizes: empty size list; give pow2, models, or e.g. 0,1K,4-64K");
        }
        switch (spec.trim()) {
            case "pow2":
                return range(0, 1 << 20, 2);
            case "models":
                return range(0, 4 << 20, 4);
            default:
                break;
        }
        TreeSet<Integer> all = new TreeSet<>();
        for (String item : spec.split(",")) {
            String it = item.trim();
            if (it.isEmpty()) {
                throw new IllegalArgumentException("--sizes '" + spec + "': empty item between commas");
            }
            int dash = it.indexOf('-', 1);
            if (dash < 0) {
                all.add(size(it, spec));
                continue;
            }
            int factor = 2;
            String hiPart = it.substring(dash + 1);
            int colon = hiPart.indexOf(':');
            if (colon >= 0) {
                String f = hiPart.substring(colon + 1);
                hiPart = hiPart.substring(0, colon);
                if (!f.equals("2") && !f.equals("4")) {
                    throw new IllegalArgumentException("--sizes '" + spec + "': step ':" + f + "' in '" + it
                            + "' must be :2 or :4");
                }
                factor = Integer.parseInt(f);
            }
            int lo = size(it.substring(0, dash), spec), hi = size(hiPart, spec);
            if (lo > hi) {
                throw new IllegalArgumentException("--sizes '" + spec + "': range '" + it + "' runs backwards ("
                        + lo + " > " + hi + ")");
            }
            for (int s : range(lo, hi, factor)) {
                all.add(s);
            }
        }
        return all.stream().mapToInt(Integer::intValue).toArray();
    }

    /** lo, then lo·f, lo·f² … up to hi; from 0: 0, 1, f, f² …. */
    static int[] range(int lo, int hi, int factor) {
        List<Integer> out = new ArrayList<>();
        long s = lo;
        if (s == 0) {
            out.add(0);
            s = 1;
        }
        for (; s <= hi; s *= factor) {
            out.add((int) s);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** One size: digits with an optional K, M or G suffix. */
    static int size(String text, String spec) {
        String t = text.trim().toUpperCase();
        long unit = 1;
        if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
            unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit) || t.length() > 10) {
            throw new IllegalArgumentException("--sizes '" + spec + "': '" + text.trim()
                    + "' is not a size (digits with an optional K, M or G suffix)");
        }
        long v = Long.parseLong(t) * unit;
        if (v > MAX_BYTES) {
            throw new IllegalArgumentException("--sizes '" + spec + "': " + text.trim() + " is over the limit of 1G");
        }
        return (int) v;
    }

    /** 1024 → "1K", 3000 → "3000": how tables and file names show a size. */
    public static String label(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + "M";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return bytes / (1 << 10) + "K";
        }
        return Long.toString(bytes);
    }
}
