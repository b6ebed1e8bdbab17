#include "NumberFieldGuard.h"

#include <QAbstractSpinBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace {
constexpr const char* kRefusal = "pxRefusal";      // the message shown (empty: none)
constexpr const char* kTyped = "pxTyped";          // what the user typed in this entry, refused keys included
constexpr const char* kRefused = "pxRefusedEntry"; // a key of this entry was refused: the entry is not taken

// The field's name: its form label, else the first words of its tooltip, else "This field".
QString fieldName(const QAbstractSpinBox* box) {
    if (auto* form = qobject_cast<QFormLayout*>(box->parentWidget() ? box->parentWidget()->layout() : nullptr))
        if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QAbstractSpinBox*>(box))))
            return label->text().remove('&');
    const QString tip = box->toolTip().section('\n', 0, 0).section(':', 0, 0);
    return tip.isEmpty() || tip.size() > 30 ? QObject::tr("This field") : tip;
}

// The text the box shows for the value it holds, as QSpinBox::textFromValue writes it (the value is what an entry
// refused gives back: with keyboard tracking off, nothing typed is in it until an entry is taken).
QString committedText(const QAbstractSpinBox* box) {
    QString number;
    if (auto* i = qobject_cast<const QSpinBox*>(box)) number = i->prefix() + box->locale().toString(i->value()) + i->suffix();
    else if (auto* d = qobject_cast<const QDoubleSpinBox*>(box))
        number = d->prefix() + box->locale().toString(d->value(), 'f', d->decimals()) + d->suffix();
    else return box->text();
    if (!box->isGroupSeparatorShown()) number.remove(box->locale().groupSeparator());
    return number;
}

// The message beside the field: a label under it, until the refusal is cleared.
QLabel* messageBeside(QAbstractSpinBox* box, bool create) {
    auto* label = box->parentWidget() ? box->parentWidget()->findChild<QLabel*>("refusal-" + QString::number(quintptr(box), 16)) : nullptr;
    if (!label && create && box->parentWidget()) {
        label = new QLabel(box->parentWidget());
        label->setObjectName("refusal-" + QString::number(quintptr(box), 16));
        label->setProperty("pxRefusalOf", QVariant::fromValue(static_cast<QObject*>(box)));
        label->setStyleSheet("QLabel { background: #fdecea; color: #a93226; border: 1px solid #c0392b; padding: 2px 4px; }");
        label->setWordWrap(true);
    }
    return label;
}
}  // namespace

