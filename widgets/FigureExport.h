#pragma once
// Figure export shared by the app and pxrun: PNG (raster at a chosen size and DPI), PDF and SVG
// (vector). QCustomPlot has no SVG export: it is drawn through QSvgGenerator with QCPPainter.
#include <QString>

class QCustomPlot;

namespace px::widgets {

// Format from the file suffix (.png, .pdf, .svg). Size in pixels at 96 DPI ("points" for vector
// formats); dpi scales raster output. Throws std::runtime_error with the path on failure.
void exportFigure(QCustomPlot* plot, const QString& path, int width = 800, int height = 500, int dpi = 300);

// The data drawn in the plot as a tidy CSV: "series,x,y" for every graph (name from the legend) and
// "series,x,y,value" cells for colour maps. Atomic; throws std::runtime_error with the path.
void exportPlotData(QCustomPlot* plot, const QString& csvPath);

}  // namespace px::widgets
