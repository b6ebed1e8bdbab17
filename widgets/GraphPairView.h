#pragma once
// The two graphs the distinguishability demo compares, drawn side by side (spring layout, as in the pattern
// gallery) with their sizes, so that a lecture sees what "the same degrees, not isomorphic" means.
#include "graph/Graph.h"

#include <QPointF>
#include <QFont>
#include <QString>
#include <QWidget>
#include <array>
#include <vector>

namespace px::widgets {

class GraphPairView : public QWidget {
    Q_OBJECT
public:
    explicit GraphPairView(QWidget* parent = nullptr);
    void setPair(const Graph& g0, const Graph& g1, const QString& name0 = "G₀", const QString& name1 = "G₁");
    // "G₀: n = 6, m = 6" for each graph (what the view writes under it).
    QString caption(int which) const;
    // The font a caption is drawn in: the widget's, made smaller (to 60 % at most) until the caption fits half the width.
    QFont captionFont(int which) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    std::array<Graph, 2> graphs_;
    std::array<QString, 2> names_;
    std::array<std::vector<QPointF>, 2> layouts_;  // component c of a graph in [c, c + 1] × [0, 1]
    std::array<int, 2> components_{1, 1};
};

}  // namespace px::widgets