void NumberFieldGuard::install(QWidget* root) {
    auto* guard = new NumberFieldGuard(root);
    for (QAbstractSpinBox* box : root->findChildren<QAbstractSpinBox*>())
        if (auto* edit = box->findChild<QLineEdit*>()) {
            box->setKeyboardTracking(false);  // a typed entry counts when it is finished, not per keystroke
            edit->setProperty("pxGuardedBox", QVariant::fromValue(static_cast<QObject*>(box)));
            edit->installEventFilter(guard);
            // A key typed into the field reaches the spin box, which hands it to its line edit by a direct call that
            // passes no event filter: the box is watched too (keys sent to the line edit itself come through its filter).
            box->installEventFilter(guard);
            // a value set from elsewhere (undo, a reset, a lesson, another entry taken) ends what the message was about
            if (auto* i = qobject_cast<QSpinBox*>(box)) connect(i, &QSpinBox::valueChanged, guard, [i] { clear(i); });
            if (auto* d = qobject_cast<QDoubleSpinBox*>(box)) connect(d, &QDoubleSpinBox::valueChanged, guard, [d] { clear(d); });
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

void NumberFieldGuard::refuse(QAbstractSpinBox* box, const QString& typed) {
    // what the field keeps, said where it is kept: Enter or leaving the field gives it back, whatever the field shows now
    const QString message = tr("\"%1\" is not taken: %2; %3 stays %4.")
                                .arg(typed, expectation(box), fieldName(box), committedText(box));
    box->setProperty(kRefusal, message);
    box->setStyleSheet("QAbstractSpinBox { border: 2px solid #c0392b; }");
    QLabel* label = messageBeside(box, true);
    if (!label) return;
    label->setText(message);
    // In a form, a row of its own under the field: the fields below move down rather than being covered (a new
    // user could not read Max size under d's message). Elsewhere, over what follows.
    auto* form = qobject_cast<QFormLayout*>(box->parentWidget()->layout());
    int row = -1;
    QFormLayout::ItemRole role;
    if (form) form->getWidgetPosition(box, &row, &role);
    if (row >= 0) {
        int labelRow = -1;
        form->getWidgetPosition(label, &labelRow, &role);
        if (labelRow < 0) form->insertRow(row + 1, label);
    } else {
        label->setFixedWidth(std::max(box->width(), 220));
        label->adjustSize();
        label->move(box->geometry().left(), box->geometry().bottom() + 2);
        label->raise();
    }
    label->show();
}

void NumberFieldGuard::clear(QAbstractSpinBox* box) {
    if (box->property(kRefusal).toString().isEmpty()) return;
    box->setProperty(kRefusal, QString());
    box->setStyleSheet({});
    QLabel* label = messageBeside(box, false);
    if (!label) return;
    label->hide();
    if (auto* form = qobject_cast<QFormLayout*>(box->parentWidget()->layout())) {
        int row = -1;
        QFormLayout::ItemRole role;
        form->getWidgetPosition(label, &row, &role);
        if (row >= 0) {  // the row goes (its layout items with it); the label stays, hidden, for the next message
            const QFormLayout::TakeRowResult taken = form->takeRow(row);
            delete taken.labelItem;
            delete taken.fieldItem;
        }
    }
}

QString NumberFieldGuard::wouldBe(const QLineEdit* edit, const QString& typed) {
    QString text = edit->text();
    int at = edit->cursorPosition();
    if (edit->hasSelectedText()) {
        at = edit->selectionStart();
        text.remove(at, edit->selectedText().size());
    }
    return text.insert(at, typed);
}

bool NumberFieldGuard::finishEntry(QAbstractSpinBox* box, QLineEdit* edit) {
    bool refused = box->property(kRefused).toBool();
    const QString entry = box->property(kTyped).toString();
    // An entry every key of which was taken may still not be a value: "0" in d (1 to 500) or "-" is a start the
    // validator lets through, and the spin box would silently put its value back (a new user typed 0 and saw 160
    // come back without a word). It is refused as a refused key is, with the message.
    if (!refused && !entry.isEmpty()) {
        QString text = edit->text();
        int pos = int(text.size());
        if (box->validate(text, pos) != QValidator::Acceptable) {
            refuse(box, entry);
            refused = true;
        }
    }
    box->setProperty(kRefused, false);
    box->setProperty(kTyped, QString());
    if (!refused) {
        if (!entry.isEmpty()) clear(box);  // an entry was taken (not a second focus event of the same one)
        return false;
    }
    const QSignalBlocker quiet(edit);
    edit->setText(committedText(box));  // the entry is undone: the value before it stays, nothing is committed
    return true;
}

bool NumberFieldGuard::eventFilter(QObject* watched, QEvent* event) {
    auto* box = qobject_cast<QAbstractSpinBox*>(watched);
    auto* edit = box ? box->findChild<QLineEdit*>() : qobject_cast<QLineEdit*>(watched);
    if (!box && edit) box = qobject_cast<QAbstractSpinBox*>(edit->property("pxGuardedBox").value<QObject*>());
    if (!box || !edit || edit->property("pxGuardedBox").value<QObject*>() != box) return false;
    if (event->type() == QEvent::FocusOut) finishEntry(box, edit);
    if (event->type() != QEvent::KeyPress) return false;
    if (watched == edit && box->hasFocus()) return false;  // the box's own filter had it (a key forwarded by the box)
    const auto* key = static_cast<QKeyEvent*>(event);
    // Enter finishes the entry (the spin box then takes what the field shows); Ctrl+A ends it too, as what comes next is
    // typed over everything: a new entry, whose message quotes its own keys only
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter || key->matches(QKeySequence::SelectAll)) {
        finishEntry(box, edit);
        return false;
    }
    const QString typed = key->text();
    if (typed.isEmpty() || !typed.at(0).isPrint()) return false;  // arrows, Backspace: the box's own
    QString text = wouldBe(edit, typed);
    QString entry = box->property(kTyped).toString();
    entry = entry.isEmpty() ? text : entry + typed;  // every key of this entry, the refused ones included
    box->setProperty(kTyped, entry);
    int pos = int(text.size());
    if (box->validate(text, pos) == QValidator::Invalid) box->setProperty(kRefused, true);
    if (box->property(kRefused).toBool()) refuse(box, entry);  // the message quotes the whole entry so far
    return false;
}
