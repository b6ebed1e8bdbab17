// Loaders on small hand-written files and on the malformed-input corpus in tests/data/malformed.
#include "TestSupport.h"
#include "common/Error.h"
#include "io/LinqsLoader.h"
#include "io/Loaders.h"

#include <QTemporaryDir>
#include "IoTestSupport.h"

#include <QtTest>
#include <cmath>
#include <fstream>
#include <functional>
#include <cstdio>
#include "PropertySupport.h"
#include <rapidcheck.h>
#include <set>
#include <zlib.h>

using namespace px;
using namespace px::iotest;

namespace {

// A GraphML document of n nodes and the given edges, written in one of the many ways XML allows: default,
// prefixed or no namespace; either quote; ids with characters to escape, some as character references;
// edges before, between and after the nodes, either direction; and between the elements whitespace, comments,
// processing instructions, CDATA and foreign elements that hold text looking like nodes and edges.
struct GraphMLText {
    std::string prefix, text;
    std::string attr(const std::string& name, const std::string& value) const {
        const char q = *rc::gen::element('"', '\'');
        std::string out = " " + name + "=" + q;
        for (const char c : value) {
            if (c == '&') out += "&amp;";
            else if (c == '<') out += "&lt;";
            else if (c == q || ((unsigned char)c < 0x80 && *rc::gen::inRange(0, 4) == 0))  // a reference names a character, not a byte
                out += *rc::gen::arbitrary<bool>() ? "&#" + std::to_string(int(c)) + ";" : "&#x" + QByteArray::number(int(c), 16).toStdString() + ";";
            else out += c;
        }
        return out + q;
    }
    void noise() {
        static const char* const junk[] = {"\n", "  \t", "<!-- <node id=\"ghost\"/> -->", "<?pi <node id=\"ghost\"/>?>",
                                           "<desc><![CDATA[<edge source=\"n0\" target=\"ghost\"/>]]></desc>",
                                           "<o:x xmlns:o=\"urn:other\"><node id=\"ghost\"/><o:node id=\"ghost\"/></o:x>"};
        for (int k = *rc::gen::inRange(0, 3); k > 0; --k) text += junk[*rc::gen::inRange(0, 6)];
    }
    std::string tag(const std::string& local) const { return prefix + local; }
};
std::string idOf(int v) { return std::string(v % 3 == 0 ? "n" : v % 3 == 1 ? "<&'\"é " : "x") + std::to_string(v); }
std::string randomGraphML(int n, const std::vector<Edge>& edges) {
    GraphMLText w;
    const int style = *rc::gen::inRange(0, 3);
    w.prefix = style == 2 ? "g:" : "";
    const std::string ns = style == 0 ? " xmlns=\"http://graphml.graphdrawing.org/xmlns\""
                         : style == 2 ? " xmlns:g=\"http://graphml.graphdrawing.org/xmlns\"" : "";
    w.text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<" + w.tag("graphml") + ns + ">";
    w.noise();
    w.text += "<" + w.tag("graph") + w.attr("edgedefault", *rc::gen::element<std::string>("directed", "undirected")) + ">";
    std::vector<std::string> items;  // nodes in order; edges inserted anywhere
    for (int v = 0; v < n; ++v) items.push_back("<" + w.tag("node") + w.attr("id", idOf(v)) + "/>");
    for (auto [u, v] : edges) {
        if (*rc::gen::arbitrary<bool>()) std::swap(u, v);
        const auto at = items.begin() + *rc::gen::inRange<long>(0, long(items.size()) + 1);
        items.insert(at, "<" + w.tag("edge") + w.attr("source", idOf(u)) + w.attr("target", idOf(v)) + "></" + w.tag("edge") + ">");
    }
    for (const std::string& item : items) {
        w.noise();
        w.text += item;
    }
    w.noise();
    w.text += "</" + w.tag("graph") + ">";
    w.noise();
    return w.text + "</" + w.tag("graphml") + ">\n";
}
}  // namespace

