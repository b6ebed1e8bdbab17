#pragma once
// A gallery of the sampled patterns: one small node-link drawing per pattern with m, e(F) and its
// treewidth bound, duplicates marked. Layout is a deterministic spring embedding (drawing only;
// nothing about the patterns is computed here).
#include "patterns/PatternSet.h"

#include <QWidget>
#include <array>
#include <vector>

namespace px::widgets {

class PatternGallery : public QWidget {
    Q_OBJECT
public:
    std::array<QString, 2> tileTexts(int i) const;  // under pattern i's drawing: "#i m= e=", its treewidth (bound)
    explicit PatternGallery(QWidget* parent = nullptr);
    // Shows the set (copied). `caption`: e.g. class name and noise factor, drawn above the tiles.
    void setPatterns(const PatternSet& set, const QString& caption);
    int patternCount() const { return int(set_.patterns.size()); }
    const PatternSet& patterns() const { return set_; }
    const QString& caption() const { return caption_; }
    QSize sizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    // The texts that do not fit the rectangle they are drawn in at the current width and font (none, unless
    // something is wrong): the caption wraps, the tiles grow with the font.
    QStringList clippedTexts() const;
    // The rectangle pattern i is drawn in (its frame), at the current width: what paintEvent draws it in.
    QRectF tileArea(int i) const { return tileRect(tiling(width()), i); }
    // Horizontal bands that cut the gallery, at its current width and height, into pages at most `maxHeight` tall,
    // only between rows of tiles: they follow each other from the top to the bottom, the caption stays with the
    // first row, and a row taller than `maxHeight` (a huge font) gets a page of its own.
    std::vector<QRect> pageBands(int maxHeight) const;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    PatternSet set_;
    QString caption_;
    std::vector<std::vector<QPointF>> layouts_;  // node positions in [0, 1]² per pattern
    struct Tiling { int tileW = 118, tileH = 132, captionH = 28, line = 14, columns = 1, left = 4; };
    Tiling tiling(int width) const;
    QFont tileFont() const;
    QString captionText() const;
    static QRectF tileRect(const Tiling& g, int i);
};

// Deterministic spring layout (Fruchterman–Reingold from a circle) of a small graph in [0, 1]².
std::vector<QPointF> springLayout(const Graph& g);

}  // namespace px::widgets
