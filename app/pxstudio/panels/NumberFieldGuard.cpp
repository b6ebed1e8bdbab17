#include "NumberFieldGuard.h"

#include <QAbstractSpinBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolTip>

namespace {
constexpr const char* kRefusal = "pxRefusal";

// The field's name: its form label, else the first words of its tooltip, else "This field".
QString fieldName(const QAbstractSpinBox* box) {
    if (auto* form = qobject_cast<QFormLayout*>(box->parentWidget() ? box->parentWidget()->layout() : nullptr))
        if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QAbstractSpinBox*>(box))))
            return label->text().remove('&');
    const QString tip = box->toolTip().section('\n', 0, 0).section(':', 0, 0);
    return tip.isEmpty() || tip.size() > 30 ? QObject::tr("This field") : tip;
}
}  // namespace

void NumberFieldGuard::install(QWidget* root) {
    auto* guard = new NumberFieldGuard(root);
    for (QAbstractSpinBox* box : root->findChildren<QAbstractSpinBox*>())
        if (auto* edit = box->findChild<QLineEdit*>()) {
            edit->setProperty("pxGuardedBox", QVariant::fromValue(static_cast<QObject*>(box)));
            edit->installEventFilter(guard);
        }
}

QString NumberFieldGuard::expectation(const QAbstractSpinBox* box) {
    if (auto* i = qobject_cast<const QSpinBox*>(box))
        return tr("%1 takes a whole number from %2 to %3").arg(fieldName(box)).arg(i->minimum()).arg(i->maximum());
    if (auto* d = qobject_cast<const QDoubleSpinBox*>(box))
        return tr("%1 takes a number from %2 to %3").arg(fieldName(box)).arg(d->minimum()).arg(d->maximum());
    return tr("%1 takes a number").arg(fieldName(box));
}

QString NumberFieldGuard::refusal(const QAbstractSpinBox* box) { return box->property(kRefusal).toString(); }

void NumberFieldGuard::refuse(QAbstractSpinBox* box) {
    const QString message = tr("Not taken: %1.").arg(expectation(box));
    box->setProperty(kRefusal, message);
    box->setStyleSheet("QAbstractSpinBox { border: 2px solid #c0392b; }");
    QToolTip::showText(box->mapToGlobal(QPoint(0, box->height())), message, box);
}

void NumberFieldGuard::clear(QAbstractSpinBox* box) {
    if (box->property(kRefusal).toString().isEmpty()) return;
    box->setProperty(kRefusal, QString());
    box->setStyleSheet({});
}

bool NumberFieldGuard::eventFilter(QObject* watched, QEvent* event) {
    auto* edit = qobject_cast<QLineEdit*>(watched);
    auto* box = edit ? qobject_cast<QAbstractSpinBox*>(edit->property("pxGuardedBox").value<QObject*>()) : nullptr;
    if (!box) return false;
    if (event->type() == QEvent::FocusOut) clear(box);
    if (event->type() != QEvent::KeyPress) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const QString typed = key->text();
    if (typed.isEmpty() || !typed.at(0).isPrint()) return false;  // arrows, Enter, Backspace: the box's own
    // The text the key would make, as QLineEdit would make it (the selection replaced, else inserted at the cursor).
    QString text = edit->text();
    int at = edit->cursorPosition();
    if (edit->hasSelectedText()) {
        at = edit->selectionStart();
        text.remove(at, edit->selectedText().size());
    }
    text.insert(at, typed);
    int pos = at + int(typed.size());
    if (box->validate(text, pos) == QValidator::Invalid) refuse(box);  // still refused, now visibly
    else clear(box);
    return false;
}
