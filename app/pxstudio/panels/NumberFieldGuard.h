#pragma once
// A number field never swallows a key in silence. Qt's spin boxes drop every keystroke that cannot become a
// valid value ("abc-5e9" typed into d leaves "59"); under this guard such a keystroke is still refused, but
// the field gets a red frame and a message under the mouse saying what it takes ("d takes a whole number from
// 1 to 500"). The next accepted key, or leaving the field, clears the frame.
#include <QObject>

class QAbstractSpinBox;
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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit NumberFieldGuard(QObject* parent) : QObject(parent) {}
    static void refuse(QAbstractSpinBox* box);
    static void clear(QAbstractSpinBox* box);
};
