package org.mpj.device.tcp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.mpj.core.datatype.BaseType;

/**
 * send(2) and recv(2) on a connected socket straight from and into a Java array, without the copy
 * through native memory that Netty (and NIO) make on each side: Java 22's foreign function API lets
 * a short native call read and write the heap array itself ({@code Linker.Option.critical(true)}:
 * the garbage collector waits for the call). MPJ compiles for Java 17, so the API is looked up here
 * at run time through method handles; where it is missing (Java 17 to 21), {@link #AVAILABLE} is
 * false and the device keeps Netty's copies. The wire is little-endian, so only where the heap is
 * too. Calls never block ({@code MSG_DONTWAIT}): they move what the socket holds or has room for.
 */
public final class HeapSocketIo {
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_MORE = 0x8000;
    private static final int SEND_FLAGS = MSG_DONTWAIT | MSG_NOSIGNAL;

    /** (int fd, array, long byteOffset, long bytes, int flags) -> long, one per array type, or null. */
    private static final MethodHandle SEND_BYTES, SEND_CHARS, SEND_SHORTS, SEND_INTS, SEND_LONGS, SEND_FLOATS, SEND_DOUBLES;
    private static final MethodHandle RECV_BYTES, RECV_CHARS, RECV_SHORTS, RECV_INTS, RECV_LONGS, RECV_FLOATS, RECV_DOUBLES;
    /** (int[] pollfd, long nfds, int timeout) -> int, or null. */
    private static final MethodHandle POLL;
    private static final int POLLIN = 0x1;
    /** Why the calls are not available, or null. */
    static final String UNAVAILABLE;
    static final boolean AVAILABLE;

