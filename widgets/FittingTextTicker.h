#pragma once
// Text ticks (one label per pattern, class, depth …) thinned at every replot to what the axis has room for:
// every k-th label, k the smallest step at which neighbouring labels, measured in the axis's tick-label
// font, keep a gap. Projector fonts and narrow windows then show fewer labels instead of labels that run
// into each other ("m=9m=10"). QCustomPlot makes the ticks before it lays the axes out, so a replot that
// changes the axis's length is followed by one more (queued), thinned for the length the axis now has.
#include <QMetaObject>
#include <QPointer>
#include <qcustomplot.h>

namespace px::widgets {

class FittingTextTicker : public QCPAxisTickerText {
public:
    explicit FittingTextTicker(QCPAxis* axis);
    ~FittingTextTicker() override;

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;

private:
    int axisLength() const;
    QPointer<QCPAxis> axis_;
    int thinnedFor_ = -1;  // the axis length, in pixels, the last tick vector was thinned for
    QMetaObject::Connection relayout_;
};

// The extent of a (possibly multi-line) tick label along its axis, in pixels of the axis's tick-label font.
double tickLabelExtent(const QCPAxis* axis, const QString& label);

}  // namespace px::widgets
