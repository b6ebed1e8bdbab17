#include "FigureLayout.h"

#include "FigureRoles.h"
#include "Palette.h"
#include "ScreenFit.h"

#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
QFont sized(QFont f, double pt) {
    f.setPointSizeF(pt);
    return f;
}
}  // namespace

FigureLayout::FigureLayout(QCustomPlot* plot, const FigureSize& size)
    : plot_(plot), screenViewport_(plot->viewport()), layoutMargins_(plot->plotLayout()->margins()) {
    setExporting(plot, true);  // the figure starts from the full axis labels, not from those fitted to the screen
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* ax : rect->axes())
            if (fullLabel(ax) != ax->label()) relabel(ax, fullLabel(ax));
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* title = qobject_cast<QCPTextElement*>(e); title && fullTitle(title) != title->text()) retitle(title, fullTitle(title));
    for (int i = 0; i < plot->plottableCount(); ++i)  // a projector's short names: the figure has room for the full ones
        if (QCPAbstractPlottable* p = plot->plottable(i); fullName(p) != p->name()) rename(p, fullName(p));
    if (!size.title) leaveOutTitles();
    // Nothing within FigureSize::marginIn of the page's edge (a journal's crop, a viewer's frame): for 2 pt,
    // 3 layout pixels of 1/96 in.
    const int margin = std::max(3, int(std::ceil(size.marginIn * kLayoutDpi)));
    plot->plotLayout()->setMargins(QMargins(margin, margin, margin, margin));
    if (!size.sliderMarker)
        for (int i = 0; i < plot->itemCount(); ++i) {
            QCPAbstractItem* item = plot->item(i);
            if (item->objectName() == kSliderMarkerName && item->visible()) {
                item->setVisible(false);
                hidden_.push_back(item);
            }
        }
    if (size.widthIn < 4.5)  // narrow: short axis labels (the full ones are in the JSON beside)
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* ax : rect->axes()) {
                const int paren = ax->label().indexOf(" (");
                if (!shortLabel(ax).isEmpty()) relabel(ax, shortLabel(ax));
                else if (paren > 0) relabel(ax, ax->label().left(paren));
            }
    if (size.fontPt > 0) setFonts(size);
    const bool hasLegend = plot->legend->visible() && plot->legend->itemCount() > 0;
    // A legend already under the axes was wrapped for the width on screen (or for none, drawn while its tab
    // was hidden): the figure wraps it again for its own width.
    const bool legendUnderAxes = hasLegend && plot->legend->layout() != plot->axisRect()->insetLayout();
    if ((size.legendBelow || size.fontPt > 0 || legendUnderAxes) && hasLegend) {
        legendWrap_ = plot->legend->wrap();
        legendOrder_ = plot->legend->fillOrder();
        legendSpacing_ = plot->legend->rowSpacing();
        legendColumnSpacing_ = plot->legend->columnSpacing();
        legendIconPadding_ = plot->legend->iconTextPadding();
        legendMargins_ = plot->legend->margins();
        legendIcon_ = plot->legend->iconSize();
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = plot->legend->item(i)) {
                legendOrderOnScreen_.push_back(item);
                itemMargins_.push_back({item, item->margins()});
            }
        if (size.legendBelow) moveLegendBelow();
        if (size.legendBelow || size.fontPt > 0) shortenLegendNames();
        rewrapLegend(size);
        if (size.fontPt > 0) {
            // Still more than a fifth of the height: the compact legend.
            layOutAt(size);
            const QRect page(0, 0, int(std::lround(size.widthIn * kLayoutDpi)), int(std::lround(size.heightIn * kLayoutDpi)));
            if (plot->legend->outerRect().height() * 5 > page.height()) {
                makeLegendCompact();
                factorSeriesNames(size);
                rewrapLegend(size);
            }
            plot->setViewport(screenViewport_);
        }
    }
    if (size.fontPt > 0) fitLabels(size);
}

