#pragma once
// Scrolling a settings panel must not change the value under the mouse: spin boxes, combo boxes and
// sliders (the ε slider) take the wheel only once they have the focus (a click or Tab); otherwise the
// wheel goes on to the widgets around them, so the panel's scroll area scrolls. Controls added to the
// panel later (a mechanism's own fields, a rebuilt picker) are guarded as they arrive.
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QObject>
#include <QWidget>

class WheelGuard : public QObject {
public:
    explicit WheelGuard(QObject* parent) : QObject(parent) {}
    // Guards every spin box, combo box and slider under root, now and later.
    static void install(QWidget* root) { (new WheelGuard(root))->watch(root); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        // A child arrives before its own constructor has run (ChildAdded: not yet a combo box) and is polished
        // once it is whole (ChildPolished): it is watched at the first and given its focus policy at the second.
        if (event->type() == QEvent::ChildAdded || event->type() == QEvent::ChildPolished) {
            if (auto* child = qobject_cast<QWidget*>(static_cast<QChildEvent*>(event)->child())) watch(child);
        } else if (event->type() == QEvent::Wheel && isControl(watched)) {
            auto* w = static_cast<QWidget*>(watched);
            if (!w->hasFocus()) {
                event->ignore();  // not this widget's: QApplication hands an ignored wheel event on to the parents
                return true;
            }
        }
        return false;
    }

private:
    static bool isControl(QObject* o) {
        return qobject_cast<QAbstractSpinBox*>(o) || qobject_cast<QComboBox*>(o) || qobject_cast<QAbstractSlider*>(o);
    }
    // Every widget of the tree is watched for children added to it; the controls also for the wheel.
    void watch(QWidget* top) {
        QList<QWidget*> all = top->findChildren<QWidget*>();
        all.prepend(top);
        for (QWidget* w : all) {
            if (isControl(w) && !w->property("pxWheelControl").toBool()) {
                w->setProperty("pxWheelControl", true);
                w->setFocusPolicy(Qt::StrongFocus);  // not WheelFocus: a wheel over it must not give it the focus
            }
            if (w->property("pxWheelGuarded").toBool()) continue;
            w->setProperty("pxWheelGuarded", true);
            w->installEventFilter(this);
        }
    }
};
