#pragma once
// The user guide inside the app: F1 opens the page of the panel or view in use (one help window, raised if open),
// What's This (Shift+F1, the "?" pointer) gives a sentence on any panel or view with a guide page and a link to it,
// and the question the view on screen answers stands over the views (not in projector mode). Pages: HelpWindow.h.
#include <QObject>
#include <QString>

class QLabel;
class QMainWindow;
class QMenu;
class ExplorerViews;
class HelpWindow;
class PresentationMode;

class HelpController : public QObject {
    Q_OBJECT
public:
    // question: the line over the views that says what the view on screen answers.
    HelpController(QMainWindow* window, ExplorerViews* views, QLabel* question, const PresentationMode* presentation);
    void addActions(QMenu* help);  // the guide's pages and What's This in the Help menu
    // The user guide's page for what has the focus: the panel it is in, else the view on screen.
    QString pageForFocus() const;
    void showViewQuestion();  // the current view's question, over the tabs (its guide page's)
    // What's This on every panel and view of the window with a guide page: what it is, and a link to the page.
    void installWhatsThis();
    // Opens the guide at `page` (one help window, raised if open). Returns it.
    HelpWindow* show(const QString& page);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // a What's This link clicked: its page

private:
    QMainWindow* window_;
    ExplorerViews* views_;
    QLabel* question_;
    const PresentationMode* presentation_;
    HelpWindow* help_ = nullptr;
};