class TestLoaders : public QObject {
    Q_OBJECT
private slots:
    void ogbSmallWithSelfLoopsAndDuplicates() {
        Dataset ds = io::loadOgb(pxtest::testData("valid/ogb_small"));
        QCOMPARE(ds.size(), 2);
        QCOMPARE(ds.graphs[0].numEdges(), 2L);  // 0-1, 1-2 (1-1 and the repeated 0-1 dropped)
        QCOMPARE(ds.graphs[1].numEdges(), 3L);  // 0-1, 1-2, 2-3 (line 7, 2-1, repeats 1-2)
        QVERIFY(ds.graphs[1].hasEdge(1, 2) && ds.graphs[1].hasEdge(2, 3));
        QCOMPARE(int(ds.warnings.size()), 2);
        QVERIFY(ds.warnings[0].find("edge.csv:3: self loop 1-1 dropped") != std::string::npos);
        QVERIFY(ds.warnings[1].find("edge.csv:7: duplicate edge 2-1 dropped") != std::string::npos);
        QCOMPARE(int(ds.tasks.size()), 2);
        QVERIFY(std::isnan(ds.labels(0, 1)));
        QCOMPARE(ds.labels(1, 1), 0.5);
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        QCOMPARE(ds.tasks[1].type, TaskType::Regression);
        QVERIFY(ds.split.has_value());
        QCOMPARE(ds.split->name, std::string("scaffold"));
        QCOMPARE(ds.split->train, std::vector<int>{1});
        QVERIFY(ds.split->valid.empty());
        QCOMPARE(ds.split->test, std::vector<int>{0});
    }
    void tuSmall() {
        Dataset ds = io::loadTu(pxtest::testData("valid/tu_small"));
        QCOMPARE(ds.name, std::string("SMALL"));
        QCOMPARE(ds.size(), 2);
        QCOMPARE(ds.graphs[0].numVertices(), 3);
        QCOMPARE(ds.graphs[0].numEdges(), 2L);  // 1-2, 2-3; both directions listed; 3-3 dropped
        QCOMPARE(ds.graphs[1].numEdges(), 1L);  // 4-5 listed as 4,5 / 5,4 / 4,5 again
        QCOMPARE(int(ds.warnings.size()), 2);
        QVERIFY(ds.warnings[0].find("SMALL_A.txt:5: self loop") != std::string::npos);
        QVERIFY(ds.warnings[1].find("SMALL_A.txt:8: duplicate edge") != std::string::npos);
        QCOMPARE(ds.labels(0, 0), 0.0);  // -1 → class 0
        QCOMPARE(ds.labels(1, 0), 1.0);  //  1 → class 1
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        // SMALL_node_labels.txt: 7 3 7 | 12 3 → values 3, 7, 12 mapped to 0, 1, 2 in ascending order
        QCOMPARE(ds.nodeLabelValues, 3);
        QCOMPARE(ds.nodeLabels[0], (std::vector<int>{1, 0, 1}));
        QCOMPARE(ds.nodeLabels[1], (std::vector<int>{2, 0}));
        Dataset unlabelled = ds;
        unlabelled.nodeLabels.clear();
        QVERIFY(unlabelled.contentHash() != ds.contentHash());  // node labels are part of the data
    }
    void edgeListAndGraphML() {
        std::vector<std::string> w;
        Graph g = io::loadEdgeList(pxtest::testData("valid/edgelist_small.txt"), &w);
        QCOMPARE(g.numVertices(), 5);
        QCOMPARE(g.numEdges(), 3L);
        QCOMPARE(int(w.size()), 2);
        Graph c4 = io::loadGraphML(pxtest::testData("valid/graphml_small.graphml"));
        QCOMPARE(c4.numVertices(), 4);
        QCOMPARE(c4.numEdges(), 4L);
        QCOMPARE(c4.maxDegree(), 2);
        // Directed DOT: a→b, b→c, c→a, c→d and d→c make a triangle with a pendant vertex.
        Graph dot = io::loadDot(pxtest::testData("valid/dot_small.dot"));
        QCOMPARE(dot.numVertices(), 4);
        QCOMPARE(dot.numEdges(), 4L);
        QCOMPARE(dot.maxDegree(), 3);
    }
    // GraphML read as XML: what a comment, a CDATA section, a character reference, a quote style or a namespace
    // means is what XML says it means; the graph's own data values come back by key name.
    void graphMLMeansWhatXmlSays() {
        const std::string path = pxtest::testData("valid/graphml_xml.graphml");
        std::vector<std::string> warnings;
        std::map<std::string, std::string> data;
        const Graph g = io::loadGraphML(path, &warnings, &data);
        QCOMPARE(g.numVertices(), 3);  // a, b, c: none of the look-alikes
        QCOMPARE(edgeSet(g), (std::set<Edge>{{0, 1}, {1, 2}}));
        QVERIFY(warnings.empty());  // b→a is a→b's reverse, not a duplicate
        QCOMPARE(data, (std::map<std::string, std::string>{{"class", "1"}, {"source", "unknown"}}));
    }

