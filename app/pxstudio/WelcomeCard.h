#pragma once
// The first-start page: a card over the views with the three ways in — explore the built-in data (what is
// already on screen), open your own data, start a lesson — and a box for whether it comes back at the next
// start. It floats over the views (their layout and sizes stay as they are) and follows its host's size;
// Help ▸ Welcome page shows it again.
#include <QFrame>
#include <QString>
#include <utility>
#include <vector>

class QCheckBox;

class WelcomeCard : public QFrame {
    Q_OBJECT
public:
    // lessons: (title, path) of the lessons the app ships, offered under "Start a lesson".
    WelcomeCard(QWidget* host, const std::vector<std::pair<QString, QString>>& lessons);

    // Whether the card comes back at the next start (the box on it; stored by the window).
    bool showAtStart() const;
    void setShowAtStart(bool on);
    // Shows the card centred over its host, in front of the views.
    void present();
    // Hides it and says so (dismissed): its entries, Close, Escape, and the window when a data set, session or
    // lesson is opened by any path.
    void dismiss();

signals:
    void openDataRequested();
    void lessonRequested(const QString& path);
    void dismissed();  // by any of its entries or its close button; showAtStart() says what to remember

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;  // Escape closes it

private:
    void place();
    QCheckBox* again_;
};
