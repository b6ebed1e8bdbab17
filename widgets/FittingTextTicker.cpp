#include "FittingTextTicker.h"

#include <algorithm>
#include <cmath>

namespace px::widgets {

double tickLabelExtent(const QCPAxis* axis, const QString& label) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QStringList lines = label.split('\n');
    if (axis->orientation() == Qt::Vertical) return lines.size() * metrics.lineSpacing();
    double widest = 0;
    for (const QString& line : lines) widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

FittingTextTicker::FittingTextTicker(QCPAxis* axis) : axis_(axis) {
    if (!axis || !axis->parentPlot()) return;
    relayout_ = QObject::connect(axis->parentPlot(), &QCustomPlot::afterLayout, axis, [this] {
        if (axis_ && axis_->ticker().data() == this && axisLength() != thinnedFor_) axis_->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
    });
}

FittingTextTicker::~FittingTextTicker() { QObject::disconnect(relayout_); }

int FittingTextTicker::axisLength() const {
    return axis_->orientation() == Qt::Horizontal ? axis_->axisRect()->width() : axis_->axisRect()->height();
}

QVector<double> FittingTextTicker::createTickVector(double tickStep, const QCPRange& range) {
    const QVector<double> all = QCPAxisTickerText::createTickVector(tickStep, range);
    if (!axis_) return all;
    thinnedFor_ = axisLength();
    if (all.size() < 2) return all;
    double extent = 0, pitch = INFINITY;
    for (int i = 0; i < all.size(); ++i) {
        extent = std::max(extent, tickLabelExtent(axis_, ticks().value(all[i])));
        if (i > 0) pitch = std::min(pitch, std::abs(axis_->coordToPixel(all[i]) - axis_->coordToPixel(all[i - 1])));
    }
    if (!(pitch > 0) || !std::isfinite(pitch)) return all;  // not laid out yet
    const double gap = QFontMetricsF(axis_->tickLabelFont()).horizontalAdvance("  ");
    const int step = std::max(1, int(std::ceil((extent + gap) / pitch)));
    if (step == 1) return all;
    QVector<double> kept;
    for (int i = 0; i < all.size(); i += step) kept << all[i];
    return kept;
}

}  // namespace px::widgets
