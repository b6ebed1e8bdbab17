// File ▸ Export: one view, or every view into a folder named by the settings (ExportController.h).
#include "ExportController.h"
#include "Notation.h"

#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "ExportDialog.h"
#include "ViewExporter.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"
#include "WorkIndicator.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTimer>
#include <exception>
#include <qcustomplot.h>

ExportController::ExportController(Sources sources, QObject* parent) : QObject(parent), in_(std::move(sources)) {}

void ExportController::addActions(QMenu* file) {
    file->addAction(tr("&Export current view…"), QKeySequence(tr("Ctrl+E")), this, &ExportController::exportCurrentView);
    file->addAction(tr("Export &all views…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(in_.window, tr("Export all views to folder"));
        if (!dir.isEmpty()) exportAllViews(dir);
    });
}

void ExportController::say(const QString& message, int milliseconds) const {
    in_.window->statusBar()->showMessage(message, milliseconds);
}

FigureContext ExportController::figureContext() const {
    FigureContext c;
    c.session = in_.settings().toJson();
    c.sliderEpsilon = in_.sliderEpsilon();
    px::privacy::PrivacyReport report;
    if (in_.controller->reportAt(in_.settings(), in_.sliderEpsilon(), report)) c.privacyReport = report.toJson();
    return c;
}

// "trade-off vs epsilon-COLLAB": the plot's view and the data set (or the depth lab's experiment), so that the
// exports of several views do not overwrite each other. ExportDialog makes it a safe file name.
QString ExportController::suggestedExportName(const QCustomPlot* plot) const {
    int tab = in_.views->indexOf(const_cast<QCustomPlot*>(plot));
    if (tab < 0) tab = in_.views->currentIndex();  // a plot inside a tab (the depth lab's)
    QString view = in_.views->tabText(tab).remove('&').toLower().replace(QString("ε"), "epsilon");
    if (in_.views->widget(tab) == in_.views->depth()) return view + "-" + plot->objectName();
    QString path = QString::fromStdString(in_.settings().dataset);
    while (path.endsWith('/')) path.chop(1);  // a TU folder
    const QString dataset = QFileInfo(path).completeBaseName();
    return view + "-" + QString(dataset).remove(QRegularExpression("^builtin:"));
}

QString ExportController::exportAllFolder(const QString& chosen) const {
    const ExplorerSettings s = in_.settings();
    QString path = QString::fromStdString(s.dataset);
    while (path.endsWith('/')) path.chop(1);
    const QString dataset = QFileInfo(path).completeBaseName().remove(QRegularExpression("^builtin:"));
    // the data set and the settings in words a reader recognises, then the key that tells any two settings apart
    QString name = QString("%1_%2_d%3_%4_eps%5_%6").arg(dataset, QString::fromStdString(s.patternClass)).arg(s.d)
                       .arg(px::privacy::key(s.mechanism.mechanism)).arg(px::widgets::epsilonText(s.mechanism.epsilon)).arg(QString::fromStdString(viewkeys::key(s, viewkeys::Scope::AtEpsilon)).left(8));
    name.replace(QRegularExpression("[^A-Za-z0-9._+-]"), "-");
    return QDir(chosen).filePath(name);
}

void ExportController::exportCurrentView() {
    QCustomPlot* plot = in_.views->currentPlot();
    if (!plot) {
        say(tr("Choose a plot tab to export"), 4000);
        return;
    }
    ExportDialog dialog(suggestedExportName(plot), in_.window);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    if (exportView(plot, dialog.path(), dialog.figureSize(), dialog.withSidecars()))
        say(tr("Exported %1").arg(dialog.path()), 4000);
}

