// Layouts of the widgets on random cases (RapidCheck).
//  - A plot title too wide for its plot is broken into two lines (widgets/ScreenFit.h, twoLineTitle), on random
//    titles, fonts and widths: a title that fits, or has no separator, is kept as it is; one that does not fit and
//    has a separator comes back on more than one line; its lines joined by spaces give the title back (nothing lost
//    or added); and every line it could break fits, or has no separator left to break at.
//  - The utility plots at a font scale (projector mode): each series' line and markers grow with it.
//  - The pattern gallery, at random widths and pattern counts, as tall as it asks to be: every pattern's tile lies
//    inside it, no two overlap, they follow in reading order, the picture has each tile's frame where it is, and a
//    full row is centred.
//  - Its pages (widgets/GalleryExport.h), at random widths, fonts and page heights: they follow each other from top
//    to bottom, cut no tile, and are no taller than asked unless they hold a single row.
//  - A compact tab bar (widgets/CompactTabBar.h), at random names, fonts and widths: it shows the short names
//    exactly when a plain tab bar with the full names would overflow (a differential check), every tab is whole on
//    it whenever a plain bar with the short names fits, and tabText keeps the full names.
//  - A status bar message too long for the room left of the progress widgets (widgets/WordStatusBar.h), on random
//    messages, fonts and widths: it ends at a whole word with "…" and fits, is the message itself when that fits,
//    and the whole message is the tooltip exactly while it is shortened.
//  - Its exported figure, at random pattern counts and screen fonts (projector mode's included): one PNG per page of
//    bounded size and a PDF of as many pages, the same pixels whatever the screen font, each tile's frame drawn on
//    its page where the page's layout puts it, and no page PNG left over from an earlier, longer export.
#include "CompactTabBar.h"
#include "ExpressivityPlot.h"
#include "GalleryExport.h"
#include "Palette.h"
#include "PatternGallery.h"
#include "SmallSweep.h"
#include "WordStatusBar.h"
#include "ScreenFit.h"
#include "PropertySupport.h"
#include "Notation.h"

#include <QDir>
#include <QFile>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QLabel>
#include <QTabWidget>
#include <QToolButton>
#include <QTemporaryDir>
#include <QtTest>
#include <numeric>
#include <cmath>
#include <set>
#include <string>

