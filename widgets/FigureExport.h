#pragma once
// Figure export shared by the app and pxrun: PNG (raster), PDF and SVG (vector) at exact physical
// sizes. The plot is laid out at 96 pixels per inch; a PDF page is width × 72 points, an SVG says its
// size in points, a PNG has width × DPI pixels. For paper presets the fonts are set in points for the
// venue and the legend moves under the axes (wrapping), only while the figure is drawn.
#include <QString>
#include <vector>

class QCustomPlot;

namespace px::widgets {

// Items with this object name (the app's ε slider line) are left out of exports unless asked for.
inline constexpr const char* kSliderMarkerName = "slider-marker";
// The plot is laid out in pixels of 1/96 in, as on screen (FigureExport.cpp and FigureLayout.cpp).
inline constexpr double kLayoutDpi = 96.0;

struct FigureSize {
    double widthIn = 800.0 / 96;
    double heightIn = 500.0 / 96;
    int dpi = 300;             // PNG only
    double fontPt = 0;         // > 0: axis labels at this size in points, ticks and legend 1 pt smaller
    bool legendBelow = false;  // legend in a wrapping row under the axes instead of inside them
    bool sliderMarker = false; // keep the slider marker in the figure
    bool title = true;         // false: no title above the plot (a paper's caption says it); the JSON keeps it
    // Nothing drawn closer to the page's edge: 2 pt on paper (a journal's crop), more on a slide, whose projector
    // or viewer frames it and whose legend would otherwise sit on the edge.
    double marginIn = 2.0 / 72;
};

struct FigurePreset {
    QString key;               // "one-column", "two-column", "slide"
    QString label;             // for menus
    FigureSize size;
};
const std::vector<FigurePreset>& figurePresets();
// The preset of that key; throws std::invalid_argument listing the keys.
FigureSize presetSize(const QString& key);

// The plot's title as on a wide screen (the first title of its layout; empty if none), for a figure's JSON.
QString figureTitle(QCustomPlot* plot);

// Format from the file suffix (.png, .pdf, .svg). Throws std::runtime_error with the path on failure.
void exportFigure(QCustomPlot* plot, const QString& path, const FigureSize& size);
// The same with a size in pixels at 96 DPI (a screen-sized figure, fonts as on screen).
void exportFigure(QCustomPlot* plot, const QString& path, int width = 800, int height = 500, int dpi = 300);

// The data drawn in the plot as a tidy CSV, one row per point of every graph (name from the legend):
// "series,x,y,mean,std,runs,public_control,shuffled_control,error_bar,value". y is the plotted value;
// where the plot recorded per-point records (FigureRoles.h) it is the mean over `runs` runs, repeated
// in `mean`, with their std and the controls at that point; error_bar is the half-width drawn (2 std
// in the utility plots). Colour maps give one row per cell with its "value". Atomic; throws
// std::runtime_error with the path.
void exportPlotData(QCustomPlot* plot, const QString& csvPath);

}  // namespace px::widgets
