package org.mpj.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ConfigTest {
    @Test
    void aChoiceIsOneOfItsValuesTheFirstByDefault() {
        Config none = Config.withOverrides(Map.of());
        assertEquals("auto", none.getChoice("mpj.test.choice", "auto", "true", "false"));
        Config given = Config.withOverrides(Map.of("mpj.test.choice", " false "));
        assertEquals("false", given.getChoice("mpj.test.choice", "auto", "true", "false"));
        Config bad = Config.withOverrides(Map.of("mpj.test.choice", "yes"));
        MpjException e = assertThrows(MpjException.class, () -> bad.getChoice("mpj.test.choice", "auto", "true", "false"));
        assertTrue(e.getMessage().contains("mpj.test.choice='yes' (valid: auto, true, false) (given to the launcher)"),
                e.getMessage());
    }

    @Test
    void ranksAndCoresOnTheHostAsTheLauncherTellsElseThisJvms() {
        Config none = Config.withOverrides(Map.of());
        assertEquals(3, none.ranksOnHost(3));
        assertEquals(Runtime.getRuntime().availableProcessors(), none.coresOnHost());
        Config told = Config.withOverrides(Map.of(Config.RANKS_ON_HOST, "8", Config.CORES_ON_HOST, "2"));
        assertEquals(8, told.ranksOnHost(3));
        assertEquals(2, told.coresOnHost());
        assertThrows(MpjException.class, () -> Config.withOverrides(Map.of(Config.CORES_ON_HOST, "0")).coresOnHost());
    }
}
