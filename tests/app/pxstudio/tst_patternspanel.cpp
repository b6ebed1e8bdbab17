// The Patterns panel on its own, offscreen: its note on the class's largest pattern, and the size mean a smaller
// max size lowers. Random sequences of a user's edits of the two fields (RapidCheck, fixed seed) are held against a
// model written here: the mean shown is the user's mean, cut at the cap (min(15, max size); no cap: 15); a note
// says so exactly while it is cut, naming both means; a larger cap gives the user's mean back; the field's lowest
// mean is 1.5 unless the cap is lower.
#include "panels/PatternsPanel.h"
#include "ExplorerViews.h"
#include "MainWindow.h"
#include "PatternGallery.h"
#include "ViewPresenter.h"
#include "panels/NumberFieldGuard.h"
#include "generators/Generators.h"
#include "AppTestSupport.h"
#include "PropertySupport.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>
#include <cmath>

namespace {
// The panel's two fields as a user finds them: the spin box of whole sizes whose special text is "no cap", and
// the one spin box of decimals.
QSpinBox* maxSizeField(PatternsPanel& p) {
    for (auto* b : p.findChildren<QSpinBox*>()) if (b->specialValueText() == "no cap") return b;
    return nullptr;
}
}  // namespace

class TestPatternsPanel : public QObject {
    Q_OBJECT
private slots:
    void patternsNoteUsesTheEnumeratedClassSize() {
        PatternsPanel p;
        ExplorerSettings s;
        s.patternClass = "all-trees:8";
        s.maxSize = 10;
        p.apply(s);
        p.describeFor(px::gen::builtin("sbm-cycles"));
        QString note;
        for (auto* l : p.findChildren<QLabel*>()) if (l->text().startsWith("max e(F)")) note = l->text();
        QVERIFY2(note.startsWith("max e(F) for m = 8: 7;"), qPrintable(note));  // a tree on 8 vertices has 7 edges
    }
    void aLoweredSizeMeanSaysSoAndComesBack() {
        const auto property = [] {
            PatternsPanel p;
            p.apply(ExplorerSettings{});
            QSpinBox* cap = maxSizeField(p);
            auto* mean = p.findChild<QDoubleSpinBox*>();
            auto* note = p.findChild<QLabel*>("size-mean-lowered");
            RC_ASSERT(cap && mean && note);
            double wanted = mean->value();  // the model: the user's own mean
            const int edits = *rc::gen::inRange(1, 12);
            for (int e = 0; e < edits; ++e) {
                if (*rc::gen::arbitrary<bool>()) {
                    cap->setValue(*rc::gen::inRange(0, 31));
                } else {
                    // what the field lets a user type: its range in steps of a half
                    const int lowest = int(std::ceil(2 * mean->minimum())), highest = int(std::floor(2 * mean->maximum()));
                    const double typed = 0.5 * *rc::gen::inRange(lowest, highest + 1);
                    if (typed != mean->value()) wanted = typed;  // the same value typed again is no edit
                    mean->setValue(typed);
                }
                const double most = cap->value() > 0 ? std::min(15, cap->value()) : 15;
                const double shown = std::min(wanted, most);
                RC_ASSERT(mean->value() == shown);
                RC_ASSERT(mean->minimum() == std::min(1.5, most) && mean->maximum() == most);
                RC_ASSERT(note->isVisibleTo(&p) == (shown < wanted));
                if (shown < wanted) {
                    RC_ASSERT(note->text().contains(QString("from %1 to %2").arg(wanted).arg(shown)));
                }
            }
        };
        QVERIFY(pxtest::checkProperty("a lowered size mean says so and comes back", 20261207, 300, property));
    }
    // A mean refused as above the cap ("takes a number from 1.5 to 4") is no longer refused once the cap rises: its
    // red frame and message go with the range they quoted (a new user saw them stay).
    void aRefusalGoesWhenTheCapRises() {
        PatternsPanel p;
        NumberFieldGuard::install(&p);
        ExplorerSettings s;
        s.sizeMean = 4;  // not lowered by the cap of 4 below: the mean's value never changes in this test
        p.apply(s);
        p.show();
        QVERIFY(QTest::qWaitForWindowExposed(&p));
        QSpinBox* cap = maxSizeField(p);
        auto* mean = p.findChild<QDoubleSpinBox*>();
        cap->setValue(4);
        mean->setFocus();
        mean->selectAll();
        QTest::keyClicks(mean, "6");
        QTest::keyClick(mean, Qt::Key_Return);
        QVERIFY2(NumberFieldGuard::refusal(mean).contains("from 1.5 to 4"), qPrintable(NumberFieldGuard::refusal(mean)));
        cap->setValue(10);
        QVERIFY2(NumberFieldGuard::refusal(mean).isEmpty(), qPrintable(NumberFieldGuard::refusal(mean)));
    }

