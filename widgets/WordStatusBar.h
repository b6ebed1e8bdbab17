#pragma once
// A status bar whose message, when it is wider than the room left of the permanent widgets (the progress words, bar
// and Cancel), ends at a whole word with "…" instead of being cut mid-word at their edge; the whole message is then
// its tooltip. Messages, timeouts and widgets work as in QStatusBar.
#include <QStatusBar>

namespace px::widgets {

// `text` cut after its last whole word that fits `width` pixels in `metrics`, with "…"; the text itself if it fits.
// A first word wider than `width` is elided within itself (nothing else would show).
QString wordElided(const QString& text, const QFontMetrics& metrics, int width);

class WordStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit WordStatusBar(QWidget* parent = nullptr);
    // The room the message is drawn in, and what is drawn there now.
    QRect messageRoom() const;
    QString shownMessage() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void followMessage();  // the tooltip: the whole message while it is shortened
    void followMessage(const QString& shown);
};

}  // namespace px::widgets
