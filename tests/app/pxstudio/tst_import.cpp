// The import dialog and the label source as a setting, on a folder of GraphML graphs the test writes (graph
// keys "label": cycle or path, and "size": small or large):
//  - the dialog shows the format, the number of graphs, the first graphs' n, m and label (checked against the
//    graphs as written here), offers the sources the files hold, follows the choice, and keeps a refusal (a key
//    no graph has, a broken file: file, line and field) on screen with Open disabled;
//  - opened with one source, then changed to another, every view's key changes: what was drawn for the old labels
//    is marked PREVIOUS SETTINGS, never current, until the recomputed views draw the new key;
//  - the choice is in the session, in the sweep spec the app writes, and remembered for the folder.
#include "AppTestSupport.h"
#include "ExplorerViews.h"
#include "HelpWindow.h"
#include "ImportDialog.h"
#include "MainWindow.h"
#include "SessionModel.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"

#include "experiment/SweepSpec.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QDir>
#include <QFileInfo>
#include <QTimer>
#include <QtTest>
#include <qcustomplot.h>
#include <memory>

namespace {

constexpr int kGraphs = 40;
int vertices(int i) { return 3 + i / 2; }                    // graph i: a cycle (even i) or a path on this many vertices
int edges(int i) { return vertices(i) - (i % 2 ? 1 : 0); }
QString shape(int i) { return i % 2 ? "path" : "cycle"; }    // graph key "label"
QString size(int i) { return vertices(i) <= 12 ? "small" : "large"; }  // graph key "size"

QString graphML(int i) {
    QString xml = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                  "<key id=\"l\" for=\"graph\" attr.name=\"label\" attr.type=\"string\"/>\n"
                  "<key id=\"s\" for=\"graph\" attr.name=\"size\" attr.type=\"string\"/>\n<graph edgedefault=\"undirected\">\n";
    xml += QString("<data key=\"l\">%1</data><data key=\"s\">%2</data>\n").arg(shape(i), size(i));
    const int n = vertices(i);
    for (int v = 0; v < n; ++v) xml += QString("<node id=\"v%1\"/>\n").arg(v);
    for (int v = 0; v + 1 < n; ++v) xml += QString("<edge source=\"v%1\" target=\"v%2\"/>\n").arg(v).arg(v + 1);
    if (i % 2 == 0) xml += QString("<edge source=\"v%1\" target=\"v0\"/>\n").arg(n - 1);
    return xml + "</graph>\n</graphml>\n";
}

void write(const QString& path, const QString& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
}

bool waitIdle(MainWindow& w) {
    QElapsedTimer t;
    t.start();
    int quiet = 0;  // idle twice in a row, 50 ms apart: nothing was about to start
    while (t.elapsed() < 240000 && quiet < 2) {
        QTest::qWait(50);
        quiet = w.busyAnywhere() ? 0 : quiet + 1;
    }
    return quiet >= 2;
}

QStringList column(QTableWidget* table, int c) {
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r) out << table->item(r, c)->text();
    return out;
}

}  // namespace

class TestImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_import");
        QVERIFY(folder_.isValid());
        for (int i = 0; i < kGraphs; ++i) write(folder_.path() + QString("/g%1.graphml").arg(i, 2, 10, QChar('0')), graphML(i));
    }

    void theDialogPreviewsAndFollowsTheChoice() {
        ImportDialog dialog(folder_.path(), "auto");
        dialog.show();
        QVERIFY2(dialog.usable(), qPrintable(dialog.error()));
        QCOMPARE(dialog.preview().graphs, kGraphs);
        QCOMPARE(QString::fromStdString(dialog.preview().format), QString("folder of graph files"));
        QStringList offered;
        for (int i = 0; i < dialog.sources()->count(); ++i) offered << dialog.sources()->itemData(i).toString();
        QCOMPARE(offered, (QStringList{"auto", "graphml:label", "graphml:size", "none"}));
        {  // one file of it alone: its keys are no label source (they label a folder's graphs), only auto or none
            const QString one = folder_.path() + "/" + QDir(folder_.path()).entryList({"*.graphml"}, QDir::Files).first();
            ImportDialog single(one, "auto");
            QStringList offeredForOne;
            for (int i = 0; i < single.sources()->count(); ++i) offeredForOne << single.sources()->itemData(i).toString();
            QCOMPARE(offeredForOne, (QStringList{"auto", "none"}));
            QCOMPARE(column(single.table(), 0), QStringList{QFileInfo(one).fileName()});  // its graph by the file's name
        }
        QTableWidget* table = dialog.table();
        QCOMPARE(table->rowCount(), ImportDialog::kPreviewRows);
        QCOMPARE(dialog.findChild<QLabel*>("import-table-caption")->text(), QString("The first %1 of %2 graphs").arg(ImportDialog::kPreviewRows).arg(kGraphs));
        QStringList names, n, m, shapes, sizes;
        for (int i = 0; i < ImportDialog::kPreviewRows; ++i) {
            names << QString("g%1.graphml").arg(i, 2, 10, QChar('0'));
            n << QString::number(vertices(i));
            m << QString::number(edges(i));
            shapes << shape(i);
            sizes << size(i);
        }
        QCOMPARE(table->horizontalHeaderItem(0)->text(), QString("file"));
        QCOMPARE(column(table, 0), names);  // a folder's graphs by their file names, not numbers
        QCOMPARE(column(table, 1), n);
        QCOMPARE(column(table, 2), m);
        QCOMPARE(column(table, 3), shapes);  // auto: the one key named label
        const QString automatic = dialog.sources()->itemText(0);  // "automatic (GraphML graph key 'label')"
        QVERIFY2(automatic.contains("label"), qPrintable(automatic));
        QVERIFY(dialog.setLabels("graphml:size"));
        QCOMPARE(dialog.labels(), QString("graphml:size"));
        QCOMPARE(column(table, 3), sizes);
        QCOMPARE(dialog.sources()->itemText(0), automatic);  // what auto takes, not the source chosen now ("size")
        QVERIFY(dialog.setLabels("none"));
        QCOMPARE(dialog.sources()->itemText(0), automatic);
        QCOMPARE(column(table, 3), QStringList(ImportDialog::kPreviewRows, QString("—")));
        const QString unlabelled = dialog.findChild<QLabel*>("import-summary")->text();  // what no labels allow, said
        const QString formatLine = QString("Format: %1 — %2 graphs").arg(QString::fromStdString(dialog.preview().format)).arg(kGraphs);
        QVERIFY2(unlabelled.contains(formatLine), qPrintable(unlabelled));  // each number in its place
        QVERIFY2(unlabelled.contains("Labels: none") && unlabelled.contains("need labels of two classes: with no labels"), qPrintable(unlabelled));
        QVERIFY2(!unlabelled.contains("color"), qPrintable(unlabelled));  // a choice made, not a refusal: not in red
        QVERIFY(dialog.setLabels("auto"));
        QVERIFY(!dialog.findChild<QLabel*>("import-summary")->text().contains("need labels of two classes"));
        QVERIFY(dialog.setLabels("none"));
        // a key no graph has: refused in the dialog, which stays open with the sources still offered
        QVERIFY(dialog.setLabels("graphml:colour"));
        QVERIFY(!dialog.usable());
        QVERIFY2(dialog.error().contains("colour") && dialog.error().contains("g00.graphml"), qPrintable(dialog.error()));
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.findChild<QLabel*>("import-error")->text().contains("colour"));
        QVERIFY(dialog.sources()->findData("graphml:label") >= 0);
        QVERIFY(!dialog.setLabels("graphml:"));  // does not parse: said, the choice kept
        QCOMPARE(dialog.labels(), QString("graphml:colour"));
        // F1 in the dialog: the guide's page on opening data, which names GML and its label source
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QTest::keyClick(dialog.sources(), Qt::Key_F1);
        HelpWindow* help = dialog.findChild<HelpWindow*>();
        QVERIFY(help && help->isVisible());
        QCOMPARE(help->currentPage(), QString("panel-dataset.md"));
        QVERIFY(help->browser()->toPlainText().contains("GML graph attribute"));
    }

    // An edge-list folder whose headed labels.csv has a split column: the preview says the split's parts, and the
    // data set that opens trains on them.
    void aSplitColumnIsTheSplit() {
        QTemporaryDir dir;
        QString csv = "graph,split,label\n";
        const QStringList parts{"train", "valid", "test"};
        for (int i = 0; i < 12; ++i) {
            const QString name = QString("e%1.edges").arg(i, 2, 10, QChar('0'));
            // e00 repeats an edge and names vertex 4 in no edge (vertices 0..5): both said before opening
            write(dir.path() + "/" + name, i == 0 ? "0 1\n1 2\n2 3\n0 1\n3 5\n" : i % 2 ? "0 1\n1 2\n2 0\n" : "0 1\n1 2\n2 3\n");
            csv += name + "," + parts[i % 3] + "," + (i % 2 ? "\"ring, closed\"" : "path") + "\n";
        }
        write(dir.path() + "/labels.csv", csv);
        ImportDialog dialog(dir.path(), "auto");
        QVERIFY2(dialog.usable(), qPrintable(dialog.error()));
        const QString summary = dialog.findChild<QLabel*>("import-summary")->text();
        QVERIFY2(summary.contains("Split: labels.csv column &#x27;split&#x27; — 4 train, 4 valid, 4 test graphs") ||
                     summary.contains("Split: labels.csv column 'split' — 4 train, 4 valid, 4 test graphs"),
                 qPrintable(summary));
        QCOMPARE(column(dialog.table(), 3).mid(0, 2), (QStringList{"path", "ring, closed"}));
        QVERIFY2(summary.contains("Classes (graphs): path: 6, “ring, closed”: 6"), qPrintable(summary));  // one class, quoted
        QVERIFY2(summary.contains("Warnings (1)") && summary.contains("e00.edges:4"), qPrintable(summary));
        QVERIFY2(summary.contains("Note: 1 of 12 edge-list graphs have vertices in no edge") && summary.contains("e00.edges: 6 vertices, 1 in no edge"),
                 qPrintable(summary));
        QStringList offered;  // the split column is the split, not offered as classes
        for (int i = 0; i < dialog.sources()->count(); ++i) offered << dialog.sources()->itemData(i).toString();
        QCOMPARE(offered, (QStringList{"auto", "csv:label", "none"}));
        const auto ds = dialog.dataset();
        QVERIFY(ds && ds->split);
        QCOMPARE(ds->split->test, (std::vector<int>{2, 5, 8, 11}));
        QVERIFY(dialog.setLabels("none"));  // no labels: no split either, and the summary says what runs draw instead
        QVERIFY(!dialog.dataset()->split);
    }

    // A folder in the GIN text format with its 10 folds: the summary names them as the evaluation (it said "Split: none
    // in the data" under "10 folds read", a new user's finding on COLLAB).
    void shippedFoldsAreTheEvaluation() {
        QTemporaryDir dir;
        QString text = "20\n";
        for (int g = 0; g < 20; ++g)  // triangles (class 1) and paths (class 0) of three vertices
            text += g % 2 ? "3 1\n0 2 1 2\n0 2 0 2\n0 2 0 1\n" : "3 0\n0 1 1\n0 2 0 2\n0 1 1\n";
        write(dir.path() + "/TINY.txt", text);
        QDir(dir.path()).mkdir("10fold_idx");
        for (int k = 1; k <= 10; ++k) {
            QString train, test;
            for (int g = 0; g < 20; ++g) (g / 2 == k - 1 ? test : train) += QString::number(g) + "\n";
            write(dir.path() + QString("/10fold_idx/train_idx-%1.txt").arg(k), train);
            write(dir.path() + QString("/10fold_idx/test_idx-%1.txt").arg(k), test);
        }
        ImportDialog dialog(dir.path(), "auto");
        QVERIFY2(dialog.usable(), qPrintable(dialog.error()));
        const QString summary = dialog.findChild<QLabel*>("import-summary")->text();
        QVERIFY2(summary.contains("10 folds read") && summary.contains("Evaluation: 10-fold cross-validation on the folds shipped"),
                 qPrintable(summary));
        QVERIFY2(!summary.contains("none in the data"), qPrintable(summary));
    }

    // The Labels… button of the data set panel opens the dialog for the data set on screen, named as such.
    void theLabelsButtonNamesTheDataSet() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        // the panel names where the labels were read, and says when auto found the source itself
        auto* line = w->findChild<QLabel*>("labels-line");
        QVERIFY(w->openDataset(folder_.path(), "auto"));
        QVERIFY(waitIdle(*w));
        QCOMPARE(line->text(), QString("Labels: GraphML graph key 'label' (found automatically)"));
        QVERIFY(w->openDataset(folder_.path(), "graphml:label"));
        QVERIFY(waitIdle(*w));
        QCOMPARE(line->text(), QString("Labels: GraphML graph key 'label'"));
        QString title, button;
        QTimer::singleShot(300, [&] {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* d = qobject_cast<ImportDialog*>(top); d && d->isVisible()) {
                    title = d->windowTitle();
                    for (QPushButton* b : d->findChildren<QPushButton*>())
                        if (b->isEnabled() && b->text().contains("label")) button = b->text();
                    d->reject();
                }
        });
        auto* labels = w->findChild<QPushButton*>("labels-button");
        QVERIFY(labels && labels->isVisible());
        QTest::mouseClick(labels, Qt::LeftButton);
        QCOMPARE(title, QString("Class labels of %1").arg(QFileInfo(folder_.path()).fileName()));
        QCOMPARE(button, QString("Use these labels"));
        QCOMPARE(w->settings().labels, std::string("graphml:label"));  // cancelled: nothing changed
        // the classes are called by the words the files wrote, in the views too (the embedding's legend)
        auto* views = w->findChild<ExplorerViews*>();
        views->setCurrentWidget(views->embeddingPlot()->parentWidget());
        QVERIFY(waitIdle(*w));
        QCOMPARE(views->presenter()->present("embedding").state, ViewState::Current);
        QCOMPARE(views->embeddingPlot()->graph(0)->name(), QString("class cycle (released)"));
        QCOMPARE(views->embeddingPlot()->graph(1)->name(), QString("class path (released)"));
    }

    // A session's label source is read as FolderLabels reads it and written back in its words; a bad one is refused
    // naming the field, in the session and in what it declares per data set.
    void sessionLabelsAreCheckedByName() {
        nlohmann::json j = ExplorerSettings{}.toJson();
        QCOMPARE(j["labels"], nlohmann::json("auto"));
        j["labels"] = "GraphML:label";
        QCOMPARE(ExplorerSettings::fromJson(j).labels, std::string("graphml:label"));
        j["per_dataset"] = {{"/data/x", {{"labels", "CSV:kind"}}}};
        QCOMPARE(ExplorerSettings::fromJson(j).perDataset.at("/data/x").labels, std::string("csv:kind"));
        const std::pair<const char*, nlohmann::json> bad[] = {{"labels", "bogus"}, {"labels", "graphml:"}, {"labels", 3}};
        for (const auto& [key, value] : bad) {
            nlohmann::json b = ExplorerSettings{}.toJson();
            b[key] = value;
            try {
                ExplorerSettings::fromJson(b);
                QFAIL(qPrintable("accepted labels " + QString::fromStdString(value.dump())));
            } catch (const std::invalid_argument& e) {
                QVERIFY2(QString(e.what()).contains("field \"/labels\""), e.what());
            }
        }
        j["per_dataset"] = {{"x", {{"labels", "auto:x"}}}};
        try {
            ExplorerSettings::fromJson(j);
            QFAIL("accepted per_dataset labels auto:x");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).contains("field \"/per_dataset/x/labels\""), e.what());
        }
    }

    void aBrokenFileIsNamedAndNothingIsLost() {
        QTemporaryDir broken;
        write(broken.path() + "/a.graphml", graphML(0));
        write(broken.path() + "/b.graphml", graphML(1).replace("<edge source=\"v0\" target=\"v1\"/>", "<edge source=\"v0\"/>"));
        ImportDialog dialog(broken.path(), "graphml:label");
        dialog.show();
        QVERIFY(!dialog.usable());
        QVERIFY2(dialog.error().contains("b.graphml:") && dialog.error().contains("target"), qPrintable(dialog.error()));
        QPushButton* open = nullptr;
        for (QPushButton* b : dialog.findChildren<QPushButton*>()) if (b->text() == "Open") open = b;
        QVERIFY(open && !open->isEnabled());
        write(broken.path() + "/b.graphml", graphML(1));  // fixed outside the app: Read again
        dialog.refresh();
        QVERIFY2(dialog.usable(), qPrintable(dialog.error()));
        QCOMPARE(dialog.labels(), QString("graphml:label"));
        QVERIFY(open->isEnabled());
    }

    void changingTheLabelsRecomputesEveryView() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        ImportDialog dialog(folder_.path(), "graphml:label", w.get());
        QVERIFY(w->openDataset(folder_.path(), dialog.labels()));
        QVERIFY(waitIdle(*w));
        ViewPresenter* presenter = w->findChild<ExplorerViews*>()->presenter();
        const ExplorerSettings before = w->settings();
        QCOMPARE(before.labels, std::string("graphml:label"));
        const ViewStatus first = presenter->present("tradeoff");
        QVERIFY2(first.state == ViewState::Current, first.note.c_str());
        QCOMPARE(first.drawnKey, viewkeys::tradeoffKey(before, before.mechanism.epsilon));

        QVERIFY(w->changeLabels("graphml:size"));
        const ExplorerSettings after = w->settings();
        QCOMPARE(after.labels, std::string("graphml:size"));
        for (auto scope : {viewkeys::Scope::Release, viewkeys::Scope::Sweep, viewkeys::Scope::AtEpsilon})
            QVERIFY(viewkeys::key(before, scope) != viewkeys::key(after, scope));
        QCOMPARE(viewkeys::key(before, viewkeys::Scope::Patterns), viewkeys::key(after, viewkeys::Scope::Patterns));
        const ViewStatus stale = presenter->present("tradeoff");  // before the recompute ends
        QVERIFY(stale.state != ViewState::Current);
        QCOMPARE(stale.currentKey, viewkeys::tradeoffKey(after, after.mechanism.epsilon));
        QCOMPARE(stale.drawnKey, first.drawnKey);  // the old labels' curve still on screen: marked as such
        QCOMPARE(stale.state, ViewState::Previous);
        QVERIFY2(stale.note.find("PREVIOUS SETTINGS") != std::string::npos, stale.note.c_str());
        QVERIFY(waitIdle(*w));
        const ViewStatus now = presenter->present("tradeoff");
        QVERIFY2(now.state == ViewState::Current, now.note.c_str());
        QCOMPARE(now.drawnKey, viewkeys::tradeoffKey(after, after.mechanism.epsilon));
        QVERIFY(now.drawnKey != first.drawnKey);
        QCOMPARE(w->controller()->dataset()->tasks.size(), std::size_t(1));

        // kept: in the session, in the sweep spec for pxrun, and for the folder when it is opened again
        QTemporaryDir out;
        QVERIFY(w->saveSession(out.path() + "/s.pxstudio.json"));
        const ExplorerSettings saved = SessionModel::readSession(out.path() + "/s.pxstudio.json");
        QCOMPARE(saved.labels, std::string("graphml:size"));
        QVERIFY(w->saveSweepSpec(out.path() + "/sweep.json"));
        const auto spec = px::experiment::SweepSpec::load((out.path() + "/sweep.json").toStdString());
        QCOMPARE(spec.labels, std::string("graphml:size"));
        QCOMPARE(spec.dataset, folder_.path().toStdString());
        QVERIFY(w->openDataset("builtin:sbm-cycles"));
        QCOMPARE(w->settings().labels, std::string("auto"));
        QVERIFY(w->openDataset(folder_.path()));
        QCOMPARE(w->settings().labels, std::string("graphml:size"));
        QVERIFY(waitIdle(*w));
        // a source the folder cannot give is refused in a box, and nothing changes
        QTimer closer;
        connect(&closer, &QTimer::timeout, [] {
            for (QWidget* top : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) box->accept();
        });
        closer.start(50);
        QVERIFY(!w->changeLabels("graphml:colour"));
        closer.stop();
        QCOMPARE(w->settings().labels, std::string("graphml:size"));
        QVERIFY(waitIdle(*w));
    }

    // A folder of GML graphs with two label-like graph attributes ("class" and "label") is ambiguous: a recent entry
    // never chosen for goes through the import dialog, as File ▸ Open does, and then reopens with that choice without
    // asking (remembered in the settings); the command line opens directly, with --labels, else the remembered choice,
    // else the automatic one (here none of the two), and then says so in the status bar. One label-like attribute
    // is no question: opened directly.
    void recentAndCommandLineFollowTheSameLabelRules() {
        QTemporaryDir twoKeys, viaRecent, oneKey;
        for (int i = 0; i < 12; ++i) {
            const QString name = QString("/g%1.gml").arg(i, 2, 10, QChar('0'));
            write(twoKeys.path() + name, gmlGraph(i, true));
            write(viaRecent.path() + name, gmlGraph(i, true));
            write(oneKey.path() + name, gmlGraph(i, false));
        }
        QSettings().remove("recent/labels");
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        QStringList asked;  // the paths an import dialog was shown for
        QString answer;     // what it is answered with ("" rejects it)
        const void* previewed = nullptr;  // the data set the accepted dialog's preview read
        QTimer watcher;
        connect(&watcher, &QTimer::timeout, [&] {
            for (QWidget* top : QApplication::topLevelWidgets()) {
                auto* dialog = qobject_cast<ImportDialog*>(top);
                if (!dialog || !dialog->isVisible()) continue;
                asked << dialog->path();
                if (answer.isEmpty() || !dialog->setLabels(answer)) dialog->reject();
                else {
                    previewed = dialog->dataset().get();
                    dialog->accept();
                }
            }
        });
        watcher.start(50);
        const auto remembered = [](const QTemporaryDir& d) { return QSettings().value("recent/labels").toMap().value(d.path()).toString(); };

        QVERIFY(w->openFromCommandLine(twoKeys.path()));
        QVERIFY(asked.isEmpty());
        QCOMPARE(w->settings().labels, std::string("auto"));
        QVERIFY(w->controller()->dataset()->tasks.empty());  // two candidates: the automatic choice takes neither
        QVERIFY2(w->statusBar()->currentMessage().contains("more than one source of class labels"), qPrintable(w->statusBar()->currentMessage()));
        QCOMPARE(remembered(twoKeys), QString());  // the automatic choice is nobody's choice
        QVERIFY(waitIdle(*w));  // and once the views are in, the notice is still said (the "no class labels" line replaced it)
        QVERIFY2(w->statusBar()->currentMessage().contains("more than one source of class labels"), qPrintable(w->statusBar()->currentMessage()));
        QVERIFY(w->openFromCommandLine(twoKeys.path(), "graphml:class"));
        QCOMPARE(w->settings().labels, std::string("graphml:class"));
        QCOMPARE(w->controller()->dataset()->tasks.size(), std::size_t(1));
        QCOMPARE(remembered(twoKeys), QString("graphml:class"));
        QVERIFY(waitIdle(*w));

        answer = "graphml:label";
        QVERIFY(w->openRecent(viaRecent.path()));
        QCOMPARE(asked, QStringList{viaRecent.path()});
        QVERIFY(previewed);
        QCOMPARE(static_cast<const void*>(w->controller()->dataset().get()), previewed);  // what the preview read opens: not read again
        QCOMPARE(w->settings().labels, std::string("graphml:label"));
        QCOMPARE(remembered(viaRecent), QString("graphml:label"));
        QVERIFY(waitIdle(*w));
        QVERIFY(w->openDataset("builtin:sbm-cycles"));
        answer.clear();
        QVERIFY(w->openRecent(viaRecent.path()));  // not asked again
        QCOMPARE(asked.size(), 1);
        QCOMPARE(w->settings().labels, std::string("graphml:label"));
        QVERIFY(w->openFromCommandLine(twoKeys.path()));  // the command line takes the choice remembered for it
        QCOMPARE(w->settings().labels, std::string("graphml:class"));
        QVERIFY(waitIdle(*w));

        QVERIFY(w->openRecent(oneKey.path()));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(w->settings().labels, std::string("auto"));
        QCOMPARE(w->controller()->dataset()->tasks.size(), std::size_t(1));  // the one attribute named class
        QVERIFY(waitIdle(*w));
        watcher.stop();
    }

private:
    // GML graph i: a path on 3 + i % 4 vertices with graph attributes class (i % 2) and, if `twoKeys`, label (i % 3).
    static QString gmlGraph(int i, bool twoKeys) {
        QString text = QString("graph [\n  class \"c%1\"\n").arg(i % 2);
        if (twoKeys) text += QString("  label \"l%1\"\n").arg(i % 3);
        const int n = 3 + i % 4;
        for (int v = 0; v < n; ++v) text += QString("  node [ id %1 ]\n").arg(v);
        for (int v = 0; v + 1 < n; ++v) text += QString("  edge [ source %1 target %2 ]\n").arg(v).arg(v + 1);
        return text + "]\n";
    }
    QTemporaryDir folder_;
};

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    TestImport test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_import.moc"
