// What a new user saw, measured on what the widgets draw after the user's actions (not on the setters called):
//  - labelled → unlabelled → labelled data: every plot gets its full height back and its axis titles whole;
//  - the noise anatomy draws for unlabelled data (noise scales need no labels); the views that train a classifier
//    say in words, on the view, that they need labels;
//  - the ε readout hides no drawn data point; every progress text on screen gives one number for one part;
//  - Cancel calls off Export all's "Compute, then export" (nothing written); each export's folder names its data set
//    and settings.
#include "AppTestSupport.h"
#include "DepthWorkspace.h"
#include "EpsilonSlider.h"
#include "SliderReadout.h"
#include "ExplorerViews.h"
#include "LessonPlayer.h"
#include "MainWindow.h"
#include "ScreenFit.h"
#include "ViewPresenter.h"
#include "WorkIndicator.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLineEdit>
#include <QUndoStack>
#include <QDir>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include <QLabel>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QtTest>
#include <memory>
#include <random>
#include <qcustomplot.h>

namespace {

// With PX_SCREENSHOT_DIR set, the window as drawn now (to look at, not checked).
void shot(QWidget& w, const char* name) {
    if (const QString dir = qEnvironmentVariable("PX_SCREENSHOT_DIR"); !dir.isEmpty()) w.grab().save(dir + "/" + name + ".png");
}

bool waitIdle(MainWindow& w) {
    QElapsedTimer t;
    t.start();
    int quiet = 0;  // idle three times in a row, 50 ms apart: nothing was about to start
    while (t.elapsed() < 240000 && quiet < 3) {
        QTest::qWait(50);
        quiet = w.busyAnywhere() ? 0 : quiet + 1;
    }
    QTest::qWait(100);  // queued replots drawn
    return quiet >= 3;
}

// The text drawn for an axis title must be the whole title: no elision mark, and as long as the builder's.
void checkWholeAxisTitles(QCustomPlot* plot, const QString& view) {
    for (QCPAxis* axis : plot->axisRects().first()->axes()) {
        if (!axis->visible() || axis->label().isEmpty()) continue;
        const QString drawn = axis->label(), full = px::widgets::fullLabel(axis);
        QVERIFY2(!drawn.contains(QChar(0x2026)) && drawn == full,
                 qPrintable(QString("%1: axis title drawn as \"%2\", full \"%3\"").arg(view, drawn, full)));
    }
}


// The menu action that switches projector mode (F11), found by its text as a user finds it.
QAction* projectorAction(MainWindow& w) {
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text().contains("Presentation")) return a;
    return nullptr;
}

// What an axis draws, measured in the plot's pixels: for every tick label of a left or right axis inside the
// range, the height of its ink against the height the axis' tick font gives that text. QCustomPlot keeps drawn labels
// in a cache keyed by their text; a label cached at another size would show here ("1" at the projector's size in
// the normal window, seen in a screenshot tour after F11).
QStringList tickLabelsOfAnotherSize(QCustomPlot* plot, QCPAxis* axis) {
    QStringList wrong;
    if (!axis->visible() || !axis->tickLabels() || axis->orientation() != Qt::Vertical) return wrong;
    const QImage image = plot->grab().toImage().convertToFormat(QImage::Format_Grayscale8);
    const QFontMetrics metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QRect rect = axis->axisRect()->rect();
    for (int i = 0; i < ticks.size(); ++i) {
        // labels typeset as powers ("1e-04" drawn as 10 with a raised -4) have no one text height to compare with
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty() || labels[i].contains('e')) continue;
        const int y = int(std::lround(axis->coordToPixel(ticks[i])));
        // a label stands centred on its tick: searched within its font's height, up to halfway to the next tick, and
        // within its own width (a little more) from the axis, short of the axis title
        double spacing = 1e9;
        for (int j : {i - 1, i + 1})
            if (j >= 0 && j < ticks.size()) spacing = std::min(spacing, std::abs(axis->coordToPixel(ticks[j]) - axis->coordToPixel(ticks[i])));
        const int half = std::min(metrics.height(), int(spacing / 2) - 1);
        const int width = int(1.3 * metrics.horizontalAdvance(labels[i])) + axis->tickLabelPadding();
        const int edge = axis->axisType() == QCPAxis::atLeft ? rect.left() - axis->tickLengthOut() - 1 : rect.right() + axis->tickLengthOut() + 2;
        const int x0 = axis->axisType() == QCPAxis::atLeft ? std::max(0, edge - width) : edge;
        const int x1 = axis->axisType() == QCPAxis::atLeft ? edge : std::min(image.width() - 1, edge + width);
        int top = -1, bottom = -1;
        for (int row = std::max(0, y - half); row <= std::min(image.height() - 1, y + half); ++row)
            for (int x = x0; x < x1; ++x)
                if (qGray(image.pixel(x, row)) < 110) {
                    if (top < 0) top = row;
                    bottom = row;
                    break;
                }
        const int drawn = top < 0 ? 0 : bottom - top + 1, expected = metrics.tightBoundingRect(labels[i]).height();
        if (std::abs(drawn - expected) > 2)
            wrong << QString("%1 %2 axis: \"%3\" drawn %4 px tall, its font gives %5 px").arg(plot->objectName(),
                         axis->axisType() == QCPAxis::atLeft ? "left" : "right", labels[i]).arg(drawn).arg(expected);
    }
    return wrong;
}
}  // namespace

