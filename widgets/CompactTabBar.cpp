#include "CompactTabBar.h"

#include <QEvent>
#include <QStyleOptionTab>
#include <QTabWidget>

namespace px::widgets {

CompactTabBar::CompactTabBar(QWidget* parent) : QTabBar(parent) {
    if (parent) parent->installEventFilter(this);
}

void CompactTabBar::setCompactText(int index, const QString& text) {
    setTabData(index, text);
    relayout();  // a compact bar shows it at once
    decide();
}

QString CompactTabBar::shownText(int index) const {
    const QString shortName = tabData(index).toString();
    return compact_ && !shortName.isEmpty() ? shortName : tabText(index);
}

QSize CompactTabBar::tabSizeHint(int index) const {
    QSize hint = QTabBar::tabSizeHint(index);  // for the full name
    if (compact_ && !tabData(index).toString().isEmpty()) {
        const QFontMetrics fm(font());
        hint.setWidth(hint.width() - fm.horizontalAdvance(tabText(index)) + fm.horizontalAdvance(shownText(index)));
    }
    return hint;
}

void CompactTabBar::initStyleOption(QStyleOptionTab* option, int tabIndex) const {
    QTabBar::initStyleOption(option, tabIndex);
    option->text = shownText(tabIndex);
}

int CompactTabBar::roomForTabs() const {
    const auto* tabs = qobject_cast<const QTabWidget*>(parentWidget());
    if (!tabs) return width();
    int room = tabs->width();
    for (Qt::Corner corner : {Qt::TopLeftCorner, Qt::TopRightCorner})
        if (const QWidget* w = tabs->cornerWidget(corner); w && !w->isHidden()) room -= w->sizeHint().width();
    return room;  // as QTabWidget lays its bar out (QStyle::SE_TabWidgetTabBar)
}

void CompactTabBar::relayout() {
    setElideMode(elideMode());  // QTabBar lays its tabs out again (their size hints) on the next look at them
    updateGeometry();
}

void CompactTabBar::decide() {
    if (deciding_) return;
    deciding_ = true;
    const bool was = compact_;
    int full = 0;
    for (int i = 0; i < count(); ++i) full += QTabBar::tabSizeHint(i).width();  // the base class: for the full names
    compact_ = full > roomForTabs();
    if (compact_ != was) relayout();
    deciding_ = false;
}

bool CompactTabBar::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parentWidget() && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest)) decide();
    return QTabBar::eventFilter(watched, event);
}

void CompactTabBar::changeEvent(QEvent* event) {
    QTabBar::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) decide();
}

void CompactTabBar::tabInserted(int index) {
    QTabBar::tabInserted(index);
    decide();
}

}  // namespace px::widgets
