#pragma once
// The user actions of tst_onetruth, drawn by a seeded generator and played on the window's own widgets. Values stay
// near the defaults (a field moves by a step or two, never past 40) so that each computation on the built-in data
// takes about a second; the GIN and nested tuning, which train networks, are left out, and so are the depth lab
// and lesson 4, which runs it.
#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "LessonPlayer.h"
#include "MainWindow.h"
#include "ViewPresenter.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QElapsedTimer>
#include <QtTest>
#include <cstdio>
#include <map>
#include <random>

namespace onetruth {

enum class Kind { Spin, Double, Combo, Check, Slider, TypedEpsilon, Tab, Undo, Redo, Cancel, Projector, LessonOpen, LessonNext,
                  LessonPrevious, LessonEnd, Recompute, ExportAll, Restart };

class Actions {
public:
    explicit Actions(quint32 seed) : rng_(seed), echo_(qEnvironmentVariableIntValue("PX_ONETRUTH_ECHO") != 0) {}

    Kind draw() {
        // weights in the order of Kind
        static const std::vector<double> weights = {10, 5, 8, 4, 8, 8, 10, 6, 4, 3, 3, 2, 6, 2, 2, 2, 2, 1};
        std::discrete_distribution<int> pick(weights.begin(), weights.end());
        return Kind(pick(rng_));
    }
    int pause() { return std::uniform_int_distribution<int>(0, 120)(rng_); }
    // An idle check every 4 to 12 actions.
    bool checkpointDue() {
        if (--untilCheck_ > 0) return false;
        untilCheck_ = std::uniform_int_distribution<int>(4, 12)(rng_);
        return true;
    }
    // PX_ONETRUTH_ECHO=1: every action also on stderr as it is played, with the seconds since the first and the
    // process's resident memory, to find where a long run slowed down or grew.
    void log(const QString& what) {
        if (echo_) {
            if (!clock_.isValid()) clock_.start();
            long pages = 0, resident = 0;
            if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
                if (std::fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = 0;
                std::fclose(statm);
            }
            std::fprintf(stderr, "action %d at %.1f s, %ld MB resident: %s\n", ++played_, clock_.elapsed() / 1000.0,
                         resident * 4096 / 1000000, qPrintable(what));
        }
        recent_ << what;
        if (recent_.size() > 25) recent_.removeFirst();
    }
    QString recent() const { return "last actions:\n  " + recent_.join("\n  "); }
    // What a restart shows: the settings on screen, or while a lesson borrows the window the user's own from before it
    // (what the lesson gives back however it ends, a restart included).
    ExplorerSettings settingsForRestart(MainWindow& w) const { return w.lessonPlayer()->running() ? ownSettings_ : w.settings(); }

    // The user's Cancel stopped the computation of a view's current key, and neither F5 nor a restart asked for it
    // since: the view may show the previous settings' result, marked as such, while its key stays the one it had at
    // the Cancel (what Cancel promises; a change of the settings it depends on must recompute it).
    // Moving ε alone asks for no new computation (a sweep covers every ε; the marker moves on the result shown), so
    // it does not undo the Cancel either: the view stays marked as the previous settings' until F5 or another change.
    bool cancelledFor(const QString& view, const std::string& currentKey, const ExplorerSettings& now) const {
        const auto it = keysAtCancel_.find(view);
        if (it == keysAtCancel_.end()) return false;
        if (it->second == currentKey) return true;
        ExplorerSettings sameEpsilon = now;
        sameEpsilon.mechanism.epsilon = settingsAtCancel_.mechanism.epsilon;
        sameEpsilon.view = settingsAtCancel_.view;
        return sameEpsilon == settingsAtCancel_;
    }
    void forgetCancel() { keysAtCancel_.clear(); }

