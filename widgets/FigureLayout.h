#pragma once
// A plot dressed for a figure while it is exported: fonts in points for the venue, the legend under
// the axes, the slider marker hidden. The destructor puts everything back as it was on screen.
#include "FigureExport.h"

#include <QFont>
#include <QSize>
#include <vector>

class QCustomPlot;
class QCPAxis;
class QCPAbstractItem;
class QCPAbstractLegendItem;
class QCPAbstractPlottable;
class QObject;

namespace px::widgets {

class FigureLayout {
public:
    FigureLayout(QCustomPlot* plot, const FigureSize& size);
    ~FigureLayout();
    FigureLayout(const FigureLayout&) = delete;
    FigureLayout& operator=(const FigureLayout&) = delete;

private:
    void fitVerticalLabels(const FigureSize& size);
    struct AxisFonts { QCPAxis* axis; QFont label, ticks; };
    QCustomPlot* plot_;
    std::vector<AxisFonts> axes_;
    QFont legendFont_;
    std::vector<std::pair<QCPAbstractLegendItem*, QFont>> legendItems_;
    std::vector<std::pair<QObject*, QFont>> texts_;  // titles (QCPTextElement) and text items (QCPItemText)
    std::vector<QCPAbstractItem*> hidden_;
    bool legendMoved_ = false, legendRewrapped_ = false;
    int legendWrap_ = 0, legendOrder_ = 0, legendSpacing_ = 0;
    QSize legendIcon_;
    std::vector<std::pair<QCPAbstractPlottable*, QString>> names_;
    std::vector<std::pair<QCPAxis*, QString>> labels_;  // legend names shortened for narrow figures
    Qt::Alignment legendAlignment_;
    int legendRow_ = -1;
};

}  // namespace px::widgets
