#include "ScreenFit.h"

#include "FigureRoles.h"

#include <QFontMetrics>
#include <cstdlib>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
constexpr const char* kInstalled = "pxScreenFit";
constexpr const char* kExporting = "pxExporting";
constexpr const char* kFull = "pxFullLabel";
constexpr const char* kShown = "pxShownLabel";  // what the fitting last set: anything else came from a builder


// A builder's new text (anything but what the fitting showed last) becomes the full text.
QString fullText(QObject* o, const QString& now) {
    if (now != o->property(kShown).toString()) o->setProperty(kFull, now);
    return o->property(kFull).toString();
}

void fitTitles(QCustomPlot* plot) {
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* title = qobject_cast<QCPTextElement*>(e)) {
            const QString full = fullText(title, title->text());
            if (full.contains('\n')) continue;  // broken by its builder
            const QString text = twoLineTitle(full, title->font(), plot->width());
            title->setProperty(kShown, text);
            title->setText(text);
        }
}

void fitTexts(QCustomPlot* plot) {
    // hidden (a tab not on screen): its size is not the one it will be shown at
    if (plot->property(kExporting).toBool() || !plot->isVisible()) return;
    fitTitles(plot);
    // The replot lays the plot out only after this signal: the axes' lengths now are those of the last replot (a plot
    // that was a short strip kept titles elided for that strip once it had its height back). Laid out first, the
    // room is the axes' length at the size the plot is drawn at.
    plot->plotLayout()->setOuterRect(plot->viewport());
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot->plotLayout()->update(phase);
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            const QString full = fullText(axis, axis->label());
            if (!axis->visible() || full.isEmpty()) continue;
            const int room = axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
            if (room <= 0) continue;  // never laid out yet
            const QString label = fitAxisLabel(axis, full, room);
            axis->setProperty(kShown, label);
            axis->setLabel(label);
        }
}
// A plot built on a hidden tab is not fitted (fitTexts) and, its tab shown at the size it already had, gets no resize
// and so no replot: shown, it is replotted once, fitted to the size it is seen at.
class ReplotWhenShown : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show)
            if (auto* plot = qobject_cast<QCustomPlot*>(watched)) plot->replot(QCustomPlot::rpQueuedReplot);
        return false;
    }
};
}  // namespace

void fitAxisLabelsOnScreen(QCustomPlot* plot) {
    if (plot->property(kInstalled).toBool()) return;
    plot->setProperty(kInstalled, true);
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { fitTexts(plot); });
    plot->installEventFilter(new ReplotWhenShown(plot));
}

QString fullLabel(const QCPAxis* axis) {
    return axis->label() == axis->property(kShown).toString() && axis->property(kFull).isValid() ? axis->property(kFull).toString()
                                                                                                  : axis->label();
}

QString fitAxisLabel(const QCPAxis* axis, const QString& full, int room) {
    const QFontMetrics metrics(axis->labelFont());
    auto fits = [&](const QString& s) { return metrics.horizontalAdvance(s) <= room; };
    if (fits(full)) return full;
    const QString shorter = shortLabel(axis);
    if (!shorter.isEmpty() && fits(shorter)) return shorter;
    const int paren = full.indexOf(" (");
    if (paren > 0 && fits(full.left(paren))) return full.left(paren);
    return metrics.elidedText(full, Qt::ElideRight, room);
}

QString fullTitle(const QCPTextElement* title) {
    return title->text() == title->property(kShown).toString() && title->property(kFull).isValid() ? title->property(kFull).toString()
                                                                                                   : title->text();
}

QString twoLineTitle(const QString& title, const QFont& font, int width) {
    if (width < 100 || QFontMetrics(font).horizontalAdvance(title) <= width - 16) return title;
    int best = -1, bestLength = 0;
    for (const QString& sep : {QString(" — "), QString(", "), QString(": ")})
        for (int at = title.indexOf(sep); at > 0; at = title.indexOf(sep, at + 1))
            if (best < 0 || std::abs(at - title.size() / 2) < std::abs(best - title.size() / 2)) {
                best = at;
                bestLength = int(sep.size());
            }
    if (best < 0) return title;
    const QString keep = title.mid(best, bestLength).trimmed();  // "—" starts the second line, "," ends the first
    QString first = keep == "—" ? title.left(best) : title.left(best) + keep;
    QString second = keep == "—" ? "— " + title.mid(best + bestLength) : title.mid(best + bestLength);
    // A half still too wide (a narrow panel) is broken again, the same way.
    if (QFontMetrics(font).horizontalAdvance(first) > width - 16 && first.size() < title.size()) first = twoLineTitle(first, font, width);
    if (QFontMetrics(font).horizontalAdvance(second) > width - 16 && second.size() < title.size()) second = twoLineTitle(second, font, width);
    return first + "\n" + second;
}

void setExporting(QCustomPlot* plot, bool exporting) { plot->setProperty(kExporting, exporting); }

}  // namespace px::widgets
