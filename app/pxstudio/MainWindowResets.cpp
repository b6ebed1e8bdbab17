// Double-click a control (or its label) to reset the setting behind it to its default, as one undo step.
#include "MainWindow.h"

#include "SessionModel.h"
#include "panels/SettingsPanel.h"

#include <QFormLayout>
#include <QLineEdit>
#include <QStatusBar>

void MainWindow::installResets(SettingsPanel* panel) {
    for (const auto& [control, reset] : panel->resets()) {
        std::vector<QObject*> targets{control};
        if (auto* edit = control->findChild<QLineEdit*>()) targets.push_back(edit);
        if (auto* form = qobject_cast<QFormLayout*>(control->parentWidget() ? control->parentWidget()->layout() : nullptr))
            if (QWidget* label = form->labelForField(control)) targets.push_back(label);
        for (QObject* t : targets) {
            t->installEventFilter(this);
            resetters_[t] = reset;
        }
        control->setToolTip(control->toolTip() + (control->toolTip().isEmpty() ? "" : "\n") + tr("Double-click (or its label) to reset to the default"));
    }
}

void MainWindow::resetControl(QObject* target) {
    auto it = resetters_.find(target);
    if (it == resetters_.end()) return;
    ExplorerSettings s = settings();
    const ExplorerSettings before = s;
    it->second(s);
    // D and the protocol belong to the data set: their default is its own value, and the declaration goes
    if (auto ds = controller_->dataset(); ds && (s.mechanism.degreeBound != before.mechanism.degreeBound || s.protocol != before.protocol)) {
        DatasetChoices& mine = s.perDataset[s.dataset];
        if (s.mechanism.degreeBound != before.mechanism.degreeBound) mine.degreeBound = 0;
        if (s.protocol != before.protocol) mine.protocol.clear();
        if (mine == DatasetChoices{}) s.perDataset.erase(s.dataset);
        applyDatasetChoices(s, *ds);
    }
    apply(s, ChangeOrigin::Reset);
    statusBar()->showMessage(tr("Reset to the default"), 2000);
}
