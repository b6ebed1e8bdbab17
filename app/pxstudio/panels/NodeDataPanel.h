#pragma once
// The depth lab's node data set (for NAG, propagation and AsampGCN): built-in node tasks, Cora and
// Citeseer from ../shared/data when present, or a LINQS folder the user opens. Files load in the
// background; a bad file leaves the previous data set selected and says why.
#include "DepthPanels.h"

#include <memory>

class QLabel;
namespace px { struct NodeDataset; }

class NodeDataPanel : public DepthPanel {
    Q_OBJECT
public:
    explicit NodeDataPanel(QWidget* parent = nullptr);
    void apply(const DepthSettings&) override {}
    void collect(DepthSettings&) const override {}
    // Loads on the calling thread (start-up, tests); false with the reason on failure.
    bool load(const QString& spec, QString* error = nullptr);
    void loadInBackground(const QString& spec);
    std::shared_ptr<const px::NodeDataset> data() const { return data_; }
    const QString& spec() const { return spec_; }

signals:
    void status(const QString& text);   // for the workspace's status line
    void message(const QString& text);  // errors for the window's status bar

private:
    void adopt(std::shared_ptr<const px::NodeDataset> data, const QString& spec);
    QComboBox* box_;
    QLabel* info_;
    std::shared_ptr<const px::NodeDataset> data_;
    QString spec_;
};
