#pragma once
// Scrolling a settings panel must not change the value under the mouse: spin boxes and combo boxes
// take the wheel only once they have the focus (a click or Tab); otherwise the wheel scrolls the panel.
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
            if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w)) {
                w->setFocusPolicy(Qt::StrongFocus);
                w->installEventFilter(guard);
            }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel) {
            auto* w = qobject_cast<QWidget*>(watched);
            if (w && !w->hasFocus()) {
                event->ignore();  // passes to the scroll area
                return true;
            }
        }
        return false;
    }
};