    void apply(Kind kind, MainWindow& w) {
        if (kind == Kind::Recompute) forgetCancel();
        switch (kind) {
            case Kind::Spin: return spin(w);
            case Kind::Double: return doubleSpin(w);
            case Kind::Combo: return combo(w);
            case Kind::Check: return check(w);
            case Kind::Slider: return slider(w);
            case Kind::TypedEpsilon: return typeEpsilon(w);
            case Kind::Tab: return tab(w);
            case Kind::Undo: log("undo"); return w.undoStack()->undo();
            case Kind::Redo: log("redo"); return w.undoStack()->redo();
            case Kind::Cancel: return clickNamed(w, "Cancel");
            case Kind::Projector: return trigger(w, QKeySequence(Qt::Key_F11), "F11");
            case Kind::LessonOpen: return openLesson(w);
            case Kind::LessonNext: log("lesson next"); return w.lessonPlayer()->next();
            case Kind::LessonPrevious: log("lesson previous"); return w.lessonPlayer()->previous();
            case Kind::LessonEnd: log("lesson end"); return w.lessonPlayer()->stop();
            case Kind::Recompute: return trigger(w, QKeySequence(QKeySequence::Refresh), "F5");
            default: return;
        }
    }

private:
    template <class W> QList<W*> reachable(MainWindow& w) {
        QList<W*> out;
        for (W* c : w.findChildren<W*>()) {
            QString tip = c->toolTip().toLower();
            if (auto* b = qobject_cast<QAbstractButton*>(c)) tip += " " + b->text().toLower();
            if (c->isVisibleTo(&w) && c->isEnabled() && !tip.contains("nested") && !c->window()->objectName().contains("depth")) out << c;
        }
        return out;
    }
    template <class T> T* any(const QList<T*>& list) {
        return list.isEmpty() ? nullptr : list[std::uniform_int_distribution<int>(0, int(list.size()) - 1)(rng_)];
    }
    int step() { return std::uniform_int_distribution<int>(0, 3)(rng_) < 2 ? -1 - int(rng_() % 2) : 1 + int(rng_() % 2); }

