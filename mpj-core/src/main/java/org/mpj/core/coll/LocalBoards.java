package org.mpj.core.coll;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Hands the ranks of a communicator that are threads of this JVM one shared object (a board the
 * collectives library defines), made by the first of them to arrive. Every member attaches exactly
 * once, when it makes the communicator; the last one removes the entry, so the map holds only
 * communicators still being made and a context id freed and reused later gets a fresh board.
 */
public final class LocalBoards {
    private final ConcurrentHashMap<Long, Entry> boards = new ConcurrentHashMap<>();

    private static final class Entry {
        final Object board;
        int remaining;

        Entry(Object board, int members) {
            this.board = board;
            this.remaining = members;
        }
    }

    /**
     * The board of the communicator with {@code context} whose lowest world rank is {@code lowestWorldRank}
     * (two live communicators with one context id have disjoint groups, so the pair names one).
     */
    public Object attach(int context, int lowestWorldRank, int members, IntFunction<Object> maker) {
        long key = ((long) context << 32) | (lowestWorldRank & 0xffffffffL);
        Object[] board = new Object[1];
        boards.compute(key, (k, e) -> {
            if (e == null) {
                e = new Entry(maker.apply(members), members);
            }
            board[0] = e.board;
            return --e.remaining == 0 ? null : e;
        });
        return board[0];
    }
}
