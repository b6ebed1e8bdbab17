#include "Palette.h"

#include "FigureRoles.h"
#include "ScreenFit.h"

#include <QTimer>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>
#include <vector>

namespace px::widgets {

QColor viridis(int i, int n) {
    // Viridis control points (matplotlib's colormap at 0, 0.125, ..., 1).
    static const double stops[9][3] = {{0.267, 0.005, 0.329}, {0.283, 0.141, 0.458}, {0.254, 0.265, 0.530},
                                       {0.207, 0.372, 0.553}, {0.164, 0.471, 0.558}, {0.128, 0.567, 0.551},
                                       {0.135, 0.659, 0.518}, {0.267, 0.749, 0.441}, {0.478, 0.821, 0.318}};
    const double t = n <= 1 ? 0.0 : 0.85 * double(i) / double(n - 1);  // stop before the pale yellow end
    const double pos = t * 8.0;
    const int k = std::min(7, int(std::floor(pos)));
    const double f = pos - k;
    auto mix = [&](int c) { return stops[k][c] + f * (stops[k + 1][c] - stops[k][c]); };
    return QColor::fromRgbF(float(mix(0)), float(mix(1)), float(mix(2)));
}

void addErrorBars(QCPGraph* g, const QVector<double>& halfWidths, const QPen& pen, double lo, double hi) {
    auto* bars = new QCPErrorBars(g->keyAxis(), g->valueAxis());
    bars->setDataPlottable(g);
    QVector<double> below, above;
    int k = 0;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd() && k < halfWidths.size(); ++it, ++k) {
        below << std::max(0.0, std::min(halfWidths[k], it->value - lo));  // an AUC bar never reaches 1.15
        above << std::max(0.0, std::min(halfWidths[k], hi - it->value));
    }
    bars->setData(below, above);
    bars->setProperty("pxHalfWidths", QVariant::fromValue(halfWidths));
    bars->setPen(pen);
    bars->removeFromLegend();
}

QVector<double> errorBarHalfWidths(const QCPErrorBars* bars) {
    if (bars->property("pxHalfWidths").isValid()) return bars->property("pxHalfWidths").value<QVector<double>>();
    QVector<double> plus;
    for (int k = 0; k < bars->dataCount(); ++k) plus << bars->data()->at(k).errorPlus;
    return plus;
}

void resetPlot(QCustomPlot* plot) {
    fitAxisLabelsOnScreen(plot);
    // No cache of drawn tick labels: QCustomPlot keeps them by their text, and after projector mode a "1" cached at the
    // projector's size was drawn again beside normal-sized ticks (tst_apptruth measures the pixels). A plot here has
    // a dozen ticks; drawing them anew costs nothing one sees.
    plot->setPlottingHint(QCP::phCacheLabels, false);
    for (QCPAxisRect* rect : plot->axisRects())  // the axes hideEmptyAxes took away come back for the new build
        for (QCPAxis* axis : rect->axes())
            if (const int hidden = axis->property(kHiddenAxisProperty).toInt(); hidden != 0) {
                axis->setVisible(true);
                axis->grid()->setVisible((hidden & 2) != 0);
                axis->setProperty(kHiddenAxisProperty, 0);
            }
    plot->setProperty(kPreviewProperty, false);
    plot->clearPlottables();
    plot->clearItems();
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) setShortLabel(axis, QString());  // a new build sets its own
    // the title row inserted by the last build (none after a note: resetting twice must not take the axes)
    if (plot->plotLayout()->rowCount() > 1 && qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))) {
        plot->plotLayout()->removeAt(0);
        plot->plotLayout()->simplify();
    }
}

QFont setPlotFonts(QCustomPlot* plot, double fs) {
    QFont base = plot->font();
    base.setPointSizeF(9 * fs);
    for (QCPAxis* ax : {plot->xAxis, plot->yAxis, plot->yAxis2}) {
        ax->setLabelFont(base);
        ax->setTickLabelFont(base);
    }
    plot->legend->setFont(QFont(base.family(), int(8 * fs)));
    return base;
}

