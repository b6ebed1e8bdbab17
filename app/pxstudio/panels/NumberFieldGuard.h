#pragma once
// A number field never changes what was typed into something else. Qt's spin boxes drop every keystroke that cannot
// become a valid value ("-5e9" typed into d leaves "59", "9999" leaves "99") and take the rest; under this guard a
// typed entry counts only when Enter is pressed or the field is left (no recompute per keystroke), and an entry with
// a refused keystroke is not taken at all: the field goes back to its value before the entry, with a red frame and
// a message beside it saying what was typed and what the field takes ("\"-5e9\" is not taken: d takes a whole number
// from 1 to 500; d stays 20"). Ctrl+A starts a new entry (what follows is typed over everything). The frame and
// the message go when the next entry is taken or the value is set from elsewhere (undo, a reset, a lesson).
#include <QObject>

class QAbstractSpinBox;
class QLineEdit;
class QWidget;

class NumberFieldGuard : public QObject {
    Q_OBJECT
public:
    // Guards every spin box under root.
    static void install(QWidget* root);
    // What `box` takes, in words: "d takes a whole number from 1 to 500".
    static QString expectation(const QAbstractSpinBox* box);
    // The last refusal's message (empty: none since the frame was cleared); a property of the box for tests.
    static QString refusal(const QAbstractSpinBox* box);
    // Ends a refusal: its red frame and message go (a value set, or what the field takes changed).
    static void clear(QAbstractSpinBox* box);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit NumberFieldGuard(QObject* parent) : QObject(parent) {}
    static void refuse(QAbstractSpinBox* box, const QString& typed);
    static bool finishEntry(QAbstractSpinBox* box, QLineEdit* edit);  // Enter or leaving: a refused entry is undone
    static QString wouldBe(const QLineEdit* edit, const QString& typed);  // the text a key press would make
};
