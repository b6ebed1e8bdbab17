// Each settings panel on its own, offscreen: its fields round-trip through apply()/collect(), apply()
// is silent while every user edit emits changed(), every control has a reset to the default, and
// every control reaches the sweep spec the explorer runs. Also the session model (undo steps,
// merged ε steps, autosave, recent files) and the report's line about the controls.
#include "ExplorerController.h"
#include "CustomSettings.h"
#include "SessionModel.h"
#include "generators/Generators.h"
#include "depthlab/DepthLab.h"
#include "panels/DatasetPanel.h"
#include "panels/DepthPanels.h"
#include "panels/LearnerPanel.h"
#include "panels/NumberFieldGuard.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"
#include "panels/ReportPanel.h"
#include "panels/WheelGuard.h"
#include "EpsilonSlider.h"
#include "AppTestSupport.h"
#include "PropertySupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <cstdio>
#include <QUndoStack>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QtTest>
#include <memory>
#include <set>

namespace {
std::string dump(const ExplorerSettings& s) { return s.toJson().dump(); }

std::vector<std::unique_ptr<SettingsPanel>> allPanels() {
    std::vector<std::unique_ptr<SettingsPanel>> p;
    p.emplace_back(new DatasetPanel);
    p.emplace_back(new PatternsPanel);
    p.emplace_back(new PrivacyPanel);
    p.emplace_back(new LearnerPanel);
    return p;
}

// Edits a control as a user would (another value); false if it has no other value.
bool edit(QWidget* w) {
    if (auto* b = qobject_cast<QSpinBox*>(w)) { b->setValue(b->value() < b->maximum() ? b->value() + 1 : b->value() - 1); return true; }
    if (auto* b = qobject_cast<QDoubleSpinBox*>(w)) {
        const double step = b->singleStep();
        b->setValue(b->value() + step <= b->maximum() ? b->value() + step : b->value() - step);
        return true;
    }
    if (auto* b = qobject_cast<QCheckBox*>(w)) { b->toggle(); return true; }
    if (auto* b = qobject_cast<QComboBox*>(w)) {
        for (int k = 1; k < b->count(); ++k) {
            const int i = (b->currentIndex() + k) % b->count();
            if (!b->itemText(i).isEmpty()) { b->setCurrentIndex(i); return true; }  // skip separators
        }
    }
    return false;
}
std::vector<QWidget*> editableControls(QWidget* panel) {
    std::vector<QWidget*> out;
    for (QWidget* w : panel->findChildren<QWidget*>())
        if (qobject_cast<QSpinBox*>(w) || qobject_cast<QDoubleSpinBox*>(w) || qobject_cast<QCheckBox*>(w) || qobject_cast<QComboBox*>(w))
            out.push_back(w);
    return out;
}
}  // namespace

