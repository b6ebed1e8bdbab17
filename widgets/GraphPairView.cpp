#include "GraphPairView.h"

#include "Palette.h"
#include "PatternGallery.h"
#include "graph/GraphAlgorithms.h"

#include <QFontMetrics>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>

namespace px::widgets {

namespace {
// Each connected component laid out on its own (a spring layout squeezes two triangles into two dots) and the
// components side by side: component c in [c, c + 1] × [0, 1].
std::vector<QPointF> componentLayout(const Graph& g, int& count) {
    const std::vector<int> component = connectedComponents(g, &count);
    std::vector<QPointF> at(std::size_t(g.numVertices()));
    for (int c = 0; c < count; ++c) {
        std::vector<int> members, index(std::size_t(g.numVertices()), -1);
        for (int v = 0; v < g.numVertices(); ++v)
            if (component[std::size_t(v)] == c) index[std::size_t(v)] = int(members.size()), members.push_back(v);
        std::vector<Edge> edges;
        for (auto [u, v] : g.edges())
            if (component[std::size_t(u)] == c) edges.push_back({index[std::size_t(u)], index[std::size_t(v)]});
        const std::vector<QPointF> local = springLayout(Graph::fromEdges(int(members.size()), edges));
        for (std::size_t i = 0; i < members.size(); ++i)
            at[std::size_t(members[i])] = {c + local[i].x(), local[i].y()};
    }
    return at;
}
}  // namespace

GraphPairView::GraphPairView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("The two graphs the demo compares. Below: how each pattern class's densities tell them apart, and how\n"
                  "much their noisy releases overlap at each ε."));
}

void GraphPairView::setPair(const Graph& g0, const Graph& g1, const QString& name0, const QString& name1) {
    graphs_ = {g0, g1};
    names_ = {name0, name1};
    layouts_ = {componentLayout(g0, components_[0]), componentLayout(g1, components_[1])};
    updateGeometry();
    update();
}

QString GraphPairView::caption(int which) const {
    const Graph& g = graphs_[std::size_t(which)];
    return tr("%1: n = %2, m = %3").arg(names_[std::size_t(which)]).arg(g.numVertices()).arg(g.numEdges());
}

QFont GraphPairView::captionFont(int which) const {
    QFont f = font();
    const double room = width() / 2.0 - 8;
    const double full = f.pointSizeF() > 0 ? f.pointSizeF() : QFontInfo(f).pointSizeF();
    for (double size = full; size >= 0.6 * full; size *= 0.92) {
        f.setPointSizeF(size);
        if (QFontMetricsF(f).horizontalAdvance(caption(which)) <= room) break;
    }
    return f;
}

QSize GraphPairView::sizeHint() const { return {420, 8 * fontMetrics().height() + 24}; }
QSize GraphPairView::minimumSizeHint() const { return {200, 4 * fontMetrics().height() + 16}; }

void GraphPairView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), Qt::white);
    const int line = fontMetrics().height();
    const double half = width() / 2.0;
    for (int k = 0; k < 2; ++k) {
        const Graph& g = graphs_[std::size_t(k)];
        const QRectF cell(k * half, 0, half, height());
        const int parts = std::max(1, components_[std::size_t(k)]);
        const double side = std::min((cell.width() - 16) / parts, cell.height() - line - 12);  // one square per component
        const QRectF area(cell.center().x() - side * parts / 2, 4, side * parts, side);
        const auto& pos = layouts_[std::size_t(k)];
        auto at = [&](int v) { return QPointF(area.left() + pos[std::size_t(v)].x() * side, area.top() + pos[std::size_t(v)].y() * side); };
        painter.setPen(QPen(QColor(60, 60, 60), 1.6));
        for (auto [u, v] : g.edges()) painter.drawLine(at(u), at(v));
        painter.setPen(QPen(Qt::white, 1));
        painter.setBrush(viridis(k, 2));
        const double r = std::max(3.0, line / 3.0);
        for (int v = 0; v < g.numVertices(); ++v) painter.drawEllipse(at(v), r, r);
        painter.setPen(Qt::black);
        painter.setFont(captionFont(k));  // beside the demo's plot the cell is narrow: the two captions ran into each other
        painter.drawText(QRectF(cell.left(), height() - line - 4, cell.width(), line), Qt::AlignCenter, caption(k));
    }
}

}  // namespace px::widgets
