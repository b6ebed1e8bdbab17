#pragma once
// The pattern gallery as a figure for a paper. Whatever the screen shows (projector mode's large text, a narrow
// window, a tab never opened) the figure is laid out at a page's width (a two-column figure, 6.9 in) in the
// two-column preset's font size, and cut between rows of tiles into pages no taller than a page's text block
// (9 in): every page is one PNG (2× pixels, so that memory and file sizes stay bounded for hundreds of patterns)
// and one page of a single PDF (vector). Each file is written atomically.
#include "PatternGallery.h"

#include <QString>
#include <QStringList>

namespace px::widgets {

inline constexpr double kGalleryPageWidthIn = 6.9;
inline constexpr double kGalleryPageHeightIn = 9.0;

// Lays `page` out as the exported figure shows it: the patterns and caption given, `family` at the paper font
// size, kGalleryPageWidthIn wide and as tall as it asks to be (pixels of 1/96 in).
void layOutGalleryForPaper(PatternGallery& page, const PatternSet& patterns, const QString& caption, const QString& family);

// The PNG of page k (0-based) of the figure `base`: base.png for the first, base-2.png, base-3.png, … after it.
QString galleryPagePng(const QString& base, int page);

// Writes the figure of the gallery shown on screen: the PNG of each page and base.pdf with every page. Returns
// the names of the files written (without folder); page PNGs of an earlier, longer export under `base` are removed. Throws std::runtime_error naming the file on failure.
QStringList exportGallery(const PatternGallery& onScreen, const QString& base);

}  // namespace px::widgets
