// pxstudio: the PXStudio desktop application.
#include "LessonController.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <cstdio>
#include <cstring>

namespace {
const char* kUsage =
    "Usage: pxstudio [options] [session.json|dataset]\n"
    "Interactive explorer of privacy and expressivity of graph representations.\n\n"
    "Options:\n"
    "  -h, --help       Displays this help.\n"
    "  -v, --version    Displays version information.\n"
    "  --lesson FILE    Plays a lesson (a lesson file, or a shipped one by its number or\n"
    "                   name, e.g. 03) step by step in projector mode (F11 leaves it):\n"
    "                   Page Down / Page Up or a presenter's remote step through it.\n"
    "  --projector      Starts in projector mode (full screen, large fonts; F11 leaves it).\n"
    "  --labels SOURCE  Where the data set's class labels come from: auto, none, csv,\n"
    "                   csv:COLUMN, graphml or graphml:KEY (a GraphML graph key or GML\n"
    "                   graph attribute); default: the one chosen last for it, else auto.\n\n"
    "Arguments:\n"
    "  input          A session (.json) or a data set folder or graph file to open\n\n"
    "Without a display, run it under xvfb-run, or set QT_QPA_PLATFORM=offscreen for screenshots.\n";
}

int main(int argc, char** argv) {
#ifdef PX_HAVE_NEURAL
    px::neural::pinKernels(argv);  // one kernel path per class of CPU: a seed gives one table (KernelPath.h)
#endif
    // --help and --version before the GUI starts: they must work without a display.
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help-all")) {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (!std::strcmp(argv[i], "--version") || !std::strcmp(argv[i], "-v")) {
            std::printf("PXStudio %s\n", PX_VERSION);
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("PXStudio");
    QApplication::setOrganizationName("PXStudio");
    QApplication::setApplicationVersion(PX_VERSION);
    QCommandLineParser parser;
    parser.setApplicationDescription("Interactive explorer of privacy and expressivity of graph representations");
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption lesson("lesson", "Plays a lesson file (or a shipped lesson by number or name)", "FILE");
    const QCommandLineOption projector("projector", "Starts in projector mode");
    const QCommandLineOption labels("labels", "Where the data set's class labels come from: auto, none, csv, csv:COLUMN, graphml or "
                                              "graphml:KEY (a GraphML graph key or GML graph attribute); default: the one chosen "
                                              "last for it, else auto", "SOURCE");
    parser.addOption(lesson);
    parser.addOption(projector);
    parser.addOption(labels);
    parser.addPositionalArgument("input", "A session (.json) or a data set folder or graph file to open", "[session.json|dataset]");
    parser.process(app);
    MainWindow w;
    w.show();
    for (const QString& p : parser.positionalArguments()) w.openFromCommandLine(p, parser.value(labels));
    if (parser.isSet(projector)) w.setProjectorMode(true);
    if (parser.isSet(lesson)) {
        QString path = parser.value(lesson);
        if (!QFileInfo(path).isFile() && !LessonController::findShipped(path).isEmpty())  // "3", "03", "03-tradeoff"
            path = LessonController::findShipped(path);
        if (!w.openLesson(path)) return 2;
    }
    return app.exec();
}
