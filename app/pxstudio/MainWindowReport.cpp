// The report panel as a view (ViewPresenter.h): the privacy report is drawn from the densities of some settings
// under the slider's mechanism, and says so inside itself when those are not the current settings.
#include "MainWindow.h"

#include "ExplorerViews.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"
#include "panels/ReportPanel.h"

#include <QTimer>

void MainWindow::registerReport() {
    ViewPresenter::Source report;
    report.drawnKey = [this] { return reportDrawn_; };
    report.currentKey = [this] {
        const ExplorerSettings s = settings();
        return viewkeys::keyOf({{"release", viewkeys::key(s, viewkeys::Scope::Release)}, {"sweep", viewkeys::key(s, viewkeys::Scope::Sweep)}});
    };
    report.activity = [this] {
        ViewActivity a;
        a.busy = controller_->busy();
        a.partial = reportWaitsForResult_;
        a.fraction = controller_->fraction();
        a.part = controller_->workName().toStdString();  // "(sweep 30 %)", as the status bar says it
        // the sweep of these settings failed: the report (which quotes its results) says so whatever it still shows
        if (!controller_->failure().isEmpty() && ExplorerController::sameSweep(controller_->runningFor(), settings()))
            a.failure = controller_->failure().toStdString();
        if (px::privacy::perturbsGraph(settings().mechanism.mechanism))
            a.emptyReason = "Randomized response releases perturbed graphs: its report comes with the sweep's results.";
        return a;
    };
    report.settings = [this] { return viewkeys::scoped(settings(), viewkeys::Scope::Release); };
    views_->presenter()->add("report", report_, report);
}

bool MainWindow::busyAnywhere() const { return debounce_->isActive() || controller_->busy() || views_->busy(); }

void MainWindow::presentReport() { views_->presenter()->present("report"); }

void MainWindow::showReportMessage(const QString& html) {
    report_->showMessage(html);
    reportDrawn_.clear();
    presentReport();
}
