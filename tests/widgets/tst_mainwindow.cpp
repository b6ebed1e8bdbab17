// The desktop app end to end, offscreen: start on the default session, compute, every explorer view,
// undo, export, sessions, panel changes and failures.
#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "FigureExport.h"
#include "EpsilonSlider.h"
#include "CustomSettings.h"
#include "WidgetTestSupport.h"
#include "MainWindow.h"
#include "panels/ReportPanel.h"
#include "SessionModel.h"
#include "common/AtomicFile.h"
#include "PatternGallery.h"

#include <QComboBox>
#include <QPushButton>
#include <QStatusBar>
#include <QLabel>
#include <QLineEdit>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QToolButton>
#include <QtTest>
#include <chrono>
#include <map>
#include <qcustomplot.h>

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setApplicationName("tst_mainwindow");  // its own autosave and recent files
        QFile::remove(SessionModel().autosavePath());  // start from the defaults, whatever ran before
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
    void exportViewWritesFigureDataAndSidecar() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        auto* plot = qobject_cast<QCustomPlot*>(w.findChild<QTabWidget*>()->widget(0));
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
        // the views not computed yet are named, not silently dropped
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("left out: expressivity, utility vs d, depth lab: accounting"),
                 qPrintable(said));
    }
    void sessionRoundTripsEveryField() {
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        ExplorerSettings s = customSettings();
        s.mechanism.allocation = px::privacy::Allocation::Isotropic;  // Laplace has no per-pattern allocation
        w.applySettings(s);
        // every panel field reaches the sweep the explorer runs
        const auto spec = ExplorerController::specFor(w.settings());
        QCOMPARE(spec.learner.kind, std::string("linear"));
        QCOMPARE(spec.learner.C, 2.5);
        QCOMPARE(spec.learner.trees, 40);
        QCOMPARE(spec.patterns.size.mean, 4.5);
        QVERIFY(!spec.patterns.connected);
        QVERIFY(spec.patterns.duplicates == px::DuplicatePolicy::Keep);
        QCOMPARE(spec.mechanisms[0].beta, 0.0125);
        QCOMPARE(spec.protocol, std::string("10-fold"));
        QVERIFY(spec.mechanisms[0].sensitivity == px::privacy::SensitivitySource::CountingLemma);
        QTemporaryDir dir;
        const QString path = dir.path() + "/s.json";
        QVERIFY(w.saveSession(path));
        w.applySettings(ExplorerSettings{});
        QVERIFY(w.openSession(path));
        ExplorerSettings back = w.settings();
        // The slider quantises ε to its log grid: compare that field with a tolerance.
        QVERIFY(std::abs(back.mechanism.epsilon - s.mechanism.epsilon) < 0.03 * s.mechanism.epsilon);
        back.mechanism.epsilon = s.mechanism.epsilon;
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
