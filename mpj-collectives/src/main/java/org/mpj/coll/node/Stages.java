package org.mpj.coll.node;

import java.lang.reflect.Array;
import org.mpj.coll.base.Buffers;
import org.mpj.core.datatype.Copier;
import org.mpj.core.datatype.TypeMap;

/**
 * Staging arrays per rank, used by turns (call k uses turn k mod turns): short messages are copied
 * into the owner's stage so that the owner may leave the call without waiting for its readers. A
 * stage is written again {@code turns} calls later, when every reader of it has provably moved on
 * (see the algorithms for why). Only the owner writes (and grows) its stages; readers see them
 * through the release/acquire of the step that the owner signals after writing.
 */
final class Stages {
    /** Messages of the symmetric calls up to this many bytes travel through a stage (Bcast: its own limit). */
    static final long MAX_BYTES = 16 * 1024;

    private final Object[][] data;
    /** What each stage holds: {@code count} items laid out as {@code type}, from offset 0. */
    private final int[][] count;
    private final TypeMap[][] type;

    /** First room of a stage of the rooted calls, whose many turns would make MAX_BYTES each costly. */
    static final long SMALL_FIRST_BYTES = 512;

    private final int turns;
    /** Room of a stage when it is first made (it grows for longer messages). */
    private final long firstBytes;

    Stages(int size, int turns, long firstBytes) {
        this.turns = turns;
        this.firstBytes = firstBytes;
        this.data = new Object[size][turns];
        this.count = new int[size][turns];
        this.type = new TypeMap[size][turns];
    }

    int turns() {
        return turns;
    }

    /**
     * Copies {@code count} items of (buf, offset, type) into rank {@code r}'s stage of {@code turn},
     * keeping the type's layout so that operators combine stage and user buffer item by item.
     */
    void put(int r, long turn, Object buf, int offset, int count, TypeMap type) {
        int t = (int) (turn % turns);
        int span = Buffers.span(count, type);
        Object a = data[r][t];
        // One test for "no stage yet" and "stage too short", so that the growing path shares its branch
        // profile with the first calls. As a test of its own, never taken while messages stayed short,
        // C2 left it out of the compiled code, and the first longer message threw that code away
        // (thread ranks, compiled by C2 alone: 10 000 interpreted calls). In MpiJavaBench sweeps to
        // 64 KiB this took the stage's traps from 7 to 0 on 2 ranks and from 10 to 2 on 4, where the
        // first growths came before the interpreter profiles the method (a C2-only JVM profiles it from a
        // third of its compile threshold; benchmarks/results/2026-11-26/shm-hotpath-traps.txt). So the
        // symmetric calls' stages (two turns) start with room for MAX_BYTES, which every contiguous message
        // they stage fits: starting at 64 items, the 4-rank Allreduce of MpiJavaBench's sweep grew its
        // stage at 1 KiB after the profile began, and that call threw the compiled code away (11 us
        // against 2.4-2.5 with the room there; benchmarks/results/2026-11-27/stage-room.txt).
        int room = a == null || a.getClass() != buf.getClass() ? 0 : Array.getLength(a);
        if (room < span) {
            a = Buffers.allocate(type.base, Math.max(span, (int) (firstBytes / Math.max(1, type.base.byteSize()))));
            data[r][t] = a;
        }
        Copier.copy(buf, offset, type, a, 0, type, count * type.size);
        this.count[r][t] = count;
        this.type[r][t] = type;
    }

    Object data(int r, long turn) {
        return data[r][(int) (turn % turns)];
    }

    int count(int r, long turn) {
        return count[r][(int) (turn % turns)];
    }

    TypeMap type(int r, long turn) {
        return type[r][(int) (turn % turns)];
    }
}
