#pragma once
// Helpers of the widget tests: an empty app data folder, waiting for a computation, reading the head of a
// written file.
#include "ExplorerController.h"
#include "PatternGallery.h"
#include "ViewPresenter.h"
#include "hom/DensityMatrix.h"

#include <Eigen/SVD>

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>
#include <qcustomplot.h>

namespace pxtest {

// A GUI test's own app data folder (autosave, unfinished-sweep journals), emptied: every run starts from the
// defaults, not from what an earlier run left behind (a cancelled sweep's journal would be resumed).
inline void useEmptyAppDataFolder(const char* testName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setApplicationName(testName);
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    QSettings().clear();  // nor what an earlier run of the test left in its preferences (the depth lab's controls)
    qputenv("PX_DENSITY_CACHE", "off");  // nor the user's density cache: what a test computes, it computes
}

// A folder of GraphML graphs (paths of 4 to 12 vertices, every `cycleEvery`-th closed into a cycle) with no graph key
// at all: nothing to take class labels from.
inline void writeUnlabelledFolder(const QString& folder, int graphs, int cycleEvery) {
    for (int i = 0; i < graphs; ++i) {
        const int n = 4 + i % 9;
        QString xml = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                      "<graph edgedefault=\"undirected\">\n";
        for (int v = 0; v < n; ++v) xml += QString("<node id=\"v%1\"/>\n").arg(v);
        for (int v = 0; v + 1 < n; ++v) xml += QString("<edge source=\"v%1\" target=\"v%2\"/>\n").arg(v).arg(v + 1);
        if (i % cycleEvery == 0) xml += QString("<edge source=\"v%1\" target=\"v0\"/>\n").arg(n - 1);
        QFile f(folder + QString("/g%1.graphml").arg(i, 2, 10, QChar('0')));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write((xml + "</graph>\n</graphml>\n").toUtf8());
    }
}

// A panel of text (a view with a layout, not a plot: the privacy report) whose note is shown: the first of its texts
// the note covers, as drawn; empty when it covers none.
inline QString textUnderNote(ViewPresenter* presenter, const QString& name) {
    QWidget* host = presenter->host(name);
    QLabel* note = presenter->note(name);
    if (!host || !note || note->isHidden() || !host->layout() || qobject_cast<QCustomPlot*>(host)) return {};
    for (QLabel* text : host->findChildren<QLabel*>())
        if (text != note && text->isVisible() && !text->text().isEmpty() &&
            QRect(text->mapTo(host, QPoint(0, 0)), text->size()).intersects(note->geometry()))
            return text->text();
    return {};
}

// A table view (the results) whose note is shown: the first of its rows on screen the note covers ("row 1"); empty
// when it covers none.
inline QString rowUnderNote(ViewPresenter* presenter, const QString& name) {
    auto* view = qobject_cast<QAbstractItemView*>(presenter->host(name));
    QLabel* note = presenter->note(name);
    if (!view || !view->model() || !note || note->isHidden()) return {};
    for (int r = 0; r < view->model()->rowCount(); ++r) {
        const QRect cell = view->visualRect(view->model()->index(r, 0));  // in the viewport
        if (cell.isEmpty() || !view->viewport()->rect().intersects(cell)) continue;
        const QRect row(view->viewport()->mapTo(view, QPoint(0, cell.top())), QSize(view->viewport()->width(), cell.height()));
        if (row.intersects(note->geometry())) return QString("row %1").arg(r + 1);
    }
    return {};
}

// The pattern gallery whose note is shown: the first pattern on screen the note covers ("pattern #1"); empty when it
// covers none.
inline QString tileUnderNote(ViewPresenter* presenter, const QString& name) {
    QWidget* host = presenter->host(name);
    QLabel* note = presenter->note(name);
    auto* gallery = host ? host->findChild<px::widgets::PatternGallery*>() : nullptr;
    if (!gallery || !note || note->isHidden()) return {};
    QWidget* viewport = gallery->parentWidget();  // what of the gallery the scroll area shows
    const QRect shown(viewport->mapTo(host, QPoint(0, 0)), viewport->size());
    for (int i = 0; i < gallery->patternCount(); ++i) {
        const QRect tile = gallery->tileArea(i).toRect();
        const QRect drawn = QRect(gallery->mapTo(host, tile.topLeft()), tile.size()).intersected(shown);
        if (!drawn.isEmpty() && drawn.intersects(note->geometry())) return QString("pattern #%1").arg(i + 1);
    }
    return {};
}

// The end of the embedding's x-axis title for a PCA of `m`'s rows, computed here by an SVD of the centred matrix (the
// app fits it by an eigendecomposition of the covariance): "(97.6 % of variance)".
inline QString firstComponentShare(const px::DensityMatrix& m) {
    const Eigen::MatrixXd centred = m.t.rowwise() - m.t.colwise().mean();
    const Eigen::ArrayXd power = Eigen::JacobiSVD<Eigen::MatrixXd>(centred).singularValues().array().square();
    return QString("(%1 % of variance)").arg(100 * power(0) / power.sum(), 0, 'f', 1);
}

}  // namespace pxtest

inline bool waitFinished(ExplorerController* c, int ms = 180000) {  // generous: the sanitizer build on a busy machine
    QElapsedTimer t;
    t.start();
    while ((c->busy() || !c->result()) && t.elapsed() < ms) QTest::qWait(20);
    return !c->busy() && c->result();
}

inline QByteArray head(const QString& path, int n) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.read(n);
}
