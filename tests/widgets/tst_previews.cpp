// The preview of a running sweep (experiment/SweepPreview.h) in the trade-off figure: marked as a preview, never
// exported, and kept beneath the sweep's own points until they have all arrived.
#include "FigureExport.h"
#include "SmallSweep.h"
#include "TradeoffPlot.h"

#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace px;

class TestPreviews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { result_ = pxtest::smallSweep(); }

    // A preview is drawn dashed and faded with its note in the title, and no export writes it; drawn again from
    // a real result, the same plot exports.
    void aPreviewIsMarkedAndNeverExported() {
        QCustomPlot plot;
        widgets::TradeoffOptions opt;
        opt.previewNote = "PREVIEW on 50 of 500 graphs";
        widgets::buildTradeoffPlot(&plot, result_, opt);
        QVERIFY(widgets::figureTitle(&plot).contains("PREVIEW on 50 of 500 graphs"));
        QVERIFY(plot.plottableCount() > 0);
        for (int i = 0; i < plot.plottableCount(); ++i) QVERIFY(plot.plottable(i)->pen().color().alpha() < 255);
        QTemporaryDir dir;
        try {
            widgets::exportFigure(&plot, dir.path() + "/p.pdf", widgets::presetSize("one-column"));
            QFAIL("a preview was exported");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("shows a preview"), e.what());
        }
        QVERIFY(!QFileInfo::exists(dir.path() + "/p.pdf"));
        widgets::buildTradeoffPlot(&plot, result_, {});
        widgets::exportFigure(&plot, dir.path() + "/p.pdf", widgets::presetSize("one-column"));
        QVERIFY(QFileInfo::exists(dir.path() + "/p.pdf"));
    }

    // A partial result over its preview: the preview's curve stays beneath, faded and dashed under one legend entry,
    // the axis keeps the preview's whole grid, and the plot refuses export until the final result is drawn.
    void aPartialKeepsItsPreviewBeneath() {
        const experiment::SweepResult partial = pxtest::smallSweep("[1]");
        QCustomPlot plot;
        widgets::buildTradeoffPlot(&plot, partial, {});
        QVERIFY(plot.xAxis->range().upper < 1000);  // alone, the partial result's axis ends near its one budget
        widgets::TradeoffOptions opt;
        opt.previewBeneath = &result_;
        opt.previewBeneathNote = "PREVIEW on 50 of 500 graphs, replaced as the sweep's points arrive";
        widgets::buildTradeoffPlot(&plot, partial, opt);
        QVERIFY(plot.xAxis->range().upper > 1000);
        int beneath = 0, inLegend = 0;
        for (int i = 0; i < plot.graphCount(); ++i) {
            QCPGraph* g = plot.graph(i);
            if (g->name() != opt.previewBeneathNote) continue;
            ++beneath;
            inLegend += plot.legend->hasItemWithPlottable(g);
            QVERIFY(g->pen().color().alpha() < 255 && g->pen().style() == Qt::DashLine);
            QCOMPARE(g->data()->size(), 4);  // the preview's four budgets
        }
        QCOMPARE(beneath, 2);  // one curve per series of the preview (two pattern classes)
        QCOMPARE(inLegend, 1);
        QTemporaryDir dir;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 widgets::exportFigure(&plot, dir.path() + "/p.pdf", widgets::presetSize("one-column")));
        widgets::buildTradeoffPlot(&plot, result_, {});  // the final result: nothing beneath, and it exports
        for (int i = 0; i < plot.graphCount(); ++i) QVERIFY(plot.graph(i)->name() != opt.previewBeneathNote);
        widgets::exportFigure(&plot, dir.path() + "/p.pdf", widgets::presetSize("one-column"));
        QVERIFY(QFileInfo::exists(dir.path() + "/p.pdf"));
    }

    // The erf law is fitted to a finished sweep: on the points so far (three of ten) its fit was any curve through
    // them (A∞ = 114, the ROC-AUC axis up to 6, a new user saw); a partial result says when it comes instead.
    void aPartialResultDrawsNoErfFit() {
        auto erfCurves = [](QCustomPlot& plot, QString* entries) {
            int drawn = 0;
            for (int i = 0; i < plot.graphCount(); ++i)
                if (plot.graph(i)->name().startsWith("erf")) {
                    drawn += plot.graph(i)->data()->size() > 0;
                    *entries += plot.graph(i)->name() + "\n";
                }
            return drawn;
        };
        QCustomPlot plot;
        QString entries;
        widgets::buildTradeoffPlot(&plot, result_, {});
        QVERIFY2(erfCurves(plot, &entries) > 0, qPrintable("the finished sweep has a fit to draw:\n" + entries));
        widgets::TradeoffOptions opt;
        opt.partial = true;
        entries.clear();
        widgets::buildTradeoffPlot(&plot, result_, opt);
        QVERIFY2(erfCurves(plot, &entries) == 0, qPrintable(entries));
        QVERIFY2(entries.contains("fitted when the sweep is done"), qPrintable(entries));
    }

    // The fitted law is drawn over the whole ε range of the points, whatever the mechanism's noise parameter: under
    // Laplace (ε = √(2ρ)) it once ended at ε = 14.1, the largest ρ sampled, while the points went on to 100.
    void theErfFitSpansThePoints_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("gaussian") << "gaussian";
        QTest::newRow("laplace") << "laplace";
    }
    void theErfFitSpansThePoints() {
        QFETCH(QString, mechanism);
        const experiment::SweepResult sweep = pxtest::smallSweep("[0.3, 3, 30, 300, 3000]", mechanism.toStdString());
        QCustomPlot plot;
        widgets::buildTradeoffPlot(&plot, sweep, {});
        int fits = 0;
        for (int i = 0; i < plot.graphCount(); ++i) {
            QCPGraph* g = plot.graph(i);
            if (!g->name().startsWith("erf fit") || g->data()->isEmpty()) continue;
            ++fits;
            QVERIFY2(g->data()->constBegin()->key <= 0.3 * 1.2 && (g->data()->constEnd() - 1)->key >= 3000 / 1.2,
                     qPrintable(QString("%1: the fit runs from ε = %2 to %3").arg(g->name()).arg(g->data()->constBegin()->key)
                                    .arg((g->data()->constEnd() - 1)->key)));
        }
        QVERIFY2(fits > 0, "no erf fit drawn: nothing was checked");
    }

private:
    experiment::SweepResult result_;
};

QTEST_MAIN(TestPreviews)
#include "tst_previews.moc"