    // In the window, which applies every edit back to its panels (the note went at once, and a new user saw the mean
    // change silently): the note stays while the sweep of the lowered mean runs and ends; Undo gives the mean back
    // and takes the note away.
    void inTheWindowTheNoteStaysUntilUndo() {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* panel = w.findChild<PatternsPanel*>();
        QSpinBox* cap = maxSizeField(*panel);
        auto* mean = panel->findChild<QDoubleSpinBox*>();
        auto* note = panel->findChild<QLabel*>("size-mean-lowered");
        const double before = mean->value();
        const int capBefore = cap->value();
        const int lower = std::max(2, int(std::ceil(before)) - 2);
        QVERIFY(lower < before);
        cap->setFocus();
        cap->selectAll();
        QTest::keyClicks(cap, QString::number(lower));
        QTest::keyClick(cap, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->busy(), 10000);
        QVERIFY(waitFinished(w.controller()));
        QCOMPARE(mean->value(), double(lower));
        QVERIFY2(note->isVisible() && note->text().contains(QString("from %1 to %2").arg(before).arg(lower)), qPrintable(note->text()));
        QCOMPARE(w.settings().sizeMean, double(lower));  // what the sweep ran with is what the field shows
        while (w.settings().maxSize != capBefore && w.undoStack()->canUndo()) w.undoStack()->undo();
        QTRY_COMPARE(mean->value(), before);
        QVERIFY(!note->isVisible());
    }
    // Too few distinct patterns at the sizes allowed (treewidth ≤ 2, at most 4 vertices: fewer than d = 20): the
    // sampler keeps repeats although the panel's switch is off, and the gallery's caption says so.
    void repeatsKeptWithTheSwitchOffAreSaid() {
        pxtest::useEmptyAppDataFolder("tst_patternspanel");  // the defaults, not a session an earlier test left
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* views = w.findChild<ExplorerViews*>();
        QVERIFY2(!views->gallery()->caption().contains("repeats kept"), qPrintable(views->gallery()->caption()));
        QSpinBox* cap = maxSizeField(*w.findChild<PatternsPanel*>());
        cap->setFocus();
        cap->selectAll();
        QTest::keyClicks(cap, "4");
        QTest::keyClick(cap, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->busy(), 10000);
        QVERIFY(waitFinished(w.controller()));
        QTRY_COMPARE(w.settings().maxSize, 4);
        const px::widgets::PatternGallery* gallery = views->gallery();
        QTRY_VERIFY(gallery->patternCount() == 20 && gallery->patterns().distinctCount() < 20);
        views->setCurrentWidget(views->presenter()->host("gallery"));
        if (const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR"); !shots.isEmpty()) w.grab().save(shots + "/gallery-repeats.png");
        QVERIFY2(gallery->clippedTexts().isEmpty(), qPrintable(gallery->clippedTexts().join(" | ")));
        QVERIFY2(gallery->caption().contains(QString("Isomorphic repeats kept although \"keep isomorphic duplicates\" is off: %1 distinct")
                                                 .arg(gallery->patterns().distinctCount())), qPrintable(gallery->caption()));
    }
};

QTEST_MAIN(TestPatternsPanel)
#include "tst_patternspanel.moc"
