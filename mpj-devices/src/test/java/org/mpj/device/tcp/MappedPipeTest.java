package org.mpj.device.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One pipe's two ends in one thread: chunks come out as they went in, across the ring's end (padding)
 * and when it is full; the sleeping side's flag makes the other owe a nudge; counters no peer could
 * have published and files that are not a pipe of this user's are refused.
 */
@Timeout(30)
class MappedPipeTest {
    static final int CAPACITY = 64 * 1024;
    MappedPipe writer;
    MappedPipe reader;

    @BeforeEach
    void pair() throws IOException {
        writer = MappedPipe.create(CAPACITY);
        Assumptions.assumeTrue(writer != null, "no pipe can be made here (no /dev/shm, no private directory)");
        Path file = Path.of(writer.path());
        reader = MappedPipe.open(writer.path(), CAPACITY);
        assertFalse(Files.exists(file), "the reader removes the pipe's name once it mapped it");
    }

    static byte value(long id, int i) {
        return (byte) (i * 7 + id);
    }

    /** Writes the next chunk of message {@code id} ({@code n} bytes) from byte {@code from}, as far as the pipe has room; returns the bytes written. */
    int writeSome(long id, int n, int from) {
        int k = writer.room(n - from, 1);
        if (k == 0) {
            return 0;
        }
        byte[] b = new byte[k];
        for (int i = 0; i < k; i++) b[i] = value(id, from + i);
        writer.buf.setBytes(writer.payloadIndex(), b);
        writer.commit(id, k);
        return k;
    }

    /** Reads the chunks the pipe holds, checking they continue message {@code id} at byte {@code from}; returns the bytes read. */
    int readSome(long id, int from) {
        int got = 0;
        while (reader.nextChunk()) {
            assertEquals(id, reader.chunkId());
            assertEquals(null, reader.badChunk());
            int n = reader.chunkBytes();
            byte[] b = new byte[n];
            reader.buf.getBytes(reader.chunkIndex(), b);
            for (int i = 0; i < n; i++) {
                assertEquals(value(id, from + got + i), b[i], "message " + id + " byte " + (from + got + i));
            }
            got += n;
            reader.consume();
        }
        return got;
    }

    /** Moves message {@code id} of {@code n} bytes through the pipe, writing and reading in turn. */
    void send(long id, int n) {
        int written = 0, read = 0;
        while (read < n) {
            written += writeSome(id, n, written);
            read += readSome(id, read);
        }
        assertEquals(n, written);
    }

    @Test
    void messagesComeOutWholeAcrossTheRingsEndManyTimes() {
        for (int m = 0; m < 300; m++) {
            send(m, 1 + (m * 30011) % 200_000); // odd sizes up to three times the ring
        }
        assertFalse(reader.nextChunk(), "nothing more");
    }

    @Test
    void aFullPipeHasNoRoomUntilTheReaderFreesAChunk() {
        int n = 5 * CAPACITY;
        int written = 0;
        for (int k = writeSome(1, n, 0); k > 0; k = writeSome(1, n, written)) {
            written += k;
        }
        assertTrue(written > CAPACITY - 1024 && written < CAPACITY, written + " bytes in a pipe of " + CAPACITY);
        assertEquals(0, writer.room(n - written, 1));
        int read = readSome(1, 0);
        assertEquals(written, read);
        assertTrue(writer.room(n - written, 1) > 0, "room again once the reader freed it");
    }

    @Test
    void aSleepingSideIsOwedANudgeOnce() {
        assertFalse(reader.armReader(), "no chunk yet: the reader may sleep");
        assertEquals(100, writeSome(1, 200, 100));
        assertTrue(writer.takeNudge(), "the writer saw the reader's flag");
        assertFalse(writer.takeNudge(), "once");
        assertEquals(50, writeSome(1, 250, 200));
        assertFalse(writer.takeNudge(), "the flag was lowered by the nudge it caused");
        reader.disarmReader();
        readSome(1, 100);

        int n = 5 * CAPACITY, written = 0;
        for (int k = writeSome(2, n, 0); k > 0; k = writeSome(2, n, written)) {
            written += k;
        }
        assertFalse(writer.armWriter(n - written, 1), "no room: the writer may sleep");
        readSome(2, 0);
        assertTrue(reader.takeNudge(), "the reader freed room for a sleeping writer");
        assertFalse(reader.takeNudge(), "once");
        writer.disarmWriter();
    }

    @Test
    void countersNoPeerCouldHavePublishedAreRefused() {
        assertEquals(100, writeSome(1, 100, 0));
        java.nio.ByteBuffer shared = writer.buf.nioBuffer(0, 512);
        shared.putLong(0, 10L * CAPACITY); // the tail, a lap and more ahead of the reader (the pipe's counters are big-endian)
        FrameException e = assertThrows(FrameException.class, reader::nextChunk);
        assertTrue(e.getMessage().contains("tail"), e.getMessage());
        shared.putLong(128, 1L << 40); // the head, past the writer's tail
        e = assertThrows(FrameException.class, () -> writer.room(100, 1));
        assertTrue(e.getMessage().contains("head"), e.getMessage());
    }

    @Test
    void aChunkLongerThanTheRingAllowsIsNamed() {
        assertEquals(100, writeSome(5, 100, 0));
        java.nio.ByteBuffer shared = writer.buf.nioBuffer(0, 1024);
        shared.putInt(512 + 8, CAPACITY); // the first chunk's length
        assertTrue(reader.nextChunk());
        assertNotNull(reader.badChunk(), "a chunk of the ring's whole size cannot fit after its header");
    }

    @Test
    void onlyAPipeOfThisUsersOfTheRightSizeInThePipesDirectoryOpens() throws IOException {
        MappedPipe other = MappedPipe.create(CAPACITY);
        assertNotNull(other);
        try {
            assertThrows(IOException.class, () -> MappedPipe.open(other.path(), 3 * 1024 * 1024), "not a power of two");
            Path elsewhere = Files.createTempFile("mpj-pipe-1-", "");
            try {
                assertThrows(IOException.class, () -> MappedPipe.open(elsewhere.toString(), CAPACITY), "outside the directory");
                assertTrue(Files.exists(elsewhere), "a file that is not a pipe is left alone");
            } finally {
                Files.deleteIfExists(elsewhere);
            }
            Path misnamed = Path.of(other.path()).resolveSibling("mpj-other-" + ProcessHandle.current().pid());
            assertThrows(IOException.class, () -> MappedPipe.open(misnamed.toString(), CAPACITY), "not a pipe's name");
            assertTrue(Files.exists(Path.of(other.path())), "refused before the pipe was looked at");
            assertThrows(IOException.class, () -> MappedPipe.open(other.path(), 2 * CAPACITY), "another size");
        } finally {
            other.release();
        }
        MappedPipe unanswered = MappedPipe.create(CAPACITY);
        assertNotNull(unanswered);
        assertTrue(Files.exists(Path.of(unanswered.path())));
        unanswered.release();
        assertFalse(Files.exists(Path.of(unanswered.path())), "release removes a name no reader took");
    }

    @Test
    void leftOversOfAProcessAreRemovedByItsPid() throws IOException {
        MappedPipe left = MappedPipe.create(CAPACITY);
        assertNotNull(left);
        assertTrue(Files.exists(Path.of(left.path())));
        MappedPipe.removeLeftOvers(ProcessHandle.current().pid() + 1);
        assertTrue(Files.exists(Path.of(left.path())), "another process's pipe stays");
        MappedPipe.removeLeftOvers(ProcessHandle.current().pid());
        assertFalse(Files.exists(Path.of(left.path())), "this process's pipe is gone");
    }
}
