// The desktop app end to end, offscreen: start on the default session, compute, every explorer view,
// undo, export, sessions, panel changes and failures.
#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "GraphPairView.h"
#include "experiment/Distinguishability.h"
#include "FigureExport.h"
#include "EpsilonSlider.h"
#include "CustomSettings.h"
#include "WidgetTestSupport.h"
#include "MainWindow.h"
#include "panels/ReportPanel.h"
#include "SessionModel.h"
#include "common/AtomicFile.h"
#include "PatternGallery.h"
#include "common/Rng.h"
#include "learn/LearnerRegistry.h"
#include "panels/DatasetPanel.h"
#include "panels/LearnerPanel.h"
#include "panels/PrivacyPanel.h"
#include "privacy/Mechanism.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QLabel>
#include <QLineEdit>
#include <QDoubleSpinBox>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QToolButton>
#include <QTemporaryDir>
#include <QtTest>
#include <chrono>
#include <fstream>
#include <map>
#include <qcustomplot.h>


namespace {

// A GIN-format data set with 10 shipped folds (40 graphs of 4-9 vertices, max degree up to 8), for the
// protocol that belongs to such a data set.
QString writeGinWithFolds(const QString& folder) {
    px::Rng rng(11);
    std::ofstream out((folder + "/FOLDS.txt").toStdString());
    out << 40 << "\n";
    for (int g = 0; g < 40; ++g) {
        const int n = 4 + int(rng.below(6));
        std::vector<std::vector<int>> nb(n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (rng.bernoulli(0.5)) { nb[i].push_back(j); nb[j].push_back(i); }
        out << n << " " << g % 2 << "\n";
        for (int i = 0; i < n; ++i) {
            out << "0 " << nb[i].size();
            for (int j : nb[i]) out << " " << j;
            out << "\n";
        }
    }
    QDir().mkpath(folder + "/10fold_idx");
    for (int k = 1; k <= 10; ++k) {
        std::ofstream tr((folder + QString("/10fold_idx/train_idx-%1.txt").arg(k)).toStdString());
        std::ofstream te((folder + QString("/10fold_idx/test_idx-%1.txt").arg(k)).toStdString());
        for (int i = 0; i < 40; ++i) (i % 10 == k - 1 ? te : tr) << i << "\n";
    }
    return folder;
}

template <class W>
W* controlWithTip(QWidget& w, const QString& tipStart) {
    for (auto* c : w.findChildren<W*>()) if (c->toolTip().startsWith(tipStart)) return c;
    return nullptr;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_mainwindow");  // its own autosave, recent files and journals, emptied
    }

    void startsWithAPopulatedTradeoffPlot() {
        MainWindow w;
        w.resize(1300, 800);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        const auto* r = w.controller()->result();
        QCOMPARE(r->runs.rows(), 10 * 2 * 2);  // 10 budgets × 2 pattern seeds × 2 noise seeds
        auto* plot = qobject_cast<QCustomPlot*>(w.findChild<QTabWidget*>()->widget(0));
        QVERIFY(plot && plot->graphCount() >= 3);
        QCPGraph* series = nullptr;
        for (int g = 0; g < plot->graphCount(); ++g)
            if (plot->graph(g)->name() == "treewidth:2, d=20, gaussian isotropic") series = plot->graph(g);
        QVERIFY(series && series->dataCount() == 9);  // nine finite budgets
        // the public-information control is drawn as a band, named with its value
        bool band = false;
        for (int g = 0; g < plot->graphCount(); ++g) band |= plot->graph(g)->name().startsWith("controls: public information (n) = ");
        QVERIFY(band);
        // Optional screenshots of every tab for a person to look at.
        const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            auto* tabs = w.findChild<QTabWidget*>();
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                QTest::qWait(50);
                if (i == 1) QVERIFY(waitFinished(w.expressivityController()));
                if (i == 2) QVERIFY(waitFinished(w.dimensionController()));
                QTest::qWait(400);  // the demo tab computes asynchronously (milliseconds)
                w.grab().save(QString("%1/tab%2.png").arg(shots).arg(i));
                QList<QCustomPlot*> plots = tabs->widget(i)->findChildren<QCustomPlot*>();
                plots << qobject_cast<QCustomPlot*>(tabs->widget(i));
                for (QCustomPlot* p : plots)
                    if (p && p->isVisible()) {  // the one-column paper figure of each view
                        px::widgets::FigureSize size = px::widgets::presetSize("one-column");
                        size.dpi = 150;
                        px::widgets::exportFigure(p, QString("%1/figure-tab%2-one-column.png").arg(shots).arg(i), size);
                    }
            }
            tabs->setCurrentIndex(0);
            QAction* presentation = nullptr;
            for (QAction* a : w.findChildren<QAction*>()) if (a->text() == "&Presentation mode") presentation = a;
            QVERIFY(presentation);
            presentation->setChecked(true);
            QTest::qWait(400);
            w.grab().save(QString("%1/presentation.png").arg(shots));
            presentation->setChecked(false);
        }
    }
    // More views than fit on the tab bar (presentation mode above all): the "All views" button lists
    // every one, and Ctrl+1 … Ctrl+9 reach them from anywhere in the window.
    void everyViewIsWithinReach() {
        MainWindow w;
        w.resize(900, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* tabs = w.findChild<QTabWidget*>();
        auto* all = tabs->findChild<QToolButton*>("all-views");
        QVERIFY(all && all->isVisible() && all->menu());
        const QList<QAction*> listed = all->menu()->actions();
        QCOMPARE(listed.size(), tabs->count());
        QVERIFY(tabs->tabBar()->tabRect(tabs->count() - 1).right() > tabs->tabBar()->width());  // the last tab is off the bar
        listed.last()->trigger();
        QCOMPARE(tabs->currentIndex(), tabs->count() - 1);
        QVERIFY(listed.last()->isChecked());
        tabs->setCurrentIndex(0);
        QVERIFY(listed.first()->isChecked());
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        QCOMPARE(listed[2]->shortcut(), QKeySequence("Ctrl+3"));
        QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 0);
    }
    void expressivityViewComparesClassesAtTheSlidersEpsilon() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* tabs = w.findChild<QTabWidget*>();
        tabs->setCurrentIndex(1);  // opening the tab starts its computation
        QVERIFY(waitFinished(w.expressivityController()));
        const auto& a = w.expressivityController()->result()->aggregated;
        QCOMPARE(a.rows(), 3 * 2);  // trees, tw ≤ 2, tw ≤ 3 × {ε, ∞}
        // Without noise, treewidth-2 patterns separate the built-in SBM classes better than trees.
        std::map<std::string, double> clean;  // class → AUC at ε = ∞
        for (int i = 0; i < a.rows(); ++i)
            if (std::isinf(a.at(i, "budget").get<double>()))
                clean[a.at(i, "pattern_class").get<std::string>()] = a.at(i, "value_mean").get<double>();
        QVERIFY2(clean["treewidth:2"] > clean["trees"] + 0.1,
                 qPrintable(QString("%1 vs %2").arg(clean["treewidth:2"]).arg(clean["trees"])));
        auto* plot = qobject_cast<QCustomPlot*>(tabs->widget(1));
        QCOMPARE(plot->graphCount(), 5);  // utility and attack for each of the two budgets, and the public control
        QVERIFY(plot->graph(4)->name().startsWith("public information alone (n) = "));
        QCOMPARE(plot->graph(4)->data()->at(0)->value, a.at(0, "public_value_mean").get<double>());
    }
    // One committed change is one undo step; undo and redo restore the settings and recompute.
    void undoRedoParameterChanges() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QSpinBox* d = nullptr;
        for (auto* s : w.findChildren<QSpinBox*>()) if (s->toolTip().startsWith("d:")) d = s;
        const int before = d->value();
        const int steps = w.undoStack()->count();
        d->setValue(before + 3);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->busy() || w.undoStack()->count() == steps + 1, 3000);
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QVERIFY(waitFinished(w.controller()));
        w.undoStack()->undo();
        QCOMPARE(w.settings().d, before);
        QVERIFY(waitFinished(w.controller()));
        QCOMPARE(w.controller()->patterns()->size(), before);
        w.undoStack()->redo();
        QCOMPARE(w.settings().d, before + 3);
        QVERIFY(waitFinished(w.controller()));
        QCOMPARE(w.controller()->patterns()->size(), before + 3);
        QCOMPARE(w.undoStack()->count(), steps + 1);  // undo/redo add no steps
    }
    // While a recompute runs the views say they show the previous settings' result; an undone ε is in the
    // report and the slider's ρ at once, not a computation later.
    void staleViewsAreMarkedAndAnUndoneEpsilonShowsAtOnce() {
        QFile::remove(SessionModel().autosavePath());
        MainWindow w;
        w.resize(1300, 800);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* note = w.findChild<QLabel*>("stale-note");
        QVERIFY(note && !note->isVisible());
        auto* d = controlWithTip<QSpinBox>(w, "d:");
        d->setValue(d->value() + 1);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->busy(), 3000);
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains("previous"), qPrintable(note->text()));
        if (const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR"); !shots.isEmpty()) w.grab().save(shots + "/stale-note.png");
        QVERIFY(waitFinished(w.controller()));
        QVERIFY(!note->isVisible());
        auto* slider = w.findChild<px::widgets::EpsilonSlider*>();
        auto* report = w.findChild<ReportPanel*>();
        const QString reportAtOne = report->text();
        slider->setEpsilon(5);
        emit slider->epsilonChanged(slider->epsilon());
        emit slider->epsilonCommitted(slider->epsilon());
        QVERIFY(waitFinished(w.controller()));
        QVERIFY(report->text() != reportAtOne);
        w.undoStack()->undo();  // back to ε = 1: shown at once, whatever the recompute does
        QCOMPARE(report->text(), reportAtOne);
        QVERIFY(waitFinished(w.controller()));
    }
    void distinguishabilityDemoDrawsEveryClass() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* tabs = w.findChild<QTabWidget*>();
        int demo = -1;
        for (int i = 0; i < tabs->count(); ++i) if (tabs->tabText(i).startsWith("Distinguishability")) demo = i;
        QVERIFY(demo >= 0);
        tabs->setCurrentIndex(demo);
        QCustomPlot* plot = tabs->widget(demo)->findChild<QCustomPlot*>();
        QTRY_COMPARE_WITH_TIMEOUT(plot->graphCount(), 4, 10000);  // four pattern classes
        QVERIFY(plot->graph(0)->name().contains("identical"));    // trees cannot separate C6 and 2·C3
    }
    void embeddingViewFollowsTheSlider() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* tabs = w.findChild<QTabWidget*>();
        int idx = -1;
        for (int i = 0; i < tabs->count(); ++i) if (tabs->tabText(i).startsWith("Embedding")) idx = i;
        QVERIFY(idx >= 0);
        tabs->setCurrentIndex(idx);
        QCustomPlot* plot = tabs->widget(idx)->findChild<QCustomPlot*>();
        QVERIFY(plot->graphCount() >= 4);  // two classes, the cloud, the clean point
        QCPGraph* cloud = plot->graph(plot->graphCount() - 2);
        QCOMPARE(cloud->dataCount(), 200);
        // At a larger ε the cloud is tighter around the clean point.
        auto spread = [&] {
            double s = 0;
            for (auto it = cloud->data()->begin(); it != cloud->data()->end(); ++it) s += it->key * it->key + it->value * it->value;
            return s;
        };
        auto* slider = w.findChild<px::widgets::EpsilonSlider*>();
        slider->setEpsilon(0.1);
        emit slider->epsilonChanged(0.1);
        cloud = plot->graph(plot->graphCount() - 2);
        const double wide = spread();
        slider->setEpsilon(50);
        emit slider->epsilonChanged(50);
        cloud = plot->graph(plot->graphCount() - 2);
        QVERIFY2(spread() < wide, qPrintable(QString("%1 vs %2").arg(spread()).arg(wide)));
    }
    // The slider spans the trade-off plot's budget grid, no further (it reached 0.01 below a grid from 0.1).
    void theSliderSpansTheBudgetGrid() {
        MainWindow w;
        auto* slider = w.findChild<px::widgets::EpsilonSlider*>();
        const auto spec = ExplorerController::specFor(w.settings());
        double lo = INFINITY, hi = 0;
        for (double b : spec.budgets)
            if (std::isfinite(b)) { lo = std::min(lo, b); hi = std::max(hi, b); }
        slider->setEpsilon(1e-4);
        QCOMPARE(slider->epsilon(), lo);
        slider->setEpsilon(1e4);
        QVERIFY(std::abs(slider->epsilon() - hi) < 1e-9 * hi);
    }
    void exportViewWritesFigureDataAndSidecar() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* plot = qobject_cast<QCustomPlot*>(w.findChild<QTabWidget*>()->widget(0));
        // the dialog suggests the view and the data set, so that exports of several views do not overwrite each other
        const QString tab = w.findChild<QTabWidget*>()->tabText(0).remove('&').toLower().replace(QString("ε"), "epsilon");
        QCOMPARE(w.suggestedExportName(plot), tab + "-sbm-cycles");
        QVERIFY(tab.startsWith("trade-off"));
        QTemporaryDir dir;
        px::widgets::FigureSize size;
        size.widthIn = 5;
        size.heightIn = 3;
        size.dpi = 200;
        QVERIFY(w.exportView(plot, dir.path() + "/fig.png", size, true));
        const QImage img(dir.path() + "/fig.png");
        QCOMPARE(img.size(), QSize(1000, 600));  // 5 × 3 in at 200 DPI
        QVERIFY(head(dir.path() + "/fig.csv", 80).startsWith("series,x,y,mean,std,runs,public_control,shuffled_control,error_bar,value\n"));
        QFile csv(dir.path() + "/fig.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readAll().count('\n') > 20);  // every plotted point
        const QByteArray side = head(dir.path() + "/fig.json", 1000000);
        for (const char* key : {"\"session\"", "\"privacy_report\"", "\"slider_epsilon\"", "\"dpi\": 200", "\"width_in\": 5.0"})
            QVERIFY2(side.contains(key), key);
        QVERIFY(w.exportView(plot, dir.path() + "/fig.svg", size, false));
        QVERIFY(head(dir.path() + "/fig.svg", 400).contains("<svg"));
    }
    void recentFilesDoubleClickResetRhoViewAndGallery() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QTemporaryDir dir;
        QVERIFY(w.saveSession(dir.path() + "/s.json"));
        QCOMPARE(w.recentFiles().value(0), QFileInfo(dir.path() + "/s.json").absoluteFilePath());
        // double-click resets d to its default, as one undo step
        QSpinBox* d = nullptr;
        for (auto* s : w.findChildren<QSpinBox*>()) if (s->toolTip().startsWith("d:")) d = s;
        d->setValue(33);
        QTRY_COMPARE(w.settings().d, 33);
        const int steps = w.undoStack()->count();
        QTest::mouseDClick(d->findChild<QLineEdit*>(), Qt::LeftButton);
        QCOMPARE(w.settings().d, ExplorerSettings{}.d);
        QVERIFY(w.undoStack()->count() > steps);
        w.undoStack()->undo();
        QCOMPARE(w.settings().d, 33);
        QVERIFY(waitFinished(w.controller()));
        // the slider shows ρ next to ε; the gallery shows every pattern
        auto* slider = w.findChild<px::widgets::EpsilonSlider*>();
        bool rhoShown = false;
        for (auto* l : slider->findChildren<QLabel*>()) rhoShown |= l->text().contains("ρ = ");
        QVERIFY(rhoShown);
        auto* gallery = w.findChild<px::widgets::PatternGallery*>();
        QCOMPARE(gallery->patternCount(), w.controller()->patterns()->size());
    }
    void utilityAgainstDimension() {
        MainWindow w;
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* tabs = w.findChild<QTabWidget*>();
        tabs->setCurrentIndex(2);
        QVERIFY(waitFinished(w.dimensionController(), 120000));
        auto* plot = qobject_cast<QCustomPlot*>(tabs->widget(2));
        QVERIFY(plot && plot->graphCount() == 5);  // utility and attack at ε and ∞, the public control
        QCOMPARE(plot->graph(0)->dataCount(), 6);  // d = 5 … 160
    }
    void exportAllViewsWritesValidFiles() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* tabs = w.findChild<ExplorerViews*>();
        for (int i = 0; i < tabs->count(); ++i)  // the distinguishability demo computes when its tab is shown
            if (tabs->tabText(i).contains("Distinguish", Qt::CaseInsensitive)) tabs->setCurrentIndex(i);
        QTRY_VERIFY(tabs->distinguishabilityPlot()->graphCount() > 0);
        // the demo draws the two graphs it compares, with their sizes
        const auto pair = px::experiment::demoPairs().front();
        QVERIFY(!tabs->demoGraphs()->isHidden() && tabs->demoGraphs()->sizeHint().height() >= 80);
        QCOMPARE(tabs->demoGraphs()->caption(0), QString("G₀: n = %1, m = %2").arg(pair.g0.numVertices()).arg(pair.g0.numEdges()));
        QCOMPARE(tabs->demoGraphs()->caption(1), QString("G₁: n = %1, m = %2").arg(pair.g1.numVertices()).arg(pair.g1.numEdges()));
        QTemporaryDir dir;
        QVERIFY(w.exportAllViews(dir.path()));
        for (const char* name : {"tradeoff", "noise-anatomy"}) {
            QCOMPARE(head(dir.path() + "/" + name + ".png", 4), QByteArray("\x89PNG", 4));
            QCOMPARE(head(dir.path() + "/" + name + ".pdf", 5), QByteArray("%PDF-"));
            QVERIFY(head(dir.path() + "/" + name + ".svg", 400).contains("<svg"));
            QVERIFY(QFileInfo(dir.path() + "/" + name + ".png").size() > 10000);
        }
        QVERIFY(QFile::exists(dir.path() + "/results.csv"));
        QVERIFY(head(dir.path() + "/results.json", 100000).contains("\"session\""));
        // The distinguishability demo and the pattern gallery are exported too.
        QVERIFY(head(dir.path() + "/distinguishability.svg", 400).contains("<svg"));
        QCOMPARE(head(dir.path() + "/pattern-gallery.png", 4), QByteArray("\x89PNG", 4));
        QCOMPARE(head(dir.path() + "/pattern-gallery.pdf", 5), QByteArray("%PDF-"));
        // The views not computed yet are named, with why and what to do, not silently dropped; the report
        // lists every file written, and every file it lists is there.
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("left out: expressivity: not computed yet") && said.contains("utility vs d: not computed yet") &&
                     said.contains("depth lab: accounting, ") && said.contains(": not run — Run all in the depth lab"),
                 qPrintable(said));
        auto* report = w.findChild<QMessageBox*>("export-all-report");
        QVERIFY(report && report->isVisible());
        QVERIFY2(report->text().startsWith(QString("Wrote %1 files to ").arg(report->detailedText().split('\n', Qt::SkipEmptyParts).size())) &&
                     report->text().contains("Left out:") && report->text().contains("open its tab"),
                 qPrintable(report->text()));
        const QStringList files = report->detailedText().split('\n', Qt::SkipEmptyParts);
        QVERIFY2(files.contains("tradeoff.pdf") && files.contains("pattern-gallery.pdf") && files.contains("results.json"),
                 qPrintable(files.join(", ")));
        for (const QString& f : files) QVERIFY2(QFile::exists(dir.path() + "/" + f), qPrintable(f));
        QCOMPARE(files.size(), int(QDir(dir.path()).entryList(QDir::Files).size()));
        report->close();
    }
    void choosingTheGinSwitchesToAGraphMechanism() {
        // The GIN learns from released graphs: picked in the Learner panel under a density mechanism, the mechanism
        // becomes randomized response and the status bar says so (the run would otherwise fail on its spec).
        if (!px::learn::haveNeuralLayer()) QSKIP("this build has no neural layer (PX_NEURAL=OFF): the Learner panel offers no GIN");
        QFile::remove(SessionModel().autosavePath());
        auto window = std::make_unique<MainWindow>();
        MainWindow& w = *window;
        QVERIFY(waitFinished(w.controller()));
        QVERIFY(!px::privacy::perturbsGraph(w.settings().mechanism.mechanism));
        QComboBox* learner = nullptr;
        for (auto* box : w.findChild<LearnerPanel*>()->findChildren<QComboBox*>())
            if (box->findText("gin") >= 0) learner = box;
        QVERIFY(learner);
        learner->setCurrentIndex(learner->findText("gin"));
        QCOMPARE(px::learn::learnerKey(w.settings().learner), std::string("gin"));
        QVERIFY(w.settings().mechanism.mechanism == px::privacy::MechanismKind::RandomizedResponse);
        QVERIFY2(w.statusBar()->currentMessage().contains("randomized response"), qPrintable(w.statusBar()->currentMessage()));
        QTest::qWait(700);  // past the debounce: the sweep has started and still says why the mechanism changed
        QVERIFY2(w.statusBar()->currentMessage().contains("randomized response"), qPrintable(w.statusBar()->currentMessage()));
        // The views that vary the patterns say why they are empty for a GIN, instead of failing on its spec; the
        // one that varies d shows the GIN's validation curve against the epoch instead, once its sweep has finished.
        auto showTab = [&](const QString& name) {
            for (auto* tabs : w.findChildren<QTabWidget*>())
                for (int i = 0; i < tabs->count(); ++i)
                    if (tabs->tabText(i) == name) tabs->setCurrentIndex(i);
        };
        auto noted = [&]() {
            bool found = false;
            for (auto* plot : w.findChildren<QCustomPlot*>())
                for (int i = 0; i < plot->itemCount(); ++i)
                    if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
                        found = found || text->text().contains("learns from the released graphs");
            return found;
        };
        showTab("Expressivity vs privacy");
        QVERIFY(noted());
        QVERIFY(waitFinished(w.controller()));
        showTab("Utility vs d");
        QCustomPlot* curve = w.findChild<QCustomPlot*>("gin-curve");
        QVERIFY2(curve, "the Utility-vs-d view shows the GIN's test curve");
        QCOMPARE(curve->xAxis->label(), QString("training epoch"));
        QVERIFY(curve->yAxis->label().startsWith("validation"));  // the app's GIN chooses its epoch on validation graphs
        int lines = 0;
        for (int i = 0; i < curve->graphCount(); ++i)
            if (curve->graph(i)->name().contains("ε = ")) {  // "RR, ε = 1 (1 run)", "clean graphs, ε = ∞ …"
                ++lines;
                QCOMPARE(curve->graph(i)->data()->size(), w.settings().ginEpochs);  // one point per epoch
            }
        QVERIFY(lines >= 2);  // one line per budget of the sweep
        QVERIFY2(!w.statusBar()->currentMessage().contains("failed"), qPrintable(w.statusBar()->currentMessage()));
        learner->setCurrentIndex(learner->findText("knn"));  // back to a density learner: the mechanism the GIN replaced
        QVERIFY(w.settings().mechanism.mechanism == px::privacy::MechanismKind::Gaussian);
        QVERIFY2(w.statusBar()->currentMessage().contains("Gaussian again, as before the GIN"), qPrintable(w.statusBar()->currentMessage()));
        // The other way round: under the GIN, a density mechanism picked in the Privacy panel wins, and the learner
        // goes back to kNN, with a notice, instead of the sweep failing on its spec.
        learner->setCurrentIndex(learner->findText("gin"));
        QComboBox* mechanism = nullptr;
        for (auto* box : w.findChild<PrivacyPanel*>()->findChildren<QComboBox*>())
            if (box->findText("Gaussian (global sensitivity)") >= 0) mechanism = box;
        QVERIFY(mechanism);
        mechanism->setCurrentIndex(mechanism->findText("Gaussian (global sensitivity)"));
        QVERIFY(!px::privacy::perturbsGraph(w.settings().mechanism.mechanism));
        QCOMPARE(px::learn::learnerKey(w.settings().learner), std::string("knn"));
        QCOMPARE(learner->currentText(), QString("knn"));
        QVERIFY2(w.statusBar()->currentMessage().contains("the learner is now knn"), qPrintable(w.statusBar()->currentMessage()));
        QTest::qWait(700);
        QVERIFY2(!w.statusBar()->currentMessage().contains("failed"), qPrintable(w.statusBar()->currentMessage()));
        // RR picked for a density learner: allowed, with a word on what it costs before the sweep runs
        mechanism->setCurrentIndex(mechanism->findText("randomized response"));
        QCOMPARE(px::learn::learnerKey(w.settings().learner), std::string("knn"));
        QVERIFY2(w.statusBar()->currentMessage().contains("far slower"), qPrintable(w.statusBar()->currentMessage()));
        w.controller()->cancel();
        QVERIFY(waitFinished(w.controller()));
        window.reset();
        QFile::remove(SessionModel().autosavePath());  // the next window starts from the defaults, not from RR
    }
    void aSessionFileWithAGinGetsAGraphMechanism() {
        // A session file written by hand may name the GIN with a density mechanism: it opens with randomized response,
        // naming the file, instead of failing its sweep.
        if (!px::learn::haveNeuralLayer()) QSKIP("this build has no neural layer (PX_NEURAL=OFF): no GIN to open");
        QTemporaryDir dir;
        const QString path = dir.filePath("gin-gaussian.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format":"pxstudio-session","version":1,"learner":"gin","gin_epochs":5,
                    "mechanism":{"mechanism":"gaussian","epsilon":1}})");
        f.close();
        QFile::remove(SessionModel().autosavePath());
        auto window = std::make_unique<MainWindow>();
        MainWindow& w = *window;
        QVERIFY(waitFinished(w.controller()));
        QVERIFY(w.openSession(path));
        QCOMPARE(px::learn::learnerKey(w.settings().learner), std::string("gin"));
        QVERIFY(w.settings().mechanism.mechanism == px::privacy::MechanismKind::RandomizedResponse);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("gin-gaussian.json") && said.contains("randomized response"), qPrintable(said));
        // The file declares no D: it gets the data set's maximum degree (refusing no graph), not a generic default.
        QCOMPARE(w.settings().mechanism.degreeBound, std::max(1, w.controller()->dataset()->maxDegree()));
        QVERIFY(waitFinished(w.controller()));
        QVERIFY2(!w.statusBar()->currentMessage().contains("failed"), qPrintable(w.statusBar()->currentMessage()));
        window.reset();
        QFile::remove(SessionModel().autosavePath());
    }
    void sessionRoundTripsEveryField() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        ExplorerSettings s = customSettings();
        s.mechanism.allocation = px::privacy::Allocation::Isotropic;  // Laplace has no per-pattern allocation
        w.applySettings(s);
        // every panel field reaches the sweep the explorer runs
        const auto spec = ExplorerController::specFor(w.settings());
        QCOMPARE(px::learn::learnerKey(spec.learner.kind), std::string("linear"));
        QCOMPARE(spec.learner.C, 2.5);
        QCOMPARE(spec.learner.trees, 40);
        QCOMPARE(spec.patterns.size.mean, 4.5);
        QVERIFY(!spec.patterns.connected);
        QVERIFY(spec.patterns.duplicates == px::DuplicatePolicy::Keep);
        QCOMPARE(spec.mechanisms[0].beta, 0.0125);
        QCOMPARE(spec.protocol, std::string("10-fold"));
        QVERIFY(spec.mechanisms[0].sensitivity == px::privacy::SensitivitySource::CountingLemma);
        QVERIFY(spec.featureMap == px::experiment::FeatureMap::LogCount && spec.appendLogN);
        QVERIFY(spec.tuning.nested);
        if (px::learn::haveNeuralLayer()) {  // a GIN is tuned too: batch × dropout on its validation graphs, the panel's width kept
            ExplorerSettings gin = s;
            gin.learner = px::learn::LearnerKind::Gin;
            w.applySettings(gin);
            const auto ginSpec = ExplorerController::specFor(w.settings());
            QVERIFY(ginSpec.tuning.nested);
            QCOMPARE(ginSpec.tuning.grid.batch, (std::vector<int>{32, 128}));
            QVERIFY(ginSpec.tuning.grid.hidden.empty());
            QCOMPARE(px::learn::gridConfigurations(ginSpec.learner, ginSpec.tuning.grid).size(), std::size_t(4));
            QCOMPARE(px::learn::gridConfigurations(ginSpec.learner, ginSpec.tuning.grid)[0].gin.hidden, gin.ginHidden);
        }
        {  // Breiman's forest from the Learner panel: its trees, grown to purity as in a spec file
            ExplorerSettings rf = s;
            rf.learner = px::learn::LearnerKind::RandomForest;
            w.applySettings(rf);
            QCOMPARE(px::learn::learnerKey(w.settings().learner), std::string("rf"));
            const auto rfSpec = ExplorerController::specFor(w.settings());
            QCOMPARE(px::learn::learnerKey(rfSpec.learner.kind), std::string("rf"));
            QCOMPARE(rfSpec.learner.trees, 40);
            QCOMPARE(rfSpec.learner.maxDepth, 0);
            QCOMPARE(ExplorerSettings::fromJson(w.settings().toJson()).learner, px::learn::LearnerKind::RandomForest);
            w.applySettings(s);
        }
        QTemporaryDir dir;
        const QString path = dir.path() + "/s.json";
        QVERIFY(w.saveSession(path));
        w.applySettings(ExplorerSettings{});
        QVERIFY(w.openSession(path));
        ExplorerSettings back = w.settings();
        // The slider quantises ε to its log grid: compare that field with a tolerance.
        QVERIFY(std::abs(back.mechanism.epsilon - s.mechanism.epsilon) < 0.03 * s.mechanism.epsilon);
        back.mechanism.epsilon = s.mechanism.epsilon;
        back.view = s.view;  // the tab on screen: theCurrentViewIsPartOfTheSession
        QCOMPARE(QString::fromStdString(back.toJson().dump()), QString::fromStdString(s.toJson().dump()));
        QVERIFY(waitFinished(w.controller()));
        // A broken session file is refused with a message, and nothing changes.
        QFile bad(dir.path() + "/bad.json");
        bad.open(QIODevice::WriteOnly);
        bad.write("{\"format\": \"pxstudio-session\", \"version\": 99}");
        bad.close();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ExplorerSettings::fromJson(nlohmann::json::parse(R"({"format": "pxstudio-session", "version": 99})")));
    }
    void aFailedComputationIsReportedInlineWithoutADialog() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QSignalSpy failed(w.controller(), &ExplorerController::failed);
        ExplorerSettings s = w.settings();
        s.mechanism.mechanism = px::privacy::MechanismKind::Laplace;
        s.mechanism.allocation = px::privacy::Allocation::EqualSnr;  // not available for Laplace
        w.applySettings(s);
        w.controller()->recompute(w.settings());
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);  // a modal dialog would block here
        auto* report = w.findChild<ReportPanel*>();
        QVERIFY(report && report->text().contains("Computation failed"));
        QVERIFY(report->text().contains("Gaussian mechanism only"));
        // The views say so too, and keep saying it: the stale note over the views, and a view computed for the failing
        // settings (here Expressivity) shows the reason inside it instead of empty axes.
        auto* stale = w.findChild<QLabel*>("stale-note");
        QVERIFY(stale && !stale->isHidden() && stale->text().contains("failed"));
        auto* tabs = w.findChild<QTabWidget*>();
        QCustomPlot* expressivity = nullptr;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == "Expressivity vs privacy") {
                tabs->setCurrentIndex(i);
                expressivity = qobject_cast<QCustomPlot*>(tabs->widget(i));
            }
        QVERIFY(expressivity);
        auto noteSays = [](QCustomPlot* plot, const QString& words) {
            for (int i = 0; i < plot->itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->text().contains(words)) return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(noteSays(expressivity, "could not be computed"), 30000);
        QVERIFY(noteSays(expressivity, "Gaussian mechanism only"));
        tabs->setCurrentIndex(0);
        // The next computation clears the old failure from the report at once.
        s.mechanism.mechanism = px::privacy::MechanismKind::Gaussian;
        w.applySettings(s);
        w.controller()->recompute(w.settings());
        QVERIFY2(!report->text().contains("Computation failed"), qPrintable(report->text()));
        QVERIFY(waitFinished(w.controller()));
    }
    // Restart restores exactly what was on screen, the data set included (issue 14).
    void restartRestoresTheDataSet() {
        const QString tu = QString(PX_TEST_DATA_DIR_FOR_APP) + "/valid/tu_small";
        QFile::remove(SessionModel().autosavePath());  // not the failing settings the previous test left
        {
            MainWindow w;
            QVERIFY(waitFinished(w.controller()));
            QVERIFY(w.openDataset(tu));
            QVERIFY(waitFinished(w.controller()));
            ExplorerSettings s = w.settings();
            s.d = 9;
            w.applySettings(s);
        }  // quit: the window autosaves what is on screen
        MainWindow again;
        QCOMPARE(QString::fromStdString(again.settings().dataset), tu);
        QCOMPARE(again.settings().d, 9);
        QVERIFY(again.controller()->dataset() && again.controller()->dataset()->source == tu.toStdString());
        QVERIFY(waitFinished(again.controller()));
    }
    // The view on screen is saved with the session and restored at the next start, without an undo step.
    void theCurrentViewIsPartOfTheSession() {
        QFile::remove(SessionModel().autosavePath());
        QTemporaryDir dir;
        const QString session = dir.path() + "/s.pxstudio.json";
        {
            MainWindow w;
            auto* tabs = w.findChild<QTabWidget*>();
            const int steps = w.undoStack()->count();
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i) == "Noise anatomy") tabs->setCurrentIndex(i);
            QCOMPARE(tabs->tabText(tabs->currentIndex()), QString("Noise anatomy"));
            QCOMPARE(w.undoStack()->count(), steps);
            QVERIFY(w.saveSession(session));
            tabs->setCurrentIndex(0);
            QCOMPARE(SessionModel::readSession(SessionModel().autosavePath()).view, tabs->tabText(0).toStdString());
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i) == "Pattern gallery") tabs->setCurrentIndex(i);
        }  // quit
        MainWindow again;
        auto* tabs = again.findChild<QTabWidget*>();
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QString("Pattern gallery"));
        QVERIFY(again.openSession(session));
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QString("Noise anatomy"));
        QVERIFY(waitFinished(again.controller()));
    }
    void panelChangesRestartTheComputation() {
        QFile::remove(SessionModel().autosavePath());  // not the failing settings the previous test left
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QSignalSpy started(w.controller(), &ExplorerController::started);
        auto spins = w.findChildren<QSpinBox*>();
        QSpinBox* d = nullptr;
        for (auto* s : spins) if (s->toolTip().startsWith("d:")) d = s;
        QVERIFY(d);
        const int before = d->value();  // restored from the previous test's autosave
        d->setValue(before + 1);
        QTRY_VERIFY_WITH_TIMEOUT(started.count() == 1, 3000);  // after the debounce
        QVERIFY(waitFinished(w.controller()));
        QCOMPARE(w.settings().d, before + 1);
        QCOMPARE(w.controller()->patterns()->size(), before + 1);
    }
    // Issue 25's property: the settings that belong to a data set (D, protocol) and its curve depend on that
    // data set and on what was declared for it, never on the data sets opened before. Random walks open
    // built-in, TU and GIN (10 shipped folds) sets, declare D or the protocol, and change other settings.
    void aDataSetsSettingsDoNotDependOnWhatWasOpenedBefore() {
        QTemporaryDir dir;
        const QString gin = writeGinWithFolds(dir.path());
        const QStringList sets = {"builtin:sbm-cycles", "builtin:csl", "builtin:er", "builtin:wl-pairs",
                                  QString(PX_TEST_DATA_DIR_FOR_APP) + "/valid/tu_small", gin};
        auto derived = [](const QString& spec) { return derivedChoices(*ExplorerController::loadDataset(spec.toStdString())); };
        QCOMPARE(derived(gin).protocol, std::string("10-fold"));
        QCOMPARE(derived("builtin:wl-pairs").protocol, std::string("split"));
        px::Rng rng(2025);
        for (int walk = 0; walk < 4; ++walk) {
            QFile::remove(SessionModel().autosavePath());
            MainWindow w;
            auto* degree = controlWithTip<QSpinBox>(w, "Public degree bound");
            auto* patterns = controlWithTip<QSpinBox>(w, "d:");
            QComboBox* protocol = nullptr;
            for (auto* b : w.findChildren<QComboBox*>()) if (b->findData("10-fold") >= 0) protocol = b;
            QVERIFY(degree && patterns && protocol);
            std::map<std::string, DatasetChoices> declared;
            auto expectFor = [&](const std::string& spec) {
                DatasetChoices e = derived(QString::fromStdString(spec));
                const DatasetChoices mine = declared.count(spec) ? declared.at(spec) : DatasetChoices{};
                if (mine.degreeBound > 0) e.degreeBound = mine.degreeBound;
                if (!mine.protocol.empty()) e.protocol = mine.protocol;
                return e;
            };
            for (int step = 0; step < 14; ++step) {
                const std::string current = w.settings().dataset;
                switch (rng.below(4)) {
                case 0: {
                    const QString next = sets[int(rng.below(std::uint64_t(sets.size())))];
                    QVERIFY(w.openDataset(next));
                    break;
                }
                case 1: {
                    const int D = 1 + int(rng.below(60));
                    if (D == degree->value()) break;
                    degree->setValue(D);
                    declared[current].degreeBound = D;
                    break;
                }
                case 2:
                    protocol->setCurrentIndex(1 - protocol->currentIndex());
                    declared[current].protocol = protocol->currentData().toString().toStdString();
                    break;
                default:
                    patterns->setValue(5 + int(rng.below(8)));
                }
                const ExplorerSettings s = w.settings();
                const DatasetChoices e = expectFor(s.dataset);
                QCOMPARE(s.mechanism.degreeBound, e.degreeBound);
                QCOMPARE(s.protocol, e.protocol);
            }
            // The same data set opened alone in a fresh window, with the same other settings and declarations
            const ExplorerSettings walked = w.settings();
            QFile::remove(SessionModel().autosavePath());
            MainWindow alone;
            ExplorerSettings others = alone.settings();
            others.d = walked.d;
            alone.applySettings(others);
            QVERIFY(alone.openDataset(QString::fromStdString(walked.dataset)));
            const DatasetChoices mine = declared.count(walked.dataset) ? declared.at(walked.dataset) : DatasetChoices{};
            if (mine.degreeBound > 0) controlWithTip<QSpinBox>(alone, "Public degree bound")->setValue(mine.degreeBound);
            if (!mine.protocol.empty())
                for (auto* b : alone.findChildren<QComboBox*>())
                    if (b->findData("10-fold") >= 0) b->setCurrentIndex(b->findData(QString::fromStdString(mine.protocol)));
            ExplorerSettings a = alone.settings(), b = walked;
            a.perDataset.clear();
            b.perDataset.clear();
            QCOMPARE(QString::fromStdString(a.toJson().dump()), QString::fromStdString(b.toJson().dump()));
            if (walk == 0) {  // and the computed curve (one walk: each takes seconds)
                w.controller()->recompute(w.settings());
                alone.controller()->recompute(alone.settings());
                QVERIFY(waitFinished(w.controller()) && waitFinished(alone.controller()));
                const auto& ra = w.controller()->result()->aggregated;
                const auto& rb = alone.controller()->result()->aggregated;
                QVERIFY(ra.rows() > 0);
                QCOMPARE(QString::fromStdString(ra.toCsv()), QString::fromStdString(rb.toCsv()));
            }
        }
    }
    // A data set that cannot be loaded (session, undo) changes nothing: picker, data set, settings, autosave.
    void aFailedLoadChangesNothing() {
        QFile::remove(SessionModel().autosavePath());
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* patterns = controlWithTip<QSpinBox>(w, "d:");
        patterns->setValue(patterns->value() + 1);  // an edit: committed and autosaved
        const ExplorerSettings before = w.settings();
        QVERIFY(SessionModel::readSession(SessionModel().autosavePath()) == before);
        const auto* loaded = w.controller()->dataset().get();
        auto* picker = w.findChild<DatasetPanel*>()->findChild<QComboBox*>();
        const QString shown = picker->currentText();
        QTemporaryDir dir;
        const QString session = dir.path() + "/broken.pxstudio.json";
        ExplorerSettings broken = before;
        broken.dataset = (dir.path() + "/no-such-set.txt").toStdString();
        broken.d = before.d + 3;
        SessionModel::writeSession(session, broken);
        QTimer::singleShot(0, [] {  // the error dialog
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(top)) box->accept();
        });
        QVERIFY(!w.openSession(session));
        QCOMPARE(picker->currentText(), shown);
        QVERIFY(w.settings() == before);
        QCOMPARE(w.controller()->dataset().get(), loaded);
        QVERIFY(SessionModel::readSession(SessionModel().autosavePath()) == before);
        try {
            w.applySettings(broken);
            QFAIL("an unloadable data set was applied");
        } catch (const std::exception&) {
        }
        QVERIFY(w.settings() == before);
        QCOMPARE(w.controller()->dataset().get(), loaded);
    }
    // A data set whose files disappear while it is computed: the run finishes (the data are in memory), and
    // the next start says the data set is gone and opens the built-in default instead.
    void aDataSetThatDisappearsMidRunLosesNothing() {
        QFile::remove(SessionModel().autosavePath());
        QTemporaryDir dir;
        const QString folder = dir.path() + "/tu_copy";
        QDir().mkpath(folder);
        const QDir source(QString(PX_TEST_DATA_DIR_FOR_APP) + "/valid/tu_small");
        for (const QString& f : source.entryList(QDir::Files)) QVERIFY(QFile::copy(source.filePath(f), folder + "/" + f));
        {
            MainWindow w;
            QVERIFY(w.openDataset(folder));
            QVERIFY(w.controller()->busy());
            QVERIFY(QDir(folder).removeRecursively());
            QVERIFY(waitFinished(w.controller()));
            QVERIFY(w.controller()->result()->runs.rows() > 0);
            QCOMPARE(QString::fromStdString(w.settings().dataset), folder);
        }
        MainWindow again;
        QCOMPARE(again.settings().dataset, ExplorerSettings{}.dataset);
        const QString said = again.statusBar()->currentMessage();
        QVERIFY2(said.contains("no longer there") && said.contains("tu_copy"), qPrintable(said));
        QVERIFY(waitFinished(again.controller()));
    }
    // A session that cannot be written (no such folder; a read-only one says so the same way: tst_pxrun_resume)
    // is an error naming the file and the cause; the settings and their undo history stay.
    void aSessionThatCannotBeSavedLosesNothing() {
        QFile::remove(SessionModel().autosavePath());
        MainWindow w;
        auto* d = controlWithTip<QSpinBox>(w, "d:");
        d->setValue(d->value() + 2);
        const ExplorerSettings before = w.settings();
        const int steps = w.undoStack()->count();
        QString said;
        QTimer::singleShot(0, [&] {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(top)) { said = box->text(); box->accept(); }
        });
        QTemporaryDir dir;
        QVERIFY(!w.saveSession(dir.path() + "/no-such-folder/s.pxstudio.json"));
        QVERIFY2(said.contains("s.pxstudio.json") && said.contains("folder does not exist"), qPrintable(said));
        QVERIFY(w.settings() == before);
        QCOMPARE(w.undoStack()->count(), steps);
        QVERIFY(SessionModel::readSession(SessionModel().autosavePath()) == before);
    }
    // Presentation mode (F11) on the depth lab: its settings column grows with the font, nothing is cut.
    void presentationModeWidensTheDepthLabsPanels() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QAction* presentation = nullptr;
        for (QAction* a : w.findChildren<QAction*>()) if (a->text() == "&Presentation mode") presentation = a;
        QVERIFY(presentation);
        auto* tabs = w.findChild<QTabWidget*>();
        tabs->setCurrentWidget(w.depthWorkspace());
        auto* scroll = w.depthWorkspace()->findChild<QScrollArea*>();
        QVERIFY(scroll && scroll->widget());
        for (bool on : {true, false, true}) {
            presentation->setChecked(on);
            QTRY_VERIFY2_WITH_TIMEOUT(scroll->viewport()->width() >= scroll->widget()->minimumSizeHint().width(),
                     qPrintable(QString("%1 < %2").arg(scroll->viewport()->width()).arg(scroll->widget()->minimumSizeHint().width())), 2000);
        }
        QTest::qWait(300);
        // the depth lab's titles fit their plots (a long one breaks into two lines)
        for (QCustomPlot* plot : w.depthWorkspace()->findChildren<QCustomPlot*>()) {
            if (!plot->isVisible()) continue;
            for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
                if (auto* title = qobject_cast<QCPTextElement*>(e))
                    for (const QString& line : title->text().split('\n'))
                        QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(line) <= plot->width(), qPrintable(QString("%1: %2 px in %3").arg(line).arg(QFontMetrics(title->font()).horizontalAdvance(line)).arg(plot->width())));
        }
        if (const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR"); !shots.isEmpty()) w.grab().save(shots + "/presentation-depth.png");
        presentation->setChecked(false);
    }
    // A full disk on autosave: said in the status bar, the settings stay (window, undo), the last autosave stays whole.
    void aFullDiskOnAutosaveIsSaidAndLosesNothing() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QSpinBox* d = nullptr;
        for (auto* s : w.findChildren<QSpinBox*>()) if (s->toolTip().startsWith("d:")) d = s;
        QVERIFY(d);
        d->setValue(d->value() + 1);  // an autosave that works
        const int before = d->value();
        const ExplorerSettings saved = SessionModel::readSession(SessionModel().autosavePath());
        QCOMPARE(saved.d, before);
        px::testing::failWritesWithDiskFullAfter(0);
        d->setValue(before + 1);
        px::testing::failWritesWithDiskFullAfter(-1);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("Autosave failed") && said.contains("disk full"), qPrintable(said));
        QCOMPARE(w.settings().d, before + 1);
        QCOMPARE(SessionModel::readSession(SessionModel().autosavePath()).d, saved.d);  // the old file, whole
        d->setValue(before + 2);
        QCOMPARE(w.statusBar()->currentMessage(), QString("Autosave works again"));
        QCOMPARE(SessionModel::readSession(SessionModel().autosavePath()).d, before + 2);
        w.undoStack()->undo();
        QCOMPARE(w.settings().d, before + 1);  // the step made while the disk was full is in the history
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
