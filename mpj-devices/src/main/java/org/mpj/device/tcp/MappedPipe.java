package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * One way of rendezvous data between two JVMs of one host: a ring of bytes in a file of shared
 * memory that both map, written by one rank and read by the other. Over a socket, a message from a
 * Java array is copied four times (into a native buffer, into the kernel, out of it, into the array);
 * through the pipe twice, and without a system call (1 MiB ping-pong, 2 JVMs on 2 cores: 55 us a way
 * against 173 and more through a Unix domain socket).
 *
 * <p>The ring holds chunks, each a 16-byte header (rendezvous id, payload bytes) and whole elements,
 * starting on a cache line; a chunk never wraps: where too little is left before the end, a
 * {@link #PAD} header sends the reader back to the start. The writer publishes a chunk by moving
 * {@code tail} (a volatile write), the reader frees one by moving {@code head}; each side keeps its
 * own counter and only reads the other's, so neither needs a lock.
 *
 * <p>A rank that waits for the pipe parks in its event loop, where the pipe cannot wake it; it
 * raises its flag first ({@link #armReader}, {@link #armWriter}) and looks once more, and the other
 * side, after it moved its counter, reads the flag and nudges the sleeper through the socket (a
 * PIPE frame). Each side writes its own counter, fences, then reads the other's, so one of them sees
 * the other.
 *
 * <p>The writer makes the file (mode 600, a random name) and offers it in a PIPE frame; the reader
 * maps it, removes the name and answers. Only then does the writer use it, so a reader that cannot
 * map it costs nothing but the offer.
 */
final class MappedPipe {
    /** The pipe's counters, big-endian as the buffer's own getters (the chunk headers) are. */
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int TAIL = 0;
    private static final int HEAD = 128;
    /** Each side's count of its sleeps on the pipe: odd while it may be asleep ({@link #armReader}). */
    private static final int READER_SLEEPS = 256;
    private static final int WRITER_SLEEPS = 384;
    private static final int DATA = 512;
    private static final int CHUNK_HEADER = 16;
    private static final int ALIGN = 64;
    /** A chunk id that means: the rest of the ring up to its end is empty, go on from its start. */
    private static final long PAD = -1;
    /** The smallest piece worth a chunk, unless less is left to send. */
    private static final int MIN_PIECE = 4096;
    private static final Pattern NAME = Pattern.compile("mpj-pipe-[0-9]+-[0-9a-f]{16}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Payload bytes through pipes of this JVM, both ways (tests). */
    static final LongAdder BYTES_WRITTEN = new LongAdder();
    static final LongAdder BYTES_READ = new LongAdder();

    private final MappedByteBuffer map;
    /** {@link #map} as the layout cursors write and read it; its indices are absolute. */
    final ByteBuf buf;
    private final int capacity;
    /** The file's name until the reader removed it (writer side), for the writer to remove at the end. */
    private final Path path;
    /** This side's own counter: tail for the writer, head for the reader. */
    private long mine;
    /** The other side's counter as last read. */
    private long theirs;
    /** Reader: the chunk at {@link #mine}, read by {@link #nextChunk}. */
    private long chunkId;
    private int chunkBytes;
    /** {@link #commit} or {@link #consume} found the other side asleep: {@link #takeNudge}. */
    private boolean nudgeOwed;
    /** This side's count of its sleeps on the pipe, as it publishes it. */
    private long sleeps;
    /** The other side's count of sleeps when this side last owed it a nudge: one nudge a sleep. */
    private long nudged;

    private MappedPipe(MappedByteBuffer map, int capacity, Path path) {
        this.map = map;
        this.capacity = capacity;
        this.path = path;
        this.buf = FrameBuffers.over(map);
    }

    /** Runs this class's static initializer (its handles and random source) now. */
    static void initialize() {
        RANDOM.nextInt();
    }

    /** Where pipes' files go: shared memory where the host has it, else the directory of the job's sockets. */
    static Path directory() {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return shm;
        }
        return Transport.localDirectory();
    }

    /** A new pipe of {@code capacity} bytes (a power of two) for this rank to write; null where none can be made. */
    static MappedPipe create(int capacity) {
        Path dir = directory();
        if (dir == null) {
            return null;
        }
        Path path = dir.resolve("mpj-pipe-" + ProcessHandle.current().pid() + "-"
                + HexFormat.of().toHexDigits(RANDOM.nextLong()));
        try (FileChannel ch = FileChannel.open(path, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA + capacity);
            for (int i = 0; i < m.capacity(); i += 4096) {
                m.put(i, (byte) 0); // the memory is taken now: a full /dev/shm fails here (InternalError), not mid-message
            }
            return new MappedPipe(m, capacity, path);
        } catch (IOException | RuntimeException | InternalError e) {
            deleteQuietly(path);
            return null;
        }
    }

    /**
     * Maps the pipe a peer offered at {@code path} to read it, and removes its name; throws where the
     * path is not a pipe of this user's in the pipes' directory, of {@code capacity} bytes.
     */
    static MappedPipe open(String path, long capacity) throws IOException {
        Path dir = directory();
        Path p = Path.of(path);
        if (dir == null || !dir.equals(p.getParent()) || !NAME.matcher(p.getFileName().toString()).matches()) {
            throw new IOException("'" + path + "' is not a pipe's name in " + dir);
        }
        if (capacity < MIN_PIECE || capacity > 1 << 30 || Long.bitCount(capacity) != 1) {
            throw new IOException("a pipe of " + capacity + " bytes");
        }
        try {
            if (!Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))
                    || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.size(p) != DATA + capacity) {
                throw new IOException("'" + path + "' is not this user's pipe of " + capacity + " bytes");
            }
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA + capacity);
                for (int i = 0; i < m.capacity(); i += 4096) {
                    m.get(i); // faults every page in now rather than in the first message
                }
                return new MappedPipe(m, (int) capacity, null);
            }
        } finally {
            deleteQuietly(p);
        }
    }

    /**
     * Removes the names of pipes that the JVM of process {@code pid} made and no reader took (the job
     * was killed between an offer and its answer): mpjrun's clean-up after its JVMs.
     */
    static void removeLeftOvers(long pid) {
        Path dir = directory();
        if (dir == null) {
            return;
        }
        try (java.util.stream.Stream<Path> names = Files.list(dir)) {
            String prefix = "mpj-pipe-" + pid + "-";
            names.filter(p -> p.getFileName().toString().startsWith(prefix)).forEach(MappedPipe::deleteQuietly);
        } catch (IOException | RuntimeException e) {
            // nothing to clean, or not ours to
        }
    }

    /** The file's name, for the offer (writer side). */
    String path() {
        return path.toString();
    }

    // ---- the writer --------------------------------------------------------------------------

    /**
     * Payload bytes the next chunk may hold now, at most {@code wanted} and whole {@code unit}s; 0
     * when the ring has too little room (the reader has not freed enough yet). A head that no reader
     * could have published raises {@link FrameException}: this side would wait for room forever.
     */
    int room(int wanted, int unit) {
        int least = Math.min(wanted, MIN_PIECE);
        int pos = (int) (mine & (capacity - 1));
        int toEnd = capacity - pos;
        if (toEnd < CHUNK_HEADER + least) { // too little before the end: pad it and go on from the start
            if (free() < toEnd) {
                return 0;
            }
            map.putLong(DATA + pos, PAD);
            publish(mine + toEnd);
            pos = 0;
            toEnd = capacity;
        }
        long room = Math.min(free(), toEnd) - CHUNK_HEADER;
        if (room < least) {
            return 0;
        }
        return (int) Math.min(wanted, room - room % unit);
    }

    private long free() {
        theirs = getVolatile(HEAD);
        long used = mine - theirs;
        if (used < 0 || used > capacity) {
            throw new FrameException("the pipe's reader moved its head to " + theirs + ", past this side's tail " + mine);
        }
        return capacity - used;
    }

    /** Where the payload of the next chunk goes in {@link #buf} (after {@link #room} said how much). */
    int payloadIndex() {
        return DATA + (int) (mine & (capacity - 1)) + CHUNK_HEADER;
    }

    /** Publishes the chunk written at {@link #payloadIndex}; notes a nudge owed where the reader sleeps. */
    void commit(long id, int bytes) {
        int at = DATA + (int) (mine & (capacity - 1));
        map.putLong(at, id);
        map.putInt(at + 8, bytes);
        BYTES_WRITTEN.add(bytes);
        publish(mine + align(CHUNK_HEADER + bytes));
        owesNudgeIfAsleep(READER_SLEEPS);
    }

    private void publish(long tail) {
        mine = tail;
        putVolatile(TAIL, tail);
    }

    /** Before the writer sleeps for room: true when there is room after all (do not sleep). */
    boolean armWriter(int wanted, int unit) {
        sleep(WRITER_SLEEPS);
        return room(wanted, unit) > 0;
    }

    /** The writer woke: the reader need not nudge it any more. */
    void disarmWriter() {
        wake(WRITER_SLEEPS);
    }

    // ---- the reader --------------------------------------------------------------------------

    /**
     * Reads the next chunk's header; false when the writer has published none. Skips padding. A
     * tail that no writer could have published raises {@link FrameException}, as a bad frame does.
     */
    boolean nextChunk() {
        while (true) {
            if (mine == theirs) {
                theirs = getVolatile(TAIL);
                if (mine == theirs) {
                    return false;
                }
            }
            if (theirs - mine < 0 || theirs - mine > capacity) {
                throw new FrameException("the pipe's writer moved its tail to " + theirs + ", this side's head being " + mine);
            }
            int pos = (int) (mine & (capacity - 1));
            long id = map.getLong(DATA + pos);
            if (id != PAD) {
                chunkId = id;
                chunkBytes = map.getInt(DATA + pos + 8);
                return true;
            }
            mine += capacity - pos;
        }
    }

    long chunkId() {
        return chunkId;
    }

    int chunkBytes() {
        return chunkBytes;
    }

    /** Why the current chunk's length cannot be, or null: it must fit in the ring. */
    String badChunk() {
        int pos = (int) (mine & (capacity - 1));
        return chunkBytes <= 0 || chunkBytes > capacity - pos - CHUNK_HEADER
                ? "a pipe chunk of " + chunkBytes + " bytes at offset " + pos + " of " + capacity : null;
    }

    /** Where the current chunk's payload is in {@link #buf}. */
    int chunkIndex() {
        return DATA + (int) (mine & (capacity - 1)) + CHUNK_HEADER;
    }

    /** Frees the current chunk; notes a nudge owed where the writer sleeps for room. */
    void consume() {
        BYTES_READ.add(chunkBytes);
        mine += align(CHUNK_HEADER + chunkBytes);
        putVolatile(HEAD, mine);
        owesNudgeIfAsleep(WRITER_SLEEPS);
    }

    /** Whether the other side sleeps on this pipe and must be nudged through the socket (once). */
    boolean takeNudge() {
        boolean owed = nudgeOwed;
        nudgeOwed = false;
        return owed;
    }

    /** Before the reader sleeps: true when a chunk came after all (do not sleep). */
    boolean armReader() {
        sleep(READER_SLEEPS);
        return nextChunk();
    }

    /** The reader woke: the writer need not nudge it any more. */
    void disarmReader() {
        wake(READER_SLEEPS);
    }

    // ---- the memory between the two -----------------------------------------------------------

    /** Publishes {@code v} at {@code at}: after every write before it, and before every read after it. */
    private void putVolatile(int at, long v) {
        LONG.setVolatile(map, at, v);
    }

    /** Reads the other side's counter (or count of sleeps) at {@code at}, before any read of what it published. */
    private long getVolatile(int at) {
        return (long) LONG.getVolatile(map, at);
    }

    /** This side (whose count of sleeps is at {@code at}) may sleep now: the other, after it moves its counter, nudges it. */
    private void sleep(int at) {
        if ((sleeps & 1) == 0) {
            sleeps++;
            putVolatile(at, sleeps);
        }
    }

    private void wake(int at) {
        if ((sleeps & 1) != 0) {
            sleeps++;
            putVolatile(at, sleeps);
        }
    }

    /**
     * After this side moved its counter (a full fence): where the other side, whose count of sleeps is
     * at {@code at}, sleeps and was not nudged for this sleep yet, a nudge is owed. Only the sleeper
     * writes its count, so neither side needs an atomic update.
     */
    private void owesNudgeIfAsleep(int at) {
        long theirSleeps = getVolatile(at);
        if ((theirSleeps & 1) != 0 && theirSleeps != nudged) {
            nudged = theirSleeps;
            nudgeOwed = true;
        }
    }

    // ---- the end -----------------------------------------------------------------------------

    /**
     * Removes the file's name if the reader did not. The memory goes with the mapping, when the
     * collector finds it unreachable: an explicit unmap (Netty's freeDirectBuffer) fails on Java 25,
     * and one that raced a late access would crash the JVM.
     */
    void release() {
        if (path != null) {
            deleteQuietly(path);
        }
    }

    private static int align(int bytes) {
        return (bytes + ALIGN - 1) & -ALIGN;
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a name left in shared memory or the sockets' directory: harmless, and mpjrun's tmp cleaner may take it
        }
    }
}
