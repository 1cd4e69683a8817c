package org.mpj.bench.tune;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * A heat map PNG of a penalty per (row, size): rows are primitive and rank count, columns message sizes,
 * each cell labelled with its value in whole percent.
 */
public final class Heatmap {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Heatmap() {
    }

    /** values[row][column] in percent. */
    public static void write(Path png, String title, List<String> rows, List<String> columns, double[][] values) {
        HeatMapChart chart = new HeatMapChartBuilder().width(Math.max(600, 60 * columns.size() + 250))
                .height(Math.max(300, 28 * rows.size() + 150)).title(title).xAxisTitle("message size [bytes]")
                .yAxisTitle("primitive, ranks").build();
        chart.getStyler().setShowValue(true);
        chart.getStyler().setMin(0);
        // The colours span 0 .. 50% at most: the range that decides whether a table is good (10%).
        chart.getStyler().setMax(Math.min(50, Math.max(10, max(values))));
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        List<Number[]> data = new java.util.ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < columns.size(); c++) {
                if (!Double.isNaN(values[r][c])) {
                    data.add(new Number[] {c, r, Math.round(values[r][c])});
                }
            }
        }
        chart.addSeries("penalty %", columns, rows, data);
        try {
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write heat map " + png + ": " + e.getMessage(), e);
        }
    }

    private static double max(double[][] v) {
        double m = 0;
        for (double[] row : v) {
            for (double x : row) {
                if (!Double.isNaN(x)) {
                    m = Math.max(m, x);
                }
            }
        }
        return m;
    }
}
