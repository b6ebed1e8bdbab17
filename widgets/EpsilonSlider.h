#pragma once
// A privacy-budget slider on a log scale (ε from 0.1 to 100, the explorer's budget grid), with a field beside it
// where ε can be typed. Emits epsilonChanged while dragging (cheap previews) and epsilonCommitted once per
// drag, key press or typed value (one undo step, recomputation). Arrow keys step 0.1 decade, Page Up/Down
// half a decade. Double-click resets to the default. A typed ε is taken exactly as typed (the slider's knob moves
// to the nearest position, the value stays what was typed); a typed value that is not a number from 0.1 to 100
// is refused with a red frame and a message beside the field saying what is expected, both cleared as soon as
// the field holds a valid number again.
#include <QWidget>

class QSlider;
class QLabel;
class QHBoxLayout;
class QLineEdit;

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
    // The ρ text beside the field instead of under the slider: one row (the projector's strip).
    void setRhoBeside(bool beside);
    // Why the last typed value was refused (empty when it was taken, or the field holds a valid number again).
    QString inputError() const { return inputError_; }
    QLabel* inputErrorLabel() const { return error_; }  // the refusal as shown beside the field

signals:
    void epsilonChanged(double eps);
    void epsilonCommitted(double eps);

protected:
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void fitFieldToFont();
    static int toPosition(double eps);
    static double toEpsilon(int position);
    void updateLabel();
    void resetToDefault();
    void takeTypedEpsilon();
    QSlider* slider_ = nullptr;
    void showInputError(const QString& error);
    QLineEdit* field_ = nullptr;
    QLabel* label_ = nullptr;
    QHBoxLayout* row_ = nullptr;  // slider, "ε =", field (and ρ, when beside)
    QLabel* error_ = nullptr;  // why the typed value was refused, under the field (empty and hidden otherwise)
    double epsilon_ = kDefault;  // the value: the slider's position's, or exactly what was typed
    bool typed_ = false;         // epsilon_ was typed: the field shows it in full, not rounded to the knob
    QString shownText_;          // what the field shows of epsilon_ (leaving it unchanged takes nothing)
    QString rhoText_;
    QString inputError_;
};

}  // namespace px::widgets
