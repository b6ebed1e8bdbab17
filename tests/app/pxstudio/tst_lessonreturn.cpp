// A lesson borrows the window: whenever it ends (its last step, End lesson, Escape), wherever it is left, the user's
// own settings come back in every view. RapidCheck draws the user's settings (data set, pattern class, d, ε, mechanism,
// allocation, learner, the view on screen, the depth lab's trials, the demo's pair, projector mode), a shipped lesson,
// a step to play to and a way to leave; the test reads what the widgets show before the lesson and after it — the
// panels' fields, the tab on screen, the trade-off's title and ε marker (once it is current again), the depth lab's
// controls (as the experiment specs they describe), the demo's pair, projector mode — and compares.
// Fixed seed and few cases (each plays a lesson for real); RC_PARAMS overrides them.
#include "AppTestSupport.h"
#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "LessonPlayer.h"
#include "MainWindow.h"
#include "ProjectorStrip.h"
#include "SessionModel.h"
#include "ViewPresenter.h"

#include <QAction>
#include <QComboBox>
#include <QStatusBar>
#include <QPushButton>
#include <QTabWidget>
#include <QtTest>
#include <qcustomplot.h>
#include "../../PropertySupport.h"
#include <rapidcheck.h>

namespace {

// What the user sees, read from the widgets.
struct Shown {
    nlohmann::json panels;        // every field of the settings panels (and the view tab's title)
    QString tab, tradeoffTitle, demoPair;
    std::string tradeoffState;    // the trade-off's state (current, or failed and why) and the note it shows
    double marker = 0;            // where the trade-off's ε marker stands
    nlohmann::json depth;         // the depth lab's controls, as the spec of each experiment they describe
    bool projector = false;       // the projector strip is on screen
    int depthTab = 0;
    std::string describe() const {
        return "panels " + panels.dump() + "\ntab " + tab.toStdString() + "\ntrade-off " + tradeoffTitle.toStdString() + " marker " +
               std::to_string(marker) + "\ndemo " + demoPair.toStdString() + "\nprojector " + std::to_string(projector) + " depth tab " +
               std::to_string(depthTab) + "\ndepth " + depth.dump() + "\ntrade-off state " + tradeoffState;
    }
    bool operator==(const Shown& o) const {
        return panels == o.panels && tab == o.tab && tradeoffTitle == o.tradeoffTitle && demoPair == o.demoPair && marker == o.marker &&
               depth == o.depth && projector == o.projector && depthTab == o.depthTab &&
               tradeoffState == o.tradeoffState;
    }
};

QComboBox* demoPairPicker(ExplorerViews* views) { return views->distinguishabilityPlot()->parentWidget()->findChild<QComboBox*>(); }

bool idle(MainWindow& w) { return !w.busyAnywhere() && !w.depthWorkspace()->busy(); }

Shown shownBy(MainWindow& w) {
    auto* views = w.findChild<ExplorerViews*>();
    Shown s;
    s.panels = w.settings().toJson();
    s.tab = views->tabText(views->currentIndex());
    QCustomPlot* tradeoff = views->tradeoff();
    for (QCPLayoutElement* e : tradeoff->plotLayout()->elements(true))
        if (auto* t = qobject_cast<QCPTextElement*>(e); t && s.tradeoffTitle.isEmpty()) s.tradeoffTitle = t->text();
    for (int i = 0; i < tradeoff->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemStraightLine*>(tradeoff->item(i))) s.marker = line->point1->coords().x();
    s.demoPair = demoPairPicker(views)->currentText();
    for (const char* e : {"cosera-grid", "nag", "accounting", "asamp"}) s.depth[e] = w.depthWorkspace()->specFor(e);
    s.projector = w.findChild<ProjectorStrip*>()->isVisible();
    s.depthTab = w.depthWorkspace()->views()->currentIndex();
    const ViewStatus status = views->presenter()->present("tradeoff");
    s.tradeoffState = std::string(viewStateName(status.state)) + ": " + status.note;
    return s;
}

template <class T> T pick(const std::vector<T>& from) { return from[std::size_t(*rc::gen::inRange<int>(0, int(from.size())))]; }

// The user's own settings, away from what the lessons set.
ExplorerSettings drawUserSettings(MainWindow& w) {
    ExplorerSettings s = w.settings();
    s.dataset = pick<std::string>({"builtin:csl", "builtin:sbm-cycles", "builtin:er"});
    s.perDataset.clear();
    s.patternClass = pick<std::string>({"trees", "fan-cactus:2", "treewidth:2", "treewidth:3"});
    s.d = *rc::gen::inRange(4, 25);
    s.mechanism.epsilon = pick<double>({0.2, 0.7, 3.0, 20.0, 300.0});
    s.mechanism.mechanism = pick<px::privacy::MechanismKind>({px::privacy::MechanismKind::Gaussian, px::privacy::MechanismKind::Laplace});
    s.mechanism.allocation = pick<px::privacy::Allocation>({px::privacy::Allocation::Isotropic, px::privacy::Allocation::EqualSnr});
    s.learner = pick<px::learn::LearnerKind>({px::learn::LearnerKind::Knn, px::learn::LearnerKind::Linear});
    s.k = *rc::gen::inRange(3, 20);
    return s;
}

}  // namespace