    // Random graphs written as GraphML in the many ways XML allows read back to the same edge set (RapidCheck,
    // fixed seed; RC_PARAMS overrides it).
    void graphMLRoundTrips() {
        QTemporaryDir dir;
        QVERIFY(pxtest::checkProperty("a GraphML document reads back to the graph written", 20260311, 150, [&] {
            const int n = *rc::gen::inRange(1, 25);
            const auto edges = *rc::gen::container<std::vector<Edge>>(
                rc::gen::pair(rc::gen::inRange(0, n), rc::gen::inRange(0, n)));
            std::set<Edge> expected;
            for (auto [u, v] : edges)
                if (u != v) expected.insert({std::min(u, v), std::max(u, v)});
            const std::string text = randomGraphML(n, edges);
            const Graph g = io::loadGraphML(writeFile(dir, "r.graphml", text));
            RC_ASSERT(g.numVertices() == n);
            RC_ASSERT(edgeSet(g) == expected);
        }));
    }

    // A brace inside a DOT comment, string or HTML string does not nest.
    void dotBracesOutsideCodeDoNotNest() {
        QTemporaryDir dir;
        const std::string many(400, char(0x7b));
        const std::string path = writeFile(dir, "g.dot", "graph G {\n/* " + many + " */ a -- b // " + many + "\n#" + many +
                                                             "\n b -- c [label=\"" + many + "\\\"" + many + "\"]\n c -- d [label=<b>" +
                                                             many + "<i a='>'>" + many + "</i></b>]\n}\n");
        const Graph g = io::loadDot(path);
        QCOMPARE(g.numVertices(), 4);
        QCOMPARE(g.numEdges(), 3L);
    }

    void folderOfGraphFilesWithLabels() {
        Dataset ds = io::loadDataset(pxtest::testData("valid/folder_small"));
        QCOMPARE(ds.size(), 3);
        QCOMPARE(ds.graphs[0].numEdges(), 2L);  // a.edges
        QCOMPARE(ds.graphs[1].numEdges(), 4L);  // b.graphml (C4)
        QCOMPARE(ds.graphs[2].numEdges(), 4L);  // c.dot
        QCOMPARE(ds.labels(0, 0), 0.0);         // 5 → class 0
        QCOMPARE(ds.labels(1, 0), 1.0);         // 7 → class 1
        QCOMPARE(ds.labels(2, 0), 0.0);
    }
    void autodetect() {
        QCOMPARE(io::loadDataset(pxtest::testData("valid/ogb_small")).size(), 2);
        QCOMPARE(io::loadDataset(pxtest::testData("valid/tu_small")).size(), 2);
        QCOMPARE(io::loadDataset(pxtest::testData("valid/graphml_small.graphml")).size(), 1);
    }

