// F1: the user guide's page for the view or panel in use; What's This (Shift+F1, the "?" pointer): a sentence on
// any panel or view, with a link to its page (HelpController.h).
#include "HelpController.h"

#include "ExplorerViews.h"
#include "HelpWindow.h"
#include "PresentationMode.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QTabBar>
#include <QWhatsThis>
#include <QWhatsThisClickedEvent>

HelpController::HelpController(QMainWindow* window, ExplorerViews* views, QLabel* question, const PresentationMode* presentation)
    : QObject(window), window_(window), views_(views), question_(question), presentation_(presentation) {}

void HelpController::addActions(QMenu* help) {
    help->addAction(tr("&User guide (page for this view)"), QKeySequence::HelpContents, this, [this] { show(pageForFocus()); });
    help->addAction(tr("&Contents"), this, [this] { show("index.md"); });
    help->addAction(tr("&Glossary: ε, ρ, D, controls, COSERA, NAG…"), this, [this] { show("glossary.md"); });
    help->addAction(tr("&Projector mode and keys"), this, [this] { show("projector-mode.md"); });
}

QString HelpController::pageForFocus() const {
    // the nearest enclosing panel or view with a page; a focused tab bar belongs to no view: the tab on screen
    for (const QWidget* w = QApplication::focusWidget(); w && w != window_; w = w->parentWidget())
        if (const QString page = w->property("helpPage").toString(); !page.isEmpty()) return page;
    const QString page = views_->currentWidget() ? views_->currentWidget()->property("helpPage").toString() : QString();
    return page.isEmpty() ? QStringLiteral("index.md") : page;
}

void HelpController::showViewQuestion() {
    const QString page = views_->currentWidget() ? views_->currentWidget()->property("helpPage").toString() : QString();
    const QString question = HelpWindow::pageQuestion(page);
    question_->setText(question.isEmpty() ? QString() : tr("<i>%1</i> &nbsp;<span style=\"color:#777\">(F1: how to read this view)</span>")
                                                            .arg(question.toHtmlEscaped()));
    question_->setVisible(!question.isEmpty() && !presentation_->on());
}

HelpWindow* HelpController::show(const QString& page) {
    if (!help_) help_ = new HelpWindow(window_);
    help_->showPage(page);
    help_->show();
    help_->raise();
    help_->activateWindow();
    return help_;
}

// Every panel and view with a guide page says what it is (its tooltip) and links to the page. The link's click
// reaches the widget as QEvent::WhatsThisClicked, which eventFilter turns into show.
void HelpController::installWhatsThis() {
    views_->installEventFilter(this);  // a link in a tab's text
    for (QWidget* w : window_->findChildren<QWidget*>()) {
        const QString page = w->property("helpPage").toString();
        if (page.isEmpty()) continue;
        const int tab = views_->indexOf(w);
        QString what = tab >= 0 ? views_->tabToolTip(tab) : w->toolTip();
        if (what.isEmpty()) what = tr("What each of its controls does, and the formulas behind them, are on its page.");
        w->setWhatsThis(QString("<p><b>%1</b></p><p>%2</p><p><a href=\"%3\">%4</a></p>")
                            .arg(HelpWindow::pageTitle(page).toHtmlEscaped(), what.toHtmlEscaped().replace('\n', "<br>"), page,
                                 tr("Read its page in the user guide")));
        w->installEventFilter(this);
    }
}

bool HelpController::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::WhatsThisClicked) return QObject::eventFilter(watched, event);
    show(static_cast<QWhatsThisClickedEvent*>(event)->href());
    return true;
}
