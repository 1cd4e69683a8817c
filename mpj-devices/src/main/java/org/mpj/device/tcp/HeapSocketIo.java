package org.mpj.device.tcp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
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

    /**
     * (int fd, segment, long byteOffset, long bytes, int flags) -> long, the segment one of
     * {@link #segment}'s; null where not available. Not constants the JIT folds: each call costs a few
     * nanoseconds more, beside a system call's microsecond.
     */
    private static final MethodHandle SEND;
    private static final MethodHandle RECV;
    /** (array) -> its segment, by {@link BaseType} ordinal (MPI.OBJECT and PACKED bytes travel in a byte[]); null for BOOLEAN. */
    private static final MethodHandle[] SEGMENT = new MethodHandle[BaseType.values().length];
    /** (segment of an int[] pollfd, long nfds, int timeout) -> int, or null. */
    private static final MethodHandle POLL;
    private static final int POLLIN = 0x1;
    /** Why the calls are not available, or null. */
    static final String UNAVAILABLE;
    static final boolean AVAILABLE;

    static {
        String why = null;
        MethodHandle[] linked = null;
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            why = "this platform is big-endian (the wire is little-endian)";
        } else if (Runtime.version().feature() < 22) {
            why = "Java " + Runtime.version().feature() + " has no foreign function API with heap access (Java 22+)";
        } else {
            try {
                linked = link();
            } catch (Throwable e) {
                why = "the foreign function API did not link send/recv/poll: " + e;
            }
        }
        UNAVAILABLE = why;
        AVAILABLE = why == null;
        SEND = AVAILABLE ? linked[0] : null;
        RECV = AVAILABLE ? linked[1] : null;
        POLL = AVAILABLE ? linked[2] : null;
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
     * The memory of {@code array} (of {@code base}'s array type; a byte[] for MPI.OBJECT and PACKED) as
     * {@link #send} and {@link #recv} take it: made once for all the calls on one array (a message,
     * the device's header), as each would otherwise make one.
     */
    static Object segment(Object array, BaseType base) {
        MethodHandle h = SEGMENT[base.ordinal()];
        if (h == null) {
            throw new IllegalArgumentException("no heap I/O for " + base.mpiName());
        }
        try {
            return (Object) h.invokeExact(array);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes up to {@code bytes} of an array ({@link #segment}) from byte {@code byteOffset} to socket
     * {@code fd}; returns the bytes the socket took, 0 when it had no room or failed (Netty's next write
     * on the connection meets the same failure and reports it).
     */
    static long send(int fd, Object segment, long byteOffset, long bytes) {
        return call(SEND, fd, segment, byteOffset, bytes, SEND_FLAGS);
    }

    /** {@link #send}, telling the kernel more bytes follow at once: it holds these for them (MSG_MORE). */
    static long sendMore(int fd, Object segment, long byteOffset, long bytes) {
        return call(SEND, fd, segment, byteOffset, bytes, SEND_FLAGS | MSG_MORE);
    }

    /**
     * Reads up to {@code bytes} from socket {@code fd} into an array ({@link #segment}) from byte
     * {@code byteOffset}; returns the bytes read, 0 when none were there, at the end of the stream, or
     * on failure (Netty's next read on the connection meets the same end or failure and reports it).
     */
    static long recv(int fd, Object segment, long byteOffset, long bytes) {
        return call(RECV, fd, segment, byteOffset, bytes, MSG_DONTWAIT);
    }

    private static long call(MethodHandle h, int fd, Object segment, long byteOffset, long bytes, int flags) {
        try {
            return Math.max(0, (long) h.invokeExact(fd, segment, byteOffset, bytes, flags));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether socket {@code fd} has bytes to read (or is at its end), asked without waiting: poll(2)
     * does not take the socket's lock, as a recv finding nothing would, so it is what a rank repeats
     * while it waits for bytes its peer is writing. {@code pollfd} is a struct pollfd of two ints and
     * {@code pollSegment} its {@link #segment}, made once.
     */
    static boolean readable(int fd, int[] pollfd, Object pollSegment) {
        pollfd[0] = fd;
        pollfd[1] = POLLIN; // events, then revents, as two shorts in one int (little-endian)
        try {
            return (int) POLL.invokeExact(pollSegment, 1L, 0) > 0;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Links send, recv (ssize_t f(int, void*, size_t, int)) and poll, and fills {@link #SEGMENT};
     * returns send and recv adapted to (fd, segment, byte offset, bytes, flags), and poll to a segment.
     */
    private static MethodHandle[] link() throws Throwable {
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
        Object options = Array.newInstance(option, 1);
        Array.set(options, 0, option.getMethod("critical", boolean.class).invoke(null, true));
        Method find = symbols.getMethod("find", String.class);
        Method of = descriptor.getMethod("of", layout, layout.arrayType());
        Method downcall = linkerType.getMethod("downcallHandle", segment, descriptor, options.getClass());

        // (int fd, MemorySegment buf, long len, int flags) -> long
        Object io = of.invoke(null, javaLong, layouts(layout, javaInt, address, javaLong, javaInt));
        // (MemorySegment fds, long nfds, int timeout) -> int
        Object polling = of.invoke(null, javaInt, layouts(layout, address, javaLong, javaInt));
        MethodHandle send = (MethodHandle) downcall.invoke(linker, ((Optional<?>) find.invoke(libc, "send")).orElseThrow(), io, options);
        MethodHandle recv = (MethodHandle) downcall.invoke(linker, ((Optional<?>) find.invoke(libc, "recv")).orElseThrow(), io, options);
        MethodHandle pollCall = (MethodHandle) downcall.invoke(linker, ((Optional<?>) find.invoke(libc, "poll")).orElseThrow(), polling, options);

        for (BaseType base : BaseType.values()) {
            if (!carries(base)) {
                continue;
            }
            Class<?> array = base.arrayClass() == Object[].class ? byte[].class : base.arrayClass();
            MethodHandle ofArray = lookup.findStatic(segment, "ofArray", MethodType.methodType(segment, array));
            // loads this array type's segment class now, before C2 compiles the path (TcpDevice.LOADED_AT_START)
            ofArray.invoke(Array.newInstance(array.getComponentType(), 0));
            SEGMENT[base.ordinal()] = ofArray.asType(MethodType.methodType(Object.class, Object.class));
        }
        // (segment, long byteOffset) -> the segment from that byte on
        MethodHandle slice = lookup.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class));
        MethodType adapted = MethodType.methodType(long.class, int.class, Object.class, long.class, long.class, int.class);
        return new MethodHandle[] {
            MethodHandles.collectArguments(send, 1, slice).asType(adapted),
            MethodHandles.collectArguments(recv, 1, slice).asType(adapted),
            pollCall.asType(MethodType.methodType(int.class, Object.class, long.class, int.class))};
    }

    private static Object layouts(Class<?> layout, Object... items) {
        Object a = Array.newInstance(layout, items.length);
        for (int i = 0; i < items.length; i++) {
            Array.set(a, i, items[i]);
        }
        return a;
    }
}
