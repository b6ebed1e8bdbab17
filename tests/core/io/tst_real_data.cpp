// Loaders on the real public data in ../shared/data. Skipped, with a message, when it is absent.
#include "TestSupport.h"
#include "io/Loaders.h"

#include "io/LinqsLoader.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace px;

#define NEED_SHARED_DATA()                                                                       \
    const std::string root = pxtest::sharedData();                                               \
    if (root.empty()) QSKIP("../shared/data not found (set PX_SHARED_DATA); real-data test skipped")

class TestRealData : public QObject {
    Q_OBJECT
private slots:
    void molhivCountsAndSplit() {
        NEED_SHARED_DATA();
        Dataset ds = io::loadOgb(root + "/ogbg-molhiv-rebuilt");
        QCOMPARE(ds.size(), 41127);
        QCOMPARE(ds.totalVertices(), 1049163L);
        QCOMPARE(ds.totalEdges(), 1129688L);
        QVERIFY(ds.split.has_value());
        QCOMPARE(int(ds.split->train.size()), 32901);
        QCOMPARE(int(ds.split->valid.size()), 4113);
        QCOMPARE(int(ds.split->test.size()), 4113);
        QCOMPARE(int(ds.tasks.size()), 1);
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        QVERIFY2(ds.warnings.empty(), ds.warnings.empty() ? "" : ds.warnings[0].c_str());
    }
    void ogbMolecularSets_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("graphs");
        QTest::addColumn<long>("nodes");
        QTest::addColumn<long>("edges");
        QTest::addColumn<int>("tasks");
        QTest::addColumn<int>("train");
        QTest::newRow("bace") << "ogbg-molbace" << 1513 << 51577L << 55768L << 1 << 1210;
        QTest::newRow("bbbp") << "ogbg-molbbbp" << 2039 << 49068L << 52921L << 1 << 1631;
        QTest::newRow("tox21") << "ogbg-moltox21-rebuilt" << 7831 << 145459L << 151095L << 12 << 6264;
        QTest::newRow("lipo") << "ogbg-mollipo-rebuilt" << 4200 << 113568L << 123899L << 1 << 3360;
    }
    void ogbMolecularSets() {
        NEED_SHARED_DATA();
        QFETCH(QString, folder);
        QFETCH(int, graphs);
        QFETCH(long, nodes);
        QFETCH(long, edges);
        QFETCH(int, tasks);
        QFETCH(int, train);
        Dataset ds = io::loadOgb(root + "/" + folder.toStdString());
        QCOMPARE(ds.size(), graphs);
        QCOMPARE(ds.totalVertices(), nodes);
        // A few molecules list a bond twice; the loader drops and reports them.
        long dropped = 0;
        for (auto& w : ds.warnings) dropped += w.find("dropped") != std::string::npos;
        QCOMPARE(ds.totalEdges() + dropped, edges);
        QCOMPARE(int(ds.tasks.size()), tasks);
        QCOMPARE(int(ds.split->train.size()), train);
    }
    void tox21HasMissingLabelsAndLipoIsRegression() {
        NEED_SHARED_DATA();
        Dataset tox = io::loadOgb(root + "/ogbg-moltox21-rebuilt");
        long missing = 0;
        for (Eigen::Index i = 0; i < tox.labels.size(); ++i) missing += std::isnan(tox.labels.data()[i]);
        const double frac = double(missing) / double(tox.labels.size());
        QVERIFY2(frac > 0.15 && frac < 0.19, qPrintable(QString::number(frac)));  // "17% labels missing"
        QCOMPARE(tox.tasks[0].name, std::string("NR-AR"));
        Dataset lipo = io::loadOgb(root + "/ogbg-mollipo-rebuilt");
        QCOMPARE(lipo.tasks[0].type, TaskType::Regression);
    }
    void tuSets_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("graphs");
        QTest::addColumn<long>("nodes");
        QTest::addColumn<long>("edges");
        QTest::addColumn<int>("classes");
        QTest::newRow("MUTAG") << "MUTAG" << 188 << 3371L << 7442L / 2 << 2;
        QTest::newRow("PTC_MR") << "PTC_MR" << 344 << 4915L << 10108L / 2 << 2;
        QTest::newRow("PROTEINS") << "PROTEINS" << 1113 << 43471L << 162088L / 2 << 2;
        QTest::newRow("NCI1") << "NCI1" << 4110 << 122747L << 265506L / 2 << 2;
        QTest::newRow("ENZYMES") << "ENZYMES" << 600 << 19580L << 74564L / 2 << 6;
        QTest::newRow("IMDB-BINARY") << "IMDB-BINARY" << 1000 << 19773L << 193062L / 2 << 2;
        QTest::newRow("IMDB-MULTI") << "IMDB-MULTI" << 1500 << 19502L << 197806L / 2 << 3;
    }
    void tuSets() {
        NEED_SHARED_DATA();
        QFETCH(QString, folder);
        QFETCH(int, graphs);
        QFETCH(long, nodes);
        QFETCH(long, edges);
        QFETCH(int, classes);
        Dataset ds = io::loadTu(root + "/" + folder.toStdString());
        QCOMPARE(ds.size(), graphs);
        QCOMPARE(ds.totalVertices(), nodes);
        // A lines list each undirected edge twice (IMDB: each direction twice, reported as duplicates).
        QVERIFY2(std::abs(ds.totalEdges() - edges) <= edges / 100 + 2,
                 qPrintable(QString("%1 edges vs %2 expected").arg(ds.totalEdges()).arg(edges)));
        double maxClass = ds.labels.maxCoeff();
        QCOMPARE(int(maxClass) + 1, classes);
    }
    // Counts from PROVENANCE.md, edges recomputed independently (distinct unordered pairs of known
    // ids without self citations).
    void linqsCitationGraphs() {
        NEED_SHARED_DATA();
        const NodeDataset cora = io::loadLinqs(root + "/cora");
        QCOMPARE(cora.numNodes(), 2708);
        QCOMPARE(cora.graph.numEdges(), 5278L);
        QCOMPARE(cora.numClasses(), 7);
        QCOMPARE(cora.features.cols(), 1433L);
        QCOMPARE(long(std::count(cora.labels.begin(), cora.labels.end(),
                                 int(std::find(cora.classNames.begin(), cora.classNames.end(), "Neural_Networks") -
                                     cora.classNames.begin()))), 818L);
        const NodeDataset cs = io::loadLinqs(root + "/citeseer/citeseer.content");
        QCOMPARE(cs.numNodes(), 3312);
        QCOMPARE(cs.graph.numEdges(), 4536L);
        QCOMPARE(cs.numClasses(), 6);
        QCOMPARE(cs.features.cols(), 3703L);
        bool unknownReported = false, selfReported = false;
        for (const auto& w : cs.warnings) {
            unknownReported |= w.find("17 citations of ids not in") != std::string::npos;
            selfReported |= w.find("124 self citations") != std::string::npos;
        }
        QVERIFY(unknownReported && selfReported);
    }
};

QTEST_GUILESS_MAIN(TestRealData)
#include "tst_real_data.moc"
