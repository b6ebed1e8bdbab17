// Figures at paper size: every preset's PDF page is inches × 72 points, SVG states the same size,
// PNG has inches × DPI pixels; laid out at the preset, the axes, their labels and the legend stay on
// the page (QCustomPlot's layout geometry, and no ink on the page's edge) with no label elided; a
// legend too big becomes compact and is restored; the data CSV carries mean, std, runs and controls; the slider marker is left out unless asked for; pxrun figure --preset does the same.
#include "FigureExport.h"
#include "DepthPlots.h"
#include "ExpressivityPlot.h"
#include "FigureLayout.h"
#include "NoiseAnatomyPlot.h"
#include "Palette.h"
#include "SliderReadout.h"
#include "SmallSweep.h"
#include "TradeoffPlot.h"
#include "experiment/SweepRunner.h"
#include "experiment/SweepSpec.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "patterns/PatternSet.h"
#include "privacy/Mechanism.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QFontInfo>
#include <QtTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <qcustomplot.h>
using namespace px;

namespace {
// The PDF's page box in points: "/MediaBox [0 0 w h]".
QSizeF mediaBox(const QString& pdf) {
    QFile f(pdf);
    f.open(QIODevice::ReadOnly);
    const QString text = QString::fromLatin1(f.readAll());
    const auto m = QRegularExpression(R"(/MediaBox \[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\])").match(text);
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}

bool inside(const QRect& r, const QRect& page) { return page.contains(r); }

// One CSV line's cells ("a, b" quoted, "" for a quote inside).
QStringList csvCells(const QString& line) {
    QStringList cells{QString()};
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (ch == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') cells.back() += line[++i];
        else if (ch == '"') quoted = !quoted;
        else if (ch == ',' && !quoted) cells << QString();
        else cells.back() += ch;
    }
    return cells;
}
}  // namespace

