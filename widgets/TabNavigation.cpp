#include "TabNavigation.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

namespace px::widgets {

TabNavigation installTabNavigation(QTabWidget* tabs, bool numberShortcuts, const QString& label) {
    TabNavigation nav;
    auto* group = new QActionGroup(tabs);
    group->setExclusive(true);
    for (int i = 0; i < tabs->count(); ++i) {
        auto* action = new QAction(tabs->tabText(i).remove('&'), group);
        action->setCheckable(true);
        action->setChecked(i == tabs->currentIndex());
        action->setToolTip(tabs->tabToolTip(i));
        if (numberShortcuts && i < 9) {
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
            action->setShortcutContext(Qt::WindowShortcut);
            tabs->addAction(action);  // active while the window is, menu or not
        }
        QObject::connect(action, &QAction::triggered, tabs, [tabs, i] { tabs->setCurrentIndex(i); });
        nav.actions << action;
    }
    QObject::connect(tabs, &QTabWidget::currentChanged, group, [actions = nav.actions](int i) {
        if (i >= 0 && i < actions.size()) actions[i]->setChecked(true);
    });
    auto* menu = new QMenu(tabs);
    menu->addActions(nav.actions);
    nav.cornerButton = new QToolButton(tabs);
    nav.cornerButton->setObjectName("all-views");
    nav.cornerButton->setText(label.isEmpty() ? QObject::tr("All views") : label);
    nav.cornerButton->setToolTip(numberShortcuts ? QObject::tr("Every view, also those scrolled off the tab bar (Ctrl+1 … Ctrl+9)")
                                                 : QObject::tr("Every view, also those scrolled off the tab bar"));
    nav.cornerButton->setMenu(menu);
    nav.cornerButton->setPopupMode(QToolButton::InstantPopup);
    nav.cornerButton->setAutoRaise(true);
    tabs->setCornerWidget(nav.cornerButton, Qt::TopRightCorner);
    return nav;
}

}  // namespace px::widgets