    // Every malformed input gives an InputError naming the file and, where it makes sense, the line.
    void malformed_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("file");   // expected file name in the message
        QTest::addColumn<int>("line");       // expected line (0: whole-file problem)
        QTest::addColumn<QString>("words");  // expected words of the explanation
        auto row = [](const char* p, const char* f, int l, const char* w) {
            QTest::newRow(p) << pxtest::q(pxtest::testData(std::string("malformed/") + p)) << f << l << w;
        };
        row("ogb_truncated_edges", "edge.csv", 3, "file ends early");
        row("ogb_wrong_counts", "num-edge-list.csv", 0, "expected 2 lines");
        row("ogb_nonnumeric", "edge.csv", 2, "found 'x'");
        row("ogb_id_out_of_range", "edge.csv", 3, "node id out of range");
        row("ogb_empty_graph", "num-node-list.csv", 2, "is empty");
        row("ogb_label_count", "graph-label.csv", 0, "expected 2 label lines");
        row("ogb_extra_edges", "edge.csv", 4, "more edge lines");
        row("ogb_missing_split", "test.csv.gz", 0, "split file is missing");
        row("ogb_split_out_of_range", "test.csv", 1, "outside 0..1");
        row("ogb_negative_count", "num-node-list.csv", 2, "non-negative");
        row("tu_out_of_range", "BAD_A.txt", 3, "node id out of range");
        row("tu_cross_graph", "BAD_A.txt", 2, "different graphs");
        row("tu_label_count", "BAD_graph_labels.txt", 0, "expected 2 labels");
        row("tu_nonnumeric", "BAD_A.txt", 2, "expected a node id (digits only");
        row("tu_empty_graph", "BAD_graph_indicator.txt", 0, "graph 2 has no nodes");
        row("tu_missing_indicator", "BAD_graph_indicator.txt", 0, "cannot open");
        row("tu_node_label_count", "BAD_node_labels.txt", 0, "expected 5 node labels");
        row("tu_node_label_nonnumeric", "BAD_node_labels.txt", 3, "found 'C'");
        row("edgelist_nonnumeric.txt", "edgelist_nonnumeric.txt", 2, "found 'two'");
        row("edgelist_one_field.txt", "edgelist_one_field.txt", 2, "expected an edge");
        row("edgelist_negative.txt", "edgelist_negative.txt", 2, "no sign");
        row("edgelist_declared_too_small.txt", "edgelist_declared_too_small.txt", 3, "allows 0..2");
        row("edgelist_empty.txt", "edgelist_empty.txt", 0, "graph is empty");
        row("graphml_broken.graphml", "graphml_broken.graphml", 3, "not valid GraphML: no element found");
        row("graphml_empty.graphml", "graphml_empty.graphml", 0, "graph is empty");
        row("dot_broken.dot", "dot_broken.dot", 0, "not valid DOT");
        row("does_not_exist", "does_not_exist", 0, "no such file");
    }
    void malformed() {
        QFETCH(QString, path);
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, words);
        try {
            io::loadDataset(path.toStdString());
            QFAIL("expected px::InputError");
        } catch (const InputError& e) {
            const QString msg = QString::fromStdString(e.what());
            QVERIFY2(QString::fromStdString(e.file()).endsWith(file), qPrintable(msg));
            QVERIFY2(e.line() == line, qPrintable(msg));
            QVERIFY2(msg.contains(words), qPrintable(msg));
        }
    }

    void anEmptyPathSaysSo() {
        for (const auto& load : {std::function<void()>([] { io::loadDataset(""); }), std::function<void()>([] { io::loadLinqs(""); })}) {
            try {
                load();
                QFAIL("an empty path was read");
            } catch (const InputError& e) {
                QVERIFY2(QString(e.what()).startsWith("(an empty path): no "), e.what());
            }
        }
    }

    // Random corruption of valid inputs (bytes replaced, lines cut or duplicated) must give either a
    // data set or a px::InputError: never a crash, never another exception type.
    void corruptedInputsNeverCrash() {
        const QStringList sources = {"valid/ogb_small", "valid/tu_small", "valid/edgelist_small.txt",
                                     "valid/graphml_small.graphml", "valid/dot_small.dot"};
        Rng rng(99);
        int errors = 0, loaded = 0;
        for (const QString& src : sources) {
            const QString from = pxtest::q(pxtest::testData(src.toStdString()));
            for (int trial = 0; trial < 60; ++trial) {
                QTemporaryDir dir;
                const QString to = dir.path() + "/" + QFileInfo(from).fileName();
                QStringList files;
                if (QFileInfo(from).isDir()) {
                    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
                    while (it.hasNext()) {
                        const QString f = it.next();
                        const QString rel = QDir(from).relativeFilePath(f);
                        QDir().mkpath(QFileInfo(to + "/" + rel).path());
                        QFile::copy(f, to + "/" + rel);
                        files << to + "/" + rel;
                    }
                } else {
                    QFile::copy(from, to);
                    files << to;
                }
                QFile victim(files[int(rng.below(std::uint64_t(files.size())))]);
                QVERIFY(victim.open(QIODevice::ReadWrite));
                QByteArray bytes = victim.readAll();
                const char junk[] = {'x', '-', ',', ' ', '\n', '9', '0', '<', '>', '"', '\0', '7'};
                const int kind = int(rng.below(3));
                if (bytes.isEmpty()) bytes = "1";
                if (kind == 0) {
                    for (int k = 0; k < 3; ++k) bytes[int(rng.below(std::uint64_t(bytes.size())))] = junk[rng.below(sizeof junk)];
                } else if (kind == 1) {
                    bytes.truncate(int(rng.below(std::uint64_t(bytes.size()))));
                } else {
                    const int at = int(rng.below(std::uint64_t(bytes.size())));
                    bytes.insert(at, bytes.mid(at, 12));
                }
                victim.resize(0);
                victim.seek(0);
                victim.write(bytes);
                victim.close();
                try {
                    Dataset ds = io::loadDataset(to.toStdString());
                    ds.checkConsistent();
                    ++loaded;
                } catch (const InputError&) {
                    ++errors;
                }
            }
        }
        QVERIFY(errors > 50);  // the corruption does hit
        qInfo("%d corrupted inputs rejected with a message, %d still loaded", errors, loaded);
    }

    void truncatedGzipIsAnError() {
        QTemporaryDir dir;
        const std::string raw = dir.path().toStdString() + "/raw";
        QVERIFY(QDir().mkpath(QString::fromStdString(raw)));
        auto writeGz = [](const std::string& p, const std::string& text) {
            gzFile f = gzopen(p.c_str(), "wb");
            gzwrite(f, text.data(), unsigned(text.size()));
            gzclose(f);
        };
        std::string edges;
        for (int i = 0; i < 20000; ++i) edges += std::to_string(i % 50) + "," + std::to_string((i + 1) % 50) + "\n";
        writeGz(raw + "/num-node-list.csv.gz", "50\n");
        writeGz(raw + "/num-edge-list.csv.gz", "20000\n");
        writeGz(raw + "/edge.csv.gz", edges);
        writeGz(raw + "/graph-label.csv.gz", "1\n");
        // Cut the compressed edge file in half.
        QFile f(QString::fromStdString(raw + "/edge.csv.gz"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() / 2));
        f.close();
        try {
            io::loadOgb(dir.path().toStdString());
            QFAIL("expected px::InputError");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("edge.csv.gz"), e.what());
            QVERIFY2(e.line() > 0, e.what());
        }
    }

    // ---- LINQS loader ----
    void linqsLoaderReadsAndReports() {
        const NodeDataset ds = io::loadLinqs(pxtest::testData("linqs/tiny"));
        QCOMPARE(ds.numNodes(), 4);
        QCOMPARE(ds.graph.numEdges(), 4L);  // a-b, b-c, c-a, a-d
        QCOMPARE(ds.numClasses(), 2);
        QCOMPARE(ds.labels, (std::vector<int>{0, 1, 0, 1}));
        QCOMPARE(ds.features.cols(), 3L);
        QCOMPARE(ds.features(3, 1), 1.0);
        QCOMPARE(ds.warnings.size(), std::size_t(3));  // unknown id, self citation, repeated pair
    }

    void linqsLoaderErrorsNameFileAndLine() {
        try {
            io::loadLinqs(pxtest::testData("linqs/bad-width"));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("bad.content:2") != std::string::npos, e.what());
        }
        try {
            io::loadLinqs(pxtest::testData("linqs/no-cites"));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("lonely.cites") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, io::loadLinqs(pxtest::testData("linqs/does-not-exist")));
    }
};

QTEST_GUILESS_MAIN(TestLoaders)
#include "tst_loaders.moc"
