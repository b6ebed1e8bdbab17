// The legend of an exported PNG shows its entries whole: no descender (g, p, y) cut at the bottom of an entry. Read
// from the exported image: each entry's text, as laid out for the figure, is compared with the same text drawn alone
// (same font, same scale, nothing to clip it): the ink must reach as far down in the figure as it does alone.
#include "EmbeddingPlot.h"
#include "FigureExport.h"
#include "FigureLayout.h"
#include "NoiseAnatomyPlot.h"
#include "experiment/EmbeddingProjection.h"
#include "privacy/PrivacyReport.h"

#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

namespace {

constexpr int kInk = 150;  // a pixel darker than this (of 255) is text

// The rows [first, last] with ink in the columns [x0, x1) and rows [y0, y1) of `image`; {-1, -1} when none.
std::pair<int, int> inkRows(const QImage& image, int x0, int x1, int y0, int y1) {
    std::pair<int, int> rows{-1, -1};
    for (int y = std::max(0, y0); y < std::min(image.height(), y1); ++y)
        for (int x = std::max(0, x0); x < std::min(image.width(), x1); ++x)
            if (qGray(image.pixel(x, y)) < kInk) {
                if (rows.first < 0) rows.first = y;
                rows.second = y;
                break;
            }
    return rows;
}

struct Entry {
    QString name;
    QFont font;
    QRect text;  // where the entry's text is drawn, in layout pixels (1/96 in), clipped to the entry's rectangle
};

// The legend's entries as the figure lays them out for `size` (the layout exportFigure draws).
std::vector<Entry> laidOutEntries(QCustomPlot* plot, const px::widgets::FigureSize& size) {
    std::vector<Entry> entries;
    px::widgets::FigureLayout dressed(plot, size);
    plot->toPixmap(int(std::lround(size.widthIn * 96)), int(std::lround(size.heightIn * 96)), size.dpi / 96.0);
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)); item && item->visible()) {
            const QRect r = item->rect();
            const int left = r.left() + plot->legend->iconSize().width() + plot->legend->iconTextPadding();
            entries.push_back({item->plottable()->name(), item->font(), QRect(QPoint(left, r.top()), item->outerRect().bottomRight())});
        }
    return entries;
}

// The entry's text alone, drawn as QCustomPlot draws it (top-left of its box, not clipped) at `scale`: its ink rows.
std::pair<int, int> inkAlone(const Entry& e, double scale) {
    QPixmap canvas(int(2000 * scale), int(100 * scale));
    canvas.fill(Qt::white);
    {
        QPainter painter(&canvas);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.scale(scale, scale);
        painter.setFont(e.font);
        painter.setPen(Qt::black);
        painter.drawText(QRect(10, 10, 1900, 80), Qt::TextDontClip, e.name);
    }
    const QImage image = canvas.toImage();
    const auto rows = inkRows(image, 0, image.width(), 0, image.height());
    return {rows.first - int(std::lround(10 * scale)), rows.second - int(std::lround(10 * scale))};
}

px::experiment::EmbeddingProjection projection() {
    px::experiment::EmbeddingProjection p;
    p.clean.resize(12, 2);
    p.released.resize(12, 2);
    p.cloud.resize(20, 2);
    for (int i = 0; i < 12; ++i) p.clean(i, 0) = p.released(i, 0) = i, p.clean(i, 1) = p.released(i, 1) = (i * 7) % 5;
    for (int i = 0; i < 20; ++i) p.cloud(i, 0) = 0.1 * i, p.cloud(i, 1) = 0.05 * i;
    p.focus = 3;
    return p;
}

}  // namespace

class TestFigureLegend : public QObject {
    Q_OBJECT
private slots:
    void legendTextIsWholeInExportedPng_data() {
        QTest::addColumn<QString>("preset");
        for (const auto& p : px::widgets::figurePresets()) QTest::newRow(qPrintable(p.key)) << p.key;
        QTest::newRow("screen size") << QString();
    }

