#include "FigureLayout.h"

#include "Palette.h"

#include <algorithm>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
QFont sized(QFont f, double pt) {
    f.setPointSizeF(pt);
    return f;
}
}  // namespace

FigureLayout::FigureLayout(QCustomPlot* plot, const FigureSize& size) : plot_(plot) {
    if (!size.sliderMarker)
        for (int i = 0; i < plot->itemCount(); ++i) {
            QCPAbstractItem* item = plot->item(i);
            if (item->objectName() == kSliderMarkerName && item->visible()) {
                item->setVisible(false);
                hidden_.push_back(item);
            }
        }
    if (size.widthIn < 4.5)  // narrow: axis labels without their parenthesis (kept in the JSON beside)
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* ax : rect->axes()) {
                const int paren = ax->label().indexOf(" (");
                if (paren > 0) {
                    labels_.push_back({ax, ax->label()});
                    ax->setLabel(ax->label().left(paren));
                }
            }
    if (size.fontPt > 0) {
        const double small = std::max(6.0, size.fontPt - 1);
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* ax : rect->axes()) {
                axes_.push_back({ax, ax->labelFont(), ax->tickLabelFont()});
                ax->setLabelFont(sized(ax->labelFont(), size.fontPt));
                ax->setTickLabelFont(sized(ax->tickLabelFont(), small));
            }
        // Narrow figures: the legend 2 pt below the labels (6 pt at least), so it leaves the axes room.
        const double legendPt = size.widthIn < 4.5 ? std::max(6.0, size.fontPt - 2) : small;
        legendFont_ = plot->legend->font();
        plot->legend->setFont(sized(legendFont_, legendPt));
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            QCPAbstractLegendItem* item = plot->legend->item(i);
            if (!item) continue;  // an empty cell of the legend's grid
            legendItems_.push_back({item, item->font()});
            item->setFont(sized(item->font(), legendPt));
        }
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
    }
    QCPLayoutInset* inset = plot->axisRect() ? plot->axisRect()->insetLayout() : nullptr;
    const bool hasLegend = plot->legend->visible() && plot->legend->itemCount() > 0;
    if ((size.legendBelow || size.fontPt > 0) && hasLegend) {
        legendWrap_ = plot->legend->wrap();
        legendOrder_ = plot->legend->fillOrder();
        if (size.legendBelow && inset && plot->legend->layout() == inset) {  // inside the axes: a row of its own under them
            for (int i = 0; i < inset->elementCount(); ++i)
                if (inset->elementAt(i) == plot->legend) legendAlignment_ = inset->insetAlignment(i);
            inset->take(plot->legend);
            inset->simplify();
            legendRow_ = plot->plotLayout()->rowCount();
            plot->plotLayout()->addElement(legendRow_, 0, plot->legend);
            plot->plotLayout()->setRowStretchFactor(legendRow_, 0.001);
            legendMoved_ = true;
        }
        // Paper figures keep each entry's name up to its first ": " (fit parameters and control values
        // stay in the CSV and JSON beside the figure).
        for (int i = 0; i < plot->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
                    QCPAbstractPlottable* p = item->plottable();
                    const int colon = p->name().indexOf(": ");
                    if (colon > 0) {
                        names_.push_back({p, p->name()});
                        p->setName(p->name().left(colon));
                    }
                }
        legendSpacing_ = plot->legend->rowSpacing();
        legendIcon_ = plot->legend->iconSize();
        plot->legend->setRowSpacing(0);
        if (size.fontPt > 0) plot->legend->setIconSize(QSize(20, int(std::ceil(size.fontPt * 96 / 72))));
        // As many columns as fit (entry i in column i mod k, a column as wide as its widest entry).
        const int columns = fittingLegendColumns(plot, int(size.widthIn * 96) - 24, 4);
        plot->legend->setWrap(columns);
        plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        legendRewrapped_ = true;
    }
    if (size.fontPt > 0) fitVerticalLabels(size);
}

void FigureLayout::fitVerticalLabels(const FigureSize& size) {
    // Laid out at the figure's size once: a vertical axis label longer than its axis is elided, so
    // that it never runs off the page (the full label is in the JSON beside the figure).
    const QRect oldViewport = plot_->viewport();
    plot_->setViewport(QRect(0, 0, int(std::lround(size.widthIn * 96)), int(std::lround(size.heightIn * 96))));
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    for (QCPAxisRect* rect : plot_->axisRects())
        for (QCPAxis* ax : rect->axes()) {
            if (ax->orientation() != Qt::Vertical || ax->label().isEmpty()) continue;
            const QFontMetrics metrics(ax->labelFont());
            const int room = rect->height();
            if (metrics.horizontalAdvance(ax->label()) <= room) continue;
            if (std::none_of(labels_.begin(), labels_.end(), [ax](const auto& l) { return l.first == ax; })) labels_.push_back({ax, ax->label()});
            ax->setLabel(metrics.elidedText(ax->label(), Qt::ElideRight, room));
        }
    plot_->setViewport(oldViewport);
}

FigureLayout::~FigureLayout() {
    for (const auto& [plottable, name] : names_) plottable->setName(name);
    for (const auto& [axis, label] : labels_) axis->setLabel(label);
    if (legendRewrapped_) {
        plot_->legend->setRowSpacing(legendSpacing_);
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
    plot_->replot();
}

}  // namespace px::widgets