void showPlotNote(QCustomPlot* plot, const QString& note) {
    resetPlot(plot);
    plot->legend->setVisible(false);
    // A legend placed below the axes (placeLegendBelow), emptied by the reset, keeps its cell in the plot's layout,
    // and its maximum size caps the column: the axes of a note shrank to a strip 162 px wide. Back in the axes' inset
    // layout, where QCustomPlot keeps it and where placeLegendBelow takes it from again.
    if (plot->legend->layout() == plot->plotLayout()) {
        plot->plotLayout()->take(plot->legend);
        plot->plotLayout()->simplify();
        plot->axisRect()->insetLayout()->addElement(plot->legend, Qt::AlignRight | Qt::AlignTop);
    }
    addCentredNote(plot, note);
    plot->replot();
}

namespace {
// `text` broken at spaces into lines at most `width` pixels wide in `metrics` (its own line breaks kept); a word wider
// than the width stands on a line of its own.
QString wrappedToWidth(const QString& text, const QFontMetrics& metrics, int width) {
    QStringList lines;
    for (const QString& paragraph : text.split('\n')) {
        QString line;
        for (const QString& word : paragraph.split(' ', Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + ' ' + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
    }
    return lines.join('\n');
}

// A plot's centred notes wrap to its axes' width at each layout (a failure's one long line was cut at both ends).
void wrapNotesAtEachLayout(QCustomPlot* plot) {
    if (plot->property("pxNoteWrapper").toBool()) return;
    plot->setProperty("pxNoteWrapper", true);
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        const int width = std::max(80, plot->axisRect()->width() - 24);
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->objectName() == "plot-note")
                t->setText(wrappedToWidth(t->property("pxNoteText").toString(), QFontMetrics(t->font()), width));
    });
}
}  // namespace

void addCentredNote(QCustomPlot* plot, const QString& note) {
    auto* text = new QCPItemText(plot);
    text->setObjectName("plot-note");
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setPositionAlignment(Qt::AlignCenter);
    text->setProperty("pxNoteText", note);  // as written; what is drawn is wrapped to the axes
    text->setText(note);
    text->setTextAlignment(Qt::AlignCenter);
    text->setColor(QColor(90, 90, 90));
    wrapNotesAtEachLayout(plot);
}

void showNoteWithoutAxes(QCustomPlot* plot, const QString& note) {
    hideEmptyAxes(plot);
    addCentredNote(plot, note);
    plot->replot();
}

void hideEmptyAxes(QCustomPlot* plot) {
    showPlotNote(plot, {});
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            if (axis->visible()) {
                axis->setProperty(kHiddenAxisProperty, 1 | (axis->grid()->visible() ? 2 : 0));
                axis->setVisible(false);
                axis->grid()->setVisible(false);
            }
    plot->replot();
}

namespace {
// The widest legend entry under the names it shows now.
int widestLegendEntry(const QCustomPlot* plot) {
    int widest = 0;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i)) widest = std::max(widest, item->minimumOuterSizeHint().width());
    return widest;
}

void showFullNames(QCustomPlot* plot) {
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (QCPAbstractPlottable* p = plot->plottable(i); fullName(p) != p->name()) p->setName(fullName(p));
}

// A plot narrower than its legend's widest entry under the full names (a narrow window, the settings column dragged
// wide) shows the short names, as projector mode does, and the full ones again once they fit; figures and their CSV
// keep the full names whatever the screen shows (fullName). Returns the widest entry under the short names: the
// narrowest the plot may get.
int fitLegendNames(QCustomPlot* plot, int width) {
    showShortNames(plot);
    const int widestShort = widestLegendEntry(plot);
    showFullNames(plot);
    if (widestLegendEntry(plot) > width) showShortNames(plot);
    return widestShort;
}

