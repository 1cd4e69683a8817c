package org.mpj.bench.suite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The order of an interleaved run: the same on every rank, and no candidate always first or always after the same one. */
@Timeout(10)
class InterleavedTest {
    static final int K = 5, REPS = 100;

    static int[][] orders(long seed) {
        int[] order = {0, 1, 2, 3, 4};
        Random random = new Random(seed);
        int[][] out = new int[REPS][];
        for (int r = 0; r < REPS; r++) {
            Interleaved.shuffle(order, random);
            out[r] = order.clone();
        }
        return out;
    }

    @Test
    void everyRankRunsTheSameOrders() {
        assertArrayEquals(orders(Interleaved.SEED), orders(Interleaved.SEED));
    }

    @Test
    void anotherSeedRunsOtherOrders() {
        // The autotuner gives every job a seed of its own, so that its rounds do not repeat one order.
        assertFalse(Arrays.deepEquals(orders(Interleaved.SEED), orders(Interleaved.SEED + 1)));
    }

    @Test
    void everyCandidateRunsFirstAndAfterEveryOtherSometimes() {
        Set<Integer> first = new HashSet<>();
        Set<List<Integer>> pairs = new HashSet<>();
        for (int[] order : orders(Interleaved.SEED)) {
            first.add(order[0]);
            for (int i = 1; i < K; i++) {
                pairs.add(List.of(order[i - 1], order[i]));
            }
            assertEquals(K, Arrays.stream(order).distinct().count(), "a permutation");
        }
        assertEquals(K, first.size(), "first: " + first);
        assertEquals(K * (K - 1), pairs.size(), "every ordered pair of candidates, one right after the other");
    }
}
