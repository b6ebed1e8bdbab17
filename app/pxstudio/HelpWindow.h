#pragma once
// The user guide, offline, in a window of its own: the Markdown pages of docs/guide (compiled into the
// app, so the guide and the app cannot disagree), with Back, Forward, Contents and the glossary.
// F1 opens the page of the view or panel under focus (see MainWindow::helpPageForFocus).
#include <QWidget>

class QTextBrowser;

class HelpWindow : public QWidget {
    Q_OBJECT
public:
    explicit HelpWindow(QWidget* parent = nullptr);
    // page: a file name of docs/guide ("tradeoff.md"); an unknown page opens the contents.
    void showPage(const QString& page);
    QString currentPage() const;  // the file name on screen
    QTextBrowser* browser() const { return browser_; }
    static bool pageExists(const QString& page);
    static QString pageTitle(const QString& page);  // its "# " heading ("Privacy panel"); empty if none
    // A view's page: the one question the view answers (its "**The question it answers:**" line); empty if none.
    static QString pageQuestion(const QString& page);

protected:
    // Kept inside the screen, frame included, at most 90 % of its width and 85 % of its height: placed by a window
    // manager near its parent, it ran past the bottom of 1280×720 and 1366×768 screens.
    void showEvent(QShowEvent* event) override;

private:
    void keepOnScreen();
    QTextBrowser* browser_;
};
