package org.mpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpj.bench.Report;
import org.mpj.bench.suite.Row;

/** The report from a synthetic suite CSV: a PNG per ping-pong fit and per collective, linked from report.md. */
class ReportTest {
    @Test
    void chartsAndMarkdownFromSuiteCsv(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(List.of(Row.CSV_HEADER));
        for (long b : new long[] {0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536}) {
            double pp = 2 + 0.001 * b + (b >= 16384 ? 5 : 0);
            lines.add(new Row("pingpong", "BYTE", "shm", 2, b, 100, pp, pp, pp, b / pp).csv());
            lines.add(new Row("bcast", "BYTE", "binomial", 4, b, 100, 5, 5 + 0.002 * b, 6, 1).csv());
            lines.add(new Row("bcast", "BYTE", "scatterAllgather", 4, b, 100, 8, 8 + 0.001 * b, 9, 1).csv());
        }
        Path csv = dir.resolve("in.csv");
        Files.write(csv, lines);
        Path out = dir.resolve("report");
        Report.run(out, null, null, List.of(csv));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("(model-pingpong-BYTE-shm.png)") && md.contains("(collective-bcast-4.png)"), md);
        for (String png : new String[] {"model-pingpong-BYTE-shm.png", "collective-bcast-4.png"}) {
            byte[] head = Files.readAllBytes(out.resolve(png));
            assertTrue(head.length > 1000 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G', png + " is a PNG");
        }
    }
}
