package org.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class JvmOptionsTest {
    @TempDir
    Path dir;

    boolean onRequest(String mode) throws IOException {
        Path f = dir.resolve("enabled");
        Files.writeString(f, mode + "\n");
        return JvmOptions.hugePagesOnRequest(f);
    }

    @Test
    void hugePagesAreAskedForOnlyWhereTheKernelGivesThemOnRequest() throws IOException {
        assertTrue(onRequest("always [madvise] never"));
        assertFalse(onRequest("[always] madvise never"), "the heap gets them without asking");
        assertFalse(onRequest("always madvise [never]"), "the JVM would warn that it cannot have them");
        assertFalse(JvmOptions.hugePagesOnRequest(dir.resolve("missing")), "no such file: not Linux, or no THP");
    }

    @Test
    void thisHostsOptionsFollowItsKernel() throws IOException {
        boolean madvise = Files.isReadable(JvmOptions.HUGE_PAGE_MODE)
                && Files.readString(JvmOptions.HUGE_PAGE_MODE).contains("[madvise]");
        assertEquals(madvise ? List.of(JvmOptions.HUGE_PAGES) : List.of(), JvmOptions.forThisHost());
    }
}
