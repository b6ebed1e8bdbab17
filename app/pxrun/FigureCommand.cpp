// pxrun figure: renders a sweep result to PNG/PDF/SVG with the desktop app's figure code
// (offscreen Qt, no display needed).
#include "Commands.h"
#include "FigureExport.h"
#include "TradeoffPlot.h"
#include "experiment/SweepRunner.h"

#include <QApplication>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <qcustomplot.h>
#include <sstream>

namespace pxrun {

int figureCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse(argv, {"no-fit", "no-attack", "presentation"});
    if (a.positional.size() != 1 || !a.has("out"))
        throw std::invalid_argument("usage: pxrun figure PREFIX --out FIGURE.png|.pdf|.svg[,MORE] [--width 800 --height 500 --dpi 300]\n"
                                    "       (PREFIX is a sweep output: PREFIX.csv and PREFIX.json)");
    const std::string prefix = a.positional[0];
    px::experiment::SweepResult r;
    r.runs = px::experiment::ResultTable::loadCsv(prefix + ".csv");
    {
        std::ifstream in(prefix + ".json");
        if (in) {
            std::stringstream ss;
            ss << in.rdbuf();
            auto j = nlohmann::json::parse(ss.str(), nullptr, false);
            if (!j.is_discarded()) r.metadata = j;
        }
    }
    px::experiment::summarise(r);  // the same aggregation and fits as the sweep itself
    if (!std::getenv("DISPLAY") && !std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int qargc = 1;
    static char name[] = "pxrun";
    static char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    QCustomPlot plot;
    const int width = int(a.getLong("width", 800)), height = int(a.getLong("height", 500)), dpi = int(a.getLong("dpi", 300));
    plot.resize(width, height);
    px::widgets::TradeoffOptions opt;
    opt.showFit = !a.has("no-fit");
    opt.showAttack = !a.has("no-attack");
    opt.fontScale = a.has("presentation") ? 1.6 : 1.0;
    if (a.has("title")) opt.title = QString::fromStdString(a.get("title", ""));
    px::widgets::buildTradeoffPlot(&plot, r, opt);
    std::stringstream outs(a.get("out", ""));
    std::string out;
    while (std::getline(outs, out, ',')) {
        px::widgets::exportFigure(&plot, QString::fromStdString(out), width, height, dpi);
        std::printf("wrote %s\n", out.c_str());
    }
    return 0;
}

}  // namespace pxrun
