// FigureLayout's legend: under the axes, short names, as many columns as fit, and the compact form
// (one grey entry per style key, shared name parts in the title). Every change is recorded and undone
// by ~FigureLayout (FigureLayout.cpp).
#include "FigureLayout.h"

#include "FigureRoles.h"
#include "Palette.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
constexpr double kLegendDpi = 96.0;  // the plot is laid out in pixels of 1/96 in
}

void FigureLayout::rename(QCPAbstractPlottable* p, const QString& name) {
    if (std::none_of(names_.begin(), names_.end(), [p](const auto& n) { return n.first == p; })) names_.push_back({p, p->name()});
    p->setName(name);
}

void FigureLayout::moveLegendBelow() {
    QCPLayoutInset* inset = plot_->axisRect() ? plot_->axisRect()->insetLayout() : nullptr;
    if (!inset || plot_->legend->layout() != inset) return;  // already in a row of its own
    for (int i = 0; i < inset->elementCount(); ++i)
        if (inset->elementAt(i) == plot_->legend) legendAlignment_ = inset->insetAlignment(i);
    inset->take(plot_->legend);
    inset->simplify();
    legendRow_ = plot_->plotLayout()->rowCount();
    plot_->plotLayout()->addElement(legendRow_, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(legendRow_, 0.001);
    legendMoved_ = true;
}

// Paper figures: an entry's short name where the plot gave one, otherwise its name up to the first
// ": " (fit parameters and control values stay in the CSV and JSON beside the figure) — unless that
// would give two entries the same name.
void FigureLayout::shortenLegendNames() {
    std::vector<std::pair<QCPAbstractPlottable*, QString>> cut;
    std::map<QString, int> uses;
    for (int i = 0; i < plot_->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i))) {
            QCPAbstractPlottable* p = item->plottable();
            QString name = shortName(p);
            if (name.isEmpty()) {
                const int colon = p->name().indexOf(": ");
                name = colon > 0 ? p->name().left(colon) : p->name();
            }
            cut.push_back({p, name});
            ++uses[name];
        }
    for (const auto& [p, name] : cut)
        if (name != p->name() && (uses[name] == 1 || !shortName(p).isEmpty())) rename(p, name);
}

void FigureLayout::rewrapLegend(const FigureSize& size) {
    QCPLegend* legend = plot_->legend;
    legend->setRowSpacing(0);
    if (size.fontPt > 0) {
        const int h = int(std::ceil(size.fontPt * kLegendDpi / 72));
        legend->setIconSize(QSize(std::max(20, int(1.6 * h)), h));
        // Paper spacing: tight margins, the text close to its icon, columns apart by a gap of an em.
        legend->setMargins(QMargins(2, 1, 2, 1));
        legend->setIconTextPadding(std::max(3, h / 3));
        legend->setColumnSpacing(h);
        // Below the text, room for its descenders: an entry is clipped to its rectangle, laid out with the font's
        // metrics in whole pixels of 1/96 in, while the PNG draws the glyphs at DPI/96 (g, p, y lost their tails).
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = legend->item(i))
                item->setMargins(QMargins(0, 0, 0, QFontMetrics(item->font()).descent()));
    }
    // As many columns as fit (entry i in column i mod k, a column as wide as its widest entry).
    // The page's width less its margins (FigureSize::marginIn, at least 3 pixels a side) and 18 pixels of slack.
    const int margin = std::max(3, int(std::ceil(size.marginIn * kLegendDpi)));
    const int columns = fittingLegendColumns(plot_, int(size.widthIn * kLegendDpi) - 18 - 2 * margin, 4);
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legendRewrapped_ = true;
}

