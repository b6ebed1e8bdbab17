// The depth lab in the window and on its own, offscreen: every view on built-in data, background
// loading of node data, and cancelling (its own cancel and the window's one Cancel).
#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "FigureExport.h"
#include "MainWindow.h"
#include "SessionModel.h"
#include "panels/NodeDataPanel.h"
#include "ViewPresenter.h"
#include "WorkIndicator.h"
#include "AppTestSupport.h"
#include "depthlab/DepthLab.h"

#include <map>
#include <QCheckBox>
#include <QDockWidget>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QRegularExpression>
#include <QTextDocument>
#include <set>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QComboBox>
#include <QSettings>
#include <QSpinBox>
#include <random>
#include <QScrollArea>
#include <QtTest>
#include <qcustomplot.h>

namespace {
// The settings column's controls (not the views' table chooser), in the order they were made (the same in every workspace), but the node data's.
QList<QWidget*> depthControls(DepthWorkspace& d) {
    QList<QWidget*> out;
    for (QWidget* w : d.findChild<QScrollArea*>()->widget()->findChildren<QWidget*>()) {  // the settings column
        const bool control = qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QCheckBox*>(w);
        if (control && !qobject_cast<NodeDataPanel*>(w->parentWidget()) && !w->inherits("QLineEdit")) out << w;
    }
    return out;
}

QStringList controlValues(DepthWorkspace& d) {
    QStringList values;
    for (QWidget* w : depthControls(d)) {
        if (auto* box = qobject_cast<QComboBox*>(w)) values << box->currentText();
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(w)) values << spin->text();
        if (auto* check = qobject_cast<QCheckBox*>(w)) values << (check->isChecked() ? "on" : "off");
    }
    return values;
}
}  // namespace

