// Export all: what it writes for the views that are current, what it leaves out and why, and computing the views
// it needs when asked (moved from tst_mainwindow, one suite per part of the window).
#include "AppTestSupport.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "GraphPairView.h"
#include "MainWindow.h"
#include "ViewPresenter.h"
#include "experiment/Distinguishability.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStatusBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

class TestExportAll : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_exportall");  // its own autosave, recent files and journals, emptied
    }

    void exportAllViewsWritesValidFiles() {
        // A window that starts as on a first run: an earlier test's autosaved session would reopen its view (utility
        // vs d), and its kept finished sweeps would show that view computed at once.
        pxtest::useEmptyAppDataFolder("tst_exportall");
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
        // Expressivity and utility vs d are not computed: the app asks (not modal) whether to compute them first.
        auto* ask = w.findChild<QMessageBox*>("export-all-ask");
        QVERIFY(ask && ask->isVisible());
        QVERIFY2(ask->text().contains("Not current for these settings: expressivity (not computed yet), utility vs d (not computed yet)."),
                 qPrintable(ask->text()));
        QAbstractButton* now = nullptr;
        for (QAbstractButton* b : ask->buttons()) if (b->text() == "Export what is there") now = b;
        QVERIFY(now);
        now->click();
        const QString out = w.exportAllFolder(dir.path());  // a folder named by the data set and the settings
        QVERIFY2(QFileInfo(out).fileName().startsWith("sbm-cycles_") && QFileInfo(out).isDir(), qPrintable(out));
        for (const char* name : {"tradeoff", "noise-anatomy"}) {
            QCOMPARE(head(out + "/" + name + ".png", 4), QByteArray("\x89PNG", 4));
            QCOMPARE(head(out + "/" + name + ".pdf", 5), QByteArray("%PDF-"));
            QVERIFY(head(out + "/" + name + ".svg", 400).contains("<svg"));
            QVERIFY(QFileInfo(out + "/" + name + ".png").size() > 10000);
        }
        QVERIFY(QFile::exists(out + "/results.csv"));
        QVERIFY(head(out + "/results.json", 100000).contains("\"session\""));
        // Every figure has its sidecar, which names the data set and settings on screen and describes the PDF beside
        // it (a screen-sized PDF once overwrote the paper one its sidecar described).
        const std::map<std::string, std::string> viewOfFile = {
            {"tradeoff", "tradeoff"}, {"noise-anatomy", "anatomy"}, {"embedding", "embedding"}, {"distinguishability", "demo"}};
        for (const auto& [name, view] : viewOfFile) {
            const QString base = out + "/" + QString::fromStdString(name);
            if (!QFile::exists(base + ".pdf")) continue;  // left out (the report says why; checked below)
            const auto side = nlohmann::json::parse(head(base + ".json", 1000000).toStdString());
            QCOMPARE(side["session"]["dataset"].get<std::string>(), w.settings().dataset);
            QCOMPARE(side["view"].get<std::string>(), view);  // the view's name (once its title, the data set's name)
            const QByteArray pdf = head(base + ".pdf", 1 << 22);
            const QRegularExpressionMatch box = QRegularExpression(R"(/MediaBox \[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\])").match(QString::fromLatin1(pdf));
            QVERIFY2(box.hasMatch(), name.c_str());
            QVERIFY2(std::abs(box.captured(1).toDouble() - 72 * side["figure"]["width_in"].get<double>()) < 1,
                     qPrintable(QString("%1.pdf is %2 pt wide, its sidecar says %3 in").arg(QString::fromStdString(name), box.captured(1)).arg(side["figure"]["width_in"].get<double>())));
        }
        // The distinguishability demo and the pattern gallery are exported too.
        QVERIFY(head(out + "/distinguishability.svg", 400).contains("<svg"));
        QCOMPARE(head(out + "/pattern-gallery.png", 4), QByteArray("\x89PNG", 4));
        QCOMPARE(head(out + "/pattern-gallery.pdf", 5), QByteArray("%PDF-"));
        // The views not computed yet are named, with why and what to do, not silently dropped; the report
        // lists every file written, and every file it lists is there.
        // The status line names them (it fits a 1280 px window); the report box says why, one line each.
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("left out: expressivity, utility vs d, ") && said.contains("depth lab (why: in the report)"), qPrintable(said));
        auto* report = w.findChild<QMessageBox*>("export-all-report");
        QVERIFY(report && report->isVisible());
        QVERIFY2(report->text().contains("expressivity: not computed yet") && report->text().contains("utility vs d: not computed yet") &&
                     report->text().contains("depth lab: Noise vs L, ") && report->text().contains(": not run — Run all in the depth lab"),  // named as the tabs are
                 qPrintable(report->text()));
        QVERIFY2(w.statusBar()->fontMetrics().horizontalAdvance(said.mid(said.indexOf("; left out"))) < 1280 - 40, qPrintable(said));
        QVERIFY2(report->text().startsWith(QString("Wrote %1 files to ").arg(report->detailedText().split('\n', Qt::SkipEmptyParts).size())) &&
                     report->text().contains("Left out:") && report->text().contains("open its tab"),
                 qPrintable(report->text()));
        const QStringList files = report->detailedText().split('\n', Qt::SkipEmptyParts);
        QVERIFY2(files.contains("tradeoff.pdf") && files.contains("pattern-gallery.pdf") && files.contains("results.json"),
                 qPrintable(files.join(", ")));
        for (const QString& f : files) QVERIFY2(QFile::exists(out + "/" + f), qPrintable(f));
        QCOMPARE(files.size(), int(QDir(out).entryList(QDir::Files).size()));
        report->close();
    }
    // "Compute, then export": the missing views are computed, then written; the report no longer leaves them out.
    // The embedding drawn on its tab, then ε typed on another tab: it is exported at the new ε, not left out as
    // "PREVIOUS SETTINGS" (a new user's "Compute, then export" left it out).
    void exportAllComputesTheViewsItNeedsWhenAsked() {
        MainWindow w;
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* views = w.findChild<ExplorerViews*>();
        views->setCurrentWidget(views->embeddingPlot()->parentWidget());
        QTRY_VERIFY(views->presenter()->present("embedding").state == ViewState::Current);
        views->setCurrentWidget(views->tradeoff());
        auto* field = w.findChild<QLineEdit*>("epsilon-field");
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, "2.5");
        QTest::keyClick(field, Qt::Key_Return);
        QTRY_COMPARE(w.settings().mechanism.epsilon, 2.5);
        QTRY_VERIFY(views->presenter()->present("tradeoff").state == ViewState::Current);
        QTemporaryDir dir;
        QVERIFY(w.exportAllViews(dir.path()));
        auto* ask = w.findChild<QMessageBox*>("export-all-ask");
        QVERIFY(ask);
        for (QAbstractButton* b : ask->buttons())
            if (b->text() == "Compute, then export") b->click();
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Computing expressivity, utility vs d"),
                 qPrintable(w.statusBar()->currentMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QMessageBox*>("export-all-report"), 240000);
        auto* report = w.findChild<QMessageBox*>("export-all-report");
        const QStringList files = report->detailedText().split('\n', Qt::SkipEmptyParts);
        for (const char* f : {"expressivity.pdf", "utility-vs-d.pdf", "distinguishability.pdf"})
            QVERIFY2(files.contains(f), qPrintable(files.join(", ")));
        QVERIFY2(!report->text().contains("expressivity:") && !report->text().contains("utility vs d:") && !report->text().contains("embedding:"),
                 qPrintable(report->text()));
        QVERIFY2(files.contains("embedding.pdf"), qPrintable(files.join(", ")));
        const QString folder = w.exportAllFolder(dir.path());
        const auto side = nlohmann::json::parse(head(folder + "/embedding.json", 1000000).toStdString());
        QCOMPARE(side["session"]["mechanism"]["epsilon"].get<double>(), 2.5);
        report->close();
    }

    // Export all after the sweep of new settings was stopped (Esc): it wrote nothing and asked nothing, though other
    // views were current (a new user's finding). It asks; "Export what is there" writes the current views and leaves
    // the trade-off and the tables out, saying why; "Compute, then export" computes the sweep's rest, then writes it.
    void exportAllAfterAStoppedSweepAsks() {
        MainWindow w;
        w.show();
        QVERIFY(waitFinished(w.controller()));
        QComboBox* mechanism = nullptr;  // the Privacy panel's list, as a user finds it
        for (auto* box : w.findChildren<QComboBox*>())
            if (box->findText("Laplace") >= 0) mechanism = box;
        QVERIFY(mechanism);
        mechanism->setCurrentIndex(mechanism->findText("Laplace"));  // the same densities: the noise anatomy is current at once
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->busy(), 20000);
        QTest::keyClick(&w, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->busy(), 60000);
        auto* views = w.findChild<ExplorerViews*>();
        if (views->presenter()->present("tradeoff").state == ViewState::Current) QSKIP("the sweep ended before Esc: nothing stopped");
        for (const char* answer : {"Export what is there", "Compute, then export"}) {
            QTemporaryDir dir;
            QVERIFY(w.exportAllViews(dir.path()));
            auto* ask = w.findChild<QMessageBox*>("export-all-ask");
            QVERIFY2(ask && ask->text().contains("trade-off and results"), ask ? qPrintable(ask->text()) : "no question");
            for (QAbstractButton* b : ask->buttons())
                if (b->text() == answer) b->click();
            QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QMessageBox*>("export-all-report"), 300000);
            auto* report = w.findChild<QMessageBox*>("export-all-report");
            const QString folder = w.exportAllFolder(dir.path());
            const bool computed = QString(answer).startsWith("Compute");
            QCOMPARE(QFile::exists(folder + "/tradeoff.pdf"), computed);
            QCOMPARE(QFile::exists(folder + "/results.csv"), computed);
            QCOMPARE(report->text().contains("results tables:"), !computed);
            QVERIFY2(QFile::exists(folder + "/noise-anatomy.pdf"), qPrintable(report->detailedText()));
            if (computed) {
                const auto side = nlohmann::json::parse(head(folder + "/tradeoff.json", 1000000).toStdString());
                QCOMPARE(side["session"]["mechanism"]["mechanism"].get<std::string>(), std::string("laplace"));
            }
            report->close();
            QTRY_VERIFY(!w.findChild<QMessageBox*>("export-all-report") && !w.findChild<QMessageBox*>("export-all-ask"));
        }
    }

    // A view with nothing to show for the settings (the noise anatomy under randomized response, which releases
    // graphs): it is emptied and says why (a new user read the Gaussian anatomy left under that note as randomized
    // response's; then the long random runs found it marked PREVIOUS SETTINGS while the app was idle), and Export
    // all leaves it out. Read from the plot and its note as drawn.
    void aViewWithNothingToShowMarksWhatItStillDraws() {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        ExplorerSettings few = w.settings();  // randomized response counts again on every noise draw: few small patterns
        few.patternClass = "trees";
        few.d = 5;
        few.maxSize = 5;
        w.restoreSettings(few);
        auto* views = w.findChild<ExplorerViews*>();
        QTRY_VERIFY_WITH_TIMEOUT(views->presenter()->present("tradeoff").state == ViewState::Current, 120000);
        views->setCurrentWidget(views->anatomy());
        QTRY_VERIFY(views->anatomy()->graphCount() > 0 && !views->presenter()->note("anatomy")->isVisible());
        QComboBox* mechanism = nullptr;
        for (auto* box : w.findChildren<QComboBox*>())
            if (box->findText("randomized response", Qt::MatchContains) >= 0 && !mechanism) mechanism = box;
        QVERIFY(mechanism);
        mechanism->setCurrentIndex(mechanism->findText("randomized response", Qt::MatchContains));
        QTRY_VERIFY_WITH_TIMEOUT(views->presenter()->present("tradeoff").state == ViewState::Current, 600000);  // sanitizers: minutes
        QLabel* note = views->presenter()->note("anatomy");
        QTRY_VERIFY2(note->isVisible() && note->text().contains("Randomized response"), qPrintable(note->text()));
        QVERIFY2(views->anatomy()->plottableCount() == 0 && !note->text().contains("PREVIOUS SETTINGS"), qPrintable(note->text()));
        QCOMPARE(views->presenter()->present("anatomy").state, ViewState::Empty);
        // the embedding says its own reason, and offers no graph to pick (there are no noisy releases of one)
        views->setCurrentWidget(views->embeddingPlot()->parentWidget());
        QLabel* embeddingNote = views->presenter()->note("embedding");
        QTRY_VERIFY2(embeddingNote->isVisible() && embeddingNote->text().contains("no noisy density vectors"), qPrintable(embeddingNote->text()));
        QSpinBox* graph = nullptr;
        for (auto* box : views->findChildren<QSpinBox*>())
            if (box->prefix().startsWith("graph")) graph = box;
        QVERIFY(graph && !graph->isEnabled());
        QTemporaryDir dir;
        QVERIFY(w.exportAllViews(dir.path()));
        if (auto* ask = w.findChild<QMessageBox*>("export-all-ask"); ask && ask->isVisible())
            for (QAbstractButton* b : ask->buttons())
                if (b->text() == "Export what is there") b->click();
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QMessageBox*>("export-all-report"), 60000);
        auto* report = w.findChild<QMessageBox*>("export-all-report");
        QVERIFY2(report->text().contains("noise anatomy:"), qPrintable(report->text()));
        // the status line names what was left out, one after the other (once "…here.; expressivity: …")
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("left out: noise anatomy, expressivity, ") && !said.contains(QRegularExpression("[.!?]\\s*[;,]")), qPrintable(said));
        QVERIFY(!QFile::exists(w.exportAllFolder(dir.path()) + "/noise-anatomy.png"));
        report->close();
    }
};

QTEST_MAIN(TestExportAll)
#include "tst_exportall.moc"
