#pragma once
// One progress bar and one Cancel (Esc) in the status bar for all background work: the explorer's
// sweep, the secondary views' sweeps and the depth lab's queue. The bar never runs backwards: from an idle
// moment to the next, it shows the mean progress of every part started, and names the part furthest behind
// ("40 % · expressivity view · about 20 s left"). Cancel stops all of them; the button is enabled exactly while
// something runs.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <map>
#include <vector>

class QProgressBar;
class QPushButton;
class QStatusBar;
class DepthWorkspace;
class ExplorerController;

class WorkIndicator : public QObject {
    Q_OBJECT
public:
    // main: the sweep whose progress the bar shows first; others: secondary sweeps.
    WorkIndicator(QStatusBar* bar, ExplorerController* main, std::vector<ExplorerController*> others, DepthWorkspace* depth);
    bool busy() const;
    void cancelAll();
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* bar() const { return progress_; }
    // "about 20 s left" from the fraction done and the seconds it took (a straight line); empty while either is
    // too small to extrapolate from (under 5 % or 2 s).
    static QString timeLeftText(double fraction, double seconds);
    // The same from the bar's history ((seconds, fraction), oldest first), at the faster of its overall pace and the
    // pace of its recent part.
    static QString timeLeftText(const std::vector<std::pair<double, double>>& history);

private:
    void refresh();
    void track(const QObject* source, const QString& phase, double fraction);
    void restart(const QObject* source, const QString& phase);
    std::vector<ExplorerController*> controllers_;
    DepthWorkspace* depth_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    std::map<const QObject*, std::pair<QString, double>> fractions_;  // part → (its phase, its progress)
    double shown_ = 0;
    std::vector<std::pair<double, double>> history_;  // (seconds since the start, fraction shown), oldest first
    QElapsedTimer since_;  // the start of the work the bar shows
    bool active_ = false;  // something has run since the last idle moment
};
