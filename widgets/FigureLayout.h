#pragma once
// A plot dressed for a figure while it is exported: fonts in points for the venue, the legend under
// the axes in as many columns as fit, the slider marker hidden. When the legend would still take more
// than a fifth of the height, it becomes compact: graphs with a style key (FigureRoles.h) leave it for
// one grey entry per key, and the name parts every series shares move into the title. Axis labels
// too long for their axis take their short form. The destructor puts everything back as on screen.
#include "FigureExport.h"

#include <QFont>
#include <QMargins>
#include <QPen>
#include <QRect>
#include <QSharedPointer>
#include <QSize>
#include <vector>

class QCustomPlot;
class QCPAxis;
class QCPAxisTicker;
class QCPAbstractItem;
class QCPAbstractLegendItem;
class QCPAbstractPlottable;
class QCPGraph;
class QCPLayoutGrid;
class QCPTextElement;
class QObject;

namespace px::widgets {

class FigureLayout {
public:
    FigureLayout(QCustomPlot* plot, const FigureSize& size);
    ~FigureLayout();
    FigureLayout(const FigureLayout&) = delete;
    FigureLayout& operator=(const FigureLayout&) = delete;

    bool compactLegend() const { return compact_; }

private:
    void leaveOutTitles();
    void setFonts(const FigureSize& size);
    void thickenPens(double factor);
    void moveLegendBelow();
    void shortenLegendNames();
    void rewrapLegend(const FigureSize& size);
    void makeLegendCompact();
    void factorSeriesNames(const FigureSize& size);
    void layOutAt(const FigureSize& size);
    void fitLabels(const FigureSize& size);
    void fitTitles(const FigureSize& size);
    void thinTextTicks(QCPAxis* axis, int room);
    void hideCrowdedCellLabels();
    void retitle(QCPTextElement* title, const QString& text);
    void relabel(QCPAxis* axis, const QString& label);
    void rename(QCPAbstractPlottable* p, const QString& name);

    QCustomPlot* plot_;
    QRect screenViewport_;  // restored after each layout at the figure's size
    struct AxisFonts { QCPAxis* axis; QFont label, ticks; };
    std::vector<AxisFonts> axes_;
    QFont legendFont_;
    std::vector<std::pair<QCPAbstractLegendItem*, QFont>> legendItems_;
    std::vector<std::pair<QObject*, QFont>> texts_;  // titles (QCPTextElement) and text items (QCPItemText)
    std::vector<QCPAbstractItem*> hidden_;
    std::vector<std::pair<QCPAbstractPlottable*, QPen>> pens_;
    struct Scatter { QCPGraph* graph; double size; QPen edge; };
    std::vector<Scatter> scatters_;
    bool legendMoved_ = false, legendRewrapped_ = false, compact_ = false;
    int legendWrap_ = 0, legendOrder_ = 0, legendSpacing_ = 0, legendColumnSpacing_ = 0, legendIconPadding_ = 0;
    QMargins legendMargins_;
    std::vector<std::pair<QCPAbstractLegendItem*, QMargins>> itemMargins_;
    QSize legendIcon_;
    std::vector<QCPAbstractLegendItem*> legendOrderOnScreen_;  // every entry, as on screen
    std::vector<QCPGraph*> keyEntries_;                        // the compact legend's grey stand-ins
    std::vector<std::pair<QCPAbstractPlottable*, QString>> names_;
    std::vector<std::pair<QCPAxis*, QString>> labels_;
    std::vector<std::pair<QCPTextElement*, QString>> titles_;  // as on screen
    struct TakenTitle { QCPLayoutGrid* grid; int row, col; QCPTextElement* title; double stretch; };
    std::vector<TakenTitle> leftOut_;                        // titles taken out of the figure, and where they were
    QCPTextElement* footnote_ = nullptr;                     // what every series' name shares, when there is no title
    void addFootnote(const QString& text, const QFont& font);
    QMargins layoutMargins_;                                     // the plot layout's, on screen
    std::vector<std::pair<QCPAxis*, QSharedPointer<QCPAxisTicker>>> tickers_;
    Qt::Alignment legendAlignment_;
    int legendRow_ = -1;
};

}  // namespace px::widgets