namespace {

const char* const kSeparators[] = {" — ", ", ", ": "};

bool hasSeparator(const QString& text) {
    for (const char* sep : kSeparators)
        if (text.indexOf(QString::fromUtf8(sep)) > 0) return true;
    return false;
}

px::PatternSet randomPatterns(int most) {
    px::PatternSamplerParams params;
    params.count = *rc::gen::inRange(1, most + 1);
    params.seed = std::uint64_t(*rc::gen::inRange(1, 1000));
    params.duplicates = px::DuplicatePolicy::Keep;
    return px::PatternSet::sample(params);
}

// Pages in a PDF: page objects ("/Type /Page"), not the page tree ("/Type /Pages").
int pdfPages(const QByteArray& pdf) {
    return int(pdf.count("/Type /Page")) - int(pdf.count("/Type /Pages"));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A tab widget as the app's: tabs with these names, an "All views" button in the corner, at that width and font.
void buildTabs(QTabWidget& tabs, const QStringList& names, int width, const QFont& font) {
    tabs.setFont(font);
    for (const QString& name : names) tabs.addTab(new QWidget, name);
    auto* corner = new QToolButton;
    corner->setText("All views");
    tabs.setCornerWidget(corner, Qt::TopRightCorner);
    tabs.resize(width, 300);
    tabs.show();
    QCoreApplication::processEvents();
}

struct CompactTabs : QTabWidget {  // as ExplorerViews: its bar set before the first tab
    px::widgets::CompactTabBar* bar = new px::widgets::CompactTabBar(this);
    CompactTabs() { setTabBar(bar); }
};

// Whether every tab lies whole on its bar, left of the corner button.
bool tabsWhole(const QTabWidget& tabs) {
    for (int i = 0; i < tabs.count(); ++i)
        if (!tabs.tabBar()->rect().contains(tabs.tabBar()->tabRect(i))) return false;
    return tabs.tabBar()->geometry().right() < tabs.cornerWidget()->geometry().left();
}

QString randomWord(int letters) {
    QString w;
    for (int k = 0; k < letters; ++k) w += QChar('a' + *rc::gen::inRange(0, 26));
    return w;
}

QString randomTitle() {
    const int words = *rc::gen::inRange(1, 14);
    QString title;
    for (int i = 0; i < words; ++i) {
        if (i > 0) {
            const int kind = *rc::gen::inRange(0, 6);  // mostly spaces, as titles are
            title += kind < 3 ? QString(" ") : QString::fromUtf8(kSeparators[kind - 3]);
        }
        const int letters = *rc::gen::inRange(1, 12);
        for (int k = 0; k < letters; ++k) title += QChar('a' + *rc::gen::inRange(0, 26));
    }
    return title;
}

}  // namespace

class TestLayouts : public QObject {
    Q_OBJECT
private slots:
    void aWideTitleIsBrokenWithoutLosingAWord() {
        QVERIFY(pxtest::checkProperty("twoLineTitle keeps every word and breaks what is too wide", 20261206, 400, [] {
            const QString title = randomTitle();
            QFont font;
            font.setPointSizeF(*rc::gen::inRange(8, 24));
            const int width = *rc::gen::inRange(100, 900);
            const QFontMetrics metrics(font);
            const QString shown = px::widgets::twoLineTitle(title, font, width);
            const bool fits = metrics.horizontalAdvance(title) <= width - 16;
            if (fits || !hasSeparator(title)) {
                RC_ASSERT(shown == title);
                return;
            }
            RC_ASSERT(shown.contains('\n'));
            RC_ASSERT(QString(shown).replace('\n', ' ') == title);
            for (const QString& line : shown.split('\n'))
                RC_ASSERT(metrics.horizontalAdvance(line) <= width - 16 || !hasSeparator(line.mid(2)));
        }));
    }

    // ε is quoted as typed: a decimal of up to nine significant digits reads back as the same number, in no more
    // digits than it was written with (0.5623 was quoted "0.562"); any other value to three digits; ∞ as ∞.
    void anEpsilonIsQuotedAsTyped() {
        QVERIFY(pxtest::checkProperty("epsilonText reads back a short decimal exactly, else three digits", 20261207, 2000, [] {
            const int digits = *rc::gen::inRange(1, 10);
            std::string written = std::to_string(*rc::gen::inRange(1, 10));  // the first digit, not 0
            for (int i = 1; i < digits; ++i) written += char('0' + *rc::gen::inRange(0, 10));
            const int exponent = *rc::gen::inRange(-6, 4);  // the value is written × 10^exponent
            if (exponent >= 0) written += std::string(exponent, '0');
            else if (-exponent < digits) written.insert(written.size() + exponent, ".");
            else written = "0." + std::string(-exponent - digits, '0') + written;
            const double typed = std::stod(written);
            const QString quoted = px::widgets::epsilonText(typed);
            RC_ASSERT(quoted.toDouble() == typed);
            RC_ASSERT(!quoted.contains('e') || typed < 1e-4);  // 80 read "8e+01"
            QString significant = quoted.section('e', 0, 0).remove('.');
            while (significant.startsWith('0')) significant.remove(0, 1);
            while (significant.endsWith('0') && !quoted.contains('.')) significant.chop(1);  // 5000 is one digit
            RC_ASSERT(significant.size() <= digits);
            const double computed = std::exp(*rc::gen::inRange(-700000, 700000) / 100000.0);  // e^-7 … e^7, not a short decimal
            const QString rounded = px::widgets::epsilonText(computed);
            RC_ASSERT(rounded.toDouble() == computed || (std::abs(rounded.toDouble() / computed - 1) <= 0.005 &&
                                                        rounded == QString::number(computed, 'g', 3)));
        }));
        QCOMPARE(px::widgets::epsilonText(INFINITY), QString("∞"));
    }