// Titles left out take no room: each leaves its cell, whose row then shrinks to nothing (put back afterwards).
void FigureLayout::leaveOutTitles() {
    for (QCPLayoutElement* e : plot_->plotLayout()->elements(true)) {
        auto* title = qobject_cast<QCPTextElement*>(e);
        auto* grid = title ? qobject_cast<QCPLayoutGrid*>(title->layout()) : nullptr;
        if (!grid || !title->visible()) continue;
        int row = -1, col = -1;
        for (int i = 0; i < grid->elementCount(); ++i)
            if (grid->elementAt(i) == title) grid->indexToRowCol(i, row, col);
        if (row < 0 || !grid->take(title)) continue;
        leftOut_.push_back({grid, row, col, title, grid->rowStretchFactors().value(row, 1.0)});
        title->setVisible(false);
        grid->setRowStretchFactor(row, 0.001);
    }
}

// Under the legend, in the legend's font: the name parts every series shares, for a figure without a title.
void FigureLayout::addFootnote(const QString& text, const QFont& font) {
    footnote_ = new QCPTextElement(plot_, text, font);
    footnote_->setMargins(QMargins(0, 0, 0, 2));
    const int row = plot_->plotLayout()->rowCount();
    plot_->plotLayout()->addElement(row, 0, footnote_);
    plot_->plotLayout()->setRowStretchFactor(row, 0.001);
}

void FigureLayout::setFonts(const FigureSize& size) {
    QCustomPlot* plot = plot_;
    const double screenPt = plot->xAxis ? plot->xAxis->labelFont().pointSizeF() : 9;
    const double small = std::max(6.0, size.fontPt - 1);
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* ax : rect->axes()) {
            axes_.push_back({ax, ax->labelFont(), ax->tickLabelFont()});
            ax->setLabelFont(sized(ax->labelFont(), size.fontPt));
            ax->setTickLabelFont(sized(ax->tickLabelFont(), small));
        }
    // The preset's promise (FigureSize::fontPt): labels at fontPt, ticks and legend 1 pt smaller; a narrow
    // figure's legend makes room by becoming compact (FigureLayout::makeLegendCompact), not smaller.
    const double legendPt = small;
    // Each entry's own font first: QCPLegend::setFont sets every entry's font too
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i)) legendItems_.push_back({item, item->font()});
    legendFont_ = plot->legend->font();
    plot->legend->setFont(sized(legendFont_, legendPt));
    for (const auto& [item, font] : legendItems_) item->setFont(sized(font, legendPt));
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* title = qobject_cast<QCPTextElement*>(e)) {
            texts_.push_back({title, title->font()});
            title->setFont(sized(title->font(), size.fontPt));
        }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
            texts_.push_back({text, text->font()});
            text->setFont(sized(text->font(), small));
        }
    // Fonts much larger than on screen (a slide) get lines and markers to match.
    const double factor = size.fontPt / (1.1 * screenPt);
    if (factor > 1.2) thickenPens(factor);
}

void FigureLayout::thickenPens(double factor) {
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot_->plottable(i);
        pens_.push_back({p, p->pen()});
        QPen pen = p->pen();
        pen.setWidthF(std::max(1.0, pen.widthF()) * factor);
        p->setPen(pen);
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            scatters_.push_back({g, g->scatterStyle().size(), g->scatterStyle().pen()});
            QCPScatterStyle style = g->scatterStyle();
            style.setSize(style.size() * factor);
            QPen edge = style.pen();
            edge.setWidthF(std::max(1.0, edge.widthF()) * factor);
            style.setPen(edge);
            g->setScatterStyle(style);
        }
    }
}

void FigureLayout::layOutAt(const FigureSize& size) {
    plot_->setViewport(QRect(0, 0, int(std::lround(size.widthIn * kLayoutDpi)), int(std::lround(size.heightIn * kLayoutDpi))));
    // laid out and drawn into the plot's buffers only: an immediate refresh painted the figure's layout on screen (the
    // window flashed with the export's fonts and legend); the queued paint comes after the destructor's replot
    plot_->replot(QCustomPlot::rpQueuedRefresh);
}

