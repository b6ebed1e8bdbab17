#pragma once
// A tab bar that gives its tabs short names when the full ones do not all fit (a 1280-pixel projector, a window
// beside the settings column), instead of scrolling: a scrolled tab bar leaves a tab cut at its edge. Only what is
// drawn changes: tabText() keeps the full name (sessions, lessons and file names use it). If even the short names
// do not fit, the bar scrolls as any QTabBar does.
#include <QTabBar>

namespace px::widgets {

class CompactTabBar : public QTabBar {
    Q_OBJECT
public:
    explicit CompactTabBar(QWidget* parent = nullptr);
    // The name tab `index` shows while the bar is compact (none given: its full name).
    void setCompactText(int index, const QString& text);
    // Whether the bar shows the short names now, and the name tab `index` shows.
    bool compact() const { return compact_; }
    QString shownText(int index) const;

protected:
    QSize tabSizeHint(int index) const override;
    void initStyleOption(QStyleOptionTab* option, int tabIndex) const override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void tabInserted(int index) override;

private:
    bool compact_ = false;
    bool deciding_ = false;
    void decide();          // compact when the full names are wider than the room the tab widget gives the bar
    int roomForTabs() const;
    void relayout();        // with the names the tabs show now
};

}  // namespace px::widgets