    void projectorModesLinesAreThicker() {
        const px::experiment::SweepResult result = pxtest::smallSweep();
        QVERIFY(pxtest::checkProperty("a utility series' pen and markers grow with the font scale", 20261206, 20, [&] {
            const double scale = *rc::gen::inRange(11, 30) / 10.0;
            QCustomPlot normal, projector;
            px::widgets::buildDimensionPlot(&normal, result, 1.0);
            px::widgets::buildDimensionPlot(&projector, result, scale);
            RC_ASSERT(normal.graphCount() > 0 && normal.graphCount() == projector.graphCount());
            const QCPGraph *a = normal.graph(0), *b = projector.graph(0);
            RC_ASSERT(b->pen().widthF() > a->pen().widthF() && b->scatterStyle().size() > a->scatterStyle().size());
        }));
    }

    void everyPatternHasItsOwnTileInTheGallery() {
        QVERIFY(pxtest::checkProperty("gallery tiles inside, apart, in reading order, drawn", 20261206, 60, [] {
            px::PatternSamplerParams params;
            params.count = *rc::gen::inRange(1, 41);
            params.seed = std::uint64_t(*rc::gen::inRange(1, 1000));
            params.duplicates = px::DuplicatePolicy::Keep;
            px::widgets::PatternGallery gallery;
            gallery.setPatterns(px::PatternSet::sample(params), "random patterns");
            const int width = *rc::gen::inRange(130, 1400);
            gallery.resize(width, gallery.heightForWidth(width));
            const QImage picture = gallery.grab().toImage();
            const QRectF widget(0, 0, gallery.width(), gallery.height());
            for (int i = 0; i < gallery.patternCount(); ++i) {
                const QRectF tile = gallery.tileArea(i);
                RC_ASSERT(widget.contains(tile));
                if (i > 0) {
                    const QRectF before = gallery.tileArea(i - 1);
                    RC_ASSERT(!tile.intersects(before));
                    RC_ASSERT(tile.top() > before.top() || (tile.top() == before.top() && tile.left() > before.right()));
                }
                // the frame's top edge, drawn in grey (orange for a duplicate): not the white of the background
                const QColor edge = picture.pixelColor(QPoint(int(tile.center().x()), int(tile.top())));
                RC_ASSERT(edge != QColor(Qt::white));
            }
            // the first row centred: as much room left of it as right of it (within a pixel or two of rounding)
            int last = 0;
            while (last + 1 < gallery.patternCount() && gallery.tileArea(last + 1).top() == gallery.tileArea(0).top()) ++last;
            const double left = gallery.tileArea(0).left(), right = gallery.width() - gallery.tileArea(last).right();
            if (last + 1 < gallery.patternCount() && left + right > 30) RC_ASSERT(std::abs(left - right) <= 10);  // a full row, with room to spare
        }));
    }