    void legendTextIsWholeInExportedPng() {
        QFETCH(QString, preset);
        QCustomPlot plot;
        plot.resize(900, 600);
        const double explained[2] = {0.6, 0.25};
        const std::vector<double> labels{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
        px::widgets::buildEmbeddingPlot(&plot, projection(), labels, explained, "Released embeddings: gpy", 1.0);
        px::widgets::FigureSize size;
        if (!preset.isEmpty()) size = px::widgets::presetSize(preset);
        else size.widthIn = 900 / 96.0, size.heightIn = 600 / 96.0, size.dpi = 150;  // Export all's on-screen size
        QTemporaryDir dir;
        const QString path = dir.path() + "/embedding.png";
        px::widgets::exportFigure(&plot, path, size);
        const QImage exported(path);
        if (const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR"); !shots.isEmpty())  // to look at
            exported.save(QString("%1/embedding-%2.png").arg(shots, preset.isEmpty() ? QString("screen") : preset));
        QVERIFY(!exported.isNull());
        const double scale = size.dpi / 96.0;
        const std::vector<Entry> entries = laidOutEntries(&plot, size);
        QVERIFY(!entries.empty());
        int withDescenders = 0;
        for (const Entry& e : entries) {
            const auto alone = inkAlone(e, scale);
            const QRect box(QPoint(int(std::floor(e.text.left() * scale)), int(std::floor(e.text.top() * scale))),
                            QPoint(int(std::ceil((e.text.right() + 1) * scale)), int(std::ceil((e.text.bottom() + 1) * scale))));
            // the entry's ink in the figure, looked for from the entry's top down to as far as the text reaches alone
            const int reach = alone.second - alone.first;  // the text's ink height, drawn alone
            const auto shown = inkRows(exported, box.left(), box.right(), box.top(), box.top() + alone.second + 2);
            withDescenders += QRegularExpression("[gpqy]").match(e.name).hasMatch();
            QVERIFY2(shown.first >= 0, qPrintable(e.name + ": no text drawn"));
            const QString what = QString("%1 (%2): ink %3 px high in the figure, %4 px alone; it needs rows %5 to %6, the entry ends at %7")
                                     .arg(e.name, preset).arg(shown.second - shown.first).arg(reach).arg(shown.first)
                                     .arg(shown.first + reach).arg(box.bottom());
            QVERIFY2(shown.first + reach < box.bottom(), qPrintable(what));    // the entry's rectangle holds the whole text
            QVERIFY2(shown.second - shown.first >= reach - 1, qPrintable(what));   // and the figure shows all of it
        }
        QVERIFY(withDescenders > 0);  // the test has descenders to cut
    }

    // A pattern no graph contains has mean density 0, which the noise anatomy's log axis cannot show: its legend says
    // how many signal dots are missing and why (a new user saw 5 of 160 dots on MUTAG and no word about the rest), on
    // screen and in an exported figure's shortened legend.
    void theAnatomySaysWhichSignalsItCannotDraw() {
        px::privacy::PrivacyReport r;
        r.mechanism = "gaussian";
        r.allocation = "isotropic";
        r.noiseMedian = {1e-3, 2e-3, 3e-3, 4e-3};
        r.sensitivityMedian = {1e-2, 2e-2, 3e-2, 4e-2};
        r.budgetShare = {25, 25, 25, 25};
        const std::vector<px::widgets::PatternInfo> info = {{3, 2}, {4, 3}, {5, 4}, {6, 5}};
        for (int zeros = 0; zeros <= 3; ++zeros) {
            r.signalMean = {0.2, 0.1, 0.05, 0.01};
            for (int j = 0; j < zeros; ++j) r.signalMean[std::size_t(3 - j)] = 0;
            QCustomPlot plot;
            px::widgets::buildNoiseAnatomyPlot(&plot, r, info);
            QCPGraph* signal = plot.graph(0);
            QCOMPARE(signal->dataCount(), 4 - zeros);
            QCOMPARE(signal->name().contains(QString("not drawn for %1 of 4 patterns: 0, below the log axis").arg(zeros)), zeros > 0);
            for (const char* preset : {"one-column", "two-column", "slide"}) {  // a figure's short legend keeps the count
                const px::widgets::FigureLayout figure(&plot, px::widgets::presetSize(preset));
                QVERIFY2(signal->name().contains(QString("not drawn for %1 of 4").arg(zeros)) == (zeros > 0), qPrintable(signal->name()));
            }
        }
        for (const char* mechanism : {"Gaussian", "Laplace"}) {  // Laplace's noise is named by its scale b, not a σ
            r.mechanism = mechanism;
            QCustomPlot plot;
            px::widgets::buildNoiseAnatomyPlot(&plot, r, info);
            QVERIFY2(plot.graph(1)->name().startsWith(r.mechanism == "Laplace" ? "noise scale b" : "noise scale σ"), qPrintable(plot.graph(1)->name()));
        }
    }

    // Exporting lays the plot out at the figure's size and puts it back; the window never shows that layout. The plot
    // on screen was painted at once with the export's fonts and legend (a new user saw the embedding flash during Export
    // all): no paint reaches the plot while it is dressed for the figure, in any format.
    void exportingNeverPaintsTheFigureOnScreen() {
        QCustomPlot plot;
        const std::vector<double> labels{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
        const double explained[2] = {0.6, 0.3};
        px::widgets::buildEmbeddingPlot(&plot, projection(), labels, explained, "Released embeddings at ε = 1", 1.0);
        plot.resize(640, 480);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QTest::qWait(50);  // the first paint
        struct PaintCounter : QObject {
            int paints = 0;
            bool eventFilter(QObject*, QEvent* e) override { paints += e->type() == QEvent::Paint; return false; }
        } counter;
        plot.installEventFilter(&counter);
        QTemporaryDir dir;
        for (const char* suffix : {"png", "pdf", "svg"}) {
            px::widgets::exportFigure(&plot, dir.path() + "/figure." + suffix, px::widgets::presetSize("one-column"));
            QVERIFY2(counter.paints == 0, suffix);
        }
    }
};

QTEST_MAIN(TestFigureLegend)
#include "tst_figurelegend.moc"
