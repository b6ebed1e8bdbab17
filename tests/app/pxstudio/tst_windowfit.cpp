// The window and its plots fit what they are given: a window closed in projector mode gives the process's font back,
// and at random window and settings-column widths every plot shown draws inside itself (measured from the widgets).
#include "AppTestSupport.h"
#include "ExplorerViews.h"
#include "MainWindow.h"
#include "SliderReadout.h"

#include <QApplication>
#include <QDockWidget>
#include <QtTest>
#include <qcustomplot.h>
#include <random>

class TestWindowFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { pxtest::useEmptyAppDataFolder("tst_windowfit"); }

    // A window closed in projector mode gives the desktop's font back: the next one opened is not 1.4 times larger.
    void aWindowClosedInProjectorModeGivesTheFontBack() {
        const double desktop = QApplication::font().pointSizeF();
        for (int turn = 0; turn < 2; ++turn) {
            MainWindow w;
            w.setProjectorMode(true);
        }
        QCOMPARE(QApplication::font().pointSizeF(), desktop);
    }
    // A narrow window or a settings column dragged wide: every plot shown draws inside itself — its layout (legend
    // included) no wider than the widget, which no wider than the part of it on screen, and the slider's readout inside
    // the axes, clear of their lines. At random window and column widths (seeded), from the window's minimum up.
    void narrowPlotsDrawInsideThemselves() {
        MainWindow w;
        w.resize(1280, 700);
        w.show();
        QVERIFY(waitFinished(w.controller()));
        auto* dock = w.findChild<QDockWidget*>("settings-dock");
        auto* views = w.findChild<ExplorerViews*>();
        std::mt19937 rng(20261207);
        for (int round = 0; round < 12; ++round) {
            const int width = w.minimumSizeHint().width() + int(rng() % 500);
            w.resize(width, 700);
            w.resizeDocks({dock}, {340 + int(rng() % 200)}, Qt::Horizontal);
            views->setCurrentIndex(int(rng() % 4) == 0 ? 3 : 0);  // the trade-off mostly, the noise anatomy too
            QTest::qWait(100);
            auto* plot = qobject_cast<QCustomPlot*>(views->currentWidget());
            plot->replot();
            const QString where = QString("window %1, column %2, %3 px wide plot on tab %4")
                                      .arg(width).arg(dock->width()).arg(plot->width()).arg(views->currentIndex());
            QVERIFY2(plot->plotLayout()->minimumOuterSizeHint().width() <= plot->width(), qPrintable(where + ": its layout is wider"));
            QVERIFY2(plot->visibleRegion().boundingRect().width() == plot->width(), qPrintable(where + ": cut by the tabs"));
            const QRect readout = px::widgets::sliderReadoutRect(plot);
            QVERIFY2(readout.isEmpty() || plot->axisRect()->rect().adjusted(2, 2, -2, -2).contains(readout),
                     qPrintable(where + QString(": the readout (%1,%2 %3×%4) leaves the axes (%5,%6 %7×%8)")
                                            .arg(readout.x()).arg(readout.y()).arg(readout.width()).arg(readout.height())
                                            .arg(plot->axisRect()->rect().x()).arg(plot->axisRect()->rect().y())
                                            .arg(plot->axisRect()->rect().width()).arg(plot->axisRect()->rect().height())));
        }
    }
};

QTEST_MAIN(TestWindowFit)
#include "tst_windowfit.moc"
