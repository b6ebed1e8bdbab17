// Lessons: the schema refuses a bad file naming the field, and every shipped lesson plays step by step
// offscreen (Page Down), each step putting the app in the state it names, in projector mode.
#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "Lesson.h"
#include "LessonPlayer.h"
#include "MainWindow.h"
#include <qcustomplot.h>
#include "PatternGallery.h"
#include "ViewPresenter.h"
#include "ProjectorStrip.h"
#include "AppTestSupport.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

namespace {

nlohmann::json minimalLesson() {
    return {{"format", "pxstudio-lesson"}, {"version", 1}, {"title", "A lesson"},
            {"steps", {{{"title", "One"}, {"text", "Some words."}, {"view", "Trade-off vs ε"}}}}};
}

bool idle(MainWindow& w) {
    return !w.busyAnywhere() && !w.depthWorkspace()->busy();
}

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_lessons");
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QVERIFY(waitFinished(window_->controller()));
    }

    void shippedLessonsAreWellFormed() {
        const QStringList lessons = MainWindow::shippedLessons();
        QVERIFY2(lessons.size() >= 4, qPrintable(lessons.join(", ")));
        for (const QString& path : lessons) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            try {
                const Lesson l = Lesson::parse(f.readAll().toStdString(), path.toStdString(), window_->lessonNames());
                QVERIFY2(l.steps.size() >= 5 && l.steps.size() <= 8, qPrintable(path));
            } catch (const std::exception& e) {
                QFAIL(e.what());
            }
        }
    }

    void schemaErrorsNameTheField_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QByteArray>("patch");  // a JSON merge patch on the minimal lesson, or a replaced step
        QTest::addColumn<QString>("expected");
        QTest::newRow("format") << "" << QByteArray(R"({"format": "pxstudio-session"})") << "not a PXStudio lesson";
        QTest::newRow("title") << "" << QByteArray(R"({"title": ""})") << "field \"/title\"";
        QTest::newRow("unknown key") << "" << QByteArray(R"({"slides": []})") << "slides";
        QTest::newRow("no steps") << "" << QByteArray(R"({"steps": []})") << "field \"/steps\"";
        QTest::newRow("view") << "step" << QByteArray(R"({"title": "t", "text": "x", "view": "Tradeoff"})") << "field \"/steps/0/view\"";
        QTest::newRow("highlight") << "step" << QByteArray(R"({"title": "t", "text": "x", "highlight": "slider"})") << "field \"/steps/0/highlight\"";
        QTest::newRow("text") << "step" << QByteArray(R"({"title": "t"})") << "field \"/steps/0/text\"";
        QTest::newRow("set d") << "step" << QByteArray(R"({"title": "t", "text": "x", "set": {"d": 0}})") << "field \"/steps/0/set/d\"";
        QTest::newRow("set epsilon") << "step" << QByteArray(R"({"title": "t", "text": "x", "set": {"mechanism": {"epsilon": "big"}}})")
                                     << "field \"/steps/0/set/mechanism/epsilon\"";
        QTest::newRow("demo pair") << "step" << QByteArray(R"({"title": "t", "text": "x", "demo_pair": "C5 vs C6"})") << "field \"/steps/0/demo_pair\"";
    }

    void schemaErrorsNameTheField() {
        QFETCH(QString, field);
        QFETCH(QByteArray, patch);
        QFETCH(QString, expected);
        nlohmann::json lesson = minimalLesson();
        const nlohmann::json p = nlohmann::json::parse(patch.toStdString());
        if (field == "step") lesson["steps"][0] = p;
        else lesson.merge_patch(p);
        try {
            Lesson::parse(lesson.dump(), "my-lesson.json", window_->lessonNames());
            QFAIL("accepted");
        } catch (const std::invalid_argument& e) {
            const QString said = e.what();
            QVERIFY2(said.startsWith("my-lesson.json: ") && said.contains(expected), qPrintable(said));
        }
    }

    // The lesson guide quotes a refusal of a step's "set": it must be the message the app gives.
    void theGuideQuotesTheMessageAsItIs() {
        nlohmann::json lesson = minimalLesson();
        const nlohmann::json step = lesson["steps"][0];
        lesson["steps"] = {step, step, step};
        lesson["steps"][2]["set"] = {{"d", 0}};
        QString said;
        try {
            Lesson::parse(lesson.dump(), "my-lesson.json", window_->lessonNames());
        } catch (const std::invalid_argument& e) {
            said = e.what();
        }
        QFile guide(QString(PX_GUIDE_DIR) + "/lessons.md");
        QVERIFY(guide.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(guide.readAll()).replace("\n", " ");
        QVERIFY2(!said.isEmpty() && text.contains("`" + said + "`"), qPrintable(said));
    }

    void everyShippedLessonPlaysStepByStep() {
        MainWindow& w = *window_;
        QAction* next = nullptr;
        for (QAction* a : w.actions())
            if (a->shortcut() == QKeySequence(Qt::Key_PageDown)) next = a;
        QVERIFY(next);
        QVERIFY(!next->isEnabled());  // Page Down is the lists' and the slider's outside a lesson
        auto* views = w.findChild<ExplorerViews*>();
        for (const QString& path : MainWindow::shippedLessons()) {
            QVERIFY(w.openLesson(path));
            LessonPlayer* player = w.lessonPlayer();
            QVERIFY(player->running() && player->isVisible());
            QVERIFY2(w.findChild<ProjectorStrip*>()->isVisible(), "a lesson runs in projector mode");
            const int steps = int(player->lesson().steps.size());
            for (int i = 0; i < steps; ++i) {
                QElapsedTimer clock;
                clock.start();
                if (i > 0) next->trigger();
                QCOMPARE(player->step(), i);
                const LessonStep& step = player->lesson().steps[std::size_t(i)];
                QTRY_VERIFY_WITH_TIMEOUT(idle(w), 300000);
                qInfo("%s, step %d: %lld ms", qPrintable(QFileInfo(path).fileName()), i + 1, (long long)clock.elapsed());
                QVERIFY2(player->stepText().contains(QString("step %1 of %2").arg(i + 1).arg(steps)), qPrintable(player->stepText()));
                if (!step.view.empty()) QCOMPARE(views->tabText(views->currentIndex()).toStdString(), step.view);
                const nlohmann::json shown = w.settings().toJson();
                for (const auto& [key, value] : step.set.items()) {
                    if (!value.is_object()) QVERIFY2(shown[key] == value, qPrintable(QString::fromStdString(key + ": " + shown[key].dump())));
                    else
                        for (const auto& [k, v] : value.items())
                            QVERIFY2(shown[key][k] == v, qPrintable(QString::fromStdString(key + "." + k + ": " + shown[key][k].dump())));
                }
                QVERIFY2(!w.statusBar()->currentMessage().contains("cannot be shown"), qPrintable(w.statusBar()->currentMessage()));
                QVERIFY2(!w.statusBar()->currentMessage().contains("ailed"), qPrintable(w.statusBar()->currentMessage()));
                auto* pointer = w.findChild<QWidget*>("lesson-pointer");
                if (!step.highlight.empty()) QVERIFY2(pointer && pointer->isVisible(), step.highlight.c_str());
                checkStepIsCurrent(w, QFileInfo(path).fileName(), i);
                if (QTest::currentTestFailed()) return;
            }
            next->trigger();  // past the last step: the lesson ends
            QVERIFY(!player->running() && !player->isVisible());
            QVERIFY(!next->isEnabled());
        }
    }

    void cleanupTestCase() { window_.reset(); }

private:
    // Once a step's computation is done, what its views draw is its settings' result, measured from the widgets: the
    // view on screen and the trade-off are current (their keys are the settings'), the trade-off's title names the data
    // set in the panels, the gallery holds the step's patterns, and the band no longer says it is computing.
    void checkStepIsCurrent(MainWindow& w, const QString& lesson, int step) {
        const QString where = QString("%1, step %2: ").arg(lesson).arg(step + 1);
        auto* views = w.findChild<ExplorerViews*>();
        ViewPresenter* presenter = views->presenter();
        const ExplorerSettings s = w.settings();
        QString onScreen = views->viewName(views->currentWidget());
        if (onScreen.isEmpty() && views->currentWidget()) onScreen = views->viewName(views->currentWidget()->findChild<QCustomPlot*>());
        for (const QString& name : QStringList{"tradeoff", onScreen}) {
            if (name.isEmpty()) continue;  // the depth lab: its own runs
            const ViewStatus st = presenter->present(name);
            QVERIFY2(st.state == ViewState::Current || st.nothingToShow,
                     qPrintable(where + name + " is " + viewStateName(st.state) + ": " + QString::fromStdString(st.note)));
        }
        QVERIFY2(!w.lessonPlayer()->waiting(), qPrintable(where + "the band still says it is computing"));
        const QString name = QString::fromStdString(ExplorerController::loadDataset(s.dataset)->name);
        QString title;
        for (QCPLayoutElement* e : views->tradeoff()->plotLayout()->elements(true))
            if (auto* t = qobject_cast<QCPTextElement*>(e); t && title.isEmpty()) title = t->text();
        QVERIFY2(title.startsWith(name), qPrintable(where + "the trade-off is titled " + title + ", the data set is " + name));
        if (onScreen == "gallery") {
            QCOMPARE(views->gallery()->patternCount(), s.d);
            QVERIFY2(views->gallery()->caption().contains(QString::fromStdString(s.patternClass)), qPrintable(where + views->gallery()->caption()));
        }
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
