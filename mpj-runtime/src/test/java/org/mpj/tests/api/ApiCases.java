package org.mpj.tests.api;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** Rank counts shared by the API tests: the small sizes, odd and even, and 8 ranks on 2 cores. */
final class ApiCases {
    static final List<Integer> RANKS = List.of(1, 2, 3, 4, 5, 8);

    private ApiCases() {
    }

    static Stream<Integer> ranks() {
        return RANKS.stream();
    }

    /** The rank counts that have two ranks to talk to each other. */
    static Stream<Integer> twoOrMore() {
        return RANKS.stream().filter(np -> np >= 2);
    }

    /** 0, 1, ..., n-1. */
    static int[] upTo(int n) {
        return IntStream.range(0, n).toArray();
    }
}
