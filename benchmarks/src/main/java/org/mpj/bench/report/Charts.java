package org.mpj.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Line charts of time against message size, log-log, written as PNG without a display. */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** One line of a chart: its name and its points (sizes of 0 bytes are left out: a log axis has no 0). */
    public record Line(String name, double[] bytes, double[] values, boolean marked) {
    }

    private Charts() {
    }

    public static void write(Path png, String title, String yAxis, List<Line> lines) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle("message size [bytes]")
                .yAxisTitle(yAxis).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Line l : lines) {
            int n = 0;
            for (int i = 0; i < l.bytes().length; i++) {
                n += l.bytes()[i] > 0 && l.values()[i] > 0 ? 1 : 0;
            }
            if (n == 0) {
                continue;
            }
            double[] x = new double[n], y = new double[n];
            for (int i = 0, j = 0; i < l.bytes().length; i++) {
                if (l.bytes()[i] > 0 && l.values()[i] > 0) {
                    x[j] = l.bytes()[i];
                    y[j++] = l.values()[i];
                }
            }
            XYSeries s = chart.addSeries(l.name(), x, y);
            if (l.marked()) {
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                s.setMarker(SeriesMarkers.DIAMOND);
            } else {
                s.setMarker(SeriesMarkers.CIRCLE);
            }
        }
        try {
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + png + ": " + e.getMessage(), e);
        }
    }
}