void FigureLayout::relabel(QCPAxis* axis, const QString& label) {
    if (std::none_of(labels_.begin(), labels_.end(), [axis](const auto& l) { return l.first == axis; })) labels_.push_back({axis, axis->label()});
    axis->setLabel(label);
}

void FigureLayout::retitle(QCPTextElement* title, const QString& text) {
    if (std::none_of(titles_.begin(), titles_.end(), [title](const auto& t) { return t.first == title; })) titles_.push_back({title, title->text()});
    title->setText(text);
}

// A title wider than the page breaks at its " — ", and what is still too wide is elided.
void FigureLayout::fitTitles(const FigureSize& size) {
    // Laid out at the figure's size, each title gets the width of its cell (a colour scale beside the
    // axes narrows it); twice, as a shorter title can let its column shrink.
    for (int pass = 0; pass < 2; ++pass) {
        layOutAt(size);
        for (QCPLayoutElement* e : plot_->plotLayout()->elements(true)) {
            auto* title = qobject_cast<QCPTextElement*>(e);
            if (!title) continue;
            const int room = std::min(title->outerRect().width(), int(size.widthIn * kLayoutDpi)) - 12;
            const QFontMetrics metrics(title->font());
            QStringList lines = title->text().split('\n');
            int widest = 0;
            for (const QString& line : lines) widest = std::max(widest, metrics.horizontalAdvance(line));
            if (widest <= room) continue;
            QString text = title->text();
            if (lines.size() == 1 && text.contains(" — ")) text.replace(text.indexOf(" — "), 3, "\n");
            else if (lines.size() == 1 && text.contains(" (")) text.replace(text.indexOf(" ("), 1, "\n");
            lines = text.split('\n');
            for (QString& line : lines) line = metrics.elidedText(line, Qt::ElideRight, room);
            retitle(title, lines.join('\n'));
        }
    }
}

// Cell labels (a heat map's values) wider than nine tenths of their cell are left out of the figure.
void FigureLayout::hideCrowdedCellLabels() {
    for (int i = 0; i < plot_->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot_->item(i));
        if (!text || !text->visible() || cellLabelWidth(text) <= 0 || !text->position->keyAxis()) continue;
        const QCPAxis* axis = text->position->keyAxis();
        const double x = text->position->key(), w = cellLabelWidth(text);
        const double cell = std::abs(axis->coordToPixel(x + w / 2) - axis->coordToPixel(x - w / 2));
        if (QFontMetrics(text->font()).horizontalAdvance(text->text()) <= 0.9 * cell) continue;
        text->setVisible(false);
        hidden_.push_back(text);
    }
}

// Text ticks (one label per pattern, class, …) too many for the axis keep every k-th label.
void FigureLayout::thinTextTicks(QCPAxis* axis, int room) {
    const auto text = axis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!text || text->ticks().size() < 2) return;
    const QFontMetrics metrics(axis->tickLabelFont());
    int widest = 0;
    for (const QString& label : text->ticks())
        for (const QString& line : label.split('\n')) widest = std::max(widest, metrics.horizontalAdvance(line));
    const int fitting = std::max(1, room / (widest + metrics.horizontalAdvance("  ")));
    const int count = int(text->ticks().size());
    if (count <= fitting) return;
    const int step = (count + fitting - 1) / fitting;
    QSharedPointer<QCPAxisTickerText> thinned(new QCPAxisTickerText);
    int k = 0;
    for (auto it = text->ticks().constBegin(); it != text->ticks().constEnd(); ++it, ++k)
        if (k % step == 0) thinned->addTick(it.key(), it.value());
    tickers_.push_back({axis, axis->ticker()});
    axis->setTicker(thinned);
}

