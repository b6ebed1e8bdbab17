// The DGCNN/GIN text loader: a round trip against a TU copy of the same graphs written by an
// independent stream parser in this test, the shipped 10-fold indices, label remapping, and one
// case per malformed shape, each error naming the file and the line.
#include "TestSupport.h"
#include "common/Error.h"
#include "io/Loaders.h"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <zlib.h>

using namespace px;

namespace {
void writeFile(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Independent reader: the GIN text through std::istringstream, then the TU files (1-based global
// ids, both directions of each edge, one label per graph).
void ginToTu(const std::string& ginText, const std::string& folder, const std::string& name) {
    std::istringstream in(ginText);
    int graphs = 0;
    in >> graphs;
    std::ofstream a(folder + "/" + name + "_A.txt"), ind(folder + "/" + name + "_graph_indicator.txt"),
        lab(folder + "/" + name + "_graph_labels.txt"), tags(folder + "/" + name + "_node_labels.txt");
    long base = 0;
    for (int g = 1; g <= graphs; ++g) {
        int n = 0;
        long label = 0;
        in >> n >> label;
        lab << label << "\n";
        for (int u = 0; u < n; ++u) {
            int tag = 0, m = 0;
            in >> tag >> m;
            ind << g << "\n";
            tags << tag << "\n";
            for (int k = 0; k < m; ++k) {
                int v = 0;
                in >> v;
                a << base + u + 1 << ", " << base + v + 1 << "\n";
            }
        }
        base += n;
    }
}

// A random GIN text: `graphs` graphs of 1..40 vertices, labels drawn from {-1, 3, 7}.
std::string randomGin(int graphs, Rng& rng) {
    std::ostringstream out;
    out << graphs << "\n";
    for (int g = 0; g < graphs; ++g) {
        const int n = 1 + int(rng.below(40));
        const Graph gr = pxtest::randomGraph(n, rng.uniform() * 0.5, rng);
        const long labels[] = {-1, 3, 7};
        out << n << " " << labels[rng.below(3)] << "\n";
        for (int u = 0; u < n; ++u) {
            out << rng.below(4) << " " << gr.degree(u);
            for (const int* q = gr.neighborsBegin(u); q != gr.neighborsEnd(u); ++q) out << " " << *q;
            out << "\n";
        }
    }
    return out.str();
}

// Loads `text` as file `name` in a fresh folder and returns the InputError (file must be named).
InputError loadError(const std::string& text, const std::string& name = "bad.txt") {
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/" + name;
    writeFile(path, text);
    try {
        io::loadGin(path);
    } catch (const InputError& e) {
        return e;
    }
    return InputError(path, -1, "no error");
}
}  // namespace

class TestGin : public QObject {
    Q_OBJECT
private slots:
    void roundTripAgainstTu() {
        Rng rng(11);
        const std::string text = randomGin(60, rng);
        QTemporaryDir gin, tu;
        writeFile(gin.path().toStdString() + "/RANDOM.txt", text);
        ginToTu(text, tu.path().toStdString(), "RANDOM");
        const Dataset a = io::loadDataset(gin.path().toStdString());  // dispatch finds the GIN file
        const Dataset b = io::loadTu(tu.path().toStdString());
        QCOMPARE(a.size(), 60);
        QCOMPARE(a.size(), b.size());
        for (int i = 0; i < a.size(); ++i) QVERIFY2(a.graphs[i] == b.graphs[i], qPrintable(QString("graph %1").arg(i)));
        QVERIFY(a.labels == b.labels);  // both remap {-1, 3, 7} to 0..2 in ascending order
        QCOMPARE(a.nodeLabelValues, 4);  // node tags 0..3 → the GIN's "labels" features; the same from both formats
        QVERIFY(a.nodeLabels == b.nodeLabels);
        QVERIFY(a.tasks[0].type == TaskType::MultiClass);
        QVERIFY(a.warnings.empty());
        bool mapping = false;
        for (const auto& note : a.notes) mapping |= note.find("-1 → 0, 3 → 1, 7 → 2") != std::string::npos;
        QVERIFY2(mapping, "the label mapping is reported");
    }
    void gzipAndFolds() {
        Rng rng(12);
        const std::string text = randomGin(20, rng);
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        gzFile gz = gzopen((folder + "/DS.txt.gz").c_str(), "wb");
        gzwrite(gz, text.data(), unsigned(text.size()));
        gzclose(gz);
        QDir().mkpath(QString::fromStdString(folder + "/10fold_idx"));
        for (int k = 1; k <= 2; ++k) {
            std::ostringstream tr, te;
            for (int i = 0; i < 20; ++i) ((i % 2 == k - 1) ? te : tr) << i << "\n";
            writeFile(folder + "/10fold_idx/train_idx-" + std::to_string(k) + ".txt", tr.str());
            writeFile(folder + "/10fold_idx/test_idx-" + std::to_string(k) + ".txt", te.str());
        }
        const Dataset ds = io::loadDataset(folder);
        QCOMPARE(ds.name, std::string("DS"));
        QCOMPARE(int(ds.folds.size()), 2);
        QCOMPARE(ds.folds[1].test, (std::vector<int>{1, 3, 5, 7, 9, 11, 13, 15, 17, 19}));
        QCOMPARE(int(ds.folds[0].train.size()), 10);
        // A graph in both parts of a fold is an error naming the file.
        writeFile(folder + "/10fold_idx/train_idx-2.txt", "0\n1\n");
        try { io::loadDataset(folder); QFAIL("overlapping fold accepted"); }
        catch (const InputError& e) { QVERIFY2(std::string(e.what()).find("test_idx-2.txt") != std::string::npos, e.what()); }
    }
    void selfLoopsDuplicatesAndOneSidedEdgesAreReported() {
        // Graph 1: node 0 lists itself (line 3), node 1 lists 2 twice (line 4), node 2 lists 0 but 0
        // does not list 2 (line 5).
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/g.txt";
        writeFile(path, "1\n3 0\n0 2 0 1\n0 3 0 2 2\n0 2 1 0\n");
        const Dataset ds = io::loadGin(path);
        const Graph& g = ds.graphs[0];
        QCOMPARE(g.numEdges(), 3L);  // 0-1, 1-2 and the one-sided 0-2, kept
        auto has = [&](const std::string& s) {
            for (const auto& w : ds.warnings) if (w.find(s) != std::string::npos) return true;
            return false;
        };
        QVERIFY(has("g.txt:3: self loop 0-0"));
        QVERIFY(has("g.txt:4: neighbour 2 listed twice"));
        QVERIFY(has("g.txt:5: node 2 of graph 1 lists 0, but node 0 does not list 2"));
    }
    void malformedShapes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << "" << 1 << "file is empty";
        QTest::newRow("count is text") << "two\n" << 1 << "the number of graphs";
        QTest::newRow("two counts on line 1") << "1 2\n1 0\n0 0\n" << 1 << "unexpected field '2'";
        QTest::newRow("negative count") << "-1\n" << 1 << "non-negative integer";
        QTest::newRow("declared graphs exceed file") << "2000000000\n1 0\n0 0\n" << 1 << "declares 2000000000 graphs";
        QTest::newRow("count overflows int") << "99999999999\n" << 1 << "at most 2147483647";
        QTest::newRow("fewer graphs than declared") << "2\n2 0\n0 1 1\n0 1 0\n" << 5 << "ends after 1 graphs";
        QTest::newRow("graph without nodes") << "1\n0 1\n" << 2 << "graph 1 has no nodes";
        QTest::newRow("fractional node count") << "1\n2.5 0\n0 0\n0 0\n" << 2 << "node count of graph 1";
        QTest::newRow("missing label") << "1\n1\n0 0\n" << 2 << "class label of graph 1";
        QTest::newRow("huge node count") << "1\n1000000 0\n0 0\n" << 2 << "declares 1000000 nodes";
        QTest::newRow("missing node line") << "1\n3 0\n0 1 1\n0 1 0\n" << 5 << "node 2 of graph 1";
        QTest::newRow("blank line among nodes") << "1\n2 0\n0 1 1\n\n0 1 0\n" << 4 << "found an empty line";
        QTest::newRow("fewer neighbours than m") << "1\n2 0\n0 2 1\n0 1 0\n" << 3 << "declares 2 neighbours";
        QTest::newRow("neighbour out of range") << "1\n2 0\n0 1 2\n0 1 0\n" << 3 << "at most 1";
        QTest::newRow("negative neighbour") << "1\n2 0\n0 1 -1\n0 1 0\n" << 3 << "non-negative integer";
        QTest::newRow("fractional neighbour") << "1\n2 0\n0 1 1.9\n0 1 0\n" << 3 << "'1.9'";
        QTest::newRow("extra field on one line") << "1\n2 0\n0 1 1\n0 1 0 7\n" << 4 << "node attributes";
        QTest::newRow("nan attribute") << "1\n2 0\n0 1 1 nan\n0 1 0 1.0\n" << 3 << "finite number";
        QTest::newRow("NUL byte") << "replaced in the test" << 3 << "found '1?'";
        QTest::newRow("trailing graph") << "1\n1 0\n0 0\n1 0\n0 0\n" << 4 << "unexpected content after the 1 graphs";
    }
    void malformedShapes() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, expected);
        std::string t = text.toStdString();
        static const char kNul[] = "1\n2 0\n0 1 1\0 5\n0 1 0\n";
        if (QTest::currentDataTag() == QString("NUL byte")) t = std::string(kNul, sizeof kNul - 1);
        const InputError e = loadError(t);
        QVERIFY2(e.line() != -1, "malformed input was accepted");
        QVERIFY2(std::string(e.what()).find("bad.txt") != std::string::npos, e.what());
        QVERIFY2(e.line() == line, qPrintable(QString("line %1 expected, error: %2").arg(line).arg(e.what())));
        QVERIFY2(std::string(e.what()).find(expected.toStdString()) != std::string::npos, e.what());
    }
    // From 64 graphs on, the graphs are read in parallel: the same data set, warnings in file order included, as
    // graph by graph; and a problem anywhere gives the error graph by graph gives (its file order, line and words).
    void parallelReadingEqualsGraphByGraph() {
        Rng rng(13);
        std::string body = randomGin(300, rng);
        body = body.substr(body.find('\n') + 1);  // the graphs without their count
        std::string text = "302\n" + body + "\n\n3 1\n0 2 0 1\n0 3 0 2 2\n0 2 1 0\n" + "2 3\n0 1 1\n0 0\n";  // problems at the end
        const std::string problems = "3 1\n0 2 0 1\n0 3 0 2 2\n0 2 1 0\n";
        text.insert(text.find('\n') + 1, problems);  // and at the start (graph 1)
        text.replace(0, text.find('\n'), "303");
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/p.txt";
        writeFile(path, text);
        const Dataset a = io::loadGin(path), b = io::loadGin(path, 1);
        QCOMPARE(a.size(), 303);
        for (int i = 0; i < a.size(); ++i) QVERIFY2(a.graphs[i] == b.graphs[i], qPrintable(QString("graph %1").arg(i)));
        QVERIFY(a.labels == b.labels && a.nodeLabels == b.nodeLabels);
        QVERIFY(a.warnings.size() >= 6 && a.warnings == b.warnings);
        QVERIFY(a.notes == b.notes);
        const std::vector<std::pair<std::string, std::string>> breaks = {
            {"0 2 1 0\n2 3", "0 2 1 0\n2 3 9"},            // an extra field on a header
            {"0 3 0 2 2\n", "0 3 0 2 7\n"},                // a neighbour out of range
            {"0 1 1\n0 0\n", "0 1 1\n0 0 1.5\n"},        // an attribute on one line only
            {"303\n", "304\n"},                           // fewer graphs than declared
            {"303\n", "302\n"}};                          // content after the declared graphs
        for (const auto& [from, to] : breaks) {
            std::string bad = text;
            bad.replace(from == "303\n" ? 0 : bad.rfind(from), from.size(), to);
            writeFile(path, bad);
            std::string parallel, byGraph;
            try { io::loadGin(path); } catch (const InputError& e) { parallel = e.what(); }
            try { io::loadGin(path, 1); } catch (const InputError& e) { byGraph = e.what(); }
            QVERIFY2(!byGraph.empty() && parallel == byGraph, qPrintable(QString::fromStdString(to + ": " + parallel + " | " + byGraph)));
        }
    }
    void fifoIsRefusedByName() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/pipe.txt";
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        try { io::loadGin(path); QFAIL("a pipe was opened"); }
        catch (const InputError& e) { QVERIFY2(std::string(e.what()).find("regular file") != std::string::npos, e.what()); }
    }
    // The real REDDIT-BINARY file against a TU copy built here (skipped without ../shared/data).
    void realRedditAgainstTuCopy() {
        const std::string shared = pxtest::sharedData();
        if (shared.empty()) QSKIP("../shared/data not found (set PX_SHARED_DATA); REDDIT-BINARY check skipped");
        const std::string folder = shared + "/REDDIT-BINARY-gin";
        std::ifstream in(folder + "/REDDIT-BINARY.txt");
        std::stringstream ss;
        ss << in.rdbuf();
        QTemporaryDir tu;
        ginToTu(ss.str(), tu.path().toStdString(), "REDDIT");
        const Dataset a = io::loadDataset(folder);
        const Dataset b = io::loadTu(tu.path().toStdString());
        QCOMPARE(a.size(), 2000);
        QCOMPARE(a.totalVertices(), 859254L);
        QCOMPARE(a.totalEdges(), 995508L);
        for (int i = 0; i < a.size(); ++i) QVERIFY(a.graphs[i] == b.graphs[i]);
        QVERIFY(a.labels == b.labels);
        QCOMPARE(int(a.folds.size()), 10);
        QCOMPARE(int(a.folds[0].test.size()), 200);
    }
};

QTEST_APPLESS_MAIN(TestGin)
#include "tst_gin.moc"