class TestLessonReturn : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_lessonreturn");
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QVERIFY(waitFinished(window_->controller()));
    }

    void leavingALessonGivesTheUserTheirSettingsBack() {
        MainWindow& w = *window_;
        auto* views = w.findChild<ExplorerViews*>();
        const bool ok = pxtest::checkProperty("a lesson left at any step gives back the settings on screen before it", 20261206, 12, [&] {
            ExplorerSettings mine = drawUserSettings(w);
            const int tab = *rc::gen::inRange(0, views->count());
            mine.view = views->tabText(tab).toStdString();
            w.restoreSettings(mine);  // as undo does: the panels, then a recompute
            views->setCurrentIndex(tab);
            DepthSettings depth = w.depthWorkspace()->settings();
            depth.trials = *rc::gen::inRange(1, 9);
            depth.nagDepth = *rc::gen::inRange(1, 5);
            w.depthWorkspace()->applySettings(depth);
            w.depthWorkspace()->views()->setCurrentIndex(*rc::gen::inRange(0, w.depthWorkspace()->views()->count()));
            demoPairPicker(views)->setCurrentIndex(*rc::gen::inRange(0, demoPairPicker(views)->count()));
            w.setProjectorMode(*rc::gen::arbitrary<bool>());
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            const Shown before = shownBy(w);

            const QStringList lessons = MainWindow::shippedLessons();
            const QString lesson = lessons[*rc::gen::inRange(0, int(lessons.size()))];
            RC_ASSERT(w.openLesson(lesson));
            LessonPlayer* player = w.lessonPlayer();
            const int steps = int(player->lesson().steps.size());
            const int last = *rc::gen::inRange(0, steps + 1);  // steps: past the last one, the lesson ends by itself
            const bool waitEachStep = *rc::gen::arbitrary<bool>();
            RC_TAG(lesson.toStdString(), last, waitEachStep);
            for (int i = 0; i < last && player->running(); ++i) {
                if (waitEachStep) RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
                player->next();
            }
            if (player->running()) {
                switch (*rc::gen::inRange(0, 3)) {
                    case 0:  // while something computes, Escape is the status bar's Cancel: the lesson ends once idle
                        RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
                        QTest::keyClick(&w, Qt::Key_Escape);
                        break;
                    case 1:
                        for (QPushButton* b : player->findChildren<QPushButton*>())
                            if (b->text() == LessonPlayer::tr("End lesson")) b->click();
                        break;
                    default: player->stop();
                }
            }
            RC_ASSERT(!player->running());
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            QTest::qWait(50);  // the last replot
            const Shown after = shownBy(w);
            if (!(after == before)) RC_FAIL("before the lesson:\n" + before.describe() + "\nafter it:\n" + after.describe());
        });
        QVERIFY(ok);
    }

    // What a lesson step shows does not depend on what the user had before the lesson: two users with different
    // settings (d up to 300) see the same panels at the same step (a user's d = 300 made lesson 2's noise anatomy a
    // wall of 300 bars: lessons started from the user's settings).
    void aStepShowsTheSameWhateverTheUserHad() {
        MainWindow& w = *window_;
        const bool ok = pxtest::checkProperty("a lesson step's settings are the lesson's, not the user's", 20261206, 6, [&] {
            const QStringList lessons = MainWindow::shippedLessons();
            const QString lesson = lessons[*rc::gen::inRange(0, int(lessons.size()))];
            const int step = *rc::gen::inRange(0, 8);
            RC_TAG(lesson.toStdString(), step);
            nlohmann::json shown[2];
            for (nlohmann::json& panels : shown) {
                ExplorerSettings mine = drawUserSettings(w);
                mine.d = *rc::gen::inRange(4, 301);
                w.restoreSettings(mine);
                RC_ASSERT(w.openLesson(lesson));
                LessonPlayer* player = w.lessonPlayer();
                for (int i = 0; i < step && i + 1 < int(player->lesson().steps.size()); ++i) player->next();
                panels = w.settings().toJson();
                panels.erase("per_dataset");  // the window's memory of declared bounds, not a panel
                panels.erase("view");         // the tab: a step that names none leaves the user's
                player->stop();
                RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            }
            if (shown[0] != shown[1]) RC_FAIL("one user saw\n" + shown[0].dump() + "\nthe other\n" + shown[1].dump());
        });
        QVERIFY(ok);
    }

    // A lesson cut short (the app killed mid-lesson, a crash) leaves the user's own settings for the next start: the
    // autosave, read as the next start reads it, holds the settings on screen before the lesson, at every step.
    void aLessonCutShortLeavesTheUsersOwnSettingsForTheNextStart() {
        MainWindow& w = *window_;
        if (w.lessonPlayer()->running()) {  // from no lesson, whatever the tests before left
            qInfo("a lesson was still running when this test began");
            w.lessonPlayer()->stop();
        }
        QVERIFY(QTest::qWaitFor([&] { return idle(w) && !w.lessonPlayer()->running(); }, 300000));
        ExplorerSettings mine = w.settings();
        mine.dataset = "builtin:er";
        mine.perDataset.clear();
        mine.patternClass = "fan-cactus:2";
        mine.d = 13;
        mine.mechanism.epsilon = 0.7;
        w.restoreSettings(mine);
        QVERIFY(QTest::qWaitFor([&] { return idle(w); }, 300000));
        const nlohmann::json before = w.settings().toJson();
        auto* session = w.findChild<SessionModel*>();
        QVERIFY(session);
        QVERIFY(w.openLesson(MainWindow::shippedLessons().front()));
        LessonPlayer* player = w.lessonPlayer();
        for (int step = 0; step < 3 && player->running(); ++step) {
            QVERIFY(QTest::qWaitFor([&] { return idle(w); }, 300000));
            QVERIFY2(!(w.settings().toJson() == before), "the lesson's step shows the user's settings: this proves nothing");
            QCOMPARE(QString::fromStdString(SessionModel::readSession(session->autosavePath()).toJson().dump()),
                     QString::fromStdString(before.dump()));
            player->next();
        }
        player->stop();
        QVERIFY(QTest::qWaitFor([&] { return idle(w); }, 300000));
        QCOMPARE(QString::fromStdString(SessionModel::readSession(session->autosavePath()).toJson().dump()),
                 QString::fromStdString(w.settings().toJson().dump()));  // after the lesson: what is on screen again
    }

    // An Escape in front of a room ended the lesson for good (a new user's finding): a lesson ended before its last
    // step is offered back at that step (Help ▸ Lessons ▸ Resume, named in the status bar), and resumed it shows what
    // the step showed — after the user's own settings came back in between.
    void aLessonEndedEarlyResumesWhereItWas() {
        MainWindow& w = *window_;
        if (w.lessonPlayer()->running()) w.lessonPlayer()->stop();
        QVERIFY(QTest::qWaitFor([&] { return idle(w); }, 300000));
        w.openDataset("builtin:sbm-cycles");  // the user's own settings, valid (a test before left D below a graph's degree)
        const bool ok = pxtest::checkProperty("a lesson ended early resumes at its step", 20261207, 3, [&] {
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w) && !w.lessonPlayer()->running(); }, 300000));
            RC_ASSERT(w.controller()->failure().isEmpty());
            const QStringList lessons = MainWindow::shippedLessons();
            const QString lesson = lessons[*rc::gen::inRange(0, int(lessons.size()))];
            RC_ASSERT(w.openLesson(lesson));
            LessonPlayer* player = w.lessonPlayer();
            const int at = *rc::gen::inRange(0, int(player->lesson().steps.size()) - 1);  // before the last step
            RC_TAG(lesson.toStdString(), at);
            for (int i = 0; i < at; ++i) player->next();
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            QTest::qWait(50);  // the last replot
            const Shown atStep = shownBy(w);
            QTest::keyClick(&w, Qt::Key_Escape);
            RC_ASSERT(!player->running());
            RC_ASSERT(w.statusBar()->currentMessage().contains(QString("ended at step %1").arg(at + 1)));
            QAction* resume = nullptr;
            for (QAction* a : w.findChildren<QAction*>())
                if (a->text().startsWith("&Resume") && a->isEnabled()) resume = a;
            RC_ASSERT(resume != nullptr);
            RC_ASSERT(resume->text().contains(QString("at step %1").arg(at + 1)));
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            QTest::qWait(50);  // the messages of the user's own sweep: the hint outlives them
            if (!w.statusBar()->currentMessage().contains("Resume")) RC_FAIL("the status bar says: " + w.statusBar()->currentMessage().toStdString());
            resume->trigger();
            RC_ASSERT(player->running() && player->step() == at);
            RC_ASSERT(!resume->isEnabled());
            RC_ASSERT(QTest::qWaitFor([&] { return idle(w); }, 300000));
            QTest::qWait(50);
            const Shown resumed = shownBy(w);
            if (!(resumed == atStep)) RC_FAIL("at the step:\n" + atStep.describe() + "\nresumed:\n" + resumed.describe());
            player->stop();
        });
        QVERIFY(ok);
    }

    void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestLessonReturn)
#include "tst_lessonreturn.moc"
