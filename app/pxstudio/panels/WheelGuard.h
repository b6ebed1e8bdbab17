#pragma once
// Scrolling a settings panel must not change the value under the mouse: spin boxes, combo boxes and
// sliders (the ε slider) take the wheel only once they have the focus (a click or Tab); otherwise the
// wheel goes on to the widgets around them, so the panel's scroll area scrolls.
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QObject>

class WheelGuard : public QObject {
public:
    explicit WheelGuard(QObject* parent) : QObject(parent) {}
    // Guards every spin box and combo box under root.
    static void install(QWidget* root) {
        auto* guard = new WheelGuard(root);
        for (QWidget* w : root->findChildren<QWidget*>())
            if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSlider*>(w)) {
                w->setFocusPolicy(Qt::StrongFocus);
                w->installEventFilter(guard);
            }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel) {
            auto* w = qobject_cast<QWidget*>(watched);
            if (w && !w->hasFocus()) {
                event->ignore();  // not this widget's: QApplication hands an ignored wheel event on to the parents
                return true;
            }
        }
        return false;
    }
};