    // Each tile's treewidth label: a forest (found here by union-find over its edges) reads "≤ 1" (an edge drawn by
    // the treewidth-2 sampler read "≤ 2" beside another's "≤ 1"); a pattern with a cycle reads its decomposition's width.
    void aForestIsLabelledTreewidthOne() {
        QVERIFY(pxtest::checkProperty("gallery treewidth labels", 20261207, 60, [] {
            px::PatternSamplerParams params;
            params.count = *rc::gen::inRange(1, 30);
            params.seed = std::uint64_t(*rc::gen::inRange(1, 1000));
            params.patternClass = px::PatternClass::parse(*rc::gen::element<std::string>("trees", "treewidth:2", "treewidth:3"));
            px::widgets::PatternGallery gallery;
            const px::PatternSet set = px::PatternSet::sample(params);
            gallery.setPatterns(set, "random patterns");
            for (int i = 0; i < gallery.patternCount(); ++i) {
                const px::Pattern& p = set.patterns[std::size_t(i)];
                std::vector<int> root(std::size_t(p.vertices()));
                std::iota(root.begin(), root.end(), 0);
                const auto find = [&](int v) { while (root[std::size_t(v)] != v) v = root[std::size_t(v)]; return v; };
                bool cycle = false;
                for (auto [u, v] : p.graph.edges()) {
                    const int a = find(int(u)), b = find(int(v));
                    cycle |= a == b;
                    root[std::size_t(a)] = b;
                }
                const QString label = gallery.tileTexts(i)[1];
                const int shown = label.section(QChar(0x2264), 1).trimmed().section(',', 0, 0).toInt();
                const bool right = cycle ? shown == p.treewidthBound() && shown >= 2 : shown == (p.edges() > 0 ? 1 : 0);
                RC_ASSERT(right);
            }
        }));
    }

    void galleryPagesCutBetweenRowsOnly() {
        QVERIFY(pxtest::checkProperty("gallery pages follow, cut no tile, fit", 20261207, 60, [] {
            px::widgets::PatternGallery gallery;
            QFont font = gallery.font();
            font.setPointSizeF(*rc::gen::inRange(6, 40));
            gallery.setFont(font);
            gallery.setPatterns(randomPatterns(120), "random patterns");
            const int width = *rc::gen::inRange(130, 1400);
            gallery.resize(width, gallery.heightForWidth(width));
            const int maxHeight = *rc::gen::inRange(60, 1500);
            const std::vector<QRect> bands = gallery.pageBands(maxHeight);
            RC_ASSERT(!bands.empty());
            RC_ASSERT(bands.front().top() == 0);
            RC_ASSERT(bands.back().bottom() + 1 == gallery.height());
            std::vector<int> pageOf(std::size_t(gallery.patternCount()), -1);
            std::vector<QRectF> tiles;
            for (int i = 0; i < gallery.patternCount(); ++i) tiles.push_back(gallery.tileArea(i));
            for (std::size_t k = 0; k < bands.size(); ++k) {
                RC_ASSERT(bands[k].width() == width && bands[k].height() > 0);
                if (k > 0) RC_ASSERT(bands[k].top() == bands[k - 1].bottom() + 1);
                std::set<double> rowTops;
                for (int i = 0; i < gallery.patternCount(); ++i)  // on the page: from its top to its bottom
                    if (const QRectF& tile = tiles[std::size_t(i)]; tile.top() >= bands[k].top() && tile.bottom() <= bands[k].bottom() + 1) {
                        RC_ASSERT(pageOf[std::size_t(i)] == -1);
                        pageOf[std::size_t(i)] = int(k);
                        rowTops.insert(tile.top());
                    }
                RC_ASSERT(!rowTops.empty());
                if (bands[k].height() > maxHeight) RC_ASSERT(rowTops.size() == 1u);
            }
            for (int page : pageOf) RC_ASSERT(page >= 0);  // every tile lies wholly on one page
        }));
    }