static QString titleOf(QCustomPlot& plot) {  // the text of a plot's title, as drawn
    for (int i = 0; i < plot.plotLayout()->elementCount(); ++i)
        if (auto* e = qobject_cast<QCPTextElement*>(plot.plotLayout()->elementAt(i))) return e->text();
    return {};
}
class TestFigures : public QObject {
    Q_OBJECT
private slots:
    // An AUC's error bar is drawn within [0, 1] (no bar to 1.15); the CSV beside the figure keeps the ± 2 sd.
    void errorBarsOfABoundedMetricStayInItsRange() {
        QCustomPlot plot;
        QCPGraph* g = plot.addGraph();
        g->setData({1, 2}, {0.95, 0.5});
        px::widgets::addErrorBars(g, {0.2, 0.2}, QPen(Qt::black), 0, 1);
        QCPErrorBars* bars = nullptr;
        for (int i = 0; i < plot.plottableCount(); ++i)
            if (auto* b = qobject_cast<QCPErrorBars*>(plot.plottable(i))) bars = b;
        QVERIFY(bars);
        QVERIFY(std::abs(bars->data()->at(0).errorPlus - 0.05) < 1e-12 && std::abs(bars->data()->at(0).errorMinus - 0.2) < 1e-12);
        QCOMPARE(bars->data()->at(1).errorPlus, 0.2);
        QTemporaryDir dir;
        px::widgets::exportPlotData(&plot, dir.path() + "/f.csv");
        QFile f(dir.path() + "/f.csv");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 3 && lines[1].section(',', 8, 8) == "0.2", qPrintable(lines.join(" | ")));
    }
    // A view that says two things in a row ("computing…", then "failed: …") keeps its axes for the next plot.
    void twoNotesInARowKeepTheAxes() {
        QCustomPlot plot;
        px::widgets::showPlotNote(&plot, "Computing…");
        px::widgets::showPlotNote(&plot, "This view could not be computed");
        QVERIFY(plot.axisRect() && plot.xAxis && plot.yAxis);
        QVERIFY(plot.addGraph());
    }
    // The slider's readout: a grid point's own numbers, else linear in log ε between the two around it.
    void sliderReadoutInterpolatesInLogEpsilon() {
        using px::widgets::SliderReading;
        const QVector<double> eps{0.1, 1, 10}, value{0.5, 0.7, 0.9}, bar{0.1, 0.2, 0.3}, attack{0.0, 0.2, 0.6};
        SliderReading r = px::widgets::readAtEpsilon(eps, value, bar, eps, attack, std::sqrt(10.0));  // half-way in log ε
        QVERIFY(r.kind == SliderReading::Kind::Interpolated);
        QCOMPARE(r.from, 1.0);
        QCOMPARE(r.to, 10.0);
        QVERIFY(std::abs(r.value - 0.8) < 1e-12 && std::abs(r.halfWidth - 0.25) < 1e-12 && std::abs(r.attack - 0.4) < 1e-12);
        r = px::widgets::readAtEpsilon(eps, value, bar, eps, attack, 1.0);
        QVERIFY(r.kind == SliderReading::Kind::GridPoint);
        QCOMPARE(r.value, 0.7);
        r = px::widgets::readAtEpsilon(eps, value, bar, eps, attack, 1.01);  // within a slider step of a grid point
        QVERIFY(r.kind == SliderReading::Kind::GridPoint);
        QCOMPARE(r.value, 0.7);  // its numbers, and said so (the report named the grid point, the readout did not)
        QVERIFY(px::widgets::describeReading(r, 1.01, "ROC-AUC").startsWith("ε = 1.01 (the grid point ε = 1):"));
        r = px::widgets::readAtEpsilon(eps, value, bar, {}, {}, 100);
        QVERIFY(r.kind == SliderReading::Kind::NearestEnd && r.value == 0.9 && std::isnan(r.attack));
        const QString said = px::widgets::describeReading(px::widgets::readAtEpsilon(eps, value, bar, eps, attack, 3), 3, "ROC-AUC");
        QVERIFY2(said.contains("ε = 3 (interpolated between grid points 1 and 10)") && said.contains("attack Top-1"), qPrintable(said));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, px::widgets::readAtEpsilon({}, {}, {}, {}, {}, 1));
    }
    void initTestCase() { result_ = pxtest::smallSweep(); }

    void presetsHaveExactPhysicalSizes_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("widthPt");
        QTest::addColumn<double>("heightPt");
        QTest::newRow("one column") << "one-column" << 237.6 << 180.0;
        QTest::newRow("two columns") << "two-column" << 496.8 << 252.0;
        QTest::newRow("slide") << "slide" << 960.0 << 540.0;
    }
    void presetsHaveExactPhysicalSizes() {
        QFETCH(QString, preset);
        QFETCH(double, widthPt);
        QFETCH(double, heightPt);
        QCustomPlot plot;
        widgets::TradeoffOptions opt;
        opt.markerEpsilon = 3;
        widgets::buildTradeoffPlot(&plot, result_, opt);
        QTemporaryDir dir;
        widgets::FigureSize size = widgets::presetSize(preset);
        widgets::exportFigure(&plot, dir.path() + "/f.pdf", size);
        const QSizeF page = mediaBox(dir.path() + "/f.pdf");
        QVERIFY2(std::abs(page.width() - widthPt) < 0.01 && std::abs(page.height() - heightPt) < 0.01,
                 qPrintable(QString("page %1 × %2 pt").arg(page.width()).arg(page.height())));
        widgets::exportFigure(&plot, dir.path() + "/f.svg", size);
        QFile svg(dir.path() + "/f.svg");
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString head = QString::fromUtf8(svg.read(2000));
        QVERIFY2(head.contains(QString("width=\"%1pt\"").arg(widthPt, 0, 'g', 10)), qPrintable(head.left(400)));
        svg.seek(0);
        const QString whole = QString::fromUtf8(svg.readAll());
        // every text names the family that drew it (the PDF's embedded font), not a generic alias
        static const QRegularExpression familyRe("font-family=\"([^\"]*)\"");  // no raw string: moc misreads this one
        int families = 0;
        for (auto m = familyRe.globalMatch(whole); m.hasNext(); ++families) {
            const QString named = m.next().captured(1);
            QVERIFY2(named == QFontInfo(QFont(named.section(',', 0, 0))).family() + ", sans-serif", qPrintable(named));
            QVERIFY2(!named.startsWith("Sans Serif"), qPrintable(named));
        }
        QVERIFY(families > 0);
        // SVG knows no clipping from Qt: a legend key line (a short horizontal line) ends before its text starts
        static const QRegularExpression lineRe(R"re(<polyline[^>]*points="([\d.]+),([\d.]+) ([\d.]+),([\d.]+) ")re");
        static const QRegularExpression textRe(R"re(<text[^>]* x="([\d.]+)" y="([\d.]+)")re");
        std::vector<QPointF> texts;
        for (auto m = textRe.globalMatch(whole); m.hasNext();) {
            const auto t = m.next();
            texts.push_back({t.captured(1).toDouble(), t.captured(2).toDouble()});
        }
        int keys = 0;
        for (auto m = lineRe.globalMatch(whole); m.hasNext();) {
            const auto l = m.next();
            const double x1 = l.captured(1).toDouble(), y = l.captured(2).toDouble(), x2 = l.captured(3).toDouble();
            if (l.captured(4).toDouble() != y || x2 - x1 < 15 || x2 - x1 > 100) continue;
            const QPointF* text = nullptr;  // the first text to the right on the key's row
            for (const QPointF& t : texts)
                if (std::abs(t.y() - y) < 10 && t.x() > x1 && t.x() < x2 + 30 && (!text || t.x() < text->x())) text = &t;
            if (!text) continue;
            ++keys;
            QVERIFY2(x2 < text->x(), qPrintable(QString("key line to x = %1 runs into its text at x = %2").arg(x2).arg(text->x())));
        }
        QVERIFY(keys > 0);
        size.dpi = 300;
        widgets::exportFigure(&plot, dir.path() + "/f.png", size);
        const QImage png(dir.path() + "/f.png");
        QVERIFY2(std::abs(png.width() - widthPt / 72 * 300) <= 1 && std::abs(png.height() - heightPt / 72 * 300) <= 1,
                 qPrintable(QString("%1 × %2 px").arg(png.width()).arg(png.height())));
        // Nothing drawn within 2 pt of the page's edge: no text or line runs off or sits against it.
        const QColor background = png.pixelColor(0, 0);
        const int band = int(std::ceil(2.0 / 72 * 300));
        for (int x = 0; x < png.width(); ++x)
            for (int d = 0; d < band; ++d)
                for (int y : {d, png.height() - 1 - d})
                    QVERIFY2(png.pixelColor(x, y) == background, qPrintable(QString("ink at %1,%2, within 2 pt of the edge").arg(x).arg(y)));
        for (int y = 0; y < png.height(); ++y)
            for (int d = 0; d < band; ++d)
                for (int x : {d, png.width() - 1 - d})
                    QVERIFY2(png.pixelColor(x, y) == background, qPrintable(QString("ink at %1,%2, within 2 pt of the edge").arg(x).arg(y)));
    }

    // Laid out at the preset: axes, their margins (labels) and the legend lie inside the page, and the
    // legend leaves the axes most of the height.
    void layoutFitsThePage_data() { presetsHaveExactPhysicalSizes_data(); }
    void layoutFitsThePage() {
        QFETCH(QString, preset);
        QCustomPlot plot;
        widgets::buildTradeoffPlot(&plot, result_, {});
        const widgets::FigureSize size = widgets::presetSize(preset);
        const QRect page(0, 0, int(std::lround(size.widthIn * 96)), int(std::lround(size.heightIn * 96)));
        const QFont screenFont = plot.xAxis->labelFont();
        const QString screenTitle = widgets::figureTitle(&plot);
        QVERIFY(!screenTitle.isEmpty());
        const QCPLayout* legendHome = plot.legend->layout();
        const int legendWrap = plot.legend->wrap();
        std::vector<std::pair<QCPAbstractLegendItem*, QFont>> legendFonts;
        for (int i = 0; i < plot.legend->itemCount(); ++i)
            if (plot.legend->item(i)) legendFonts.push_back({plot.legend->item(i), plot.legend->item(i)->font()});
        {
            widgets::FigureLayout dressed(&plot, size);
            plot.setViewport(page);
            plot.replot(QCustomPlot::rpImmediateRefresh);
            QCOMPARE(plot.xAxis->labelFont().pointSizeF(), size.fontPt);
            // the preset's sizes: ticks and every legend entry 1 pt below the labels (8 pt: 7 pt, not 6)
            QCOMPARE(plot.xAxis->tickLabelFont().pointSizeF(), size.fontPt - 1);
            for (int i = 0; i < plot.legend->itemCount(); ++i)
                if (plot.legend->item(i)) QCOMPARE(plot.legend->item(i)->font().pointSizeF(), size.fontPt - 1);
            QCPAxisRect* axes = plot.axisRect();
            QVERIFY(inside(axes->outerRect(), page));
            // A paper's figure is mostly plot: the axes with their tick and axis labels take at least 60 % of the
            // height (the legend and the shared-name footnote the rest), no title above them (the caption says it).
            if (size.legendBelow) {
                const double plotShare = double(axes->outerRect().height()) / page.height();
                QVERIFY2(plotShare >= 0.6, qPrintable(QString("%1: the axes with their labels take %2 of the height").arg(preset).arg(plotShare)));
                for (QCPLayoutElement* e : plot.plotLayout()->elements(true))  // at most the footnote of shared names
                    if (auto* text = qobject_cast<QCPTextElement*>(e))
                        QVERIFY2(!text->text().contains(screenTitle) && text->rect().bottom() > axes->outerRect().bottom(), qPrintable(text->text()));
            }
            for (QCPAxis* ax : axes->axes()) {
                if (!ax->visible()) continue;
                // QCustomPlot's automatic margins reserve what ticks, tick labels and the label need.
                const int needed = ax->axisType() == QCPAxis::atLeft || ax->axisType() == QCPAxis::atRight
                                       ? QFontMetrics(ax->tickLabelFont()).horizontalAdvance("0.00") + QFontMetrics(ax->labelFont()).height()
                                       : QFontMetrics(ax->tickLabelFont()).height() + QFontMetrics(ax->labelFont()).height();
                const QMargins m = axes->margins();
                const int have = ax->axisType() == QCPAxis::atLeft ? m.left() : ax->axisType() == QCPAxis::atRight ? m.right()
                                 : ax->axisType() == QCPAxis::atBottom ? m.bottom() : m.top();
                if (!ax->label().isEmpty()) QVERIFY2(have >= needed, qPrintable(QString("%1: margin %2 < %3").arg(ax->label()).arg(have).arg(needed)));
            }
            if (plot.legend->visible()) {
                QVERIFY2(inside(plot.legend->outerRect(), page), qPrintable(preset));
                // The legend leaves the axes at least three quarters of the height (compact when needed).
                const double share = double(plot.legend->outerRect().height()) / page.height();
                QVERIFY2(share <= 0.25, qPrintable(QString("legend takes %1 of the height").arg(share)));
                // No entry is cut: each has at least the width its text needs.
                for (int i = 0; i < plot.legend->itemCount(); ++i)
                    if (QCPAbstractLegendItem* item = plot.legend->item(i))
                        QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
                                 qPrintable(QString("legend entry %1 cut: %2 < %3").arg(i).arg(item->outerRect().width()).arg(item->minimumOuterSizeHint().width())));
                if (size.legendBelow) QVERIFY(plot.legend->outerRect().top() >= axes->outerRect().bottom() - 1);
            }
            for (QCPAxis* ax : axes->axes())  // every label whole (its short form at most), none elided
                if (ax->visible()) QVERIFY2(!ax->label().contains(QChar(0x2026)), qPrintable(ax->label()));
            plot.setViewport(QRect(0, 0, plot.width(), plot.height()));
        }
        QCOMPARE(plot.xAxis->labelFont(), screenFont);  // the screen's plot is as it was
        QCOMPARE(plot.legend->layout(), legendHome);
        QCOMPARE(plot.legend->wrap(), legendWrap);
        for (const auto& [item, font] : legendFonts) QCOMPARE(item->font(), font);  // the screen's legend keeps its font
    }

    // Too many entries for the page: graphs with a style key (ε = ∞, erf fit, attack) give way to one
    // grey entry per key, and what every series' name shares moves into the title. All is restored.
    void compactLegendStandsInForStyles() {
        QCustomPlot plot;
        widgets::buildTradeoffPlot(&plot, result_, {});
        auto entries = [&plot] {
            QStringList names;
            for (int i = 0; i < plot.legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i))) names << item->plottable()->name();
            return names;
        };
        auto titleText = [&plot] {
            for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
                if (auto* t = qobject_cast<QCPTextElement*>(e)) return t->text();
            return QString();
        };
        const QStringList screen = entries();
        std::vector<QCPAbstractLegendItem*> screenItems;
        for (int i = 0; i < plot.legend->itemCount(); ++i)
            if (plot.legend->item(i)) screenItems.push_back(plot.legend->item(i));
        const QString screenTitle = titleText();
        const int graphs = plot.graphCount();
        QVERIFY2(screen.filter("attack Top-1").size() >= 2, qPrintable(screen.join(" | ")));
        {  // the preset leaves the title out: what the names share goes once under the legend
            widgets::FigureLayout dressed(&plot, widgets::presetSize("one-column"));
            QVERIFY(dressed.compactLegend());
            QVERIFY2(entries().contains("trees") && entries().filter("d=6").isEmpty(), qPrintable(entries().join(" | ")));
            QStringList texts;
            for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
                if (auto* t = qobject_cast<QCPTextElement*>(e)) texts << t->text();
            QCOMPARE(texts.size(), 1);  // the footnote; the title is out of the layout
            QVERIFY2(texts.front().contains("d=6") && !texts.front().contains(screenTitle), qPrintable(texts.join(" | ")));
        }
        QCOMPARE(titleText(), screenTitle);
        QCOMPARE(entries(), screen);
        widgets::FigureSize titled = widgets::presetSize("one-column");
        titled.title = true;
        {
            widgets::FigureLayout dressed(&plot, titled);
            QVERIFY(dressed.compactLegend());
            const QStringList paper = entries();
            QCOMPARE(paper.filter("attack Top-1").size(), 1);  // one stand-in for both series' attacks
            QCOMPARE(paper.filter("erf fit").size(), 1);
            QVERIFY2(paper.size() < screen.size(), qPrintable(paper.join(" | ")));
            // The series are named by what tells them apart; the title says what they share.
            QVERIFY2(paper.contains("trees") && paper.contains("treewidth:2"), qPrintable(paper.join(" | ")));
            QVERIFY2(titleText().startsWith(screenTitle) && titleText().mid(screenTitle.size()).contains("d=6"), qPrintable(titleText()));
            plot.setViewport(QRect(0, 0, 317, 240));
            plot.replot(QCustomPlot::rpImmediateRefresh);  // the taken-out entries are not drawn
            for (QCPAbstractLegendItem* item : screenItems)
                QCOMPARE(item->visible(), plot.legend->hasItem(item));
            plot.setViewport(QRect(0, 0, plot.width(), plot.height()));
        }
        QCOMPARE(entries(), screen);
        QCOMPARE(titleText(), screenTitle);
        QCOMPARE(plot.graphCount(), graphs);
    }

    // A crowded view at one column: the long title breaks and fits its cell beside the colour scale,
    // the depth ticks thin out, the heat map's cell values (wider than their cells) are left out; and
    // all of it comes back afterwards.
    void crowdedViewsFitTheOneColumnPage() {
        experiment::ResultTable t;
        for (int e = 2; e <= 11; ++e)
            for (int depth = 1; depth <= 10; ++depth)
                t.add({{"d", 1 << e}, {"depth", depth}, {"auroc_mean", 0.5 + 0.04 * e + 0.001 * depth}});
        QCustomPlot plot;
        plot.resize(800, 500);
        widgets::buildAttackHeatmap(&plot, t, "d", "depth", "auroc_mean",
                                    "COSERA AUROC — sparse Erdős–Rényi, p = ln n / n, n = 100, identity weights, 5 trials");
        QCPTextElement* title = nullptr;
        for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) if (!title) title = qobject_cast<QCPTextElement*>(e);
        QVERIFY(title);
        const QString screenTitle = title->text();
        const auto screenTicker = plot.xAxis->ticker();
        int labels = 0;
        for (int i = 0; i < plot.itemCount(); ++i) labels += qobject_cast<QCPItemText*>(plot.item(i)) ? 1 : 0;
        QCOMPARE(labels, 100);
        widgets::FigureSize size = widgets::presetSize("one-column");
        size.title = true;  // asked for: a paper preset leaves it out
        {
            widgets::FigureLayout dressed(&plot, size);
            plot.setViewport(QRect(0, 0, int(std::lround(size.widthIn * 96)), int(std::lround(size.heightIn * 96))));
            plot.replot(QCustomPlot::rpImmediateRefresh);
            const QFontMetrics titleMetrics(title->font());
            for (const QString& line : title->text().split('\n'))
                QVERIFY2(titleMetrics.horizontalAdvance(line) <= title->outerRect().width(), qPrintable(line));
            QVERIFY(title->outerRect().left() >= 0 && title->outerRect().right() < plot.viewport().width());
            const auto thinned = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
            QVERIFY(thinned);  // thinned where ten depths do not fit; since the rows read 2¹¹ (not 2^11), they may all fit
            int tickWidth = 0;
            for (const QString& label : thinned->ticks()) tickWidth += QFontMetrics(plot.xAxis->tickLabelFont()).horizontalAdvance(label);
            QVERIFY2(tickWidth < plot.axisRect()->width(), qPrintable(QString::number(tickWidth)));
            int shown = 0;
            for (int i = 0; i < plot.itemCount(); ++i)
                if (auto* text = qobject_cast<QCPItemText*>(plot.item(i))) shown += text->visible() ? 1 : 0;
            QCOMPARE(shown, 0);  // "0.98" is wider than nine tenths of a 25-pixel cell at 7 pt
            plot.setViewport(QRect(0, 0, plot.width(), plot.height()));
        }
        QCOMPARE(title->text(), screenTitle);
        QCOMPARE(plot.xAxis->ticker(), screenTicker);
        for (int i = 0; i < plot.itemCount(); ++i)
            if (auto* text = qobject_cast<QCPItemText*>(plot.item(i))) QVERIFY(text->visible());
    }

    // PX_SCREENSHOT_DIR=dir: every preset of the trade-off and expressivity figures as PNG, to look at.
    // The noise anatomy draws each pattern's budget share on the right axis, in %, in the plot's pattern order:
    // they add up to 100; equal SNR gives 100/d to each of the 13 trees of all-trees:6, isotropic noise does not.
    void noiseAnatomyShowsTheBudgetShares() {
        const Dataset data = gen::builtin("sbm-cycles");
        PatternSamplerParams p;
        p.patternClass = PatternClass::parse("all-trees:6");
        const PatternSet patterns = PatternSet::sample(p);
        const DensityMatrix clean = DensityMatrix::compute(data, patterns);
        std::vector<widgets::PatternInfo> info;
        for (const auto& f : patterns.patterns) info.push_back({f.vertices(), f.edges()});
        for (auto allocation : {privacy::Allocation::EqualSnr, privacy::Allocation::Isotropic}) {
            privacy::MechanismParams mp;
            mp.allocation = allocation;
            mp.degreeBound = data.maxDegree();
            const privacy::NoiseModel m(clean, patterns.patterns, privacy::GraphFacts::of(data), mp, data.name);
            QCustomPlot plot;
            widgets::buildNoiseAnatomyPlot(&plot, m.report(), info);
            QCOMPARE(plot.graphCount(), 4);
            // one notation on the log axis: every labelled decade is 1e±k, drawn as 10 to the k (never 0.0001 beside 10⁻⁶)
            QCOMPARE(plot.yAxis->numberFormat(), QString("eb"));
            QVERIFY(plot.yAxis->tickVectorLabels().size() >= 2);
            for (const QString& label : plot.yAxis->tickVectorLabels())
                QVERIFY2(QRegularExpression("^1e[-+][0-9]+$").match(label).hasMatch(), qPrintable(label));
            QCPGraph* shares = plot.graph(3);
            QCOMPARE(shares->valueAxis(), plot.yAxis2);
            QVERIFY(plot.yAxis2->visible());
            QCOMPARE(shares->dataCount(), 13);
            double sum = 0, lo = 100, hi = 0;
            for (auto it = shares->data()->constBegin(); it != shares->data()->constEnd(); ++it) {
                sum += it->value;
                lo = std::min(lo, it->value);
                hi = std::max(hi, it->value);
            }
            QVERIFY(std::abs(sum - 100) < 1e-9);
            // no solid zero line at the first pattern (x = 0), where it read as a full-height budget bar
            QCOMPARE(plot.xAxis->grid()->zeroLinePen(), plot.xAxis->grid()->pen());
            if (allocation == privacy::Allocation::EqualSnr) QVERIFY(hi - lo < 1e-9);
            else QVERIFY(hi > 2 * lo);  // the sensitivity grows with the pattern's size: so does its share
        }
    }
    // The series colours stay apart in a greyscale print (CIELAB lightness) and for readers with any of the
    // three dichromacies (Machado et al. 2009's simulation at full severity, in linear RGB): every pair of
    // up to six series differs by at least 10 in L* and by at least 10 in ΔE*ab.
    void seriesColoursStayApartInGreyAndForColourBlindReaders() {
        const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
        const auto lab = [](const std::array<double, 3>& rgb) {  // linear sRGB, D65
            const double x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
            const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
            const double z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];
            const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
            return std::array<double, 3>{116 * f(y) - 16, 500 * (f(x / 0.95047) - f(y)), 200 * (f(y) - f(z / 1.08883))};
        };
        using Matrix = std::array<std::array<double, 3>, 3>;
        const std::vector<std::pair<const char*, Matrix>> vision = {
            {"normal", {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}},
            {"protanopia", {{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}}},
            {"deuteranopia", {{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}}},
            {"tritanopia", {{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}}}};
        for (int n = 2; n <= 6; ++n)
            for (const auto& [name, m] : vision) {
                std::vector<std::array<double, 3>> seen;
                for (int i = 0; i < n; ++i) {
                    const QColor c = widgets::viridis(i, n);
                    const std::array<double, 3> rgb{linear(c.redF()), linear(c.greenF()), linear(c.blueF())};
                    std::array<double, 3> sim{};
                    for (int r = 0; r < 3; ++r)
                        sim[r] = std::clamp(m[r][0] * rgb[0] + m[r][1] * rgb[1] + m[r][2] * rgb[2], 0.0, 1.0);
                    seen.push_back(lab(sim));
                }
                for (int i = 0; i < n; ++i)
                    for (int j = i + 1; j < n; ++j) {
                        const double dE = std::hypot(seen[i][0] - seen[j][0], seen[i][1] - seen[j][1], seen[i][2] - seen[j][2]);
                        QVERIFY2(dE >= 10, qPrintable(QString("%1 series, %2: colours %3 and %4 differ by ΔE %5").arg(n).arg(name).arg(i).arg(j).arg(dE)));
                        if (std::string(name) == "normal")  // greyscale: lightness alone
                            QVERIFY2(std::abs(seen[i][0] - seen[j][0]) >= 10,
                                     qPrintable(QString("%1 series: colours %2 and %3 differ by ΔL %4 in grey").arg(n).arg(i).arg(j).arg(seen[i][0] - seen[j][0])));
                    }
            }
    }
    // A heat map's colours spread its data's own range (0.88 and 0.99 must not look alike), its scale says
    // where that range starts, and its cell labels are at least 10 px high on screen.
    void heatMapSpreadsItsOwnRangeWithReadableLabels() {
        experiment::ResultTable t;
        for (int depth = 1; depth <= 4; ++depth)
            for (int e = 2; e <= 4; ++e) t.add({{"d", 1 << e}, {"depth", depth}, {"auroc_mean", 0.88 + 0.01 * depth * (e - 1)}});
        QCustomPlot plot;
        plot.resize(600, 400);
        widgets::buildAttackHeatmap(&plot, t, "d", "depth", "auroc_mean", "AUROC");
        QCPColorMap* map = nullptr;
        for (int i = 0; i < plot.plottableCount(); ++i) map = map ? map : qobject_cast<QCPColorMap*>(plot.plottable(i));
        QVERIFY(map);
        QCOMPARE(map->dataRange().lower, 0.85);
        QCOMPARE(map->dataRange().upper, 1.0);
        // CIELAB lightness L* of a colour (sRGB, D65): 0.89 and 0.99 at least 25 apart (10 on the old 0.5–1 scale)
        const auto lightness = [](const QColor& c) {
            const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            const double y = 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
            return y > 0.008856 ? 116 * std::cbrt(y) - 16 : 903.3 * y;
        };
        const QColor low = map->gradient().color(0.89, map->dataRange()), high = map->gradient().color(0.99, map->dataRange());
        QVERIFY2(lightness(high) - lightness(low) >= 25,
                 qPrintable(QString("%1 (L* %2) vs %3 (L* %4)").arg(low.name()).arg(lightness(low)).arg(high.name()).arg(lightness(high))));
        int labels = 0;
        for (int i = 0; i < plot.itemCount(); ++i)
            if (auto* text = qobject_cast<QCPItemText*>(plot.item(i))) {
                ++labels;
                QVERIFY2(QFontInfo(text->font()).pixelSize() >= 10, qPrintable(text->text()));
            }
        QCOMPARE(labels, 12);
        for (QCPAxis* axis : {plot.xAxis, plot.yAxis})  // none inside the map: one met a cell's "0.99" as a minus sign
            QVERIFY(axis->tickLengthIn() == 0 && axis->subTickLengthIn() == 0);
    }
    // The utility plots name the release their result was computed with (the fixture's: Gaussian noise, isotropic
    // allocation) in the trade-off legend's words: a new user could not tell randomized response's from another's.
    void utilityPlotsNameTheirRelease() {
        QCustomPlot expressivity, dimension;
        widgets::buildExpressivityPlot(&expressivity, result_);
        widgets::buildDimensionPlot(&dimension, result_);
        for (QCustomPlot* p : {&expressivity, &dimension})
            QVERIFY2(titleOf(*p).endsWith(" — gaussian isotropic"), qPrintable(titleOf(*p)));
    }

    // The NAG plot's title names the network the noise went through (L layers, ‖W_l‖), as its table has them.
    void theNagPlotNamesItsNetwork() {
        experiment::ResultTable t;
        for (double sigma : {0.5, 1.0, 2.0})
            t.add({{"aggregation", "mean"}, {"sigma", sigma}, {"depth", 3}, {"op_norm", 1.5}, {"err_mean", 0.2 * sigma}, {"err_lower_bound", 0.1 * sigma}});
        QCustomPlot plot;
        widgets::buildNagPlot(&plot, t, 1.0);
        QVERIFY2(titleOf(plot).simplified().contains("(L = 3, ‖Wₗ‖ = 1.5)"), qPrintable(titleOf(plot)));
    }

    void presetsForTheEye() {
        const QString shots = qEnvironmentVariable("PX_SCREENSHOT_DIR");
        if (shots.isEmpty()) QSKIP("set PX_SCREENSHOT_DIR to write the preset figures");
        QCustomPlot tradeoff, expressivity;
        widgets::buildTradeoffPlot(&tradeoff, result_, {});
        widgets::buildExpressivityPlot(&expressivity, result_);
        for (const auto& preset : widgets::figurePresets()) {
            widgets::FigureSize size = preset.size;
            size.dpi = 150;
            widgets::exportFigure(&tradeoff, QString("%1/figure-tradeoff-%2.png").arg(shots, preset.key), size);
            widgets::exportFigure(&expressivity, QString("%1/figure-expressivity-%2.png").arg(shots, preset.key), size);
        }
    }

    void sliderMarkerIsLeftOutUnlessAskedFor() {
        QCustomPlot plot;
        widgets::TradeoffOptions opt;
        opt.markerEpsilon = 3;
        widgets::buildTradeoffPlot(&plot, result_, opt);
        QCPAbstractItem* marker = nullptr;
        for (int i = 0; i < plot.itemCount(); ++i)
            if (plot.item(i)->objectName() == widgets::kSliderMarkerName) marker = plot.item(i);
        QVERIFY(marker);
        widgets::FigureSize size = widgets::presetSize("one-column");
        {
            widgets::FigureLayout dressed(&plot, size);
            QVERIFY(!marker->visible());
        }
        QVERIFY(marker->visible());
        size.sliderMarker = true;
        widgets::FigureLayout dressed(&plot, size);
        QVERIFY(marker->visible());
    }

    void dataCsvCarriesTheErrorBars() {
        QCustomPlot plot;
        widgets::buildTradeoffPlot(&plot, result_, {});
        QTemporaryDir dir;
        widgets::exportPlotData(&plot, dir.path() + "/d.csv");
        QFile f(dir.path() + "/d.csv");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), QString("series,x,y,mean,std,runs,public_control,shuffled_control,error_bar,value"));
        // Every point of a utility series: its mean over the 2 noise seeds, their std (the error bar is
        // 2 std), and the controls at that ε, as in the aggregated sweep table.
        const auto& a = result_.aggregated;
        int checked = 0;
        for (const QString& l : lines.mid(1)) {
            const QStringList c = csvCells(l);
            QCOMPARE(c.size(), 10);
            if (c[5].isEmpty() || c[0].contains("attack") || c[0].contains("∞")) continue;
            const double eps = c[1].toDouble(), mean = c[3].toDouble(), sd = c[4].toDouble();
            QCOMPARE(c[2], c[3]);
            QCOMPARE(c[5].toInt(), 2);
            QVERIFY2(std::abs(c[8].toDouble() - 2 * sd) < 1e-9, qPrintable(l));
            bool found = false;
            for (int i = 0; i < a.rows() && !found; ++i)
                if (std::abs(a.at(i, "epsilon_mean").get<double>() - eps) < 1e-9 * eps && std::abs(a.at(i, "value_mean").get<double>() - mean) < 1e-9) {
                    found = true;
                    QVERIFY(std::abs(a.at(i, "value_std").get<double>() - sd) < 1e-9);
                    QVERIFY(std::abs(a.at(i, "public_value_mean").get<double>() - c[6].toDouble()) < 1e-9);
                    QVERIFY(std::abs(a.at(i, "shuffled_value_mean").get<double>() - c[7].toDouble()) < 1e-9);
                }
            QVERIFY2(found, qPrintable(l));
            ++checked;
        }
        QVERIFY2(checked == 8, qPrintable(QString::number(checked)));  // 2 series × 4 budgets
    }

    void pxrunFigureUsesThePresets() {
        QTemporaryDir dir;
        const QString spec = dir.path() + "/s.json";
        QFile s(spec);
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write(R"({"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 6},
                   "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}],
                   "budget": {"axis": "epsilon", "values": [1, 100]}, "noise_seeds": [1]})");
        s.close();
        QProcess run;
        run.start(PXRUN_PATH, {"sweep", spec, "--out", dir.path() + "/r"});
        QVERIFY(run.waitForFinished(120000) && run.exitCode() == 0);
        run.start(PXRUN_PATH, {"figure", dir.path() + "/r", "--out", dir.path() + "/f.pdf", "--preset", "one-column"});
        QVERIFY2(run.waitForFinished(120000) && run.exitCode() == 0, run.readAllStandardError().constData());
        const QSizeF page = mediaBox(dir.path() + "/f.pdf");
        QVERIFY2(std::abs(page.width() - 237.6) < 0.01 && std::abs(page.height() - 180) < 0.01,
                 qPrintable(QString("%1 × %2").arg(page.width()).arg(page.height())));
        QVERIFY(QFile::exists(dir.path() + "/f.csv") && QFile::exists(dir.path() + "/f.json"));
        run.start(PXRUN_PATH, {"figure", dir.path() + "/r", "--out", dir.path() + "/r.pdf"});
        QVERIFY(run.waitForFinished(120000) && run.exitCode() != 0);  // would replace the sweep's r.csv
        QVERIFY(run.readAllStandardError().contains("replace the sweep"));
    }

private:
    experiment::SweepResult result_;
};

QTEST_MAIN(TestFigures)
#include "tst_figures.moc"
