#include "PatternGallery.h"

#include "Palette.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPaintEvent>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace px::widgets {

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

QFont PatternGallery::tileFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
    return small;
}

// Everything in pixels follows the font: projector mode's larger text gets larger tiles, not cut captions.
PatternGallery::Tiling PatternGallery::tiling(int width) const {
    Tiling g;
    const QFontMetrics small(tileFont());
    g.line = small.height();
    int widest = 0;
    for (int i = 0; i < int(set_.patterns.size()); ++i)
        for (const QString& t : tileTexts(i)) widest = std::max(widest, small.horizontalAdvance(t));
    g.tileW = std::max(118, widest + 12);
    g.tileH = std::max(132, 2 * g.line + 100);
    const QFontMetrics big(font());
    const QRect room(6, 4, std::max(1, width - 12), 10000);
    g.captionH = big.boundingRect(room, Qt::AlignLeft | Qt::TextWordWrap, captionText()).height() + 10;
    g.columns = std::max(1, width / g.tileW);
    g.left = std::max(4, (width - g.columns * g.tileW) / 2 + 4);  // the rows centred: a page's figure is not lopsided
    return g;
}

QString PatternGallery::captionText() const {
    return set_.patterns.empty() ? tr("No patterns yet: they appear when the first computation finishes") : caption_;
}

namespace {
// The width a pattern is labelled and coloured by: its decomposition's, except that a forest's is known exactly
// (1, or 0 without edges): a path drawn by the treewidth-2 sampler read "treewidth ≤ 2" beside an edge's "≤ 1".
int shownTreewidth(const px::Pattern& p) { return p.isForest() ? std::min(p.treewidthBound(), p.edges() > 0 ? 1 : 0) : p.treewidthBound(); }
}  // namespace

std::array<QString, 2> PatternGallery::tileTexts(int i) const {
    const Pattern& p = set_.patterns[std::size_t(i)];
    const bool dup = i < int(set_.duplicateOf.size()) && set_.duplicateOf[std::size_t(i)] >= 0;
    return {QString("#%1  m=%2  e=%3").arg(i + 1).arg(p.vertices()).arg(p.edges()),
            dup ? tr("tw≤%1, duplicate of #%2").arg(shownTreewidth(p)).arg(set_.duplicateOf[std::size_t(i)] + 1)
                : tr("treewidth ≤ %1").arg(shownTreewidth(p))};
}

QRectF PatternGallery::tileRect(const Tiling& g, int i) {
    return QRectF(g.left + (i % g.columns) * g.tileW, g.captionH + (i / g.columns) * g.tileH, g.tileW - 8, g.tileH - 8);
}

QStringList PatternGallery::clippedTexts() const {
    QStringList cut;
    const Tiling g = tiling(width());
    const QFontMetrics big(font()), small(tileFont());
    const QRect captionRoom(6, 4, width() - 12, g.captionH - 6);
    if (!captionRoom.contains(big.boundingRect(captionRoom, Qt::AlignLeft | Qt::TextWordWrap, captionText()))) cut << captionText();
    for (int i = 0; i < int(set_.patterns.size()); ++i)
        for (const QString& t : tileTexts(i))
            if (small.horizontalAdvance(t) > tileRect(g, i).width() || small.height() > g.line) cut << t;
    return cut;
}

int PatternGallery::heightForWidth(int w) const {
    const Tiling g = tiling(w);
    const int n = int(set_.patterns.size());
    return g.captionH + ((n + g.columns - 1) / g.columns) * g.tileH + 8;
}

std::vector<QRect> PatternGallery::pageBands(int maxHeight) const {
    const Tiling g = tiling(width());
    const int rows = (patternCount() + g.columns - 1) / g.columns;
    std::vector<QRect> bands;
    int top = 0, row = 0;
    do {
        const int header = bands.empty() ? g.captionH : 0;
        const int fit = std::clamp((maxHeight - header) / g.tileH, 1, std::max(1, rows - row));
        row += fit;
        const int bottom = row >= rows ? height() : g.captionH + row * g.tileH;
        bands.emplace_back(0, top, width(), bottom - top);
        top = bottom;
    } while (row < rows);
    return bands;
}

QSize PatternGallery::sizeHint() const {
    const int w = 8 * tiling(8 * 118).tileW;
    return {w, heightForWidth(w)};
}

void PatternGallery::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), Qt::white);
    const Tiling g = tiling(width());
    painter.setFont(font());
    painter.setPen(Qt::black);
    painter.drawText(QRect(6, 4, width() - 12, g.captionH - 6), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, captionText());
    const int maxTw = std::max(1, set_.maxTreewidthBound());
    for (int i = 0; i < int(set_.patterns.size()); ++i) {
        const Pattern& p = set_.patterns[std::size_t(i)];
        const QRectF tile = tileRect(g, i);
        if (!event->rect().intersects(tile.toAlignedRect())) continue;  // another page's, or scrolled out of sight
        const bool dup = i < int(set_.duplicateOf.size()) && set_.duplicateOf[std::size_t(i)] >= 0;
        painter.setPen(QPen(dup ? QColor(200, 120, 0) : QColor(200, 200, 200), dup ? 2 : 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(tile, 6, 6);
        const QRectF area(tile.left() + 6, tile.top() + 4, tile.width() - 12, tile.height() - 2 * g.line - 8);
        const auto& pos = layouts_[std::size_t(i)];
        auto at = [&](int v) { return QPointF(area.left() + pos[v].x() * area.width(), area.top() + pos[v].y() * area.height()); };
        painter.setPen(QPen(QColor(60, 60, 60), 1.4));
        for (auto [u, v] : p.graph.edges()) painter.drawLine(at(u), at(v));
        painter.setPen(QPen(Qt::white, 1));
        painter.setBrush(viridis(std::max(0, shownTreewidth(p) - 1), maxTw));
        const double r = p.vertices() > 10 ? 3.5 : 5;
        for (int v = 0; v < p.vertices(); ++v) painter.drawEllipse(at(v), r, r);
        painter.setPen(Qt::black);
        painter.setFont(tileFont());
        const auto texts = tileTexts(i);
        painter.drawText(QRectF(tile.left(), tile.bottom() - 2 * g.line - 2, tile.width(), g.line), Qt::AlignCenter, texts[0]);
        painter.drawText(QRectF(tile.left(), tile.bottom() - g.line - 2, tile.width(), g.line), Qt::AlignCenter, texts[1]);
        painter.setFont(font());
    }
}

}  // namespace px::widgets
