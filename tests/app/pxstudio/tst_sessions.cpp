// The desktop app's sessions, offscreen: every field saved and restored, a restart, the settings that belong
// to a data set, and the user's work kept through failed loads, vanished files and full disks.
#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "GraphPairView.h"
#include "experiment/Distinguishability.h"
#include "experiment/ResultTable.h"
#include "FigureExport.h"
#include "EpsilonSlider.h"
#include "CustomSettings.h"
#include "AppTestSupport.h"
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
#include <QProcess>
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

class TestSessions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_sessions");  // its own autosave, recent files and journals, emptied
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

    // File ▸ Save as pxrun sweep spec: pxrun computes from it the very runs the app shows (every number but the
    // timing), so that a view can be reproduced in batch and its numbers committed.
    void aSavedSweepSpecGivesPxrunTheAppsRuns() {
        MainWindow w;
        w.show();
        QVERIFY(waitFinished(w.controller()));
        QTemporaryDir dir;
        const QString spec = dir.filePath("sweep.json");
        QVERIFY(w.saveSweepSpec(spec));
        QProcess pxrun;
        pxrun.start(PXRUN_PATH, {"sweep", spec, "--out", dir.filePath("batch")});
        QVERIFY(pxrun.waitForFinished(300000));
        QVERIFY2(pxrun.exitCode() == 0, pxrun.readAllStandardError().constData());
        const auto batch = px::experiment::ResultTable::loadCsv(dir.filePath("batch.csv").toStdString());
        const auto& app = w.controller()->result()->runs;
        QCOMPARE(batch.rows(), app.rows());
        int compared = 0;
        for (const auto& col : app.columns())
            for (int r = 0; r < app.rows() && col != "seconds"; ++r, ++compared) {
                const auto a = app.at(r, col), b = batch.at(r, col);
                if (a.is_number() && b.is_number())
                    QVERIFY2(a.get<double>() == b.get<double>() || (std::isnan(a.get<double>()) && std::isnan(b.get<double>())) ||
                                 std::abs(a.get<double>() - b.get<double>()) <= 1e-9 * std::max(1.0, std::abs(a.get<double>())),
                             qPrintable(QString::fromStdString(col + ": " + a.dump() + " vs " + b.dump())));
                else if (!(a == "" && b.is_null()))  // an empty text is an empty CSV cell, read back as nothing
                    QCOMPARE(QString::fromStdString(col + " " + b.dump()), QString::fromStdString(col + " " + a.dump()));
            }
        QVERIFY(compared > 100);
    }
};

QTEST_MAIN(TestSessions)
#include "tst_sessions.moc"