    void theExportedGalleryHasPagesOfBoundedSize() {
        QVERIFY(pxtest::checkProperty("gallery export: pages bounded, font-independent, drawn", 20261208, 8, [] {
            QTemporaryDir dir;
            RC_ASSERT(dir.isValid());
            const px::PatternSet patterns = randomPatterns(500);
            const QString base = dir.filePath("pattern-gallery");
            QStringList written;
            std::vector<QByteArray> pngs[2];
            for (int screen = 0; screen < 2; ++screen) {  // a desktop's font, then a projector's
                px::widgets::PatternGallery onScreen;
                QFont font = onScreen.font();
                font.setPointSizeF(screen == 0 ? *rc::gen::inRange(7, 12) : *rc::gen::inRange(14, 40));
                onScreen.setFont(font);
                onScreen.setPatterns(patterns, "random patterns");
                written = px::widgets::exportGallery(onScreen, base);
                for (int k = 0; QFile::exists(px::widgets::galleryPagePng(base, k)); ++k)
                    pngs[screen].push_back(readAll(px::widgets::galleryPagePng(base, k)));
            }
            RC_ASSERT(pngs[0] == pngs[1]);  // the figure does not depend on the screen's font
            px::widgets::PatternGallery page;
            px::widgets::layOutGalleryForPaper(page, patterns, "random patterns", QFont().family());
            const std::vector<QRect> bands = page.pageBands(int(px::widgets::kGalleryPageHeightIn * 96));
            RC_ASSERT(pngs[0].size() == bands.size());
            RC_ASSERT(written.size() == qsizetype(bands.size() + 1) && written.last() == "pattern-gallery.pdf");
            RC_ASSERT(pdfPages(readAll(base + ".pdf")) == int(bands.size()));
            std::vector<QRectF> tiles;
            for (int i = 0; i < page.patternCount(); ++i) tiles.push_back(page.tileArea(i));
            for (std::size_t k = 0; k < bands.size(); ++k) {
                const QImage png = QImage::fromData(pngs[0][k], "PNG");
                RC_ASSERT(png.width() == 2 * int(std::lround(px::widgets::kGalleryPageWidthIn * 96)));
                // and it says so: at its stated resolution it is the page's width (it once said 96 dpi, twice as wide)
                RC_ASSERT(std::abs(png.width() / (png.dotsPerMeterX() * 0.0254) - px::widgets::kGalleryPageWidthIn) < 0.02);
                RC_ASSERT(png.height() <= 2 * int(px::widgets::kGalleryPageHeightIn * 96));
                RC_ASSERT(png.height() == 2 * bands[k].height());
                for (const QRectF& tile : tiles) {  // the frame's top edge, where the page puts it
                    if (!QRectF(bands[k]).contains(tile)) continue;
                    const QPoint at(int(2 * tile.center().x()), int(2 * (tile.top() - bands[k].top())));
                    RC_ASSERT(png.pixelColor(at) != QColor(Qt::white));
                }
            }
            px::widgets::PatternGallery fewer;  // into the same folder: the pages of the longer export go
            px::PatternSamplerParams one;
            one.count = 1;
            fewer.setPatterns(px::PatternSet::sample(one), "one pattern");
            const QStringList again = px::widgets::exportGallery(fewer, base);
            for (int k = 0; k < int(bands.size()) + 1; ++k)
                RC_ASSERT(QFile::exists(px::widgets::galleryPagePng(base, k)) == again.contains(QFileInfo(px::widgets::galleryPagePng(base, k)).fileName()));
        }));
    }

    void aCompactTabBarShortensRatherThanCuts() {
        QVERIFY(pxtest::checkProperty("compact tab bar: short names exactly when the full ones overflow", 20261209, 40, [] {
            QStringList full, shortNames;
            const int count = *rc::gen::inRange(1, 12);
            for (int i = 0; i < count; ++i) {
                const QString head = randomWord(*rc::gen::inRange(1, 10));
                shortNames << head;
                full << head + " " + randomWord(*rc::gen::inRange(0, 16));
            }
            QFont font;
            font.setPointSizeF(*rc::gen::inRange(7, 26));
            const int width = *rc::gen::inRange(200, 2000);
            CompactTabs compact;
            QTabWidget plainFull, plainShort;
            px::widgets::CompactTabBar* bar = compact.bar;
            buildTabs(compact, full, width, font);
            for (int i = 0; i < count; ++i) bar->setCompactText(i, shortNames[i]);
            QCoreApplication::processEvents();
            buildTabs(plainFull, full, width, font);
            buildTabs(plainShort, shortNames, width, font);
            RC_ASSERT(bar->compact() == !tabsWhole(plainFull));
            if (tabsWhole(plainShort)) RC_ASSERT(tabsWhole(compact));
            for (int i = 0; i < count; ++i) {
                RC_ASSERT(compact.tabText(i) == full[i]);
                RC_ASSERT(bar->shownText(i) == (bar->compact() ? shortNames[i] : full[i]));
            }
        }));
    }

