// pxrun figure: renders a sweep result to PNG/PDF/SVG with the desktop app's figure code
// (offscreen Qt, no display needed).
#include "Commands.h"
#include "Usage.h"

#include <algorithm>
#include "FigureExport.h"
#include "GinCurvePlot.h"
#include "TradeoffPlot.h"
#include "common/AtomicFile.h"
#include "common/Error.h"
#include "experiment/SweepRunner.h"

#include <QApplication>
#include <QFileInfo>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <qcustomplot.h>
#include <sstream>

namespace pxrun {

int figureCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("figure", argv);
    if (a.positional.size() != 1 || !a.has("out"))
        throw UsageError("needs a sweep's PREFIX (PREFIX.csv and PREFIX.json) and --out FIGURE");
    const std::string prefix = a.positional[0];
    const std::string view = a.get("view", "tradeoff");
    usage::choiceIndex("--view", usage::figureViewNames(), view);  // refuses any other
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
    px::widgets::FigureSize size;
    if (a.has("preset")) {
        size = px::widgets::presetSize(QString::fromStdString(a.get("preset", "")));
    } else {
        size.widthIn = double(a.getLong("width", 800)) / 96;
        size.heightIn = double(a.getLong("height", 500)) / 96;
    }
    size.dpi = int(a.getLong("dpi", 300));
    if (a.has("no-title")) size.title = false;
    if (a.has("with-title") || a.has("title")) size.title = true;  // a title given is a title shown, on any preset
    plot.resize(int(size.widthIn * 96), int(size.heightIn * 96));
    px::widgets::TradeoffOptions opt;
    opt.showFit = !a.has("no-fit");
    opt.showAttack = !a.has("no-attack");
    opt.fontScale = a.has("presentation") ? 1.6 : 1.0;
    if (a.has("title")) opt.title = QString::fromStdString(a.get("title", ""));
    if (view == "gin-curve") {  // a GIN sweep's metric against the training epoch, as the app's Utility-vs-d view draws it
        if (!px::widgets::buildGinCurvePlot(&plot, r, opt.fontScale, a.getDouble("epsilon", 1.0)))
            throw std::invalid_argument(prefix + ".csv has no GIN curves (columns fold_mean_test_curve or fold_mean_valid_curve, "
                                                 "written by a sweep with the learner \"gin\")");
    } else {
        px::widgets::buildTradeoffPlot(&plot, r, opt);
    }
    // Every figure file first; then, once per base name, the data behind it and how it was made (as the
    // app's export writes them), naming all the files of that base (fig.pdf,fig.png,fig.svg share fig.json).
    std::stringstream outs(a.get("out", ""));
    std::string out;
    std::vector<std::pair<QString, std::vector<std::string>>> bases;  // base path → figure files, in order
    while (std::getline(outs, out, ',')) {
        const QString path = QString::fromStdString(out);
        const QString base = QFileInfo(path).path() + "/" + QFileInfo(path).completeBaseName();
        if (QFileInfo(base + ".csv").absoluteFilePath() == QFileInfo(QString::fromStdString(prefix + ".csv")).absoluteFilePath())
            throw std::invalid_argument(px::printablePath(out) + ": its data file would replace the sweep's " + px::printablePath(prefix) +
                                        ".csv; choose another figure name");
        px::widgets::exportFigure(&plot, path, size);
        auto it = std::find_if(bases.begin(), bases.end(), [&](const auto& e) { return e.first == base; });
        if (it == bases.end()) bases.push_back({base, {}}), it = bases.end() - 1;
        it->second.push_back(QFileInfo(path).fileName().toStdString());
        std::printf("wrote %s\n", out.c_str());
    }
    for (const auto& [base, files] : bases) {
        px::widgets::exportPlotData(&plot, base + ".csv");
        nlohmann::json side;
        side["format"] = "pxstudio-figure";
        side["version"] = 1;
        side["source"] = prefix;
        side["figure"] = {{"file", files.front()}, {"files", files}, {"width_in", size.widthIn}, {"height_in", size.heightIn},
                          {"dpi", size.dpi}, {"font_pt", size.fontPt}, {"preset", a.get("preset", "")},
                          {"title_drawn", size.title}, {"title", px::widgets::figureTitle(&plot).toStdString()}};
        side["sweep"] = r.metadata;
        const std::string text = side.dump(2) + "\n";
        px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
        std::printf("wrote %s.csv and %s.json (for %zu figure file(s))\n", base.toStdString().c_str(), base.toStdString().c_str(), files.size());
    }
    return 0;
}

}  // namespace pxrun
