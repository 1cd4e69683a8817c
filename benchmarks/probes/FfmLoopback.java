import java.lang.foreign.*;
import java.lang.invoke.MethodHandle;

/**
 * A probe, not part of MPJ's build (it needs Java 22+; MPJ targets 17): what the tcp device's extra copy
 * on each side costs. Loopback TCP ping-pong between two JVMs, one way of moving each byte per run:
 *   heap:   libc send/recv through the FFM API on the Java heap array itself (Linker.Option.critical(true))
 *   direct: the same calls on native memory, with a copy to or from the heap array, as a Java 17
 *           transport must do (Netty or NIO copy a heap array into a direct buffer likewise)
 * Non-blocking sockets, busy-polled; prints the best and the median half round trip.
 *   cd benchmarks/probes && /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --enable-native-access=ALL-UNNAMED FfmLoopback.java heap|direct BYTES ITERS
 * Results: benchmarks/results/2026-11-27/tried-s31.txt.
 */
public class FfmLoopback {
    static final Linker L = Linker.nativeLinker();
    static final SymbolLookup C = L.defaultLookup();
    static MethodHandle h(String n, FunctionDescriptor d, Linker.Option... o) {
        return L.downcallHandle(C.find(n).orElseThrow(), d, o);
    }
    static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong J = ValueLayout.JAVA_LONG;
    static final AddressLayout A = ValueLayout.ADDRESS;
    static final MethodHandle SOCKET = h("socket", FunctionDescriptor.of(I, I, I, I));
    static final MethodHandle SETSOCKOPT = h("setsockopt", FunctionDescriptor.of(I, I, I, I, A, I));
    static final MethodHandle BIND = h("bind", FunctionDescriptor.of(I, I, A, I));
    static final MethodHandle LISTEN = h("listen", FunctionDescriptor.of(I, I, I));
    static final MethodHandle ACCEPT = h("accept", FunctionDescriptor.of(I, I, A, A));
    static final MethodHandle CONNECT = h("connect", FunctionDescriptor.of(I, I, A, I));
    static final MethodHandle FCNTL = h("fcntl", FunctionDescriptor.of(I, I, I, I));
    static final MethodHandle SEND_C = h("send", FunctionDescriptor.of(J, I, A, J, I), Linker.Option.critical(true));
    static final MethodHandle RECV_C = h("recv", FunctionDescriptor.of(J, I, A, J, I), Linker.Option.critical(true));
    static final int MSG_DONTWAIT = 0x40;