    void aLongStatusMessageEndsAtAWord() {
        QVERIFY(pxtest::checkProperty("status message: whole words and …, or all of it", 20261210, 60, [] {
            QStringList words;
            const int count = *rc::gen::inRange(1, 30);
            for (int i = 0; i < count; ++i) words << randomWord(*rc::gen::inRange(1, 14)) + (*rc::gen::inRange(0, 5) == 0 ? ":" : "");
            const QString message = words.join(' ');
            px::widgets::WordStatusBar bar;
            QFont font = bar.font();
            font.setPointSizeF(*rc::gen::inRange(7, 24));
            bar.setFont(font);
            auto* progress = new QLabel(randomWord(*rc::gen::inRange(1, 30)));
            bar.addPermanentWidget(progress);
            bar.resize(*rc::gen::inRange(150, 1500), 30);
            bar.show();
            bar.showMessage(message);
            QCoreApplication::processEvents();
            bar.grab();  // as drawn
            const QRect room = bar.messageRoom();
            RC_ASSERT(room.width() == 0 || room.right() < progress->x());
            const QString shown = bar.shownMessage();
            const QFontMetrics fm(bar.font());
            if (fm.horizontalAdvance(message) <= room.width()) {
                RC_ASSERT(shown == message && bar.toolTip().isEmpty());
                return;
            }
            RC_ASSERT(bar.toolTip() == message);
            RC_ASSERT(fm.horizontalAdvance(shown) <= room.width());
            QString first = words.front();
            if (first.endsWith(':')) first.chop(1);
            const bool firstWordTooWide = fm.horizontalAdvance(first + QStringLiteral("…")) > room.width();
            if (shown.isEmpty()) {  // not even "…" fits
                RC_ASSERT(firstWordTooWide);
                return;
            }
            RC_ASSERT(shown.endsWith(QStringLiteral("…")));
            const QString head = shown.chopped(1);
            const bool atAWord = message.startsWith(head) && (message[head.size()] == ' ' || message[head.size()] == ':');
            RC_ASSERT(atAWord || firstWordTooWide);  // else the first word itself, shortened
        }));
    }
    // A note drawn in a plot (a view that could not be computed says why) fits its axes: each drawn line is no wider
    // than the axes, and the words are the note's, in order (random notes and plot widths; one long line was cut at
    // both ends).
    void aPlotsNoteFitsItsAxes() {
        QVERIFY(pxtest::checkProperty("a note's lines fit the axes and keep its words", 20261207, 60, [] {
            const int width = *rc::gen::inRange(260, 1200);
            QStringList words;
            const int count = *rc::gen::inRange(1, 60);
            for (int i = 0; i < count; ++i) words << QString(*rc::gen::inRange(1, 16), QChar('a' + i % 26));
            QCustomPlot plot;
            plot.resize(width, 400);
            px::widgets::showPlotNote(&plot, "This view could not be computed:\n" + words.join(' '));
            plot.replot();
            QCPItemText* note = nullptr;
            for (int i = 0; i < plot.itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->objectName() == "plot-note") note = t;
            RC_ASSERT(note != nullptr);
            const QFontMetrics metrics(note->font());
            for (const QString& line : note->text().split('\n'))
                RC_ASSERT(metrics.horizontalAdvance(line) <= plot.axisRect()->width() || !line.contains(' '));
            RC_ASSERT(note->text().simplified() == ("This view could not be computed: " + words.join(' ')).simplified());
        }));
    }
};

QTEST_MAIN(TestLayouts)
#include "tst_layouts.moc"
