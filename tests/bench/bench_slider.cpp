// Latency of one ε-slider move in the desktop app on MOLBACE (1,513 graphs): the plot marker, the
// privacy report (a new noise model at the new ε) and the noise-anatomy view are refreshed
// synchronously on the UI thread. Median over 41 moves across ε = 0.1 … 100. Needs
// ../shared/data; run: QT_QPA_PLATFORM=offscreen ./build/tests/bench_slider
#include "EpsilonSlider.h"
#include "ExplorerController.h"
#include "MainWindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QThread>
#include <algorithm>
#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QString data = QString(PX_SHARED_DATA_DIR) + "/ogbg-molbace";
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    if (!w.openDataset(data)) return 1;
    while (w.controller()->busy() || !w.controller()->result()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    auto* slider = w.findChild<px::widgets::EpsilonSlider*>()->findChild<QSlider*>();
    std::vector<double> ms;
    for (int step = 0; step <= 40; ++step) {
        QElapsedTimer t;
        t.start();
        slider->setValue(slider->minimum() + (slider->maximum() - slider->minimum()) * step / 40);  // emits epsilonChanged
        QCoreApplication::processEvents();  // paint
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("slider move on %s (%d graphs, d = %d): median %.1f ms, max %.1f ms over %zu moves\n",
                w.controller()->dataset()->name.c_str(), w.controller()->dataset()->size(), w.settings().d, ms[ms.size() / 2],
                ms.back(), ms.size());
    return 0;
}
