#pragma once
// Every tab of a tab widget within reach when they do not all fit on its bar: an "All views" button in the
// bar's corner lists them all (the current one checked); with numberShortcuts, the first nine actions
// take Ctrl+1 … Ctrl+9 (window-wide; one tab widget per window should). The actions are returned for a
// menu ("View ▸ Go to view").
// Ctrl+Tab / Ctrl+PgDown step through the tabs as in any QTabWidget.
#include <QList>

#include <QString>

class QAction;
class QTabWidget;
class QToolButton;

namespace px::widgets {

struct TabNavigation {
    QToolButton* cornerButton = nullptr;
    QList<QAction*> actions;  // one per tab, in tab order; checkable, in one exclusive group
};
// `label`: the corner button's text (a tab widget within another's page names its own, so that the two differ).
TabNavigation installTabNavigation(QTabWidget* tabs, bool numberShortcuts = true, const QString& label = {});

}  // namespace px::widgets