class TestPanels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { pxtest::useEmptyAppDataFolder("tst_panels"); }  // its own autosave, recent files, journals

    void fieldsRoundTripAndApplyIsSilent() {
        const ExplorerSettings c = customSettings();
        ExplorerSettings all;
        for (auto& p : allPanels()) {
            QSignalSpy changed(p.get(), &SettingsPanel::changed);
            p->apply(c);
            QCOMPARE(changed.count(), 0);
            ExplorerSettings same = c;
            p->collect(same);  // writes exactly what was applied ...
            QCOMPARE(QString::fromStdString(dump(same)), QString::fromStdString(dump(c)));
            ExplorerSettings fresh;
            p->collect(fresh);  // ... and it differs from the defaults
            QVERIFY2(dump(fresh) != dump(ExplorerSettings{}), p->title().toUtf8());
            p->collect(all);
        }
        // Together the panels carry every field (ε comes back on the slider's log grid).
        QVERIFY(std::abs(all.mechanism.epsilon - c.mechanism.epsilon) < 0.03 * c.mechanism.epsilon);
        all.mechanism.epsilon = c.mechanism.epsilon;
        QCOMPARE(QString::fromStdString(dump(all)), QString::fromStdString(dump(c)));
    }

    void everyControlEditsTheSweepSpecAndHasAReset() {
        for (auto& p : allPanels()) {
            p->apply(ExplorerSettings{});
            std::set<QWidget*> withReset;
            for (auto& [control, reset] : p->resets()) {
                withReset.insert(control);
                ExplorerSettings s = customSettings(), d;
                reset(s);  // the reset moves its field back to the default ...
                QVERIFY2(dump(s) != dump(customSettings()), qPrintable(control->toolTip()));
                reset(d);  // ... and leaves the defaults alone
                QCOMPARE(QString::fromStdString(dump(d)), QString::fromStdString(dump(ExplorerSettings{})));
            }
            for (QWidget* control : editableControls(p.get())) {
                const bool datasetPicker = qobject_cast<DatasetPanel*>(p.get()) != nullptr;
                QVERIFY2(datasetPicker || withReset.count(control), qPrintable(p->title() + ": no reset for " + control->toolTip()));
                ExplorerSettings before;
                p->collect(before);
                QSignalSpy changed(p.get(), &SettingsPanel::changed);
                QVERIFY(edit(control));
                ExplorerSettings after = before;
                p->collect(after);
                if (!datasetPicker) QVERIFY2(changed.count() >= 1, qPrintable(control->toolTip()));
                const auto a = ExplorerController::specFor(before).toJson(), b = ExplorerController::specFor(after).toJson();
                QVERIFY2(a != b, qPrintable(p->title() + ": does not reach the sweep spec: " + control->toolTip()));
            }
        }
    }

    void depthPanelsRoundTripAndReachTheExperimentSpecs() {
        DepthSettings c;
        c.model = "sbm";
        c.n = 500;
        c.weights = "gaussian";
        c.trials = 3;
        c.nagDepth = 4;
        c.opNorm = 2.5;
        c.nagScheme = "constrained";
        c.nagWidth = 128;
        c.epsilon = 3.0;
        c.delta = 1e-6;
        c.contraction = 0.55;
        c.attack = false;
        c.propagationModel = "gap";
        c.subgraphs = 300;
        c.asampFit = "logistic";
        std::vector<std::unique_ptr<DepthPanel>> panels;
        panels.emplace_back(new CoseraPanel);
        panels.emplace_back(new NagPanel);
        panels.emplace_back(new ConvergencePanel);
        panels.emplace_back(new AsampPanel);
        auto specs = [](const DepthSettings& s) {
            nlohmann::json all;
            for (const auto& e : px::depthlab::depthExperiments()) all[e] = s.specFor(e, "builtin:sbm-nodes", 2);
            return all;
        };
        DepthSettings all;
        for (auto& p : panels) {
            p->apply(c);
            p->collect(all);
        }
        QCOMPARE(QString::fromStdString(specs(all).dump()), QString::fromStdString(specs(c).dump()));
        for (auto& p : panels)
            for (QWidget* control : editableControls(p.get())) {
                DepthSettings before;
                p->collect(before);
                QVERIFY(edit(control));
                DepthSettings after = before;
                p->collect(after);
                QVERIFY2(specs(before) != specs(after), qPrintable(p->title() + ": does not reach a spec: " + control->toolTip()));
            }
    }

    void privacyPanelEnablesOnlyWhatTheMechanismUses() {
        PrivacyPanel p;
        ExplorerSettings s;
        s.mechanism.sensitivity = px::privacy::SensitivitySource::CountingLemma;
        p.apply(s);
        QSpinBox* degree = nullptr;
        for (auto* b : p.findChildren<QSpinBox*>()) if (b->toolTip().startsWith("Public degree bound")) degree = b;
        QVERIFY(degree);
        QVERIFY(!degree->isEnabled());  // no degree assumption: D plays no role
        s.mechanism.sensitivity = px::privacy::SensitivitySource::PublicDegreeBound;
        p.apply(s);
        QVERIFY(degree->isEnabled());
        s.mechanism.degreeBound = 500;
        p.apply(s);
        ExplorerSettings out;
        p.collect(out);
        QCOMPARE(out.mechanism.degreeBound, 500);
        QComboBox* delta = nullptr;  // δ: only the mechanisms with an (ε, δ) statement take it
        for (auto* b : p.findChildren<QComboBox*>()) delta = b->toolTip().startsWith("δ of") ? b : delta;
        for (int kind = 0; kind < 5; ++kind) {  // Gaussian, smooth Gaussian; Laplace, randomized response, DPRR
            s.mechanism.mechanism = px::privacy::MechanismKind(kind);
            p.apply(s);
            QCOMPARE(delta->isEnabled(), kind < 2);
        }
    }

    void wheelScrollsThePanelNotTheValueUnderTheMouse() {
        PatternsPanel p;
        WheelGuard::install(&p);
        p.show();
        QSpinBox* d = nullptr;
        for (auto* b : p.findChildren<QSpinBox*>()) if (b->toolTip().startsWith("d:")) d = b;
        QVERIFY(d);
        const int before = d->value();
        auto wheel = [&] {
            QWheelEvent e(QPointF(5, 5), d->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(d, &e);
        };
        wheel();
        QCOMPARE(d->value(), before);  // not focused: the wheel passes on
        d->setFocus();
        QTRY_VERIFY(d->hasFocus());
        wheel();
        QCOMPARE(d->value(), before + 1);  // focused: the wheel edits
        // a control added to the panel after the guard (a mechanism's own field, a rebuilt picker) is guarded too
        auto* holder = new QWidget(&p);
        auto* late = new QComboBox(holder);
        late->addItems({"a", "b", "c"});
        holder->show();
        QWheelEvent e(QPointF(5, 5), late->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(late, &e);
        QCOMPARE(late->currentIndex(), 0);
        QCOMPARE(late->focusPolicy(), Qt::StrongFocus);
    }
    // In the settings dock the panels sit in a scroll area: a wheel over an unfocused control (here the ε
    // slider) leaves the value alone and is left unaccepted, which is what makes QApplication hand a real
    // (spontaneous) wheel event on to the scroll area; that last step was checked in the app with xdotool.
    // ε can be typed: a number in range moves the slider and commits once; anything else is refused with a red
    // frame and a message, and ε stays. Arrow keys step 0.1 decade, Page Up half a decade.
    void epsilonCanBeTypedAndStepsByATenthOfADecade() {
        px::widgets::EpsilonSlider s;
        QSignalSpy committed(&s, &px::widgets::EpsilonSlider::epsilonCommitted);
        auto* field = s.findChild<QLineEdit*>("epsilon-field");
        QVERIFY(field);
        QCOMPARE(field->text(), QString("1"));
        field->setText("5");
        emit field->editingFinished();
        QCOMPARE(s.epsilon(), 5.0);  // exactly as typed, not the nearest of the knob's 100 positions per decade (5.01)
        QCOMPARE(committed.count(), 1);
        emit field->editingFinished();  // leaving the field again takes nothing more
        QCOMPARE(committed.count(), 1);
        for (const char* typed : {"3", "2.5", "0.5", "7"}) {  // each was changed to the knob's value before (3.02, 2.51, …)
            field->setText(typed);
            emit field->editingFinished();
            QCOMPARE(s.epsilon(), QString(typed).toDouble());
            QCOMPARE(field->text(), QString(typed));
        }
        field->setText("5");
        emit field->editingFinished();
        committed.clear();
        for (const char* bad : {"abc", "0.01", "1e9", "", "5x"}) {
            field->setText(bad);
            emit field->editingFinished();
            QVERIFY2(s.inputError().contains("from 0.1 to 100"), bad);
            QVERIFY(field->styleSheet().contains("border"));
            QVERIFY(!s.inputErrorLabel()->isHidden() && s.inputErrorLabel()->text() == s.inputError());  // beside the field
            QCOMPARE(s.epsilon(), 5.0);
        }
        QCOMPARE(committed.count(), 0);
        field->setText("100");
        emit field->editingFinished();
        QVERIFY(s.inputError().isEmpty());
        QVERIFY(field->styleSheet().isEmpty());
        QVERIFY(s.inputErrorLabel()->isHidden());
        QCOMPARE(committed.count(), 1);
        auto* slider = s.findChild<QSlider*>();
        s.setEpsilon(1.0);
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(s.epsilon(), 1.26);  // 10^0.1, to the three digits the field shows
        QTest::keyClick(slider, Qt::Key_PageUp);
        QCOMPARE(s.epsilon(), 3.98);  // 10^0.6
        QCOMPARE(committed.count(), 3);  // one commit per key press
        QCOMPARE(field->text(), QString("3.98"));
        // Every knob position: its ε is the number the field shows, and the privacy report's %.4g quotes the same
        double previous = 0;
        for (int p = slider->minimum(); p <= slider->maximum(); ++p) {
            slider->setValue(p);
            QVERIFY(s.epsilon() > previous);
            previous = s.epsilon();
            QCOMPARE(field->text().toDouble(), s.epsilon());
            char quoted[32];
            std::snprintf(quoted, sizeof quoted, "%.4g", s.epsilon());
            QCOMPARE(field->text(), QString(quoted));
            QVERIFY(std::abs(std::log10(s.epsilon()) - (-1 + p / 100.0)) < 0.0022);  // within 0.5 % of the even knob
        }
    }
    void wheelOverAnUnfocusedSliderScrollsTheDock() {
        QScrollArea area;
        auto* p = new PrivacyPanel;
        area.setWidget(p);
        area.setWidgetResizable(true);
        area.resize(400, 150);  // shorter than the panel: there is something to scroll
        WheelGuard::install(p);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QSlider* slider = p->findChild<QSlider*>();
        QVERIFY(slider);
        QVERIFY(area.verticalScrollBar()->maximum() > 0);
        area.verticalScrollBar()->setValue(0);
        area.setFocus();  // the window gave its first control the focus: take it away
        QTRY_VERIFY(!slider->hasFocus());
        const int before = slider->value();
        QWheelEvent e(QPointF(5, 5), slider->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(slider, &e);
        QCOMPARE(slider->value(), before);
        QVERIFY(!e.isAccepted());
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        QWheelEvent focused(QPointF(5, 5), slider->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120), Qt::NoButton,
                            Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(slider, &focused);
        QVERIFY(slider->value() != before);  // focused: the wheel moves ε
    }
    // The panel's note on the class's largest pattern uses all-trees:M's own M, not the sampler's max size.
    // The data set panel says when the test part is too small for ROC-AUC to mean much: stratified 80/20 of 5 + 5
    // graphs tests 1 + 1 (AUC in steps of 1/(1·1)); 10-fold CV of 50 + 50 tests 5 + 5 per fold (steps of 1/25);
    // an 80/20 split of 100 + 100 tests 20 + 20 and is not flagged. What is checked is the label's text.
    void datasetPanelWarnsOfATinyTestPart() {
        auto labelled = [](int perClass) {
            px::Dataset ds;
            ds.name = "tiny";
            for (int c = 0; c < 2; ++c)
                for (int i = 0; i < perClass; ++i) ds.graphs.push_back(px::Graph::fromEdges(3 + c, {{0, 1}, {1, 2}}));
            ds.tasks = {px::LabelTask{"task0", px::TaskType::Binary}};
            ds.labels = Eigen::MatrixXd(2 * perClass, 1);
            for (int g = 0; g < 2 * perClass; ++g) ds.labels(g, 0) = g < perClass ? 0 : 1;
            return ds;
        };
        auto summary = [](const px::Dataset& ds, const std::string& protocol) {
            DatasetPanel p;
            ExplorerSettings s;
            s.protocol = protocol;
            p.describe(ds, s);
            QString text;
            for (auto* l : p.findChildren<QLabel*>()) if (l->text().contains(" graphs, ")) text = l->text();
            return text;
        };
        QString text = summary(labelled(5), "split");
        QVERIFY2(text.contains("Only 2 test graphs (1 / 1 per class): ROC-AUC moves in steps of 1/1"), qPrintable(text));
        text = summary(labelled(50), "10-fold");
        QVERIFY2(text.contains("Only 10 test graphs in the smallest fold (5 / 5 per class): ROC-AUC moves in steps of 1/25"), qPrintable(text));
        text = summary(labelled(100), "split");
        QVERIFY2(text.startsWith("200 graphs") && !text.contains("test graphs"), qPrintable(text));
    }
    void sessionUndoMergesEpsilonSteps() {
        SessionModel m;
        ExplorerSettings s;
        m.setCommitted(s);
        ExplorerSettings e1 = s, e2 = s, d = s;
        e1.mechanism.epsilon = 2;
        e2.mechanism.epsilon = 3;
        m.commit(e1);
        m.commit(e2);  // ε only, twice: one step
        QCOMPARE(m.undoStack()->count(), 1);
        QCOMPARE(m.undoStack()->text(0), QString("Change ε"));  // the entry names the setting
        d = e2;
        d.d = 33;
        m.commit(d);  // another field: a new step
        QCOMPARE(m.undoStack()->count(), 2);
        QCOMPARE(m.undoStack()->text(1), QString("Change d"));
        m.commit(d);  // no change: no step
        QCOMPARE(m.undoStack()->count(), 2);
        QSignalSpy restore(&m, &SessionModel::restoreRequested);
        m.undoStack()->undo();
        m.undoStack()->undo();
        QCOMPARE(restore.count(), 2);
        QCOMPARE(restore.at(1).at(0).value<ExplorerSettings>().mechanism.epsilon, s.mechanism.epsilon);
        // ε typed, then reset a moment later (not one gesture): two steps, and undo gives the typed ε back; a gesture
        // that ends where it began leaves no step
        SessionModel later;
        later.setCommitted(s);
        later.commit(e1);
        QTest::qWait(1600);
        later.commit(s);
        QCOMPARE(later.undoStack()->count(), 2);
        QSignalSpy back(&later, &SessionModel::restoreRequested);
        later.undoStack()->undo();
        QCOMPARE(back.at(0).at(0).value<ExplorerSettings>().mechanism.epsilon, e1.mechanism.epsilon);
        SessionModel there;
        there.setCommitted(s);
        there.commit(e1);
        there.commit(s);
        QCOMPARE(there.undoStack()->count(), 0);
    }

    void sessionAutosaveAndRecentFiles() {
        SessionModel m;
        ExplorerSettings s = customSettings();
        QVERIFY(m.autosave(s));
        const ExplorerSettings back = m.restoreAutosave();
        QCOMPARE(back.d, s.d);
        QCOMPARE(back.dataset, s.dataset);
        s.dataset = "/somewhere/a-file-data-set";
        QVERIFY(m.autosave(s));
        QString missing;
        QCOMPARE(m.restoreAutosave(&missing).dataset, ExplorerSettings{}.dataset);  // gone: the default, and said so
        QCOMPARE(missing, QString("/somewhere/a-file-data-set"));
        s.dataset = std::string(PX_TEST_DATA_DIR_FOR_APP) + "/valid/tu_small";
        QVERIFY(m.autosave(s));
        missing.clear();
        QCOMPARE(m.restoreAutosave(&missing).dataset, s.dataset);  // still there: restored as it was
        QVERIFY(missing.isEmpty());
        m.clearRecentFiles();
        QTemporaryDir dir;
        for (int i = 0; i < 10; ++i) m.addRecentFile(dir.path() + QString("/s%1.json").arg(i));
        m.addRecentFile(dir.path() + "/s3.json");
        const QStringList r = m.recentFiles();
        QCOMPARE(r.size(), 8);
        QVERIFY(r.first().endsWith("s3.json"));
        QCOMPARE(r.count(r.first()), 1);
        QVERIFY_THROWS_EXCEPTION(std::exception, SessionModel::readSession(dir.path() + "/missing.json"));
    }

    // Entries typed into d as a user types them, generated: parts of Ctrl+A then keys (digits, '-', 'e', '.', 'x'),
    // ended by Enter or by leaving the field, from a value set elsewhere (as an undo sets it). Whatever was typed,
    // checked against the spin box's own validator: the message quotes the last part exactly (not the keys of parts
    // typed over, which a new user saw piled up: "xy600") and names the value d keeps, and d keeps it; a last part whose
    // every key was taken and which is a whole number is taken; a value set elsewhere clears the message.
    void numberEntriesSayWhatTheyKeep() {
        PatternsPanel panel;
        NumberFieldGuard::install(&panel);
        panel.show();
        auto* d = panel.findChild<QSpinBox*>("patterns-d");
        QVERIFY(d);
        auto* edit = d->findChild<QLineEdit*>();
        struct Probe : QSpinBox {  // a spin box of d's range, whose validator the test asks
            QValidator::State check(QString text) const {
                int pos = int(text.size());
                return validate(text, pos);
            }
        } probe;
        probe.setRange(d->minimum(), d->maximum());
        QVERIFY(pxtest::checkProperty("d's entries keep their word", 20261207, 120, [&] {
            const int set = *rc::gen::inRange(1, 501);
            d->setValue(set != d->value() ? set : set % 500 + 1);  // a new value, as an undo sets it
            RC_ASSERT(NumberFieldGuard::refusal(d).isEmpty());
            const int before = d->value();  // nothing typed is in d until an entry is taken (Enter, or leaving it)
            const auto parts = *rc::gen::resize(4, rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(
                rc::gen::resize(5, rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::elementOf(std::string("0123456789-e.x"))))))));
            bool refused = false;
            QString message;
            for (const std::string& part : parts) {
                QTest::keyClick(d, Qt::Key_A, Qt::ControlModifier);
                RC_ASSERT(d->value() == before);
                RC_ASSERT(edit->selectedText() == edit->text());
                if (refused) RC_ASSERT(edit->text() == QString::number(before));  // a refused part is undone
                refused = false;
                for (const char c : part) {  // key by key: what the spin box's validator makes of the field's text with it
                    QString candidate = edit->text();
                    const int at = edit->hasSelectedText() ? edit->selectionStart() : edit->cursorPosition();
                    candidate.remove(at, edit->selectedText().size()).insert(at, QChar(c));
                    const QString was = edit->text();
                    QTest::keyClick(d, c);
                    const bool taken = probe.check(candidate) != QValidator::Invalid;
                    refused |= !taken;
                    RC_ASSERT(edit->text() == (taken ? candidate : was));
                }
                message = NumberFieldGuard::refusal(d);
                // a part every key of which was taken but that is no value in range ("0", "-") is refused at its end
                refused |= probe.check(edit->text()) != QValidator::Acceptable;
            }
            // the last part is taken if every key of it was and it is a whole number in range, else d keeps its value
            const int expected = !refused ? edit->text().toInt() : before;
            if (*rc::gen::arbitrary<bool>()) {
                QTest::keyClick(d, Qt::Key_Return);
            } else {  // the field left (another one clicked)
                QFocusEvent out(QEvent::FocusOut, Qt::MouseFocusReason);
                QApplication::sendEvent(d, &out);
            }
            QStringList typed;
            for (const std::string& part : parts) typed << QString::fromStdString(part);
            const QString state = QString("parts %1, before %2, value %3, message \"%4\" then \"%5\"")
                                      .arg(typed.join(" | ")).arg(before).arg(d->value()).arg(message, NumberFieldGuard::refusal(d));
            if (d->value() != expected) RC_FAIL("d does not keep what it said: " + state.toStdString());
            message = NumberFieldGuard::refusal(d);  // what is said once the entry has ended (a key refused, or the whole)
            if (refused && !(message.startsWith("\"" + QString::fromStdString(parts.back()) + "\" is not taken") &&
                             message.endsWith(QString("d stays %1.").arg(before))))
                RC_FAIL("the message does not quote the last part or name what d keeps: " + state.toStdString());
            if (!refused && !NumberFieldGuard::refusal(d).isEmpty()) RC_FAIL("a taken entry left a message: " + state.toStdString());
        }));
    }
    // Junk typed into a number field is refused visibly (red frame, a message naming the field and its range), not
    // silently dropped; a size mean above the maximum size is not taken, in the panel or from a session file.
    void numberFieldsSayWhatTheyTake() {
        PatternsPanel panel;
        NumberFieldGuard::install(&panel);
        panel.show();
        QSpinBox* d = nullptr;
        QSpinBox* maxSize = nullptr;
        for (auto* b : panel.findChildren<QSpinBox*>()) {
            if (b->toolTip().startsWith("d:")) d = b;
            if (b->toolTip().startsWith("Largest pattern size")) maxSize = b;
        }
        auto* mean = panel.findChild<QDoubleSpinBox*>();
        QVERIFY(d && maxSize && mean);
        const int before = d->value();
        auto* edit = d->findChild<QLineEdit*>();
        edit->selectAll();
        QTest::keyClicks(edit, "abc");
        QCOMPARE(d->value(), before);
        QVERIFY2(NumberFieldGuard::refusal(d).contains("d takes a whole number from 1 to 500"), qPrintable(NumberFieldGuard::refusal(d)));
        QVERIFY(d->styleSheet().contains("border"));
        QTest::keyClick(edit, Qt::Key_Return);  // the entry is over: not taken
        QCOMPARE(d->value(), before);
        // What was typed is never changed into another number: "-5e9" would leave "59", "9999" would leave "99"; the
        // entry is not taken at all, the field keeps its value, and the reason stays beside it (not only in a tooltip).
        QSignalSpy changed(d, QOverload<int>::of(&QSpinBox::valueChanged));
        for (const char* typed : {"-5e9", "9999", "1e400", "0"}) {  // "0": every key taken, yet below d's minimum
            edit->selectAll();
            QTest::keyClicks(edit, typed);
            QTest::keyClick(edit, Qt::Key_Return);
            QCOMPARE(d->value(), before);
            QCOMPARE(changed.count(), 0);
            QVERIFY2(NumberFieldGuard::refusal(d).contains(QString("\"%1\" is not taken").arg(typed)), qPrintable(NumberFieldGuard::refusal(d)));
            auto* beside = panel.findChild<QLabel*>("refusal-" + QString::number(quintptr(d), 16));
            QVERIFY(beside && beside->isVisible() && beside->text() == NumberFieldGuard::refusal(d));
            // in a row of its own: the field under d moves down, not covered by the message
            QTRY_VERIFY2(!beside->geometry().intersects(maxSize->geometry()) && beside->geometry().top() >= d->geometry().bottom(),
                         qPrintable(QString("message at y %1–%2, Max size at %3").arg(beside->geometry().top()).arg(beside->geometry().bottom())
                                        .arg(maxSize->geometry().top())));
        }
        // Typed as a user types: the keys go to the spin box, which hands them to its line edit without its filters
        d->setFocus();
        edit->selectAll();
        QTest::keyClicks(d, "-5e9");
        QTest::keyClick(d, Qt::Key_Return);
        QCOMPARE(d->value(), before);
        QCOMPARE(changed.count(), 0);
        QVERIFY2(NumberFieldGuard::refusal(d).contains("\"-5e9\" is not taken"), qPrintable(NumberFieldGuard::refusal(d)));
        edit->selectAll();
        QTest::keyClicks(edit, "7");  // an entry it takes clears the frame and the message once it is finished
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(d->value(), 7);
        QCOMPARE(changed.count(), 1);
        QVERIFY(NumberFieldGuard::refusal(d).isEmpty() && d->styleSheet().isEmpty());
        QVERIFY(panel.findChild<QLabel*>("refusal-" + QString::number(quintptr(d), 16))->isHidden());
        maxSize->setValue(10);
        QCOMPARE(mean->maximum(), 10.0);
        auto* meanEdit = mean->findChild<QLineEdit*>();
        meanEdit->selectAll();
        QTest::keyClicks(meanEdit, "15");
        QVERIFY2(NumberFieldGuard::refusal(mean).contains("from 1.5 to 10"), qPrintable(NumberFieldGuard::refusal(mean)));
        nlohmann::json session = ExplorerSettings{}.toJson();
        session["max_size"] = 10;
        session["size_mean"] = 15;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ExplorerSettings::fromJson(session));
        try {
            ExplorerSettings::fromJson(session);
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).contains("size_mean") && QString(e.what()).contains("max_size = 10"), e.what());
        }
    }

    void reportLineNamesTheGainAndTheFlag() {
        px::experiment::ControlComparison c;
        c.found = true;
        c.budget = 1;
        c.metric = "auc";
        c.value = 0.859;
        c.publicValue = 0.813;
        c.shuffledValue = 0.82;
        const QString line = ReportPanel::controlsLine(c);
        QVERIFY2(line.contains("+0.046 AUC") && line.contains("ε = 1") && line.contains("0.813"), qPrintable(line));
        QVERIFY(!line.contains("No structural signal"));
        c.value = 0.82;
        c.noSignal = true;
        QVERIFY(ReportPanel::controlsLine(c).contains("No structural signal"));
        QVERIFY(ReportPanel::controlsLine(px::experiment::ControlComparison{}).isEmpty());
        c.budget = 1.33;  // the grid point nearest a slider at 1: named as such
        QVERIFY2(ReportPanel::controlsLine(c, 1.0).contains("ε = 1.33, the sweep's grid point nearest the slider's ε = 1"),
                 qPrintable(ReportPanel::controlsLine(c, 1.0)));
        QVERIFY(!ReportPanel::controlsLine(c, 1.33).contains("nearest"));
        c.budget = 0.1 * std::pow(1000.0, 2 / 8.0);  // the grid's 0.562…, beside a typed 0.5623: both quoted
        QVERIFY2(ReportPanel::controlsLine(c, 0.5623).contains("ε = 0.562, the sweep's grid point nearest the slider's ε = 0.5623"),
                 qPrintable(ReportPanel::controlsLine(c, 0.5623)));
        QVERIFY(!ReportPanel::controlsLine(c, 0.562).contains("nearest"));
    }
};

QTEST_MAIN(TestPanels)
#include "tst_panels.moc"
