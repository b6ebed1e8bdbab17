#include "DepthPlotKit.h"
#include "Notation.h"

#include "ScreenFit.h"

#include "Palette.h"

#include <QFontMetrics>
#include <cmath>
#include <cstdlib>

namespace px::widgets::depthplot {

double num(const ResultTable& t, int row, const std::string& col) {
    const auto& v = t.at(row, col);
    if (v.is_number()) return v.get<double>();
    if (v.is_string() && v.get<std::string>() == "inf") return INFINITY;
    return std::nan("");
}

std::string str(const ResultTable& t, int row, const std::string& col) {
    const auto& v = t.at(row, col);
    return v.is_string() ? v.get<std::string>() : v.dump();
}

void addTitle(QCustomPlot* plot, const QString& title, double fs) {
    const QFont font(plot->font().family(), int(11 * fs), QFont::Bold);
    plot->plotLayout()->insertRow(0);
    // whole: the screen's fitting breaks it at the width it is shown at (built on a hidden tab, the plot is 100 px wide)
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, font));
    setAxisFonts(plot, fs);  // every depth plot gets its title last: its axes take the same scale here
}

void setAxisFonts(QCustomPlot* plot, double fs) {
    QFont base = plot->font();
    base.setPointSizeF(9 * fs);
    std::vector<QCPAxis*> axes;
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* ax : rect->axes()) axes.push_back(ax);
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(e)) axes.push_back(scale->axis());
    for (QCPAxis* ax : axes) {  // explicit fonts: one size for every tick, whatever the application font was
        ax->setLabelFont(base);
        ax->setTickLabelFont(base);
    }
}

namespace {
void removeColorScales(QCustomPlot* plot) {
    for (int i = plot->plotLayout()->elementCount() - 1; i >= 0; --i)
        if (qobject_cast<QCPColorScale*>(plot->plotLayout()->elementAt(i))) plot->plotLayout()->removeAt(i);
    plot->plotLayout()->simplify();
}
}  // namespace

void prepare(QCustomPlot* plot) {
    resetPlot(plot);
    removeColorScales(plot);
    plot->xAxis->setScaleType(QCPAxis::stLinear);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis2->setVisible(false);
    plot->legend->setVisible(false);
}

void logX(QCustomPlot* plot) {
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
}

QCPGraph* line(QCustomPlot* plot, const QString& name, const QVector<double>& x, const QVector<double>& y, QColor c,
               double fs, Qt::PenStyle style, QCPScatterStyle::ScatterShape shape) {
    QCPGraph* g = plot->addGraph();
    g->setName(name);
    g->setData(x, y, true);
    g->setPen(QPen(c, 2 * fs, style));
    g->setScatterStyle(QCPScatterStyle(shape, c, c, 6 * fs));
    return g;
}

void finish(QCustomPlot* plot, const QString& title, double fs, int legendColumns) {
    plot->legend->setFont(QFont(plot->font().family(), int(8 * fs)));  // as setPlotFonts: the legend at 8 pt × fs
    placeLegendBelow(plot, legendColumns);
    addTitle(plot, title, fs);
    plot->replot();
}

QString epsLabel(double e) { return std::isinf(e) ? QString("ε = ∞") : QString("ε = %1").arg(epsilonText(e)); }

QString powerOfTwo(int exponent) {
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out = exponent < 0 ? QStringLiteral("2⁻") : QStringLiteral("2");
    for (const QChar c : QString::number(std::abs(exponent))) out += digits[c.digitValue()];
    return out;
}

}  // namespace px::widgets::depthplot