// Keeps a legend below a plot in as many columns as fit the plot's width (at most the plot's own maximum),
// as the window is resized. Without it a legend laid out in two columns on a wide window would hold the window at
// that width: the plot's minimum size is its layout's, legend included.
class LegendRewrap : public QObject {
public:
    LegendRewrap(QCustomPlot* plot, int maxColumns) : QObject(plot), plot_(plot), maxColumns_(maxColumns) {
        setObjectName("px-legend-rewrap");  // found by name: without Q_OBJECT, findChild<LegendRewrap*> would match any child
    }
    void setMaxColumns(int columns) { maxColumns_ = columns; }
    // The plot was built with its short names (projector mode): they stay, whatever the width.
    void setShortByBuild(bool shortNames) { shortByBuild_ = shortNames; }
    bool shortByBuild() const { return shortByBuild_; }
    bool eventFilter(QObject* watched, QEvent* event) override {
        // After the event, not inside it: a resize may come while the plot is being rebuilt (a font change).
        if (watched == plot_ && event->type() == QEvent::Resize && !pending_) {
            pending_ = true;
            QTimer::singleShot(0, this, [this] { rewrap(); });
        }
        return false;
    }

private:
    void rewrap() {
        pending_ = false;
        if (!plot_->legend || !plot_->legend->visible() || plot_->legend->layout() != plot_->plotLayout() || plot_->width() <= 100) return;
        if (!shortByBuild_) fitLegendNames(plot_, plot_->width() - 24);
        const int columns = fittingLegendColumns(plot_, plot_->width() - 24, maxColumns_);
        if (columns == plot_->legend->wrap()) {
            plot_->replot(QCustomPlot::rpQueuedReplot);  // the names may have changed
            return;
        }
        plot_->legend->setWrap(columns);
        plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
    bool pending_ = false;
    bool shortByBuild_ = false;
    QCustomPlot* plot_;
    int maxColumns_;
};
}  // namespace

// QCustomPlot sizes a legend entry with QFontMetrics of the entry's font (QCPPlottableLegendItem::minimumOuterSizeHint)
// but draws it after QPainter::setFont, which takes every attribute the font does not set itself from the paint
// device's default font: the application's font at the time of the paint. An entry font left as the legend got it
// from the plot when the plot was made sets no attribute, so once projector mode had raised the application's font
// to 14 pt or more, entries sized for the desktop's font were drawn in the projector's and cut at their baseline.
// Each entry gets a font with every attribute set, resolved against the plot's font now: the font sized is the font drawn.
void pinLegendFonts(QCustomPlot* plot) {
    const auto pinned = [plot](const QFont& font) {
        QFont full = font.resolve(plot->font());
        full.setResolveMask(QFont::AllPropertiesResolved);
        return full;
    };
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i)) {
            item->setFont(pinned(item->font()));
            item->setSelectedFont(pinned(item->selectedFont()));
        }
}

void placeLegendBelow(QCustomPlot* plot, int columns) {
    pinLegendFonts(plot);  // before any size hint is read
    auto* rewrap = dynamic_cast<LegendRewrap*>(plot->findChild<QObject*>("px-legend-rewrap", Qt::FindDirectChildrenOnly));
    if (!rewrap) {
        rewrap = new LegendRewrap(plot, columns);
        plot->installEventFilter(rewrap);
    }
    rewrap->setMaxColumns(columns);
    plot->legend->setVisible(true);
    plot->legend->setBorderPen(Qt::NoPen);
    if (plot->legend->layout() == plot->axisRect()->insetLayout()) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    }
    bool shortNames = false;  // built with its short names (projector mode)
    for (int i = 0; i < plot->plottableCount(); ++i) shortNames = shortNames || fullName(plot->plottable(i)) != plot->plottable(i)->name();
    rewrap->setShortByBuild(shortNames);
    // The narrowest the plot may get is its legend in one column under the short names (rewrapped and renamed as it
    // narrows), not the columns and names that fit the width it has now.
    const int widest = shortNames ? widestLegendEntry(plot) : fitLegendNames(plot, plot->width() > 100 ? plot->width() - 24 : 1 << 20);
    if (plot->width() > 100) columns = fittingLegendColumns(plot, plot->width() - 24, columns);
    plot->legend->setWrap(columns);  // before setFillOrder, which rearranges with the current wrap
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    plot->setMinimumWidth(std::max(320, widest + 24));
}

int fittingLegendColumns(QCustomPlot* plot, int width, int maxColumns) {
    std::vector<int> widths;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i)) widths.push_back(item->minimumOuterSizeHint().width());
    int columns = 1;
    for (int k = 2; k <= maxColumns && k <= int(widths.size()); ++k) {
        std::vector<int> column(std::size_t(k), 0);
        for (std::size_t i = 0; i < widths.size(); ++i) column[i % std::size_t(k)] = std::max(column[i % std::size_t(k)], widths[i]);
        int total = (k - 1) * plot->legend->columnSpacing();
        for (int w : column) total += w;
        if (total <= width) columns = k;
    }
    return columns;
}

}  // namespace px::widgets
