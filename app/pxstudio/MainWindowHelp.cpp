// F1: the user guide's page for the view or panel in use.
#include "MainWindow.h"

#include "ExplorerViews.h"
#include "HelpWindow.h"

#include <QApplication>

QString MainWindow::helpPageForFocus() const {
    // the nearest enclosing panel or view with a page; a focused tab bar belongs to no view: the tab on screen
    for (const QWidget* w = QApplication::focusWidget(); w && w != this; w = w->parentWidget())
        if (const QString page = w->property("helpPage").toString(); !page.isEmpty()) return page;
    const QString page = views_->currentWidget() ? views_->currentWidget()->property("helpPage").toString() : QString();
    return page.isEmpty() ? QStringLiteral("index.md") : page;
}

HelpWindow* MainWindow::showHelp(const QString& page) {
    if (!help_) help_ = new HelpWindow(this);
    help_->showPage(page);
    help_->show();
    help_->raise();
    help_->activateWindow();
    return help_;
}
