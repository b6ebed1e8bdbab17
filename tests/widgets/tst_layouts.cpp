// Layouts of the widgets on random cases (RapidCheck).
//  - A plot title too wide for its plot is broken into two lines (widgets/ScreenFit.h, twoLineTitle), on random
//    titles, fonts and widths: a title that fits, or has no separator, is kept as it is; one that does not fit and
//    has a separator comes back on more than one line; its lines joined by spaces give the title back (nothing lost
//    or added); and every line it could break fits, or has no separator left to break at.
//  - The utility plots at a font scale (projector mode): each series' line and markers grow with it.
//  - The pattern gallery, at random widths and pattern counts, as tall as it asks to be: every pattern's tile lies
//    inside it, no two overlap, they follow in reading order, and the picture has each tile's frame where it is.
#include "ExpressivityPlot.h"
#include "PatternGallery.h"
#include "SmallSweep.h"
#include "ScreenFit.h"
#include "PropertySupport.h"

#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QtTest>

namespace {

const char* const kSeparators[] = {" — ", ", ", ": "};

bool hasSeparator(const QString& text) {
    for (const char* sep : kSeparators)
        if (text.indexOf(QString::fromUtf8(sep)) > 0) return true;
    return false;
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
        }));
    }
};

QTEST_MAIN(TestLayouts)
#include "tst_layouts.moc"
