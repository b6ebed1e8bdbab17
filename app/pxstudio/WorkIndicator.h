#pragma once
// One progress bar and one Cancel (Esc) in the status bar for all background work: the explorer's
// sweep, the secondary views' sweeps and the depth lab's queue. Cancel stops all of them; the button
// is enabled exactly while something runs.
#include <QObject>
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

private:
    void refresh();
    std::vector<ExplorerController*> controllers_;
    DepthWorkspace* depth_;
    QProgressBar* progress_;
    QPushButton* cancel_;
};