void FigureLayout::fitLabels(const FigureSize& size) {
    // Laid out at the figure's size once: an axis label longer than its axis takes its short form,
    // then loses its parenthesis, and is elided as the last resort, so that it never runs off the page
    // (the full label is in the JSON beside the figure). Titles and text ticks are fitted too.
    fitTitles(size);
    layOutAt(size);
    hideCrowdedCellLabels();
    for (QCPAxisRect* rect : plot_->axisRects())
        for (QCPAxis* ax : rect->axes()) {
            if (!ax->visible()) continue;
            const int room = ax->orientation() == Qt::Vertical ? rect->height() : rect->width();
            if (ax->orientation() == Qt::Horizontal) thinTextTicks(ax, room);
            if (ax->label().isEmpty()) continue;
            if (const QString fitted = fitAxisLabel(ax, ax->label(), room); fitted != ax->label()) relabel(ax, fitted);
        }
    plot_->setViewport(screenViewport_);
}

FigureLayout::~FigureLayout() {
    setExporting(plot_, false);
    // The footnote out and the titles back in their cells before the legend's row is simplified away.
    if (footnote_) plot_->plotLayout()->remove(footnote_);
    for (auto it = leftOut_.rbegin(); it != leftOut_.rend(); ++it) {
        it->grid->addElement(it->row, it->col, it->title);
        it->grid->setRowStretchFactor(it->row, it->stretch);
        it->title->setVisible(true);
    }
    for (QCPGraph* g : keyEntries_) plot_->removeGraph(g);  // with their legend entries
    for (const auto& [plottable, name] : names_) plottable->setName(name);
    for (const auto& [axis, label] : labels_) axis->setLabel(label);
    for (const auto& [title, text] : titles_) title->setText(text);
    plot_->plotLayout()->setMargins(layoutMargins_);
    for (const auto& [axis, ticker] : tickers_) axis->setTicker(ticker);
    for (const auto& [plottable, pen] : pens_) plottable->setPen(pen);
    for (const Scatter& s : scatters_) {
        QCPScatterStyle style = s.graph->scatterStyle();
        style.setSize(s.size);
        style.setPen(s.edge);
        s.graph->setScatterStyle(style);
    }
    if (compact_) {  // every entry back, in the screen's order
        for (QCPAbstractLegendItem* item : legendOrderOnScreen_)
            if (item->layout() == plot_->legend) plot_->legend->take(item);  // the hidden ones are out already
        for (QCPAbstractLegendItem* item : legendOrderOnScreen_) {
            plot_->legend->addItem(item);
            item->setVisible(true);
        }
    }
    if (legendRewrapped_) {
        plot_->legend->setRowSpacing(legendSpacing_);
        plot_->legend->setColumnSpacing(legendColumnSpacing_);
        plot_->legend->setIconTextPadding(legendIconPadding_);
        plot_->legend->setMargins(legendMargins_);
        for (const auto& [item, margins] : itemMargins_) item->setMargins(margins);
        plot_->legend->setIconSize(legendIcon_);
        plot_->legend->setWrap(legendWrap_);
        plot_->legend->setFillOrder(QCPLayoutGrid::FillOrder(legendOrder_), true);
    }
    if (legendMoved_) {
        plot_->plotLayout()->take(plot_->legend);
        plot_->plotLayout()->simplify();
        plot_->axisRect()->insetLayout()->addElement(plot_->legend, legendAlignment_);
    }
    for (const auto& a : axes_) {
        a.axis->setLabelFont(a.label);
        a.axis->setTickLabelFont(a.ticks);
    }
    if (!axes_.empty()) plot_->legend->setFont(legendFont_);
    for (const auto& [item, font] : legendItems_) item->setFont(font);
    for (const auto& [object, font] : texts_) {
        if (auto* title = qobject_cast<QCPTextElement*>(object)) title->setFont(font);
        else if (auto* text = qobject_cast<QCPItemText*>(object)) text->setFont(font);
    }
    for (QCPAbstractItem* item : hidden_) item->setVisible(true);
    plot_->replot(QCustomPlot::rpQueuedRefresh);  // the screen's layout, painted by the event loop
}

}  // namespace px::widgets
