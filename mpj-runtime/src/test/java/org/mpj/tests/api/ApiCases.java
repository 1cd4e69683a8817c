package org.mpj.tests.api;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** Rank counts shared by the API tests: the small sizes, odd and even, and 8 ranks on 2 cores. */
final class ApiCases {
    static final List<Integer> RANKS = List.of(1, 2, 3, 4, 5, 8);

    private ApiCases() {
    }

    static Stream<Integer> ranks() {
        return RANKS.stream();
    }

    /** Every rank count on each device: thread ranks over shared memory ("shm") and over loopback sockets ("tcp"). */
    static Stream<Arguments> devicesAndRanks() {
        return Stream.of("shm", "tcp").flatMap(dev -> RANKS.stream().map(np -> Arguments.of(dev, np)));
    }

    /** The rank counts of {@link #twoOrMore()} on each device. */
    static Stream<Arguments> devicesAndTwoOrMore() {
        return Stream.of("shm", "tcp").flatMap(dev -> twoOrMore().map(np -> Arguments.of(dev, np)));
    }

    /** The settings that select {@code device}. */
    static Map<String, String> on(String device) {
        return Map.of("mpj.device", device);
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
