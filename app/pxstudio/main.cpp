// pxstudio: the PXStudio desktop application.
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("PXStudio");
    QApplication::setOrganizationName("PXStudio");
    QApplication::setApplicationVersion(PX_VERSION);
    QCommandLineParser parser;
    parser.setApplicationDescription("Interactive explorer of privacy and expressivity of graph representations");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("input", "A session (.json) or a data set folder or graph file to open", "[session.json|dataset]");
    parser.process(app);
    MainWindow w;
    w.show();
    for (const QString& p : parser.positionalArguments()) {
        if (p.endsWith(".json") && QFileInfo(p).isFile()) w.openSession(p);
        else w.openDataset(p);
    }
    return app.exec();
}