    void spin(MainWindow& w) {
        QSpinBox* s = any(reachable<QSpinBox>(w));
        if (!s) return;
        const int v = std::clamp(s->value() + step() * s->singleStep(), s->minimum(), std::min(s->maximum(), std::max(40, s->minimum())));
        log(QString("spin %1 = %2").arg(s->toolTip().left(24)).arg(v));
        s->setValue(v);
    }
    void doubleSpin(MainWindow& w) {
        QDoubleSpinBox* s = any(reachable<QDoubleSpinBox>(w));
        if (!s) return;
        const double v = std::clamp(s->value() * (step() > 0 ? 1.25 : 0.8) + (s->value() == 0 ? s->singleStep() : 0), s->minimum(), s->maximum());
        log(QString("double %1 = %2").arg(s->toolTip().left(24)).arg(v));
        s->setValue(v);
    }
    void combo(MainWindow& w) {
        QComboBox* c = any(reachable<QComboBox>(w));
        if (!c || c->count() == 0) return;
        const int i = std::uniform_int_distribution<int>(0, c->count() - 1)(rng_);
        const QString text = c->itemText(i);
        if (text.contains("GIN", Qt::CaseInsensitive) || text.contains("Open", Qt::CaseInsensitive) || text.contains("…")) return;
        // the data sets of ../shared/data take minutes each here: the built-in ones only
        const QString data = c->itemData(i).toString();
        if (c->findData("builtin:sbm-cycles") >= 0 && !data.startsWith("builtin:")) return;
        log(QString("combo %1 = %2").arg(c->toolTip().left(24), text));
        c->setCurrentIndex(i);
        emit c->activated(i);  // what a pick with the mouse or the keys sends after the change
    }
    void check(MainWindow& w) {
        QCheckBox* c = any(reachable<QCheckBox>(w));
        if (!c) return;
        log("toggle " + c->text());
        c->click();
    }
    void slider(MainWindow& w) {
        auto* e = any(reachable<px::widgets::EpsilonSlider>(w));
        QSlider* s = e ? e->findChild<QSlider*>() : nullptr;
        if (!s) return;
        const int v = std::uniform_int_distribution<int>(s->minimum(), s->maximum())(rng_);
        log(QString("slider = %1").arg(v));
        s->setValue(v);
    }
    // A typed ε is used exactly as typed, and a refused one changes nothing and says why beside the field.
    void typeEpsilon(MainWindow& w) {
        auto* e = any(reachable<px::widgets::EpsilonSlider>(w));
        if (!e) return;
        static const QStringList refused = {"abc", "-5", "1e400", "0", "250", ""};
        const bool bad = rng_() % 6 == 0;
        const double value = std::round(std::pow(10.0, std::uniform_real_distribution<double>(-1, 2)(rng_)) * 100) / 100;
        const QString text = bad ? refused[int(rng_() % refused.size())] : QString::number(std::max(value, 0.1), 'g', 4);
        log("type ε " + text);
        const ExplorerSettings before = w.settings();
        auto* field = e->findChild<QLineEdit*>("epsilon-field");
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
        if (bad && !text.isEmpty()) {
            QVERIFY2(w.settings() == before, qPrintable("a refused ε changed the settings\n" + recent()));
            QVERIFY2(!e->inputErrorLabel()->isHidden() && !e->inputErrorLabel()->text().isEmpty(), qPrintable("a refused ε without a reason beside it\n" + recent()));
        } else if (!bad) {
            QVERIFY2(w.settings().mechanism.epsilon == text.toDouble(),
                     qPrintable(QString("typed %1, the settings say ε = %2\n").arg(text).arg(w.settings().mechanism.epsilon, 0, 'g', 17) + recent()));
            QVERIFY2(e->inputErrorLabel()->isHidden(), qPrintable("the refusal stays after a valid ε\n" + recent()));
        }
    }
    void tab(MainWindow& w) {
        auto* tabs = w.findChild<QTabWidget*>();
        const int i = std::uniform_int_distribution<int>(0, tabs->count() - 1)(rng_);
        if (tabs->tabText(i).contains("Depth")) return;
        log("tab " + tabs->tabText(i));
        tabs->setCurrentIndex(i);
    }
    void clickNamed(MainWindow& w, const QString& text) {
        for (QAbstractButton* b : w.findChildren<QAbstractButton*>())
            if (b->text() == text && b->isVisibleTo(&w) && b->isEnabled()) {
                log("click " + text);
                if (text == "Cancel") {
                    ViewPresenter* presenter = w.findChild<ExplorerViews*>()->presenter();
                    for (const QString& name : presenter->names()) keysAtCancel_[name] = presenter->present(name).currentKey;
                    settingsAtCancel_ = w.settings();
                }
                b->click();
                return;
            }
    }
    void trigger(MainWindow& w, const QKeySequence& key, const QString& name) {
        for (QAction* a : w.findChildren<QAction*>())
            if (a->shortcut() == key && a->isEnabled()) {
                log(name);
                a->trigger();
                return;
            }
    }
    void openLesson(MainWindow& w) {
        QStringList lessons = MainWindow::shippedLessons();
        lessons.erase(std::remove_if(lessons.begin(), lessons.end(), [](const QString& l) { return l.contains("04-"); }), lessons.end());
        const QString lesson = lessons[int(rng_() % lessons.size())];
        log("open lesson " + lesson);
        if (!w.lessonPlayer()->running()) ownSettings_ = w.settings();  // a lesson opened during another returns to before the first
        QVERIFY(w.openLesson(lesson));
    }

    std::mt19937 rng_;
    bool echo_ = false;
    ExplorerSettings ownSettings_;  // on screen when the first lesson of a run of lessons was opened
    int played_ = 0;
    QElapsedTimer clock_;
    std::map<QString, std::string> keysAtCancel_;  // each view's current key when Cancel was clicked
    ExplorerSettings settingsAtCancel_;  // the settings when Cancel was clicked
    int untilCheck_ = 6;
    QStringList recent_;
};

}  // namespace onetruth
