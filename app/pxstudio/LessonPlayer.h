#pragma once
// The lesson on screen: a band under the views with the step's title, its sentences and its "try this",
// Previous / Next (Page Up / Page Down, a presenter's remote) and End; and a frame that points at the
// control the step is about. It only shows; MainWindow applies each step to the app.
#include "Lesson.h"

#include <QWidget>

class QLabel;
class QPushButton;

class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    explicit LessonPlayer(QWidget* parent = nullptr);
    void start(const Lesson& lesson);
    const Lesson& lesson() const { return lesson_; }
    int step() const { return step_; }
    bool running() const { return running_; }
    // The frame around `target` (null: none), drawn in `window`'s coordinates above everything.
    void pointAt(QWidget* target, QWidget* window);
    QString stepText() const;  // what the band says, as plain text (tests)
    // The step's views are being computed for its settings: the band says so until they are current (then "").
    void setWaiting(const QString& what);
    bool waiting() const { return !waiting_.isEmpty(); }
    // Once computed: whether the step's claims hold (LessonExpect.h); the band says so. falseClaims: empty if they do.
    void setVerdict(const QStringList& falseClaims, bool hasClaims);
    const QStringList& falseClaims() const { return falseClaims_; }
    QString verdictText() const;  // what the heading's line says of the claims ("" before they are judged)

public slots:
    void next();
    void previous();
    void stop();
    void showStep(int index);

signals:
    void stepShown(int index);  // apply the step to the app
    void stopped();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the frame follows its target
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void fitBody();
    void placeFrame();
    Lesson lesson_;
    int step_ = -1;
    bool running_ = false;
    QLabel* heading_;
    QLabel* body_;
    QLabel* status_;  // "Computing this step's result…" until its views are current
    QString waiting_;
    QStringList falseClaims_;
    QString headingText_;  // the heading without the verdict
    QPushButton *previous_, *next_, *end_;
    QWidget* frame_ = nullptr;
    QWidget* target_ = nullptr;
};
