package org.mpj.tests.p2p;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpj.runtime.JobResult;
import org.mpj.runtime.Jobs;
import org.mpj.runtime.Jobs.Launch;

/**
 * The point-to-point programs of this package, unchanged, with ranks in separate JVMs: tcp (one JVM
 * per rank) and hybrid (JVMs of two or four thread ranks: shm inside, tcp between). Their shm runs
 * are the other tests of this package, over every rank count.
 *
 * <p>Every job here starts 2 to 8 JVMs, about a second of CPU each, so the matrix is a chosen subset
 * rather than every program times every rank count: each program runs on both devices, every rank
 * count 2, 3, 5 and 8 appears with tcp and 3, 5 and 8 with hybrid (2 ranks at two per JVM would be
 * one JVM, which is shm), and the programs that stress ordering and wildcards (Ordering, Exchange)
 * take the largest counts. Synchronous and CancelRace cancel sends whose RTS has left: the tcp
 * device asks the receiver to take the RTS back (CANCEL), and the answer completes the send either
 * way, cancelled or matched.
 */
class P2pAcrossJvmsTest {
    static final Launch TCP = Launch.TCP;
    static final Launch HYBRID2 = Launch.hybrid(2);
    static final Launch HYBRID4 = Launch.hybrid(4);

    /** A program with its arguments and settings under one launch and rank count. */
    record Case(Launch launch, int np, Class<?> program, List<String> args, Map<String, String> settings) {
        @Override
        public String toString() {
            return launch + " np=" + np + " " + program.getSimpleName() + (args.isEmpty() ? "" : " " + args)
                    + (settings.isEmpty() ? "" : " " + settings);
        }
    }

    static Case c(Launch launch, int np, Class<?> program, String... args) {
        return new Case(launch, np, program, List.of(args), Map.of());
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                c(TCP, 5, MatchingTest.Ordering.class),
                new Case(TCP, 3, MatchingTest.Ordering.class, List.of(), Map.of("mpj.eagerLimitBytes", "0")),
                c(HYBRID2, 3, MatchingTest.Ordering.class),
                c(HYBRID4, 8, MatchingTest.Ordering.class),
                c(TCP, 8, StressTest.Exchange.class, "anysource"),
                c(HYBRID2, 5, StressTest.Exchange.class, "probe"),
                c(TCP, 3, MatchingTest.ProbeThenReceive.class),
                c(TCP, 3, SendModesTest.Ring.class, "SSEND"),
                c(HYBRID2, 5, SendModesTest.Ring.class, "RSEND"),
                c(TCP, 5, RequestsTest.CompleteEachOnce.class, "WAITSOME"),
                c(HYBRID2, 3, RequestsTest.CompleteEachOnce.class, "TESTANY"),
                c(TCP, 2, DatatypesTest.TypedExchange.class, "OBJECT", "16384"),
                c(HYBRID2, 3, DatatypesTest.TypedExchange.class, "DOUBLE", "16384"),
                c(TCP, 3, EnvironmentTest.Basics.class, "3", "--alpha", "x y", ""),
                c(HYBRID2, 8, EnvironmentTest.DupAndFree.class),
                c(TCP, 2, MatchingTest.Truncation.class),
                c(TCP, 3, MatchingTest.Synchronous.class),
                c(HYBRID2, 3, MatchingTest.Synchronous.class),
                c(TCP, 2, MatchingTest.CancelRace.class),
                c(HYBRID2, 3, MatchingTest.CancelRace.class)
        ).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(120)
    void programRunsAcrossJvms(Case k) {
        JobResult r = Jobs.run(k.launch(), k.np(), k.settings(), k.program(), k.args().toArray(new String[0]));
        if (!r.succeeded()) {
            throw new AssertionError(k + ": " + r.message());
        }
    }
}