void FigureLayout::makeLegendCompact() {
    QCPLegend* legend = plot_->legend;
    std::vector<std::pair<QString, QCPAbstractPlottable*>> keys;  // the first graph of each key
    std::vector<QCPAbstractLegendItem*> keyed;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i))) {
            const QString key = styleKey(item->plottable());
            if (key.isEmpty()) continue;
            keyed.push_back(item);
            if (std::none_of(keys.begin(), keys.end(), [&](const auto& k) { return k.first == key; })) keys.push_back({key, item->plottable()});
        }
    if (keys.empty()) return;
    compact_ = true;
    for (QCPAbstractLegendItem* item : keyed) {
        legend->take(item);
        item->setVisible(false);  // out of the layout, it would still be drawn where it last was
    }
    // The series first, then the other entries, then the stand-ins.
    std::vector<QCPAbstractLegendItem*> rest;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i)) rest.push_back(item);
    for (QCPAbstractLegendItem* item : rest) legend->take(item);
    std::stable_partition(rest.begin(), rest.end(), [](QCPAbstractLegendItem* item) {
        auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
        return entry && isSeries(entry->plottable());
    });
    for (QCPAbstractLegendItem* item : rest) legend->addItem(item);
    const QColor grey(80, 80, 80);
    for (const auto& [key, model] : keys) {
        QCPGraph* g = plot_->addGraph(plot_->xAxis, plot_->yAxis);  // no data: a legend entry only
        QPen pen = model->pen();
        pen.setColor(grey);
        g->setPen(pen);
        if (auto* graph = qobject_cast<QCPGraph*>(model)) {
            QCPScatterStyle style = graph->scatterStyle();
            QPen edge = style.pen();
            edge.setColor(grey);
            style.setPen(edge);
            if (style.brush().style() != Qt::NoBrush) style.setBrush(grey);
            g->setScatterStyle(style);
        }
        g->setName(key);
        if (!legend->hasItemWithPlottable(g)) g->addToLegend();
        keyEntries_.push_back(g);
    }
}

// "trees, d=50, gaussian isotropic" and "trees, d=50, gaussian equal signal-to-noise" become
// "gaussian isotropic" and "gaussian equal signal-to-noise", and the title gains "trees, d=50". A sole
// series gives the title its whole name and goes by its sole-series name.
void FigureLayout::factorSeriesNames(const FigureSize& size) {
    QCPTextElement* title = nullptr;
    for (QCPLayoutElement* e : plot_->plotLayout()->elements(true))
        if ((title = qobject_cast<QCPTextElement*>(e))) break;  // a title left out is not in the layout
    std::vector<QCPAbstractPlottable*> series;
    for (int i = 0; i < plot_->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i)))
            if (isSeries(item->plottable())) series.push_back(item->plottable());
    if (series.empty()) return;
    QStringList common;
    if (series.size() == 1) {  // the whole name to the title, if the series has another to go by
        if (soleSeriesName(series.front()).isEmpty()) return;
        common << series.front()->name();
        rename(series.front(), soleSeriesName(series.front()));
    } else {
        std::vector<QStringList> parts;
        for (QCPAbstractPlottable* p : series) parts.push_back(p->name().split(", "));
        for (const QString& part : parts.front())
            if (std::all_of(parts.begin(), parts.end(), [&](const QStringList& l) { return l.contains(part); })) common << part;
        if (common.isEmpty()) return;
        for (const QStringList& l : parts)
            if (l.size() <= common.size()) return;  // a series would lose its whole name
        for (std::size_t i = 0; i < series.size(); ++i) {
            QStringList rest = parts[i];
            for (const QString& c : common) rest.removeOne(c);
            rename(series[i], rest.join(", "));
        }
    }
    if (!title) {  // no title (a paper's figure): the shared parts go under the legend, once
        addFootnote(common.join(", "), plot_->legend->font());
        return;
    }
    const QString oneLine = title->text() + " — " + common.join(", ");
    const bool fits = QFontMetrics(title->font()).horizontalAdvance(oneLine) <= int(size.widthIn * kLegendDpi) - 16;
    retitle(title, fits ? oneLine : title->text() + "\n" + common.join(", "));
}

}  // namespace px::widgets
