// pxstudio: the PXStudio desktop application.
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("PXStudio");
    QApplication::setOrganizationName("PXStudio");
    QApplication::setApplicationVersion(PX_VERSION);
    QCommandLineParser parser;
    parser.setApplicationDescription("Interactive explorer of privacy and expressivity of graph representations");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("dataset", "A data set folder or graph file to open", "[dataset]");
    parser.process(app);
    MainWindow w;
    w.show();
    for (const QString& p : parser.positionalArguments()) w.openDataset(p);
    return app.exec();
}
