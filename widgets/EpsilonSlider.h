#pragma once
// A privacy-budget slider on a log scale (ε from 0.1 to 100, the explorer's budget grid). Emits epsilonChanged while dragging
// (cheap previews) and epsilonCommitted once per drag or key press (one undo step, recomputation).
// Double-click resets to the default.
#include <QWidget>

class QSlider;
class QLabel;

namespace px::widgets {

class EpsilonSlider : public QWidget {
    Q_OBJECT
public:
    explicit EpsilonSlider(QWidget* parent = nullptr);
    double epsilon() const;
    void setEpsilon(double eps);  // does not emit
    static constexpr double kDefault = 1.0;
    // Second line under ε, e.g. the mechanism's ρ (zCDP) at this ε: the slider's ρ view.
    void setRhoText(const QString& text);

signals:
    void epsilonChanged(double eps);
    void epsilonCommitted(double eps);

protected:
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static int toPosition(double eps);
    static double toEpsilon(int position);
    void updateLabel();
    QSlider* slider_;
    QLabel* label_;
    QString rhoText_;
};

}  // namespace px::widgets