    static {
        MethodHandle[] h = new MethodHandle[15];
        String why = null;
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            why = "this platform is big-endian (the wire is little-endian)";
        } else if (Runtime.version().feature() < 22) {
            why = "Java " + Runtime.version().feature() + " has no foreign function API with heap access (Java 22+)";
        } else {
            try {
                link(h);
            } catch (Throwable e) {
                why = "the foreign function API did not link send/recv: " + e;
            }
        }
        UNAVAILABLE = why;
        AVAILABLE = why == null;
        SEND_BYTES = h[0];
        SEND_CHARS = h[1];
        SEND_SHORTS = h[2];
        SEND_INTS = h[3];
        SEND_LONGS = h[4];
        SEND_FLOATS = h[5];
        SEND_DOUBLES = h[6];
        RECV_BYTES = h[7];
        RECV_CHARS = h[8];
        RECV_SHORTS = h[9];
        RECV_INTS = h[10];
        RECV_LONGS = h[11];
        RECV_FLOATS = h[12];
        RECV_DOUBLES = h[13];
        POLL = h[14];
    }

    /** Bytes written and read by these calls in this JVM, and elements they moved only in part. */
    static final LongAdder BYTES_SENT = new LongAdder();
    static final LongAdder BYTES_RECEIVED = new LongAdder();
    static final LongAdder SPLIT_SENDING = new LongAdder();
    static final LongAdder SPLIT_RECEIVING = new LongAdder();

    /** Whether this JVM can use these calls (the tcp device also needs its epoll transport). */
    public static boolean available() {
        return AVAILABLE;
    }

    /** Why this JVM cannot use these calls, or null. */
    public static String unavailable() {
        return UNAVAILABLE;
    }

    /** Rendezvous bytes written from arrays straight to sockets in this JVM so far (tests, diagnostics). */
    public static long bytesSent() {
        return BYTES_SENT.sum();
    }

    /** Rendezvous bytes read from sockets straight into arrays in this JVM so far. */
    public static long bytesReceived() {
        return BYTES_RECEIVED.sum();
    }

    /** Elements that a send took only in part (their other bytes went through Netty's buffers). */
    public static long elementsSplitSending() {
        return SPLIT_SENDING.sum();
    }

    /** Elements that a receive read only in part (their other bytes came through Netty's buffers). */
    public static long elementsSplitReceiving() {
        return SPLIT_RECEIVING.sum();
    }

    private HeapSocketIo() {
    }

    /** Whether elements of {@code base} lie in their array as on the wire (not boolean, whose array bytes must stay 0 or 1). */
    static boolean carries(BaseType base) {
        return base != BaseType.BOOLEAN;
    }

    /**
     * Writes up to {@code bytes} of {@code array} from byte {@code byteOffset} to socket {@code fd};
     * returns the bytes the socket took, 0 when it had no room or failed (Netty's next write on the
     * connection meets the same failure and reports it).
     */
    static long send(int fd, Object array, BaseType base, long byteOffset, long bytes) {
        return send(fd, array, base, byteOffset, bytes, SEND_FLAGS);
    }

    /** {@link #send}, telling the kernel more bytes follow at once: it holds these for them (MSG_MORE). */
    static long sendMore(int fd, Object array, BaseType base, long byteOffset, long bytes) {
        return send(fd, array, base, byteOffset, bytes, SEND_FLAGS | MSG_MORE);
    }

    private static long send(int fd, Object array, BaseType base, long byteOffset, long bytes, int flags) {
        try {
            long n = switch (base) {
                case BYTE, PACKED, OBJECT -> (long) SEND_BYTES.invokeExact(fd, array, byteOffset, bytes, flags);
                case CHAR -> (long) SEND_CHARS.invokeExact(fd, array, byteOffset, bytes, flags);
                case SHORT -> (long) SEND_SHORTS.invokeExact(fd, array, byteOffset, bytes, flags);
                case INT -> (long) SEND_INTS.invokeExact(fd, array, byteOffset, bytes, flags);
                case LONG -> (long) SEND_LONGS.invokeExact(fd, array, byteOffset, bytes, flags);
                case FLOAT -> (long) SEND_FLOATS.invokeExact(fd, array, byteOffset, bytes, flags);
                case DOUBLE -> (long) SEND_DOUBLES.invokeExact(fd, array, byteOffset, bytes, flags);
                default -> throw new IllegalArgumentException(base.name());
            };
            return Math.max(0, n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads up to {@code bytes} from socket {@code fd} into {@code array} from byte {@code byteOffset};
     * returns the bytes read, 0 when none were there, at the end of the stream, or on failure (Netty's
     * next read on the connection meets the same end or failure and reports it).
     */
    static long recv(int fd, Object array, BaseType base, long byteOffset, long bytes) {
        try {
            long n = switch (base) {
                case BYTE, PACKED, OBJECT -> (long) RECV_BYTES.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case CHAR -> (long) RECV_CHARS.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case SHORT -> (long) RECV_SHORTS.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case INT -> (long) RECV_INTS.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case LONG -> (long) RECV_LONGS.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case FLOAT -> (long) RECV_FLOATS.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                case DOUBLE -> (long) RECV_DOUBLES.invokeExact(fd, array, byteOffset, bytes, MSG_DONTWAIT);
                default -> throw new IllegalArgumentException(base.name());
            };
            return Math.max(0, n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether socket {@code fd} has bytes to read (or is at its end), asked without waiting: poll(2)
     * does not take the socket's lock, as a recv finding nothing would, so it is what a rank repeats
     * while it waits for bytes its peer is writing.
     */
    static boolean readable(int fd, int[] pollfd) {
        pollfd[0] = fd;
        pollfd[1] = POLLIN; // events, then revents, as two shorts in one int (little-endian)
        try {
            return (int) POLL.invokeExact((Object) pollfd, 1L, 0) > 0;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Links send and recv (ssize_t f(int, void*, size_t, int)) and adapts them to each array type. */
    private static void link(MethodHandle[] h) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
        Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> symbols = Class.forName("java.lang.foreign.SymbolLookup");

        Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        Object libc = linkerType.getMethod("defaultLookup").invoke(linker);
        Object javaLong = valueLayout.getField("JAVA_LONG").get(null);
        Object javaInt = valueLayout.getField("JAVA_INT").get(null);
        Object address = valueLayout.getField("ADDRESS").get(null);
        Object args = Array.newInstance(layout, 4);
        Array.set(args, 0, javaInt);
        Array.set(args, 1, address);
        Array.set(args, 2, javaLong);
        Array.set(args, 3, javaInt);
        Object signature = descriptor.getMethod("of", layout, args.getClass()).invoke(null, javaLong, args);
        Object options = Array.newInstance(option, 1);
        Array.set(options, 0, option.getMethod("critical", boolean.class).invoke(null, true));

        Object pollSymbol = ((Optional<?>) symbols.getMethod("find", String.class).invoke(libc, "poll")).orElseThrow();
        Object pollArgs = Array.newInstance(layout, 3);
        Array.set(pollArgs, 0, address);
        Array.set(pollArgs, 1, javaLong);
        Array.set(pollArgs, 2, javaInt);
        Object pollSignature = descriptor.getMethod("of", layout, pollArgs.getClass()).invoke(null, javaInt, pollArgs);
        MethodHandle poll = (MethodHandle) linkerType.getMethod("downcallHandle", segment, descriptor, options.getClass())
                .invoke(linker, pollSymbol, pollSignature, options);
        MethodHandle ints = lookup.findStatic(segment, "ofArray", MethodType.methodType(segment, int[].class));
        h[14] = MethodHandles.filterArguments(poll, 0, ints).asType(MethodType.methodType(int.class, Object.class, long.class, int.class));

        MethodHandle slice = lookup.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class));
        Class<?>[] arrays = {byte[].class, char[].class, short[].class, int[].class, long[].class, float[].class, double[].class};
        String[] names = {"send", "recv"};
        for (int f = 0; f < 2; f++) {
            Object symbol = ((Optional<?>) symbols.getMethod("find", String.class).invoke(libc, names[f])).orElseThrow();
            // (int fd, MemorySegment buf, long len, int flags) -> long
            MethodHandle call = (MethodHandle) linkerType.getMethod("downcallHandle", segment, descriptor, options.getClass())
                    .invoke(linker, symbol, signature, options);
            for (int a = 0; a < arrays.length; a++) {
                // (array, long byteOffset) -> the array's segment from that byte on
                MethodHandle of = lookup.findStatic(segment, "ofArray", MethodType.methodType(segment, arrays[a]));
                MethodHandle at = MethodHandles.filterArguments(slice, 0, of);
                h[f * arrays.length + a] = MethodHandles.collectArguments(call, 1, at)
                        .asType(MethodType.methodType(long.class, int.class, Object.class, long.class, long.class, int.class));
            }
        }
    }
}
