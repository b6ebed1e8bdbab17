#include "FigureRoles.h"

#include <QVariant>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
constexpr const char* kShortName = "pxShortName";
constexpr const char* kFullName = "pxFullName";
constexpr const char* kStyleKey = "pxStyleKey";
constexpr const char* kSeries = "pxSeries";
constexpr const char* kSoleName = "pxSoleSeriesName";
constexpr const char* kShortLabel = "pxShortLabel";
constexpr const char* kCellWidth = "pxCellWidth";
constexpr const char* kStd = "pxPointStd";
constexpr const char* kRuns = "pxPointRuns";
constexpr const char* kPublic = "pxPointPublicControl";
constexpr const char* kShuffled = "pxPointShuffledControl";

QVector<double> numbers(const QObject* o, const char* name) { return o->property(name).value<QVector<double>>(); }
}  // namespace

void setShortName(QCPAbstractPlottable* p, const QString& name) { p->setProperty(kShortName, name); }
QString shortName(const QCPAbstractPlottable* p) { return p->property(kShortName).toString(); }

void showShortNames(QCustomPlot* plot) {
    int series = 0;
    for (int i = 0; i < plot->plottableCount(); ++i) series += isSeries(plot->plottable(i));
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        QString shown = shortName(p);
        if (series == 1 && shown.isEmpty()) {  // with several series, a style key alone would not say whose line it is
            if (!styleKey(p).isEmpty()) {  // "erf fit: κ = 0.366, A∞ = …" keeps its first number: "erf fit: κ = 0.366"
                shown = styleKey(p);
                if (const int colon = p->name().indexOf(": "); colon > 0) shown += ": " + p->name().mid(colon + 2).section(", ", 0, 0);
            }
        }
        if (shown.isEmpty() || shown == p->name()) continue;
        p->setProperty(kFullName, p->name());
        p->setName(shown);
    }
}

QString fullName(const QCPAbstractPlottable* p) {
    const QVariant full = p->property(kFullName);
    return full.isValid() ? full.toString() : p->name();
}

void setStyleKey(QCPAbstractPlottable* p, const QString& key) { p->setProperty(kStyleKey, key); }
QString styleKey(const QCPAbstractPlottable* p) { return p->property(kStyleKey).toString(); }

void markSeries(QCPAbstractPlottable* p, const QString& soleName) {
    p->setProperty(kSeries, true);
    p->setProperty(kSoleName, soleName);
}
bool isSeries(const QCPAbstractPlottable* p) { return p->property(kSeries).toBool(); }
QString soleSeriesName(const QCPAbstractPlottable* p) { return p->property(kSoleName).toString(); }

void setCellLabel(QCPItemText* item, double keyWidth) { item->setProperty(kCellWidth, keyWidth); }
double cellLabelWidth(const QCPItemText* item) { return item->property(kCellWidth).toDouble(); }

void setShortLabel(QCPAxis* axis, const QString& label) { axis->setProperty(kShortLabel, label); }
QString shortLabel(const QCPAxis* axis) { return axis->property(kShortLabel).toString(); }

void setPointRecords(QCPGraph* g, const PointRecords& r) {
    g->setProperty(kStd, QVariant::fromValue(r.std));
    g->setProperty(kRuns, QVariant::fromValue(r.runs));
    g->setProperty(kPublic, QVariant::fromValue(r.publicControl));
    g->setProperty(kShuffled, QVariant::fromValue(r.shuffledControl));
}

PointRecords pointRecords(const QCPGraph* g) {
    return {numbers(g, kStd), numbers(g, kRuns), numbers(g, kPublic), numbers(g, kShuffled)};
}

}  // namespace px::widgets