class TestAppTruth : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_apptruth");
        QVERIFY(unlabelled_.isValid());
        pxtest::writeUnlabelledFolder(unlabelled_.path(), 24, 2);
    }

    void init() {  // every window starts as on a first run, but for the welcome card (the screenshots show the views)
        pxtest::useEmptyAppDataFolder("tst_apptruth");
        QSettings().setValue("welcome/show", false);
    }

    void plotsGetTheirHeightAndTitlesBackAfterUnlabelledData() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        QCustomPlot* tradeoff = views->tradeoff();
        views->setCurrentWidget(tradeoff);
        QVERIFY(waitIdle(*w));
        const int fullHeight = tradeoff->axisRect()->height(), fullWidth = tradeoff->axisRect()->width();
        QVERIFY2(fullHeight > 200, qPrintable(QString::number(fullHeight)));
        checkWholeAxisTitles(tradeoff, "trade-off, first");

        auto* results = views->findChild<QTableWidget*>();
        QVERIFY(results && results->rowCount() > 0);  // the labelled set's runs
        QVERIFY(w->openDataset(unlabelled_.path(), "none"));
        QVERIFY(waitIdle(*w));
        shot(*w, "unlabelled-tradeoff");
        // the results table shows no row of the labelled set's runs under the unlabelled set's name
        QVERIFY2(results->rowCount() == 0, qPrintable(QString("%1 rows of another data set's runs").arg(results->rowCount())));
        // a note on the view, not a strip of a plot
        QVERIFY2(tradeoff->axisRect()->height() > fullHeight / 2 && tradeoff->axisRect()->width() > fullWidth / 2,
                 qPrintable(QString("unlabelled: axis rect %1×%2 px, labelled %3×%4").arg(tradeoff->axisRect()->width())
                                .arg(tradeoff->axisRect()->height()).arg(fullWidth).arg(fullHeight)));

        QVERIFY(w->openDataset("builtin:sbm-cycles"));
        QVERIFY(waitIdle(*w));
        QVERIFY(!w->controller()->dataset()->tasks.empty());
        const int again = tradeoff->axisRect()->height();
        QVERIFY2(std::abs(again - fullHeight) <= 30 && std::abs(tradeoff->axisRect()->width() - fullWidth) <= 30,
                 qPrintable(QString("labelled again: axis rect %1×%2 px, first %3×%4").arg(tradeoff->axisRect()->width()).arg(again)
                                .arg(fullWidth).arg(fullHeight)));
        QVERIFY(tradeoff->graphCount() >= 3);
        checkWholeAxisTitles(tradeoff, "trade-off, labelled again");
        shot(*w, "labelled-again-tradeoff");
        views->setCurrentWidget(views->anatomy());
        QVERIFY(waitIdle(*w));
        QVERIFY2(views->anatomy()->axisRect()->height() > 200, qPrintable(QString::number(views->anatomy()->axisRect()->height())));
        checkWholeAxisTitles(views->anatomy(), "anatomy, labelled again");
    }

    void anatomyDrawsForUnlabelledDataAndTheOthersSayWhy() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        QVERIFY(w->openDataset(unlabelled_.path(), "none"));
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        views->setCurrentWidget(views->anatomy());
        QVERIFY(waitIdle(*w));
        ViewPresenter* presenter = views->presenter();
        const ViewStatus anatomy = presenter->present("anatomy");
        QVERIFY2(anatomy.state == ViewState::Current, anatomy.note.c_str());
        // drawn: one point per pattern in each series, on an axis rect of real height
        QCustomPlot* plot = views->anatomy();
        QVERIFY(plot->graphCount() >= 2 && w->controller()->patterns());
        QCOMPARE(plot->graph(1)->name(), QString("noise scale σ (median over graphs)"));
        QCOMPARE(plot->graph(1)->dataCount(), int(w->controller()->patterns()->size()));  // a noise scale for every pattern
        QVERIFY(!presenter->note("anatomy")->isVisible());
        shot(*w, "unlabelled-anatomy");
        for (const char* view : {"tradeoff", "table", "expressivity"}) {
            views->setCurrentWidget(presenter->host(view));
            QVERIFY(waitIdle(*w));
            const ViewStatus s = presenter->present(view);
            QLabel* note = presenter->note(view);
            QVERIFY2(note->isVisible() && note->text().contains("needs class labels"), qPrintable(QString(view) + ": " + note->text()));
            QVERIFY(s.state != ViewState::Current);
            shot(*w, (QString("unlabelled-") + view).toUtf8().constData());
        }
    }

    // The ε readout by the slider's marker hides no drawn data point (a marker of any series, release, attack or
    // control, grown by its radius): with the slider at several ε, and after the window is resized.
    void theReadoutHidesNoDrawnPoint() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        views->setCurrentWidget(views->tradeoff());
        auto* slider = w->findChild<px::widgets::EpsilonSlider*>();
        QCustomPlot* plot = views->tradeoff();
        int checked = 0;
        for (const char* data : {"builtin:sbm-cycles", "builtin:er"}) {
          if (w->settings().dataset != data) QVERIFY(w->openDataset(data));
          QVERIFY(waitIdle(*w));
          for (const QSize size : {QSize(1366, 768), QSize(1100, 650), QSize(1280, 720)}) {
            w->resize(size);
            for (int step = 0; step <= 12; ++step) {  // 0.1 … 100, the grid's points and the ε between them
                const double epsilon = 0.1 * std::pow(1000.0, step / 12.0);
                slider->setEpsilon(epsilon);
                emit slider->epsilonChanged(slider->epsilon());
                QTest::qWait(150);
                const QRectF readout = px::widgets::sliderReadoutRect(plot);
                QVERIFY(!readout.isEmpty());
                if (step == 3 || step == 9) shot(*w, qPrintable(QString("readout-%1-%2x%3-step%4").arg(QString(data).mid(8)).arg(size.width()).arg(size.height()).arg(step)));
                for (int i = 0; i < plot->graphCount(); ++i) {
                    QCPGraph* g = plot->graph(i);
                    if (!g->visible() || g->scatterStyle().isNone()) continue;
                    const double r = g->scatterStyle().size() / 2;
                    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
                        const QPointF p(g->keyAxis()->coordToPixel(it->key), g->valueAxis()->coordToPixel(it->value));
                        const QRectF marker(p.x() - r, p.y() - r, 2 * r, 2 * r);
                        ++checked;
                        QVERIFY2(!readout.intersects(marker),
                                 qPrintable(QString("window %1×%2, ε = %3: the readout (%4,%5 %6×%7) hides %8's point at ε = %9 (pixel %10,%11)")
                                                .arg(size.width()).arg(size.height()).arg(epsilon).arg(readout.x()).arg(readout.y())
                                                .arg(readout.width()).arg(readout.height()).arg(g->name()).arg(it->key)
                                                .arg(p.x()).arg(p.y())));
                    }
                }
            }
          }
        }
        QVERIFY(checked > 50);
    }

    // One source of progress, one number for one thing: at sampled moments of a run of the sweep and a second view's,
    // the words beside the bar name each number (the bar's own: one part's, or "all work"), every view note's number
    // names its part and is the number the bar's words give that part, and the bar's value is its words' number.
    void everyProgressTextAgrees() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        auto* work = w->findChild<WorkIndicator*>();
        ViewPresenter* presenter = views->presenter();
        const QString partNames = "sweep|expressivity view|utility-vs-d view|depth lab|distinguishability demo";
        const QRegularExpression notePercent(R"(\((\D*?) ?(\d+) %\))"), barOne("^(" + partNames + R"() (\d+) %)"),
            barAll(R"(^all work (\d+) %: )"), barPart("(" + partNames + R"() (\d+) %)");
        int sampled = 0, compared = 0, depthSamples = 0;
        QTimer sampler;
        QStringList disagreements;
        connect(&sampler, &QTimer::timeout, [&] {
            if (!work->bar()->isVisible()) return;
            if (++sampled == 12) shot(*w, "progress-sample");
            const QString bar = work->words()->text();  // as shown, beside the bar
            const auto one = barOne.match(bar), all = barAll.match(bar);
            if (!one.hasMatch() && !all.hasMatch()) { disagreements << "bar words without a named percentage: " + bar; return; }
            const int own = one.hasMatch() ? one.captured(2).toInt() : all.captured(1).toInt();
            // the words say what is done rounded down (100 % only at the end), the bar's value is in tenths of a percent
            if (const double tenths = work->bar()->value() / 10.0; !(own <= tenths + 0.051 && own > tenths - 1.051))
                disagreements << QString("bar value %1 ‰, its words %2").arg(work->bar()->value()).arg(bar);
            std::map<QString, int> parts;  // what the bar's words say of each part
            for (auto it = barPart.globalMatch(bar); it.hasNext();) {
                const auto m = it.next();
                parts[m.captured(1)] = m.captured(2).toInt();
            }
            for (QLabel* line : w->depthWorkspace()->findChildren<QLabel*>()) {  // the depth lab's own line about its queue
                const auto queued = QRegularExpression(R"(^Running .*\((\d+) of (\d+)\))").match(line->text());  // K of N: N − K queued
                if (line->isVisible() && queued.hasMatch() && queued.captured(2).toInt() > queued.captured(1).toInt() && parts["depth lab"] == 100) {
                    ++compared;
                    disagreements << QString("the depth lab says \"%1\", the bar \"%2\"").arg(line->text(), bar);
                }
                if (line->isVisible() && queued.hasMatch()) ++depthSamples;
            }
            for (const char* view : {"tradeoff", "expressivity", "table", "report"}) {
                QLabel* note = presenter->note(view);
                const auto m = notePercent.match(note->text());
                if (!note->isVisible() || !m.hasMatch()) continue;
                ++compared;
                const QString part = m.captured(1).trimmed();
                if (!parts.count(part) || m.captured(2).toInt() != parts[part])
                    disagreements << QString("%1's note \"%2\", the bar \"%3\"").arg(view, note->text(), bar);
            }
        });
        sampler.start(15);
        ExplorerSettings s = w->settings();
        s.d = s.d == 20 ? 24 : 20;
        w->restoreSettings(s);  // the main sweep
        views->setCurrentWidget(views->expressivityPlot());  // and a second one while it runs
        QVERIFY(waitIdle(*w));
        views->setCurrentWidget(views->tradeoff());
        s.d = 28;
        w->restoreSettings(s);
        QVERIFY(waitIdle(*w));
        views->setCurrentWidget(views->depth());  // the depth lab's queue: one experiment after another
        for (QPushButton* b : views->depth()->findChildren<QPushButton*>())
            if (b->text() == "Run all depth experiments") b->click();
        QTest::qWait(8000);
        w->findChild<WorkIndicator*>()->cancelAll();
        QVERIFY(waitIdle(*w));
        sampler.stop();
        QVERIFY2(depthSamples >= 5, qPrintable(QString::number(depthSamples)));
        QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.mid(0, 5).join("\n")));
        QVERIFY2(sampled >= 5 && compared >= 3, qPrintable(QString("%1 moments sampled, %2 compared").arg(sampled).arg(compared)));
    }

    // Projector mode on and off (F11) in a seeded random order, over the plots' tabs: every tick label the visible
    // plots draw has the size of the font their axes say, measured from the pixels (not from the font set).
    void tickLabelsAreDrawnAtTheirFontsSizeAfterProjectorMode() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        QAction* projector = projectorAction(*w);
        QVERIFY(projector);
        const std::vector<QCustomPlot*> plots = {views->tradeoff(), views->expressivityPlot(), views->anatomy(), views->dimensionPlot()};
        std::mt19937 random(7);
        QStringList done;
        for (int step = 0; step < 12; ++step) {
            if (step % 2 == 0 || random() % 3 == 0) projector->setChecked(!projector->isChecked());
            QCustomPlot* plot = plots[random() % plots.size()];
            views->setCurrentWidget(plot);
            done << QString("%1 on tab %2").arg(projector->isChecked() ? "projector" : "normal").arg(views->indexOf(plot));
            QVERIFY(waitIdle(*w));
            if (!plot->isVisible() || plot->plottableCount() == 0) continue;
            QStringList wrong;
            for (QCPAxis* axis : plot->axisRect()->axes()) wrong << tickLabelsOfAnotherSize(plot, axis);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join("\n") + "\nafter: " + done.join(", ")));
        }
    }

    // Projector mode hides the menu bar; each menu's Alt+letter still opens it (Alt+H did nothing), and the menu bar's
    // own letters are back after leaving it. Measured by the menu the user sees open.
    void aHiddenMenuBarStillOpensItsMenus() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1280, 720);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QAction* presentation = projectorAction(*w);
        QVERIFY(presentation);
        presentation->setChecked(true);
        QTest::qWait(100);
        QVERIFY(!w->menuBar()->isVisible());
        for (QAction* entry : w->menuBar()->actions()) {
            const QKeySequence key = QKeySequence::mnemonic(entry->text());
            if (!entry->menu() || key.isEmpty()) continue;
            QTest::keyClick(w.get(), Qt::Key(key[0].key()), key[0].keyboardModifiers());
            QTRY_VERIFY2(QApplication::activePopupWidget() == entry->menu(), qPrintable(entry->text() + " did not open"));
            QVERIFY2(w->geometry().contains(entry->menu()->geometry().topLeft()), qPrintable(entry->text() + " opened off the window"));
            entry->menu()->close();
            QTRY_VERIFY(!QApplication::activePopupWidget());
            w->activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(w.get()));
        }
        presentation->setChecked(false);
        QTest::qWait(100);
        QVERIFY(w->menuBar()->isVisible());
        QAction* help = nullptr;
        for (QAction* entry : w->menuBar()->actions()) if (entry->text() == "&Help") help = entry;
        QVERIFY(help);
        w->activateWindow();  // a closed menu stays the active window offscreen
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        QTest::keyClick(w.get(), Qt::Key_H, Qt::AltModifier);  // the bar's own mnemonic, not a second shortcut
        QTRY_VERIFY2(QApplication::activePopupWidget() == help->menu(), "Alt+H with the menu bar shown");
        help->menu()->close();
    }

    // The screenshot tour's path: a lecture started in projector mode, F11 to leave it, then every step of lesson 1;
    // the plot each step shows draws its tick labels at its axes' font size.
    void aLessonLeftByF11DrawsNormalSizedTicks() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QAction* projector = projectorAction(*w);
        QVERIFY(projector);
        projector->setChecked(true);
        QVERIFY(w->openLesson(MainWindow::shippedLessons().first()));
        QVERIFY(waitIdle(*w));
        projector->setChecked(false);
        auto* views = w->findChild<ExplorerViews*>();
        for (int step = 1; step <= 6; ++step) {
            QVERIFY(waitIdle(*w));
            if (auto* plot = qobject_cast<QCustomPlot*>(views->currentWidget()); plot && plot->plottableCount() > 0) {
                QStringList wrong;
                for (QCPAxis* axis : plot->axisRect()->axes()) wrong << tickLabelsOfAnotherSize(plot, axis);
                QVERIFY2(wrong.isEmpty(), qPrintable(QString("lesson 1, step %1: ").arg(step) + wrong.join("\n")));
            }
            w->lessonPlayer()->next();
        }
    }

    // Found by the long model-based run (seed 2): on the demo's tab, an ε typed and at once undone left the demo
    // drawing the typed ε's result, marked PREVIOUS SETTINGS, with nothing recomputing it. After any delay before the
    // undo, the demo is current for the restored ε once the window is idle.
    void aTypedEpsilonUndoneLeavesTheDemoCurrent() {
        for (const int delay : {0, 30, 400}) {
            auto w = std::make_unique<MainWindow>();
            w->resize(1366, 768);
            w->show();
            QVERIFY(waitIdle(*w));
            auto* views = w->findChild<ExplorerViews*>();
            views->setCurrentWidget(views->distinguishabilityPlot()->parentWidget());
            QVERIFY(waitIdle(*w));
            QCOMPARE(views->presenter()->status("demo").state, ViewState::Current);
            auto* field = w->findChild<QLineEdit*>("epsilon-field");
            field->setFocus();
            field->selectAll();
            QTest::keyClicks(field, "1.54");
            QTest::keyClick(field, Qt::Key_Return);
            QTest::qWait(delay);
            w->undoStack()->undo();
            QVERIFY(waitIdle(*w));
            const ViewStatus st = views->presenter()->status("demo");
            QVERIFY2(st.state == ViewState::Current, qPrintable(QString("undo after %1 ms: the demo is %2: %3").arg(delay)
                                                                    .arg(viewStateName(st.state), QString::fromStdString(st.note))));
        }
    }

    // While the depth lab runs: one progress bar and one Cancel in the whole window (the lab had its own pair as
    // well), and the bar's words beside the bar, not drawn over its fill (where "13 %" read "ı3 %").
    void oneBarOneCancelAndWordsBesideTheBar() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        auto* work = w->findChild<WorkIndicator*>();
        views->setCurrentWidget(views->depth());
        for (QPushButton* b : views->depth()->findChildren<QPushButton*>())
            if (b->text() == "Run all depth experiments") b->click();
        // Whole at the moment they change, not only after the status bar's next layout pass (under ASan "depth lab
        // 10 %" was once measured cut): checked in the same call as each change, and until two digits are shown.
        QStringList cut;
        bool twoDigits = false;
        connect(work, &WorkIndicator::changed, w.get(), [&] {
            const QLabel* l = work->words();
            if (!l->isVisible() || l->text().isEmpty()) return;
            twoDigits = twoDigits || l->text().contains(QRegularExpression("\\b[1-9][0-9] %"));
            if (l->fontMetrics().horizontalAdvance(l->text()) > l->width()) cut << l->text() + " in " + QString::number(l->width()) + " px";
        });
        QTRY_VERIFY(w->depthWorkspace()->busy() && work->bar()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(twoDigits, 60000);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
        shot(*w, "depth-running");
        int bars = 0, cancels = 0;
        for (QProgressBar* b : w->findChildren<QProgressBar*>()) bars += b->isVisible();
        for (QPushButton* b : w->findChildren<QPushButton*>()) cancels += b->isVisible() && b->text() == "Cancel";
        QVERIFY2(bars == 1 && cancels == 1, qPrintable(QString("%1 progress bars, %2 Cancel buttons on screen").arg(bars).arg(cancels)));
        QVERIFY(!work->bar()->isTextVisible());  // nothing written over the fill
        QLabel* words = work->words();
        QVERIFY2(words->isVisible() && words->text().startsWith("depth lab "), qPrintable(words->text()));
        const QRect wordsAt(words->mapTo(w.get(), QPoint(0, 0)), words->size()), barAt(work->bar()->mapTo(w.get(), QPoint(0, 0)), work->bar()->size());
        QVERIFY2(!wordsAt.intersects(barAt), "the words overlap the bar");
        QVERIFY2(words->fontMetrics().horizontalAdvance(words->text()) <= words->width(), qPrintable(words->text()));  // whole
        work->cancelButton()->click();
        QVERIFY(waitIdle(*w));
        QVERIFY(!work->bar()->isVisible() && !words->isVisible());
    }

    // The distinguishability demo's computation is one part of the window's work: on the bar, named, with its note
    // quoting the same number, and the status bar's Cancel stops it: the new pair is never drawn.
    void theDemoIsOnTheBarAndCancelStopsIt() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        auto* views = w->findChild<ExplorerViews*>();
        auto* work = w->findChild<WorkIndicator*>();
        views->setCurrentWidget(views->distinguishabilityPlot()->parentWidget());
        QVERIFY(waitIdle(*w));
        QCOMPARE(views->presenter()->present("demo").state, ViewState::Current);
        const std::string drawnBefore = views->presenter()->status("demo").drawnKey;
        const QString before = views->demoPairNames().at(0), other = views->demoPairNames().at(1);
        QVERIFY(views->selectDemoPair(other));  // a new computation starts
        QVERIFY(views->demoBusy() && work->bar()->isVisible() && work->cancelButton()->isEnabled());
        QVERIFY2(work->words()->text().startsWith("distinguishability demo "), qPrintable(work->words()->text()));
        const ViewStatus running = views->presenter()->present("demo");
        QVERIFY2(QString::fromStdString(running.note).contains("(distinguishability demo "), running.note.c_str());
        shot(*w, "demo-running");
        work->cancelButton()->click();
        QVERIFY(!views->demoBusy());
        QVERIFY(waitIdle(*w));
        QTest::qWait(3000);  // longer than the demo takes: its result, had it run on, would be drawn by now
        const ViewStatus after = views->presenter()->present("demo");
        QVERIFY2(after.state != ViewState::Current && after.drawnKey == drawnBefore, after.note.c_str());
        QVERIFY(!work->bar()->isVisible());
        QVERIFY(views->selectDemoPair(before));
        QVERIFY(waitIdle(*w));
        QCOMPARE(views->presenter()->present("demo").state, ViewState::Current);
    }

    // Export all's "Compute, then export": Cancel is enabled while it waits, and cancels it: nothing is written.
    void cancelCallsOffAnExportThatWaits() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        QTemporaryDir dir;
        QVERIFY(w->exportAllViews(dir.path()));
        auto* ask = w->findChild<QMessageBox*>("export-all-ask");
        QVERIFY(ask);
        for (QAbstractButton* b : ask->buttons())
            if (b->text() == "Compute, then export") b->click();
        auto* work = w->findChild<WorkIndicator*>();
        QVERIFY(work->cancelButton()->isEnabled());
        shot(*w, "export-waiting");
        QTest::qWait(100);
        QVERIFY(work->cancelButton()->isEnabled());
        work->cancelButton()->click();
        QVERIFY(waitIdle(*w));
        QTest::qWait(600);  // longer than the export's polling
        QVERIFY(!work->cancelButton()->isEnabled());
        QVERIFY2(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty(),
                 qPrintable(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(", ")));
        QVERIFY(!w->findChild<QMessageBox*>("export-all-report"));
    }

    // Two exports of two data sets (or settings) into one folder: two folders, each named by its data set and
    // settings, each holding the session it came from.
    void exportsSayWhichDataAndSettings() {
        auto w = std::make_unique<MainWindow>();
        w->resize(1366, 768);
        w->show();
        QVERIFY(waitIdle(*w));
        QTemporaryDir dir;
        std::vector<ExplorerSettings> exported;
        for (const char* data : {"builtin:sbm-cycles", "builtin:er"}) {
            if (w->settings().dataset != data) QVERIFY(w->openDataset(data));
            if (exported.size() == 1)  // the second under Laplace, chosen in the Privacy panel's list
                for (auto* box : w->findChildren<QComboBox*>()) if (box->findText("Laplace") >= 0) box->setCurrentIndex(box->findText("Laplace"));
            QVERIFY(waitIdle(*w));
            QVERIFY(w->exportAllViews(dir.path()));
            if (auto* ask = w->findChild<QMessageBox*>("export-all-ask"))
                for (QAbstractButton* b : ask->buttons())
                    if (b->text() == "Export what is there") b->click();
            QTRY_VERIFY(w->findChild<QMessageBox*>("export-all-report"));
            delete w->findChild<QMessageBox*>("export-all-report");
            exported.push_back(w->settings());
        }
        const QStringList folders = QDir(dir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(folders.size(), 2);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());  // nothing loose beside them
        for (const ExplorerSettings& s : exported) {
            const QString name = QString::fromStdString(s.dataset).mid(8);
            QString folder;
            for (const QString& f : folders)
                if (f.startsWith(name + "_")) folder = f;
            QVERIFY2(!folder.isEmpty(), qPrintable(folders.join(", ")));
            QVERIFY2(folder.contains(QString("_d%1_").arg(s.d)) && folder.contains(QString("_eps%1_").arg(s.mechanism.epsilon)), qPrintable(folder));
            QVERIFY2(folder.contains(QString("_%1_eps").arg(px::privacy::key(s.mechanism.mechanism))), qPrintable(folder));
            QFile results(dir.path() + "/" + folder + "/results.json");
            QVERIFY(results.open(QIODevice::ReadOnly));
            const auto json = nlohmann::json::parse(results.readAll().toStdString());
            QCOMPARE(json["session"]["dataset"].get<std::string>(), s.dataset);
        }
    }

private:
    QTemporaryDir unlabelled_;
};

QTEST_MAIN(TestAppTruth)
#include "tst_apptruth.moc"