    public static void main(String[] a) throws Throwable {
        String mode = a[0];
        int bytes = Integer.parseInt(a[1]), iters = Integer.parseInt(a[2]);
        int port = 23000 + (int) (ProcessHandle.current().pid() % 1000);
        if (a.length > 3) { peer(mode, bytes, iters, Integer.parseInt(a[3])); return; }
        int ls = (int) SOCKET.invokeExact(2, 1, 0);
        try (Arena ar = Arena.ofConfined()) {
            MemorySegment one = ar.allocate(I); one.set(I, 0, 1);
            int rc = (int) SETSOCKOPT.invokeExact(ls, 1, 2, one, 4); // SO_REUSEADDR
            rc = (int) BIND.invokeExact(ls, addr(ar, port), 16);
            if (rc != 0) throw new IllegalStateException("bind");
            rc = (int) LISTEN.invokeExact(ls, 1);
        }
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().get(), "--enable-native-access=ALL-UNNAMED",
                "-Dbufs=" + System.getProperty("bufs", ""),
                "FfmLoopback.java", mode, a[1], a[2], Integer.toString(port)).directory(new java.io.File(System.getProperty("user.dir")))
                .inheritIO().start();
        int s = (int) ACCEPT.invokeExact(ls, MemorySegment.NULL, MemorySegment.NULL);
        setup(s);
        byte[] buf = new byte[bytes];
        MemorySegment nat = Arena.global().allocate(bytes, 64);
        long[] ts = new long[iters];
        int warm = iters / 5;
        for (int i = 0; i < iters + warm; i++) {
            long t0 = System.nanoTime();
            sendAll(mode, s, buf, nat);
            recvAll(mode, s, buf, nat);
            long t = System.nanoTime() - t0;
            if (i >= warm) ts[i - warm] = t;
        }
        java.util.Arrays.sort(ts);
        double med = ts[iters / 2] / 2e3;
        System.out.printf("%s %d B (bufs %s): half round trip best %.1f us, median %.1f us (%.0f MB/s at the median)%n", mode, bytes,
                System.getProperty("bufs", "default"), ts[0] / 2e3, med, bytes / med);
        p.waitFor();
    }

    static void peer(String mode, int bytes, int iters, int port) throws Throwable {
        int s = (int) SOCKET.invokeExact(2, 1, 0);
        try (Arena ar = Arena.ofConfined()) {
            int rc;
            do { rc = (int) CONNECT.invokeExact(s, addr(ar, port), 16); } while (rc != 0);
        }
        setup(s);
        byte[] buf = new byte[bytes];
        MemorySegment nat = Arena.global().allocate(bytes, 64);
        for (int i = 0; i < iters + iters / 5; i++) {
            recvAll(mode, s, buf, nat);
            sendAll(mode, s, buf, nat);
        }
    }

    static void setup(int s) throws Throwable {
        try (Arena ar = Arena.ofConfined()) {
            MemorySegment one = ar.allocate(I); one.set(I, 0, 1);
            int rc = (int) SETSOCKOPT.invokeExact(s, 6, 1, one, 4); // TCP_NODELAY
            if (!System.getProperty("bufs", "").isEmpty()) {
                one.set(I, 0, Integer.getInteger("bufs"));
                rc = (int) SETSOCKOPT.invokeExact(s, 1, 7, one, 4); // SO_SNDBUF
                rc = (int) SETSOCKOPT.invokeExact(s, 1, 8, one, 4); // SO_RCVBUF
            }
        }
        int fl = (int) FCNTL.invokeExact(s, 3, 0);
        int rc = (int) FCNTL.invokeExact(s, 4, fl | 04000); // O_NONBLOCK
    }

    static MemorySegment addr(Arena ar, int port) {
        MemorySegment sa = ar.allocate(16);
        sa.set(ValueLayout.JAVA_SHORT, 0, (short) 2);
        sa.set(ValueLayout.JAVA_BYTE, 2, (byte) (port >> 8));
        sa.set(ValueLayout.JAVA_BYTE, 3, (byte) port);
        sa.set(ValueLayout.JAVA_BYTE, 4, (byte) 127);
        sa.set(ValueLayout.JAVA_BYTE, 7, (byte) 1);
        return sa;
    }

    static final int CHUNK = 256 * 1024;

    static void sendAll(String mode, int s, byte[] buf, MemorySegment nat) throws Throwable {
        MemorySegment heap = MemorySegment.ofArray(buf);
        for (long off = 0; off < buf.length; ) {
            long n;
            if (mode.equals("heap")) {
                n = (long) SEND_C.invokeExact(s, heap.asSlice(off), (long) buf.length - off, MSG_DONTWAIT);
            } else {
                // copy a chunk ahead, as a Java 17 transport must, then send from native memory
                long end = Math.min(buf.length, (off / CHUNK + 1) * CHUNK);
                if (off % CHUNK == 0 || off == 0) MemorySegment.copy(heap, off, nat, off, end - off);
                n = (long) SEND_C.invokeExact(s, nat.asSlice(off), end - off, MSG_DONTWAIT);
            }
            if (n > 0) off += n;
        }
    }

    static void recvAll(String mode, int s, byte[] buf, MemorySegment nat) throws Throwable {
        MemorySegment heap = MemorySegment.ofArray(buf);
        for (long off = 0; off < buf.length; ) {
            long n;
            if (mode.equals("heap")) {
                n = (long) RECV_C.invokeExact(s, heap.asSlice(off), (long) buf.length - off, MSG_DONTWAIT);
            } else {
                n = (long) RECV_C.invokeExact(s, nat.asSlice(off), (long) buf.length - off, MSG_DONTWAIT);
                if (n > 0) MemorySegment.copy(nat, off, heap, off, n);
            }
            if (n > 0) off += n;
        }
    }
}
