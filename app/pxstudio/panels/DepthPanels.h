#pragma once
// The depth lab's settings groups: COSERA heat maps, noisy aggregation, convergent vs linear privacy
// (accounting and private propagation), and AsampGCN. Each owns its controls and tooltips, exchanges
// a DepthSettings with the workspace, and asks for its experiments with runRequested().
#include "DepthSettings.h"

#include <QGroupBox>

class QCheckBox;
class QPushButton;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

class DepthPanel : public QGroupBox {
    Q_OBJECT
public:
    using QGroupBox::QGroupBox;
    virtual void apply(const DepthSettings& s) = 0;
    virtual void collect(DepthSettings& s) const = 0;

signals:
    void runRequested(const QString& experiment);
    void edited();  // a control changed (the workspace decides what to rerun)

protected:
    QPushButton* runButton(const QString& text, const QString& experiment, const QString& tip = {});
};

class CoseraPanel : public DepthPanel {
    Q_OBJECT
public:
    explicit CoseraPanel(QWidget* parent = nullptr);
    void apply(const DepthSettings& s) override;
    void collect(DepthSettings& s) const override;

private:
    QComboBox *model_, *n_, *weights_;
    QSpinBox* trials_;
};

class NagPanel : public DepthPanel {
    Q_OBJECT
public:
    explicit NagPanel(QWidget* parent = nullptr);
    void apply(const DepthSettings& s) override;
    void collect(DepthSettings& s) const override;

private:
    QDoubleSpinBox *depth_, *opNorm_;
    QComboBox *scheme_, *width_;
};

class ConvergencePanel : public DepthPanel {
    Q_OBJECT
public:
    explicit ConvergencePanel(QWidget* parent = nullptr);
    void apply(const DepthSettings& s) override;
    void collect(DepthSettings& s) const override;

signals:
    void epsilonChanged();

private:
    QDoubleSpinBox *epsilon_, *contraction_;
    QComboBox* delta_;
    QCheckBox* attack_;
    QCheckBox* reference_;
    QComboBox* model_;
};

class AsampPanel : public DepthPanel {
    Q_OBJECT
public:
    explicit AsampPanel(QWidget* parent = nullptr);
    void apply(const DepthSettings& s) override;
    void collect(DepthSettings& s) const override;

private:
    QSpinBox* subgraphs_;
    QComboBox* fit_;
};
