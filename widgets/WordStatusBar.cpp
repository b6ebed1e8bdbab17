#include "WordStatusBar.h"

#include <QPainter>
#include <QStyleOption>

namespace px::widgets {

QString wordElided(const QString& text, const QFontMetrics& metrics, int width) {
    if (metrics.horizontalAdvance(text) <= width) return text;
    const QString ellipsis = QStringLiteral("…");
    for (qsizetype cut = text.lastIndexOf(' '); cut > 0; cut = text.lastIndexOf(' ', cut - 1)) {
        QString head = text.left(cut);
        while (!head.isEmpty() && (head.back().isSpace() || head.back().isPunct())) head.chop(1);  // "words, …" → "words…"
        if (!head.isEmpty() && metrics.horizontalAdvance(head + ellipsis) <= width) return head + ellipsis;
    }
    return metrics.elidedText(text, Qt::ElideRight, width);
}

WordStatusBar::WordStatusBar(QWidget* parent) : QStatusBar(parent) {
    connect(this, &QStatusBar::messageChanged, this, [this] { followMessage(); });
}

QRect WordStatusBar::messageRoom() const {
    // as QStatusBar draws its message: from a small margin to the first permanent widget on the right
    int right = width() - 12;
    for (const QWidget* w : findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (w->isVisible()) right = std::min(right, w->x() - 4);
    return QRect(6, 0, std::max(0, right - 6), height());
}

QString WordStatusBar::shownMessage() const { return wordElided(currentMessage(), fontMetrics(), messageRoom().width()); }

void WordStatusBar::followMessage() { followMessage(shownMessage()); }

void WordStatusBar::followMessage(const QString& shown) {
    const QString tip = shown == currentMessage() ? QString() : currentMessage();
    if (tip != toolTip()) setToolTip(tip);
}

void WordStatusBar::resizeEvent(QResizeEvent* event) {
    QStatusBar::resizeEvent(event);
    followMessage();
}

void WordStatusBar::paintEvent(QPaintEvent* event) {
    const QString shown = shownMessage();  // once per paint: the widgets beside it are laid out by now
    followMessage(shown);
    if (shown == currentMessage()) return QStatusBar::paintEvent(event);
    // QStatusBar's own drawing (the panel, the permanent widgets' frames), with the message shortened at a word
    QPainter painter(this);
    QStyleOption panel;
    panel.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &panel, &painter, this);
    for (QWidget* w : findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (!w->isVisible()) continue;
        QStyleOption frame(0);
        frame.rect = w->geometry().adjusted(-2, -1, 2, 1);
        frame.palette = palette();
        frame.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &painter, w);
    }
    painter.setPen(palette().windowText().color());
    painter.drawText(messageRoom(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shown);
}

}  // namespace px::widgets