bool ExportController::exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars) {
    try {
        const bool depth = in_.views->currentWidget() == in_.views->depth() || in_.views->depth()->plots().contains(plot);
        FigureContext context = figureContext();
        context.view = in_.views->viewName(plot);  // the explorer's views by their names, a depth-lab plot by its own
        if (context.view.isEmpty() && plot->parentWidget()) context.view = in_.views->viewName(plot->parentWidget());
        ViewExporter::exportView(plot, path, size, sidecars, context, depth);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(in_.window, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
}

bool ExportController::exportAllViews(const QString& folder) {
    QStringList missing = in_.views->missingForExport();
    // the trade-off and the results of these settings: computing, or stopped (a new user's Export all after Esc
    // wrote nothing and asked nothing, though the embedding and the noise anatomy were current)
    const bool sweepIsCurrent = in_.views->presenter()->present("tradeoff").state == ViewState::Current;
    if (!sweepIsCurrent) missing.prepend(tr("trade-off and results (%1)").arg(in_.controller->busy() ? tr("computing") : tr("not computed or stopped")));
    if (missing.isEmpty()) return writeAllViews(folder);
    // Not modal (a lecture, a running computation go on): compute the missing views first, or export what is there.
    auto* ask = new QMessageBox(QMessageBox::Question, tr("Export all views"),
                                tr("Not current for these settings: %1.\nCompute them now and export when they are ready, or "
                                   "export what is there (the report then lists what was left out)?").arg(missing.join(", ")),
                                QMessageBox::Cancel, in_.window);
    ask->setObjectName("export-all-ask");
    QPushButton* compute = ask->addButton(tr("Compute, then export"), QMessageBox::AcceptRole);
    QPushButton* now = ask->addButton(tr("Export what is there"), QMessageBox::ActionRole);
    ask->setDefaultButton(compute);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    connect(ask, &QMessageBox::buttonClicked, this, [this, folder, compute, now, missing](QAbstractButton* b) {
        if (b == now) writeAllViews(folder);
        if (b != compute) return;
        in_.views->computeForExport();
        if (in_.views->presenter()->present("tradeoff").state != ViewState::Current && !in_.controller->busy()) in_.recompute();
        QStringList names;
        for (const QString& m : missing) names << m.section(" (", 0, 0);
        say(tr("Computing %1 for the export; the files follow… (Cancel calls the export off)").arg(names.join(", ")));
        // Cancel (Esc) stays enabled while the export waits, and calls it off: nothing is written, not even the folder.
        in_.work->setWaiting(tr("export"));
        auto* wait = new QTimer(this);
        auto off = connect(in_.work, &WorkIndicator::cancelled, wait, [this, wait, folder] {
            wait->stop();
            wait->deleteLater();
            say(tr("Export cancelled: nothing was written to %1").arg(folder), 8000);
        });
        connect(wait, &QTimer::timeout, this, [this, wait, folder, off] {
            if (!in_.views->readyForExport() || in_.controller->busy()) return;  // the views, and the sweep (F5)
            disconnect(off);
            wait->deleteLater();
            in_.work->setWaiting({});
            writeAllViews(folder);
        });
        wait->start(200);
    });
    ask->open();
    return true;
}

namespace {
// The left-out views on the status line by their names alone ("expressivity, utility vs d, depth lab"): the reasons,
// a line each, are in the report box (on the status line they ran past a 1280 px window's edge).
QString namesOf(const QStringList& leftOut) {
    QStringList names;
    for (const QString& item : leftOut) names << item.section(": ", 0, 0);
    names.removeDuplicates();
    return names.join(", ");
}
}  // namespace

bool ExportController::writeAllViews(const QString& folder) {
    const QString target = exportAllFolder(folder);
    ViewExporter::ExportAllReport report;
    try {
        report = ViewExporter::exportAll(*in_.views, in_.controller->result(), figureContext(), target);
    } catch (const std::exception& e) {
        QMessageBox::critical(in_.window, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
    QString summary = (report.written.size() == 1 ? tr("Wrote 1 file to %1.") : tr("Wrote %1 files to %2.").arg(report.written.size()))
                          .arg(target);
    if (!report.leftOut.isEmpty()) summary += tr("\n\nLeft out:\n• %1").arg(report.leftOut.join("\n• "));
    say(report.leftOut.isEmpty() ? tr("Exported all views to %1").arg(target)
                                                      : tr("Exported to %1; left out: %2 (why: in the report)").arg(target, namesOf(report.leftOut)),
                             15000);
    // Not modal: the window goes on (a lecture, a running computation); the file list is under "Show Details".
    auto* box = new QMessageBox(QMessageBox::Information, tr("Export all views"), summary, QMessageBox::Ok, in_.window);
    box->setObjectName("export-all-report");
    box->setDetailedText(report.written.join("\n"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return true;
}
