#include "SliderReadout.h"

#include "FigureExport.h"
#include "Notation.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>
#include <qcustomplot.h>
#include <stdexcept>

namespace px::widgets {

namespace {

// Linear in log ε between the grid points around `at`; at or beyond an end, that end.
double interpolate(const QVector<double>& eps, const QVector<double>& v, double at, int* lo, int* hi) {
    if (at <= eps.front()) { *lo = *hi = 0; return v.front(); }
    if (at >= eps.back()) { *lo = *hi = int(eps.size()) - 1; return v.back(); }
    int k = 1;
    while (eps[k] < at) ++k;
    *lo = k - 1;
    *hi = k;
    const double t = std::log(at / eps[k - 1]) / std::log(eps[k] / eps[k - 1]);
    return v[k - 1] + t * (v[k] - v[k - 1]);
}

bool same(double a, double b) { return std::abs(std::log(a / b)) < 0.01; }  // one slider position is 0.01 decade

QString number(double v) { return QString::number(v, 'f', v != 0 && std::abs(v) < 0.01 ? 4 : 2); }

}  // namespace

SliderReading readAtEpsilon(const QVector<double>& epsilon, const QVector<double>& value, const QVector<double>& halfWidth,
                            const QVector<double>& attackEpsilon, const QVector<double>& attack, double at) {
    if (epsilon.isEmpty() || value.size() != epsilon.size() || halfWidth.size() != epsilon.size())
        throw std::invalid_argument("readAtEpsilon: a series of grid points with a value and an error bar each");
    SliderReading r;
    for (int i = 0; i < epsilon.size(); ++i)
        if (same(epsilon[i], at)) at = epsilon[i];  // on a grid point: its own numbers
    int lo = 0, hi = 0;
    r.value = interpolate(epsilon, value, at, &lo, &hi);
    r.halfWidth = interpolate(epsilon, halfWidth, at, &lo, &hi);
    if (at == epsilon[hi]) lo = hi;  // exactly on a grid point (interpolate reads it as the end of its segment)
    r.from = epsilon[lo];
    r.to = epsilon[hi];
    r.kind = lo != hi ? SliderReading::Kind::Interpolated : at == epsilon[lo] ? SliderReading::Kind::GridPoint : SliderReading::Kind::NearestEnd;
    int alo = 0, ahi = 0;
    r.attack = attack.isEmpty() ? std::nan("") : interpolate(attackEpsilon, attack, at, &alo, &ahi);
    return r;
}

QString describeReading(const SliderReading& r, double at, const QString& metric, bool partial, bool stopped) {
    QString where = QString("ε = %1").arg(epsilonText(at));  // as typed, or the knob's 3 digits
    if (r.kind == SliderReading::Kind::Interpolated)
        where += QString(" (interpolated between grid points %1 and %2)").arg(r.from, 0, 'g', 3).arg(r.to, 0, 'g', 3);
    else if (r.kind == SliderReading::Kind::NearestEnd && partial)
        where += QString(" (not computed yet: the nearest point so far, ε = %1)").arg(r.from, 0, 'g', 3);
    else if (r.kind == SliderReading::Kind::NearestEnd)
        where += QString(" (outside the grid: the nearest point, ε = %1)").arg(r.from, 0, 'g', 3);
    else if (epsilonText(at) != epsilonText(r.from))  // within a slider step of a grid point: its numbers, said so
        where += QString(" (the grid point ε = %1)").arg(r.from, 0, 'g', 3);
    QString text = where + QString(":\n%1 %2 ± %3").arg(metric, number(r.value), number(r.halfWidth));
    if (!std::isnan(r.attack)) text += QString(", attack Top-1 %1").arg(number(r.attack));
    if (partial) text += stopped ? QString("\n(part of the sweep: it was stopped)") : QString("\n(part of the sweep: the points so far)");
    return text;
}

void addSliderReadout(QCustomPlot* plot, double at, const QString& text, double fontScale) {
    auto* label = new QCPItemText(plot);
    label->setObjectName(kSliderMarkerName);  // part of the marker: left out of exported figures unless asked for
    label->setProperty("role", "slider-readout");
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(at, 0.02);
    label->setProperty("pxReadoutAt", at);  // the marker's ε, wherever the readout is placed
    // on the side of the marker with more room
    const double mid = std::sqrt(plot->xAxis->range().lower * plot->xAxis->range().upper);
    label->setPositionAlignment(Qt::AlignTop | (at > mid ? Qt::AlignRight : Qt::AlignLeft));
    label->setTextAlignment(Qt::AlignLeft);
    label->setText(text);
    label->setProperty("pxReadoutText", text);  // as written, whatever lines a narrow plot breaks it into
    QFont f = plot->font();
    f.setPointSizeF(8 * fontScale);
    label->setFont(f);
    label->setColor(QColor(150, 40, 40));
    label->setBrush(QColor(255, 255, 255, 225));
    label->setPadding(QMargins(4, 2, 4, 2));
}

int linePointsInside(QCustomPlot* plot, const QRectF& rect) {
    int inside = 0;
    for (int i = 0; i < plot->graphCount(); ++i) {
        QCPGraph* g = plot->graph(i);
        if (!g->visible() || g->pen().style() == Qt::NoPen) continue;
        QPointF last;
        bool first = true;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            if (!std::isfinite(it->value)) { first = true; continue; }
            const QPointF p(g->keyAxis()->coordToPixel(it->key), g->valueAxis()->coordToPixel(it->value));
            for (int k = first ? 16 : 1; k <= 16; ++k)  // the segment from the last point, the point itself at k = 16
                inside += rect.contains(last + (p - last) * (k / 16.0));
            last = p;
            first = false;
        }
    }
    return inside;
}