class TestDepthWorkspace : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_depthworkspace");  // its own autosave, recent files and journals, emptied
    }

    void depthLabShowsEveryViewOnBuiltinData() {
        MainWindow w;
        w.resize(1400, 860);
        w.show();
        DepthWorkspace* d = w.depthWorkspace();
        QVERIFY(!d->hasRun());
        auto* tabs = w.findChild<QTabWidget*>();
        QElapsedTimer timer;
        timer.start();
        tabs->setCurrentWidget(d);
        QTest::qWait(300);
        QVERIFY2(!d->busy() && !d->hasRun(), "opening the depth lab started experiments the user did not ask for");
        for (QCustomPlot* p : d->plots()) {  // unrun: a note saying what to press, no bare 0–5 axes to read as a result
            QVERIFY2(!p->xAxis->visible() && !p->yAxis->visible(), qPrintable(p->objectName()));
            d->views()->setCurrentWidget(p);
            QLabel* note = d->presenter()->note(p->objectName());
            QTRY_VERIFY2(note && note->isVisible() && note->text().startsWith("Not run yet"), qPrintable(p->objectName()));
            // it names the button that runs this view's experiment, as the button says it
            const std::map<QString, QString> runBy{{"cosera-auroc", "Run heat maps"}, {"cosera-err", "Run heat maps"},
                {"sbm-sweep", "Run SBM sweep"}, {"cosera-real", "Run COSERA on this data"}, {"nag", "Run NAG vs bound"},
                {"nag-trained", "Train NAG networks"}, {"noise-vs-depth", "Update noise vs depth"}, {"asamp", "Run AsampGCN vs pₛ"},
                {"accuracy-vs-depth", "Run private propagation"}, {"accuracy-vs-epsilon", "Run private propagation"},
                {"attack-vs-depth", "Run private propagation"}, {"attack-vs-epsilon", "Run private propagation"}};
            const QString named = QRegularExpression("“([^”]+)”").match(note->text()).captured(1);
            QVERIFY2(runBy.count(p->objectName()) && named.startsWith(runBy.at(p->objectName())), qPrintable(p->objectName() + ": " + note->text()));
            bool shown = false;
            for (QPushButton* b : d->findChildren<QPushButton*>()) shown |= b->text().startsWith(named);
            QVERIFY2(shown, qPrintable(named));
        }
        QPushButton* runAll = nullptr;
        for (QPushButton* b : d->findChildren<QPushButton*>())
            if (b->text() == "Run all depth experiments") runAll = b;
        QVERIFY(runAll && runAll->isVisible());
        // the status bar's words count the whole queue once, from 0 to 100 %: never back to a lower percentage at the
        // next experiment (they went 99 %, then 26 %), and its end is said in the window's status bar
        auto* work = w.findChild<WorkIndicator*>();
        QList<int> percents;
        connect(work, &WorkIndicator::changed, &w, [&] {
            // alone ("depth lab 41 %") or as one part of several ("all work 60 %: sweep 80 %, depth lab 41 %", while the
            // window's first sweep still runs, as under the sanitizers)
            const QRegularExpressionMatch m = QRegularExpression("depth lab (\\d+) %").match(work->words()->text());
            if (work->words()->isVisible() && m.hasMatch()) percents << m.captured(1).toInt();
        });
        QStringList said;
        connect(w.statusBar(), &QStatusBar::messageChanged, &w, [&](const QString& m) { said << m; });
        QTest::mouseClick(runAll, Qt::LeftButton);  // every experiment on built-in data
        QVERIFY(d->busy());
        d->waitForIdle();
        QVERIFY2(percents.size() >= 3, qPrintable(QString::number(percents.size())));
        for (int i = 1; i < percents.size(); ++i)
            QVERIFY2(percents[i] >= percents[i - 1], qPrintable(QString("depth lab %1 % after %2 %").arg(percents[i]).arg(percents[i - 1])));
        QVERIFY2(said.filter(QRegularExpression("^Depth lab: all \\d+ experiments finished$")).size() == 1, qPrintable(said.join(" | ")));
        bool keptInItsLine = false;  // and the lab's own line keeps saying it (the status bar's words go after seconds)
        for (QLabel* l : d->findChildren<QLabel*>())
            keptInItsLine = keptInItsLine || (l->isVisible() && l->text().contains(QRegularExpression("^All \\d+ experiments finished")));
        QVERIFY(keptInItsLine);
        qInfo("depth lab: all experiments on built-in data in %.1f s", timer.elapsed() / 1000.0);
        for (const char* e : {"cosera-grid", "sbm-sweep", "cosera-real", "nag", "nag-trained", "accounting", "propagation", "asamp"}) {
            if (!px::depthlab::depthExperimentAvailable(e)) continue;  // builds without the neural layer
            QVERIFY2(d->table(e) && d->table(e)->rows() > 0, e);
        }
        QCOMPARE(d->table("cosera-grid")->rows(), 10 * 10);
        for (QCustomPlot* p : d->plots())
            if (px::depthlab::depthExperimentAvailable(p->objectName().toStdString()))
                QVERIFY2(p->plottableCount() > 0 && p->xAxis->visible() && p->yAxis->visible(), qPrintable(p->objectName()));
        // a plot against ε says at which δ its points hold: the δ of the propagation spec
        const QString delta = QString("δ = %1").arg(d->specFor("propagation")["delta"].get<double>(), 0, 'g', 3);
        int againstEpsilon = 0;
        for (QCustomPlot* p : d->plots())
            if (p->objectName() == "accuracy-vs-epsilon" && ++againstEpsilon)
                QVERIFY2(px::widgets::figureTitle(p).contains(delta), qPrintable(px::widgets::figureTitle(p) + " lacks " + delta));
        QCOMPARE(againstEpsilon, 1);
        // the ε control redraws the accounting view
        const double before = d->table("accounting")->at(0, "multiplier").get<double>();
        QDoubleSpinBox* eps = nullptr;
        for (auto* b : d->findChildren<QDoubleSpinBox*>()) if (b->toolTip().startsWith("ε of the accounting")) eps = b;
        QVERIFY(eps);
        eps->setValue(2.0);
        d->waitForIdle();
        QVERIFY(d->table("accounting")->at(0, "multiplier").get<double>() < before);
        const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            for (int i = 0; i < d->views()->count(); ++i) {
                d->views()->setCurrentIndex(i);
                QTest::qWait(50);
                w.grab().save(QString("%1/depth%2.png").arg(shots).arg(i));
            }
        QTemporaryDir dir;
        QStringList leftOut;
        QVERIFY(d->exportAll(dir.path(), nullptr, &leftOut));
        // AsampGCN was run at the earlier ε: left out and said so, not written as if it were of these settings
        if (px::depthlab::depthExperimentAvailable("asamp")) {
            QVERIFY2(leftOut.filter(QRegularExpression("AsampGCN.*computed for other settings")).size() == 1, qPrintable(leftOut.join(" | ")));
            QVERIFY(!QFile::exists(dir.path() + "/depth-asamp.png") && !QFile::exists(dir.path() + "/depth-asamp.csv"));
        }
        if (!shots.isEmpty())  // the exported files of every view, to look at
            for (const QString& f : QDir(dir.path()).entryList({"depth-nag-trained.*"})) QFile::copy(dir.path() + "/" + f, shots + "/" + f);
        for (const char* name : {"cosera-auroc", "cosera-err", "cosera-real", "nag", "nag-trained", "noise-vs-depth", "accuracy-vs-depth",
                                 "attack-vs-epsilon"}) {
            if (!px::depthlab::depthExperimentAvailable(name)) continue;
            const QString base = dir.path() + "/depth-" + name;
            QCOMPARE(head(base + ".png", 4), QByteArray("\x89PNG", 4));
            // at the paper size of Export all's other figures (the two-column preset), not a screen size
            const px::widgets::FigureSize paper = px::widgets::presetSize("two-column");
            QCOMPARE(QImage(base + ".png").size(), QSize(qRound(paper.widthIn * paper.dpi), qRound(paper.heightIn * paper.dpi)));
            QCOMPARE(head(base + ".pdf", 5), QByteArray("%PDF-"));
            QVERIFY(head(base + ".svg", 400).contains("<svg"));
        }
        // the trained NAG's figure keys its line styles by meaning (its legend once read "solid", "dashed", "dotted")
        if (px::depthlab::depthExperimentAvailable("nag-trained")) {
            const QByteArray svg = head(dir.path() + "/depth-nag-trained.svg", 1 << 24);
            for (const char* key : {">test accuracy<", ">COSERA ERR<", ">ERR bound, any attacker<"}) QVERIFY2(svg.contains(key), key);
        }
        QVERIFY(head(dir.path() + "/depth-propagation.csv", 200).startsWith("scheme,epsilon,hops"));
        QVERIFY(head(dir.path() + "/depth-propagation.json", 2000).contains("\"experiment\": \"propagation\""));
    }
    void depthLabLoadsNodeDataInTheBackground() {
        DepthWorkspace d;
        QSignalSpy messages(&d, &DepthWorkspace::message);
        d.loadNodeDataInBackground("builtin:sbm-nodes");
        QTRY_COMPARE(d.specFor("propagation")["data"].get<std::string>(), std::string("builtin:sbm-nodes"));
        d.loadNodeDataInBackground(QString(PX_TEST_DATA_DIR_FOR_APP) + "/linqs/bad-width");
        QTRY_COMPARE(messages.count(), 1);
        QVERIFY2(messages.at(0).at(0).toString().contains("bad.content:2"), qPrintable(messages.at(0).at(0).toString()));
        QCOMPARE(d.specFor("propagation")["data"].get<std::string>(), std::string("builtin:sbm-nodes"));  // unchanged
    }
    void referenceCodeIsLabelledInTableAndPlots() {
        MainWindow w;
        w.resize(1400, 860);
        w.show();
        DepthWorkspace* d = w.depthWorkspace();
        w.findChild<QTabWidget*>()->setCurrentWidget(d);  // the first visit runs every experiment
        d->waitForIdle();
        QCheckBox* reference = nullptr;
        for (auto* b : d->findChildren<QCheckBox*>()) if (b->text().contains("NO guarantee")) reference = b;
        QVERIFY(reference);
        reference->setChecked(true);
        d->run("propagation");
        d->waitForIdle();
        const auto* t = d->table("propagation");
        QVERIFY(t && t->rows() > 0);
        int labelled = 0;
        for (int i = 0; i < t->rows(); ++i)
            if (t->at(i, "scheme").get<std::string>() == "caribou-reference") {
                QVERIFY(t->at(i, "guarantee").get<std::string>().find("no valid guarantee") != std::string::npos);
                ++labelled;
            }
        QVERIFY(labelled > 0);
        bool legend = false;
        for (QCustomPlot* p : d->plots())
            for (int i = 0; i < p->graphCount(); ++i) legend |= p->graph(i)->name().contains("NO valid guarantee");
        QVERIFY2(legend, "a plot legend names the reference code as carrying no valid guarantee");
        // The accuracy views: every private scheme with its spread, beside the public-information control.
        for (const char* name : {"accuracy-vs-depth", "accuracy-vs-epsilon"}) {
            QCustomPlot* p = d->findChild<QCustomPlot*>(name);
            QVERIFY(p);
            const double control = t->at(0, "features_only_accuracy").get<double>();
            bool featuresAlone = false;
            for (int i = 0; i < p->graphCount(); ++i)
                if (p->graph(i)->name().startsWith("features alone"))
                    featuresAlone = p->graph(i)->dataCount() == 2 && std::abs(p->graph(i)->data()->at(0)->value - control) < 1e-12;
            QVERIFY2(featuresAlone, name);
            int bars = 0;
            for (int i = 0; i < p->plottableCount(); ++i) bars += qobject_cast<QCPErrorBars*>(p->plottable(i)) ? 1 : 0;
            QVERIFY2(bars >= 3, qPrintable(QString("%1: %2 error bars").arg(name).arg(bars)));  // GAP, CARIBOU, reference
        }
        const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            for (int i = 0; i < d->views()->count(); ++i)
                if (d->views()->tabText(i) == "Acc. vs L") {
                    d->views()->setCurrentIndex(i);
                    QTest::qWait(50);
                    w.grab().save(shots + "/depth-reference.png");
                    for (const auto& preset : px::widgets::figurePresets()) {  // the paper figures of this view
                        px::widgets::FigureSize size = preset.size;
                        size.dpi = 150;
                        px::widgets::exportFigure(d->views()->findChild<QCustomPlot*>("accuracy-vs-depth"),
                                                  QString("%1/figure-accuracy-vs-depth-%2.png").arg(shots, preset.key), size);
                    }
                }
        reference->setChecked(false);
    }

    // What lesson 4's first step and the guide say of the COSERA heat map, on the grid the lesson runs (two trials): along
    // the widest row the AUROC falls from L = 1 to the deepest L, along the narrowest it rises (a new user read the
    // step's "find where the AUROC falls as L grows" against bottom rows that rise).
    void theHeatMapBearsOutLessonFour() {
        DepthWorkspace d;
        DepthSettings two = d.settings();
        two.trials = 2;  // as the lesson's step sets them
        d.applySettings(two);
        d.run("cosera-grid");
        d.waitForIdle();
        const px::experiment::ResultTable* grid = d.table("cosera-grid");
        QVERIFY(grid && grid->rows() > 0);
        std::map<int, std::map<int, double>> auroc;  // d → L → mean AUROC
        for (int r = 0; r < grid->rows(); ++r) auroc[grid->at(r, "d").get<int>()][grid->at(r, "depth").get<int>()] = grid->at(r, "auroc_mean").get<double>();
        const auto& widest = auroc.rbegin()->second;
        const auto& narrowest = auroc.begin()->second;
        QVERIFY2(widest.rbegin()->second < widest.begin()->second,
                 qPrintable(QString("d = %1: %2 at L = 1, %3 at L = %4").arg(auroc.rbegin()->first).arg(widest.begin()->second)
                                .arg(widest.rbegin()->second).arg(widest.rbegin()->first)));
        QVERIFY2(narrowest.rbegin()->second > narrowest.begin()->second,
                 qPrintable(QString("d = %1: %2 at L = 1, %3 at L = %4").arg(auroc.begin()->first).arg(narrowest.begin()->second)
                                .arg(narrowest.rbegin()->second).arg(narrowest.rbegin()->first)));
    }
    // Formulas are shown typeset, not as code: the heat maps' dimensions as 2 with a superscript power (it said
    // "2^11"), the panels' labels and every tooltip with sub- and superscripts (it said "‖W_l‖_op"). Read from what the
    // widgets show: the tick labels drawn, and each label's and tooltip's text as rendered (rich text as plain text).
    void formulasAreShownTypeset() {
        DepthWorkspace d;
        d.run("cosera-grid");
        d.waitForIdle();
        const px::experiment::ResultTable* grid = d.table("cosera-grid");
        QVERIFY(grid && grid->rows() > 0);
        auto* map = d.views()->findChild<QCustomPlot*>("cosera-auroc");
        auto* ticks = dynamic_cast<QCPAxisTickerText*>(map->yAxis->ticker().data());
        QVERIFY(ticks && !ticks->ticks().isEmpty());
        const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
        std::set<int> dimensions, shown;
        for (int r = 0; r < grid->rows(); ++r) dimensions.insert(grid->at(r, "d").get<int>());
        for (const QString& label : ticks->ticks()) {
            QVERIFY2(label.startsWith('2') && !label.contains('^') && label.size() > 1, qPrintable(label));
            int exponent = 0;
            for (const QChar c : label.mid(1)) {
                QVERIFY2(superscripts.contains(c), qPrintable(label));
                exponent = 10 * exponent + int(superscripts.indexOf(c));
            }
            shown.insert(1 << exponent);
        }
        QCOMPARE(shown, dimensions);  // 2ⁿ reads as the grid's own d
        const auto rendered = [](const QString& text) {
            if (!Qt::mightBeRichText(text)) return text;
            QTextDocument doc;
            doc.setHtml(text);
            return doc.toPlainText();
        };
        const QRegularExpression code(QStringLiteral(R"([\p{L}‖)]_|\^)"));
        QStringList shownTexts;
        for (QWidget* w : d.findChildren<QWidget*>()) {
            shownTexts << rendered(w->toolTip());
            if (auto* label = qobject_cast<QLabel*>(w)) shownTexts << rendered(label->text());
            if (auto* button = qobject_cast<QAbstractButton*>(w)) shownTexts << button->text();  // plain text only
        }
        for (int i = 0; i < d.views()->count(); ++i) shownTexts << rendered(d.views()->tabToolTip(i));
        for (const QString& t : shownTexts) QVERIFY2(!t.contains(code), qPrintable(t));
        bool opNormLabel = false;
        for (QLabel* label : d.findChildren<QLabel*>())
            if (rendered(label->text()) == QStringLiteral("‖Wℓ‖op")) opNormLabel = label->text().contains("<sub>");
        QVERIFY2(opNormLabel, "no label ‖Wℓ‖op with subscripts");
    }

    // Experiments start when the user asks (the Run all button, Ctrl+R); while they run, the lab shows its progress
    // and a Cancel that stops the running one and drops the queue, and then says so. Read from the widgets.
    void runAllShowsProgressAndItsCancelCancels() {
        DepthWorkspace d;
        d.resize(1200, 800);
        d.show();
        DepthSettings big = d.settings();
        big.n = 1000;  // a long heat map
        d.applySettings(big);
        auto* progress = d.findChild<QProgressBar*>("depth-progress");
        auto* cancel = d.findChild<QPushButton*>("depth-cancel");
        QVERIFY(progress && cancel);
        QVERIFY(!progress->isVisible() && !cancel->isVisible() && !d.busy());
        QPushButton* runAll = nullptr;
        for (QPushButton* b : d.findChildren<QPushButton*>())
            if (b->shortcut() == QKeySequence("Ctrl+R")) runAll = b;
        QVERIFY(runAll && runAll->isVisible());
        QTest::mouseClick(runAll, Qt::LeftButton);
        QVERIFY(d.busy());
        QTRY_VERIFY(progress->isVisible() && cancel->isVisible());
        QTest::qWait(300);
        QElapsedTimer t;
        t.start();
        QTest::mouseClick(cancel, Qt::LeftButton);
        d.waitForIdle();
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
        QTRY_VERIFY(!progress->isVisible() && !cancel->isVisible());
        QVERIFY(d.table("cosera-grid") == nullptr && d.table("propagation") == nullptr);  // the long one stopped, the queue dropped
        bool saysCancelled = false;
        for (QLabel* l : d.findChildren<QLabel*>()) saysCancelled = saysCancelled || (l->isVisible() && l->text().startsWith("Cancelled"));
        QVERIFY(saysCancelled);
    }

    // An experiment's own Run button brings the tab its result lands on to the front (the trained NAG's result sat on a
    // tab the user was not looking at, under an empty heat map). Every button of every panel, read from the widgets.
    void anExperimentsButtonShowsItsTab() {
        DepthWorkspace d;
        d.resize(1200, 800);
        d.show();
        const std::map<QString, QString> tabOf{{"Run heat maps (d × L)", "AUROC"},   {"Run SBM sweep (K × p)", "SBM sweep"},
                                               {"Run NAG vs bound (untrained)", "NAG"}, {"Train NAG networks", "NAG trained"}};
        int clicked = 0;
        for (const auto& [text, tab] : tabOf)
            for (QPushButton* b : d.findChildren<QPushButton*>()) {
                if (b->text() != text || !b->isEnabled()) continue;
                d.views()->setCurrentIndex(d.views()->count() - 1);  // the last tab (the tables): somewhere else
                QTest::mouseClick(b, Qt::LeftButton);
                QCOMPARE(d.views()->tabText(d.views()->currentIndex()), tab);
                d.cancel();
                d.waitForIdle();
                ++clicked;
            }
        QVERIFY2(clicked >= 3, qPrintable(QString::number(clicked)));  // "Train NAG networks" needs the neural layer
    }

    // A window that opens on the depth lab (a session restored there) gives it the whole width, as a switch to the tab
    // does: the settings column is not shown (it stayed, leaving the plot 470 px at 1280×720).
    void aWindowOpenedOnTheDepthLabHidesTheSettingsColumn() {
        MainWindow w;
        auto* views = w.findChild<ExplorerViews*>();
        views->setCurrentWidget(views->depth());  // before the window is shown, as a restored session does
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QDockWidget* dock = w.findChild<QDockWidget*>();
        QVERIFY(dock);
        QVERIFY2(!dock->isVisible(), "the settings column is on screen beside the depth lab");
        views->setCurrentIndex(0);
        QTRY_VERIFY(dock->isVisible());  // and back on the explorer's views
        w.controller()->waitForIdle();
    }

    void depthLabCancelStopsTheRunningExperiment() {
        DepthWorkspace d;
        DepthSettings big = d.settings();
        big.n = 1000;  // a long heat map
        d.applySettings(big);
        QCOMPARE(d.specFor("cosera-grid")["n"].get<int>(), 1000);
        d.run("cosera-grid");
        d.run("propagation");
        QTest::qWait(300);
        QVERIFY(d.busy());
        QElapsedTimer t;
        t.start();
        d.cancel();
        d.waitForIdle();
        qInfo("depth lab cancel took %lld ms", t.elapsed());
        QVERIFY(t.elapsed() < 3000);
        QVERIFY(d.table("cosera-grid") == nullptr);
        QVERIFY(d.table("propagation") == nullptr);  // the queued one was dropped
    }
    // Every control of the settings column (but the node data, loaded by its own choice) set at random, as the next
    // run of the app finds it: nothing the user chose is lost. Read back from the widgets of a new workspace.
    void theControlsAreKeptForTheNextRun() {
        std::mt19937 rng(20261206);
        for (int round = 0; round < 3; ++round) {
            QStringList chosen;
            {
                DepthWorkspace d;
                for (QWidget* w : depthControls(d)) {
                    if (auto* box = qobject_cast<QComboBox*>(w)) box->setCurrentIndex(int(rng() % unsigned(box->count())));
                    if (auto* spin = qobject_cast<QSpinBox*>(w)) spin->setValue(spin->minimum() + int(rng() % unsigned(spin->maximum() - spin->minimum() + 1)));
                    if (auto* spin = qobject_cast<QDoubleSpinBox*>(w))
                        spin->setValue(spin->minimum() + (spin->maximum() - spin->minimum()) * double(rng() % 1000) / 999.0);
                    if (auto* check = qobject_cast<QCheckBox*>(w); check && check->isEnabled()) check->setChecked(rng() % 2);
                }
                chosen = controlValues(d);
                d.cancel();
                d.waitForIdle();
            }
            DepthWorkspace next;
            QVERIFY2(chosen.size() >= 15, qPrintable(QString::number(chosen.size())));  // every control of the column
            QCOMPARE(controlValues(next), chosen);
        }
        QSettings().setValue("depth/settings", "{\"n\": \"five hundred\", \"trials\": 3, \"nonsense\": [1]}");
        DepthWorkspace mistyped;  // a field of the wrong type keeps its default, the others are taken
        QCOMPARE(mistyped.settings().n, DepthSettings{}.n);
        QCOMPARE(mistyped.settings().trials, 3);
        QSettings().remove("depth/settings");
    }

    void oneCancelStopsTheDepthLabToo() {
        QFile::remove(SessionModel().autosavePath());  // not the view the last test left on screen, which would compute
        MainWindow w;
        QVERIFY(waitFinished(w.controller()));
        QPushButton* cancel = nullptr;
        for (auto* b : w.statusBar()->findChildren<QPushButton*>()) if (b->text() == "Cancel") cancel = b;
        QVERIFY(cancel);
        QVERIFY(!cancel->isEnabled());  // nothing runs
        DepthWorkspace* d = w.depthWorkspace();
        DepthSettings big = d->settings();
        big.n = 1000;  // a long heat map
        d->applySettings(big);
        d->run("cosera-grid");
        QVERIFY(d->busy());
        QTRY_VERIFY(cancel->isEnabled());
        QElapsedTimer t;
        t.start();
        cancel->click();
        d->waitForIdle();
        qInfo("the window's Cancel stopped the depth lab in %lld ms", t.elapsed());
        QVERIFY(t.elapsed() < 5000);
        QVERIFY(d->table("cosera-grid") == nullptr);
        QTRY_VERIFY(!cancel->isEnabled());
    }
};

QTEST_MAIN(TestDepthWorkspace)
#include "tst_depthworkspace.moc"
