#pragma once
// One progress bar and one Cancel (Esc) in the status bar for all background work: the explorer's
// sweep, the secondary views' sweeps, the distinguishability demo and the depth lab's queue (the only progress bar
// and Cancel in the window). The bar never runs backwards: from an idle moment to the next, it shows the mean
// progress of every part started. Its words, in a label beside the bar (drawn over the bar's fill they were
// illegible), give one number for one thing, each named: one part, "sweep 40 % · about 20 s left"; several,
// "all work 40 %: sweep 30 %, expressivity view 50 %", the bar being "all work". The views' notes name their part's
// number the same way ("(sweep 30 %)"). Cancel stops all of them; the button is enabled exactly while something runs
// or waits for it (an export).
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <map>
#include <vector>

class QFontMetrics;
class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;
class DepthWorkspace;
class ExplorerController;
class ExplorerViews;

class WorkIndicator : public QObject {
    Q_OBJECT
public:
    // main: the sweep whose progress the bar shows first; views: the secondary sweeps, the demo and the depth lab.
    WorkIndicator(QStatusBar* bar, ExplorerController* main, ExplorerViews* views);
    bool busy() const;
    void cancelAll();
    // Work that waits for the running parts (Export all's "Compute, then export"): Cancel stays enabled while it
    // waits, and calls it off (cancelled()). Empty: nothing waits.
    void setWaiting(const QString& what);
    // The bar's fraction (the mean of the parts started since the last idle moment, never lower than shown), -1 idle.
    double fractionShown() const;
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* bar() const { return progress_; }
    QLabel* words() const { return words_; }  // the bar's words, beside it
    // "about 20 s left" from the fraction done and the seconds it took (a straight line); empty while either is
    // too small to extrapolate from (under 5 % or 2 s).
    static QString timeLeftText(double fraction, double seconds);
    // The same from the bar's history ((seconds, fraction), oldest first), at the faster of its overall pace and the
    // pace of its recent part.
    static QString timeLeftText(const std::vector<std::pair<double, double>>& history);
    // `words` within `width`: whole, else without the parts (", "-separated) that do not fit, from the end, with "…".
    static QString wordsThatFit(const QString& words, const QFontMetrics& metrics, int width);

signals:
    void changed();    // progress, a part started or ended: whatever shows progress shows it again
    void cancelled();  // the user's Cancel

protected:
    // Escape while a list or menu is open closes it, and only that: it is not Cancel's then (it once cancelled the
    // running sweep while closing the mechanism list).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QString barText(const QString& behind) const;
    void refresh();
    void track(const QObject* source, const QString& phase, double fraction);
    void restart(const QObject* source, const QString& phase);
    std::vector<ExplorerController*> controllers_;
    ExplorerViews* views_;  // the demo's part (its source in fractions_)
    DepthWorkspace* depth_;
    QProgressBar* progress_;
    QLabel* words_;
    QPushButton* cancel_;
    std::map<const QObject*, std::pair<QString, double>> fractions_;  // part → (its phase, its progress)
    double shown_ = 0;
    std::vector<std::pair<double, double>> history_;  // (seconds since the start, fraction shown), oldest first
    QElapsedTimer since_;  // the start of the work the bar shows
    bool active_ = false;  // something has run since the last idle moment
    QString waiting_;
    QString said_;  // the bar's words when changed() was last emitted
};
