#include "PatternGallery.h"

#include "Palette.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace px::widgets {

namespace {
constexpr int kTileW = 118, kTileH = 132, kCaptionH = 28;
}

std::vector<QPointF> springLayout(const Graph& g) {
    const int n = g.numVertices();
    std::vector<QPointF> p(n);
    if (n == 0) return p;
    if (n == 1) { p[0] = {0.5, 0.5}; return p; }
    for (int i = 0; i < n; ++i) p[i] = {0.5 + 0.4 * std::cos(2 * M_PI * i / n), 0.5 + 0.4 * std::sin(2 * M_PI * i / n)};
    const double k = 0.8 / std::sqrt(double(n));
    double temperature = 0.1;
    for (int it = 0; it < 200; ++it) {
        std::vector<QPointF> disp(n, {0, 0});
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                QPointF d = p[i] - p[j];
                const double len = std::max(1e-4, std::hypot(d.x(), d.y()));
                const QPointF f = d / len * (k * k / len);
                disp[i] += f;
                disp[j] -= f;
            }
        for (auto [u, v] : g.edges()) {
            QPointF d = p[u] - p[v];
            const double len = std::max(1e-4, std::hypot(d.x(), d.y()));
            const QPointF f = d / len * (len * len / k);
            disp[u] -= f;
            disp[v] += f;
        }
        for (int i = 0; i < n; ++i) {
            const double len = std::max(1e-9, std::hypot(disp[i].x(), disp[i].y()));
            p[i] += disp[i] / len * std::min(len, temperature);
        }
        temperature *= 0.97;
    }
    // fit into [0.08, 0.92]²
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (const auto& q : p) { x0 = std::min(x0, q.x()); x1 = std::max(x1, q.x()); y0 = std::min(y0, q.y()); y1 = std::max(y1, q.y()); }
    const double s = std::max({x1 - x0, y1 - y0, 1e-9});
    for (auto& q : p) q = {0.08 + 0.84 * ((q.x() - x0) / s + (s - (x1 - x0)) / (2 * s)), 0.08 + 0.84 * ((q.y() - y0) / s + (s - (y1 - y0)) / (2 * s))};
    return p;
}

PatternGallery::PatternGallery(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    setToolTip(tr("The sampled patterns F: m vertices, e(F) edges, treewidth bound of the decomposition.\n"
                  "The density t(F, G) of each is one coordinate of the embedding; its sensitivity grows with e(F)."));
}

void PatternGallery::setPatterns(const PatternSet& set, const QString& caption) {
    set_ = set;
    caption_ = caption;
    layouts_.clear();
    for (const auto& p : set_.patterns) layouts_.push_back(springLayout(p.graph));
    updateGeometry();
    update();
}

int PatternGallery::columns(int width) const { return std::max(1, width / kTileW); }

int PatternGallery::heightForWidth(int w) const {
    const int n = int(set_.patterns.size());
    return kCaptionH + ((n + columns(w) - 1) / columns(w)) * kTileH + 8;
}

QSize PatternGallery::sizeHint() const { return {8 * kTileW, heightForWidth(8 * kTileW)}; }

void PatternGallery::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), Qt::white);
    QFont f = font();
    painter.setFont(f);
    painter.setPen(Qt::black);
    painter.drawText(QRect(6, 4, width() - 12, kCaptionH - 6), Qt::AlignLeft | Qt::AlignVCenter,
                     set_.patterns.empty() ? tr("No patterns yet: they appear when the first computation finishes") : caption_);
    const int cols = columns(width());
    const int maxTw = std::max(1, set_.maxTreewidthBound());
    for (int i = 0; i < int(set_.patterns.size()); ++i) {
        const Pattern& p = set_.patterns[i];
        const QRectF tile(4 + (i % cols) * kTileW, kCaptionH + (i / cols) * kTileH, kTileW - 8, kTileH - 8);
        const bool dup = i < int(set_.duplicateOf.size()) && set_.duplicateOf[i] >= 0;
        painter.setPen(QPen(dup ? QColor(200, 120, 0) : QColor(200, 200, 200), dup ? 2 : 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(tile, 6, 6);
        const QRectF area(tile.left() + 6, tile.top() + 4, tile.width() - 12, tile.height() - 34);
        const auto& pos = layouts_[i];
        auto at = [&](int v) { return QPointF(area.left() + pos[v].x() * area.width(), area.top() + pos[v].y() * area.height()); };
        const QColor c = viridis(std::max(0, p.treewidthBound() - 1), maxTw);
        painter.setPen(QPen(QColor(60, 60, 60), 1.4));
        for (auto [u, v] : p.graph.edges()) painter.drawLine(at(u), at(v));
        painter.setPen(QPen(Qt::white, 1));
        painter.setBrush(c);
        const double r = p.vertices() > 10 ? 3.5 : 5;
        for (int v = 0; v < p.vertices(); ++v) painter.drawEllipse(at(v), r, r);
        painter.setPen(Qt::black);
        QFont small = f;
        small.setPointSizeF(std::max(6.0, f.pointSizeF() * 0.85));
        painter.setFont(small);
        painter.drawText(QRectF(tile.left(), tile.bottom() - 30, tile.width(), 14), Qt::AlignCenter,
                         QString("#%1  m=%2  e=%3").arg(i + 1).arg(p.vertices()).arg(p.edges()));
        painter.drawText(QRectF(tile.left(), tile.bottom() - 16, tile.width(), 14), Qt::AlignCenter,
                         dup ? tr("tw≤%1, duplicate of #%2").arg(p.treewidthBound()).arg(set_.duplicateOf[i] + 1)
                             : tr("treewidth ≤ %1").arg(p.treewidthBound()));
        painter.setFont(f);
    }
}

}  // namespace px::widgets