int markersInside(QCustomPlot* plot, const QRectF& rect) {
    int inside = 0;
    for (int i = 0; i < plot->graphCount(); ++i) {
        QCPGraph* g = plot->graph(i);
        if (!g->visible() || g->scatterStyle().isNone()) continue;
        const double r = g->scatterStyle().size() / 2 + 1;  // a marker hidden in part is hidden
        const QRectF grown = rect.adjusted(-r, -r, r, r);
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            if (std::isfinite(it->value))
                inside += grown.contains(QPointF(g->keyAxis()->coordToPixel(it->key), g->valueAxis()->coordToPixel(it->value)));
    }
    return inside;
}

bool placeSliderReadoutAwayFromData(QCustomPlot* plot) {
    QCPItemText* label = nullptr;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->property("role") == "slider-readout") label = t;
    if (!label || plot->axisRect()->rect().height() < 40) return false;
    const QRect axes = plot->axisRect()->rect();
    // What a place hides: a data point (its marker) weighs as much as a whole line, a line by its samples; a place that
    // leaves the axes, or touches their lines, weighs more than anything.
    auto cost = [&] {
        const QRectF r(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        const int outside = QRectF(axes).adjusted(2, 2, -2, -2).contains(r) ? 0 : 1;  // clear of the axis lines
        return outside * 1000000 + markersInside(plot, r) * 1000 + linePointsInside(plot, r);
    };
    // a plot too narrow for the readout's lines: each breaks before its parenthesis and before the attack
    const QString written = label->property("pxReadoutText").toString();
    label->setText(written);
    if (label->bottomRight->pixelPosition().x() - label->topLeft->pixelPosition().x() > axes.width() - 2)
        label->setText(QString(written).replace(" (", "\n(").replace(", attack", ",\nattack"));
    const double at = label->property("pxReadoutAt").toDouble();
    const QPointF start = label->position->coords();
    const Qt::Alignment startAlign = label->positionAlignment();
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);  // beside the marker, as made
    label->position->setCoords(at, start.y());
    const Qt::Alignment preferred = label->positionAlignment() & Qt::AlignHorizontal_Mask;
    const Qt::Alignment other = preferred == Qt::AlignLeft ? Qt::AlignRight : Qt::AlignLeft;
    // top, bottom, then every height between in steps of 2.5 % of the axes' (a short plot's curves leave narrow gaps)
    std::vector<double> heights = {0.02, 0.98};
    for (int k = 2; k <= 38; ++k) heights.push_back(0.025 * k);
    double bestRatio = 0.02;
    Qt::Alignment bestAlign = Qt::AlignTop | preferred;
    long fewest = -1;
    const auto scan = [&](double x, Qt::Alignment side) {  // every height at x, on `side` of it; false once a place is free
        for (double h : heights) {
            const Qt::Alignment align = (h > 0.9 ? Qt::AlignBottom : Qt::AlignTop) | side;
            label->position->setCoords(x, h);
            label->setPositionAlignment(align);
            const long c = cost();
            if (fewest < 0 || c < fewest) { fewest = c; bestRatio = h; bestAlign = align; }
            if (c == 0) return false;
        }
        return true;
    };
    double bestX = at;
    if (scan(at, preferred)) scan(at, other);  // on the marker's roomier side first, then on the other
    if (fewest >= 1000000) {
        // too wide for either side of the marker (a narrow plot): inside the axes, across the marker, as near it as it goes
        const double w = label->bottomRight->pixelPosition().x() - label->topLeft->pixelPosition().x();
        const double centred = plot->xAxis->coordToPixel(at) - w / 2;
        bestX = std::clamp(centred, axes.left() + 4.0, std::max(axes.left() + 4.0, axes.right() - w - 4));  // clear of the axis lines
        label->position->setTypeX(QCPItemPosition::ptAbsolute);
        fewest = -1;
        scan(bestX, Qt::AlignLeft);
    }
    label->position->setCoords(bestX, bestRatio);
    label->setPositionAlignment(bestAlign);
    return QPointF(bestX, bestRatio) != start || bestAlign != startAlign;
}

void keepSliderReadoutAwayFromData(QCustomPlot* plot) {
    if (plot->property("pxReadoutPlacer").toBool()) return;
    plot->setProperty("pxReadoutPlacer", true);
    // laid out at its size (any resize), before it is drawn: the readout is placed against the points as drawn
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] { placeSliderReadoutAwayFromData(plot); });
}

QRect sliderReadoutRect(QCustomPlot* plot) {
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* label = qobject_cast<QCPItemText*>(plot->item(i)); label && label->property("role") == "slider-readout")
            return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).toAlignedRect();
    return {};
}

}  // namespace px::widgets
