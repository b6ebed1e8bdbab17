#include "DistinguishabilityPlot.h"

#include "FigureExport.h"
#include "FigureRoles.h"
#include "Palette.h"

#include <qcustomplot.h>

namespace px::widgets {

void buildDistinguishabilityPlot(QCustomPlot* plot, const experiment::DistinguishabilityResult& r, const QString& title,
                                 double markerEpsilon, double fs) {
    resetPlot(plot);
    setPlotFonts(plot, fs);  // explicit fonts: the application's font is the projector's once projector mode is on
    const QVector<double> x(r.epsilons.begin(), r.epsilons.end());
    for (std::size_t c = 0; c < r.classes.size(); ++c) {
        const auto& k = r.classes[c];
        const QColor colour = viridis(int(c), int(r.classes.size()));
        QCPGraph* g = plot->addGraph();
        g->setName(k.cleanDistance == 0
                       ? QString("%1: clean embeddings identical: none of the demo's %2 patterns separates the pair")
                             .arg(QString::fromStdString(k.patternClass)).arg(k.patterns)
                       : QString("%1: clean distance %2, %3 of the demo's %4 patterns separate the pair")
                             .arg(QString::fromStdString(k.patternClass)).arg(k.cleanDistance, 0, 'g', 3).arg(k.separatingPatterns).arg(k.patterns));
        setShortName(g, k.cleanDistance == 0 ? QString("%1: 0 of %2 patterns separate").arg(QString::fromStdString(k.patternClass)).arg(k.patterns)
                                             : QString("%1: %2 of %3 patterns separate")
                                                   .arg(QString::fromStdString(k.patternClass)).arg(k.separatingPatterns).arg(k.patterns));
        g->setData(x, QVector<double>(k.overlap.begin(), k.overlap.end()), true);
        g->setPen(QPen(colour, 2 * fs, k.cleanDistance == 0 ? Qt::DashLine : Qt::SolidLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, colour, 6 * fs));
    }
    if (markerEpsilon > 0) {
        auto* line = new QCPItemStraightLine(plot);
        line->setObjectName(kSliderMarkerName);  // left out of exported figures unless asked for
        line->point1->setCoords(markerEpsilon, 0);
        line->point2->setCoords(markerEpsilon, 1);
        line->setPen(QPen(QColor(200, 60, 60), 1.5 * fs));
    }
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    if (!r.epsilons.empty()) plot->xAxis->setRange(r.epsilons.front() / 1.5, r.epsilons.back() * 1.5);
    plot->xAxis->setLabel("privacy budget ε (Gaussian mechanism)");
    plot->yAxis->setRange(-0.02, 1.05);
    plot->yAxis->setLabel("overlap of the two releases (1 − total variation)");
    setShortLabel(plot->yAxis, "overlap (1 − TV)");
    plot->yAxis2->setVisible(false);
    if (fs > 1) showShortNames(plot);  // projector mode: the axes keep the height four long lines would take
    placeLegendBelow(plot, fs > 1 ? 2 : 1);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->setObjectName("distinguishability");
    plot->replot();
}

}  // namespace px::widgets
