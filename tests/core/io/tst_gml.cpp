// The GML reader [Himsolt 1997] (io/GmlReader.h) on hand-written files: what NetworkX's write_gml writes, the
// syntax around it, graph attributes as label sources, direction and repeats as the GraphML loader treats them,
// errors that name file, line and key; and random graphs written as GML in varied ways read back (RapidCheck).
#include "common/Error.h"
#include "io/DatasetPreview.h"
#include "io/GmlReader.h"
#include "io/Loaders.h"

#include <QTemporaryDir>
#include "IoTestSupport.h"

#include <QtTest>
#include <algorithm>
#include <fstream>
#include "PropertySupport.h"
#include <rapidcheck.h>
#include <set>
#include <zlib.h>

using namespace px;
using namespace px::iotest;

namespace {
// The GraphML file of the same nodes (ids as names) and edges (as written), for comparing the two loaders.
std::string graphMLOf(const std::vector<long long>& ids, const std::vector<std::pair<long long, long long>>& edges) {
    std::string out = "<?xml version=\"1.0\"?>\n<graphml><graph edgedefault=\"directed\">\n";
    for (long long id : ids) out += "<node id=\"" + std::to_string(id) + "\"/>\n";
    for (auto [s, t] : edges) out += "<edge source=\"" + std::to_string(s) + "\" target=\"" + std::to_string(t) + "\"/>\n";
    return out + "</graph></graphml>\n";
}

// `text` gzip-compressed into dir/name (zlib's own writer: the reader under test only inflates).
std::string writeGzip(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/" + name;
    gzFile f = gzopen(path.c_str(), "wb");
    if (!f || gzwrite(f, text.data(), unsigned(text.size())) != int(text.size()) || gzclose(f) != Z_OK)
        throw std::runtime_error("cannot write " + path);
    return path;
}
}  // namespace

class TestGml : public QObject {
    Q_OBJECT
private slots:
    // A file as NetworkX 2.8's write_gml writes a directed multigraph with graph, node and edge attributes.
    void networkXOutputIsRead() {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "g.gml",
                                           "graph [\n  directed 1\n  multigraph 1\n  name \"mol &#34;7&#34; &amp; co\"\n  label \"active\"\n"
                                           "  weight 2.5\n  node [\n    id 0\n    label \"a&#233;\"\n  ]\n  node [\n    id 1\n    label \"b\"\n"
                                           "    pos 1.E+20\n  ]\n  node [\n    id 2\n    label \"c\"\n  ]\n"
                                           "  edge [\n    source 0\n    target 1\n    key 0\n  ]\n  edge [\n    source 1\n    target 0\n"
                                           "    key 0\n  ]\n  edge [\n    source 1\n    target 2\n    key 0\n    w +INF\n  ]\n]\n");
        std::vector<std::string> warnings;
        std::map<std::string, std::string> data;
        const Graph g = io::loadGml(path, &warnings, &data);
        QCOMPARE(g.numVertices(), 3);
        QCOMPARE(edgeSet(g), (std::set<Edge>{{0, 1}, {1, 2}}));  // 1→0 is 0→1's reverse, not a repeat
        QVERIFY(warnings.empty());
        QCOMPARE(data, (std::map<std::string, std::string>{{"label", "active"}, {"name", "mol \"7\" & co"}, {"weight", "2.5"}}));
        QCOMPARE(io::readGml(path).directed, true);
    }

    // Ids are any integers, in any order: node k of the file is vertex k. Comments, strings over lines, nested
    // lists (graphics), reals, NAN and keys outside the graph are syntax only.
    void idsMapToVerticesInFileOrder() {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "g.gml",
                                           "# written by hand\nCreator \"me\" Version 1\ngraph [ # the graph\n"
                                           "  node [ id 10 graphics [ x 1.5 y -.5 fill \"#ff0000\" ] ]\n"
                                           "  node [ id -3 label \"two\nlines\" ] node [ id 7 score NAN ]\n"
                                           "  edge [ target 7 source 10 ] edge [ source -3 target 7 data [ deep [ deeper [ ] ] ] ]\n]\n");
        const io::GmlGraph read = io::readGml(path);
        QCOMPARE(read.nodeIds, (std::vector<long long>{10, -3, 7}));
        QCOMPARE(read.edges.size(), std::size_t(2));
        QCOMPARE(read.edges[0].source, 0);
        QCOMPARE(read.edges[0].target, 2);
        QCOMPARE(read.edges[1].line, 7L);  // the string over two lines counts its line break
        QCOMPARE(read.directed, false);
        QCOMPARE(edgeSet(io::loadGml(path)), (std::set<Edge>{{0, 2}, {1, 2}}));
    }

    // Direction, repeats and self loops are treated as the GraphML loader treats them: the same graph and the same
    // number of warnings from the same edges written as GraphML.
    void directionAndRepeatsAsGraphML() {
        QTemporaryDir dir;
        const std::vector<long long> ids{5, 6, 7, 8};
        const std::vector<std::pair<long long, long long>> edges{{5, 6}, {6, 5}, {5, 6}, {7, 7}, {7, 8}, {8, 7}, {8, 7}, {6, 8}};
        std::string gml = "graph [ directed 1\n";
        for (long long id : ids) gml += "node [ id " + std::to_string(id) + " ]\n";
        for (auto [s, t] : edges) gml += "edge [ source " + std::to_string(s) + " target " + std::to_string(t) + " ]\n";
        std::vector<std::string> gmlWarnings, graphmlWarnings;
        const Graph a = io::loadGml(writeFile(dir, "g.gml", gml + "]\n"), &gmlWarnings);
        const Graph b = io::loadGraphML(writeFile(dir, "g.graphml", graphMLOf(ids, edges)), &graphmlWarnings);
        QCOMPARE(edgeSet(a), edgeSet(b));
        QCOMPARE(edgeSet(a), (std::set<Edge>{{0, 1}, {2, 3}, {1, 3}}));
        QCOMPARE(gmlWarnings.size(), graphmlWarnings.size());
        QCOMPARE(gmlWarnings.size(), std::size_t(3));  // 5→6 again, the loop 7→7, 8→7 again
        QVERIFY2(gmlWarnings[0].find("g.gml:") != std::string::npos, gmlWarnings[0].c_str());
    }

    // A key given twice (NetworkX's way of writing a list) or a list is no single value: not graph data.
    void graphDataHoldsSingleScalars() {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "g.gml", "graph [ tag \"a\" tag \"b\" meta [ x 1 ] class 3 node [ id 0 ] ]\n");
        QCOMPARE(io::readGml(path).graphData, (std::map<std::string, std::string>{{"class", "3"}}));
    }

    // Every refusal names the file, the line and the key or token at fault.
    void errorsNameFileLineAndKey_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("words");
        const auto row = [](const char* name, const char* text, const char* words) { QTest::newRow(name) << QString(text) << QString(words); };
        row("no graph", "Creator \"x\"\n", ": no 'graph [ … ]' at the top level");
        row("second graph", "graph [ node [ id 0 ] ]\ngraph [ ]\n", ":2: a second 'graph [' (the first is on line 1)");
        row("unclosed list", "graph [\n node [ id 0 ]\n node [\n", ":3: the list 'node [' opened on this line is never closed");
        row("stray close", "graph [ node [ id 0 ] ]\n]\n", ":2: a ']' without its '['");
        row("value without key", "graph [\n 5 ]\n", ":2: expected a key, found the integer 5");
        row("key without value", "graph [ node [ id 0\n label ] ]\n", ":2: key 'label' has no value");
        row("no id", "graph [\n node [ label \"a\" ] ]\n", ":2: a node without an 'id'");
        row("string id", "graph [ node [\n id \"a\" ] ]\n", ":2: node 'id': expected an integer, found the string \"a\"");
        row("real id", "graph [ node [\n id 1.5 ] ]\n", ":2: node 'id': expected an integer, found the real number 1.5");
        row("twice", "graph [ node [ id 1 ]\n node [ id 1 ] ]\n", ":2: node 'id' 1 is given to two nodes (first on line 1)");
        row("id twice in node", "graph [ node [ id 1\n id 2 ] ]\n", ":2: node 'id' is given twice in one node (first on line 1)");
        row("no target", "graph [ node [ id 1 ]\n edge [ source 1 ] ]\n", ":2: an edge without a 'target'");
        row("no source", "graph [ node [ id 1 ]\n edge [ target 1 ] ]\n", ":2: an edge without a 'source'");
        row("unknown target", "graph [ node [ id 1 ]\n edge [ source 1 target 9 ] ]\n", ":2: edge 'target' 9 is no node's id");
        row("huge id", "graph [ node [\n id 99999999999999999999 ] ]\n", ":2: node 'id': the integer 99999999999999999999 is out of range");
        row("huge source", "graph [ node [ id 1 ] edge [\n source -99999999999999999999 target 1 ] ]\n", ":2: edge 'source': the integer");
        row("directed 2", "graph [\n directed 2 node [ id 1 ] ]\n", ":2: graph 'directed': expected 0 or 1, found 2");
        row("scalar node", "graph [\n node 3 ]\n", ":2: graph 'node': expected a list node [ … ], found the integer 3");
        row("unterminated string", "graph [ node [ id 1 ]\n name \"abc\n]\n", ":2: a string opened on this line is never closed");
        row("unknown entity", "graph [ node [ id 1 ]\n name \"a &bogus; b\" ]\n", ":2: unknown entity &bogus; in a string");
        row("reference to nothing", "graph [\n name \"&#0;\" node [ id 1 ] ]\n", ":2: the character reference &#0; names no character");
        row("bad number", "graph [\n x 12ab node [ id 1 ] ]\n", ":2: '12a' is not a number");
        row("brace", "graph [\n { ]\n", ":2: the character '{' where a key, a number, a string, '[' or ']' was expected");
        row("empty", "graph [ ]\n", ": graph is empty (no nodes)");
    }
    void errorsNameFileLineAndKey() {
        QFETCH(QString, text);
        QFETCH(QString, words);
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "bad.gml", text.toStdString());
        const std::string msg = refusal([&] { io::loadGml(path); });
        QVERIFY2(msg.rfind(path + words.toStdString(), 0) == 0, msg.c_str());
    }

    // A NUL byte, in a string or between tokens, is refused with its line.
    void nulBytesAreRefused() {
        QTemporaryDir dir;
        const std::string inString = writeFile(dir, "a.gml", std::string("graph [ node [ id 1 ]\n name \"a") + '\0' + "b\" ]\n");
        const std::string between = writeFile(dir, "b.gml", std::string("graph [ node [ id 1 ]\n") + '\0' + " ]\n");
        QVERIFY2(refusal([&] { io::loadGml(inString); }).rfind(inString + ":2: a NUL byte inside a string", 0) == 0, "in a string");
        QVERIFY2(refusal([&] { io::loadGml(between); }).rfind(between + ":2: a NUL byte (is this a binary file?) where a key", 0) == 0, "between tokens");
    }

    // A .gml file is detected, previewed with its graph attributes, and a folder of them takes its labels from one.
    void filesAndFoldersOfGml() {
        QTemporaryDir dir;
        const std::string one = writeFile(dir, "one.gml", "graph [ label \"x\" size 2 node [ id 0 ] ]\n");
        QCOMPARE(io::detectFormat(one), io::DataFormat::Gml);
        QCOMPARE(std::string(io::toString(io::DataFormat::Gml)), std::string("GML file"));
        const io::DatasetPreview single = io::previewDataset(one);
        QCOMPARE(single.format, std::string("GML file"));
        QCOMPARE(single.graphKeys, (std::vector<std::string>{"label", "size"}));
        QCOMPARE(io::loadDataset(one).graphs.at(0).numVertices(), 1);
        QDir().mkpath(dir.path() + "/f");
        const char* classes[] = {"toxic", "inert", "toxic"};
        for (int i = 0; i < 3; ++i)
            writeFile(dir, "f/g" + std::to_string(i) + ".gml",
                      "graph [ class \"" + std::string(classes[i]) + "\" node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 ] ]\n");
        const std::string folder = dir.path().toStdString() + "/f";
        QCOMPARE(io::detectFormat(folder), io::DataFormat::GraphFolder);
        io::FolderLabelReport report;
        const Dataset ds = io::loadGraphFolder(folder, io::FolderLabels{}, &report);
        QCOMPARE(ds.size(), 3);
        QCOMPARE(report.chosen, std::string("GML graph attribute 'class'"));
        QCOMPARE(report.classNames, (std::vector<std::string>{"inert", "toxic"}));  // strings in byte order
        QCOMPARE(ds.labels(0, 0), 1.0);
        QCOMPARE(ds.labels(1, 0), 0.0);
        const io::DatasetPreview one_key = io::previewDataset(folder);
        QCOMPARE(one_key.graphKeys, (std::vector<std::string>{"class"}));
        QVERIFY(!io::labelChoiceIsAmbiguous(one_key));  // one candidate: no question
        writeFile(dir, "f/labels.csv", "g0.gml,1\ng1.gml,2\ng2.gml,1\n");
        const io::DatasetPreview two = io::previewDataset(folder);
        QCOMPARE(two.labelSource, std::string("labels.csv"));  // first in the automatic order ...
        QVERIFY(io::labelChoiceIsAmbiguous(two));              // ... but the attribute 'class' is a candidate too
        QVERIFY(!io::labelChoiceIsAmbiguous(single));          // a single file keeps its own labels
    }

    // Random graphs written as GML in varied ways (ids any distinct integers, either direction, repeats and loops,
    // comments, attributes and nested lists between the fields) read back to the graph written (RapidCheck, fixed
    // seed; RC_PARAMS overrides it).
    void randomGraphsRoundTrip() {
        QTemporaryDir dir;
        QVERIFY(pxtest::checkProperty("a GML file reads back to the graph written", 20261205, 200, [&] {
            const int n = *rc::gen::inRange(1, 31);
            const auto edges = *rc::gen::container<std::vector<Edge>>(rc::gen::pair(rc::gen::inRange(0, n), rc::gen::inRange(0, n)));
            std::set<long long> distinct;
            while (int(distinct.size()) < n) distinct.insert(*rc::gen::inRange<long long>(-1000000000000LL, 1000000000000LL));
            std::vector<long long> ids(distinct.begin(), distinct.end());
            std::shuffle(ids.begin(), ids.end(), std::mt19937(*rc::gen::arbitrary<unsigned>()));
            const auto noise = [] {
                static const char* const junk[] = {" ", "\n", "\t# a comment ] [ \"\n", " w 1.5e-3 ", " s \"x &amp; [y]\" ", " g [ a [ b 1 ] ] "};
                return std::string(junk[*rc::gen::inRange(0, 6)]);
            };
            std::string text = "graph [" + noise() + "directed " + std::to_string(*rc::gen::inRange(0, 2)) + noise();
            for (int v = 0; v < n; ++v) text += "node [" + noise() + "id " + std::to_string(ids[std::size_t(v)]) + noise() + "]" + noise();
            std::set<Edge> expected;
            for (auto [u, v] : edges) {
                if (u != v) expected.insert({std::min(u, v), std::max(u, v)});
                std::string s = "source " + std::to_string(ids[std::size_t(u)]), t = "target " + std::to_string(ids[std::size_t(v)]);
                if (*rc::gen::arbitrary<bool>()) std::swap(s, t);  // the field order is free
                text += "edge [" + noise() + s + noise() + t + noise() + "]\n";
            }
            const Graph g = io::loadGml(writeFile(dir, "r.gml", text + "]\n"));
            RC_ASSERT(g.numVertices() == n);
            RC_ASSERT(edgeSet(g) == expected);
        }));
    }

    // NetworkX writes "g.gml.gz" and "g.graphml.gz" as readily as plain files: random graphs in GML, GraphML, DOT and
    // edge-list form, gzip-compressed, are detected by the suffix before ".gz" and read to the same edge set as the
    // plain file; in a folder they are graph files with their graph attributes (RapidCheck, fixed seed).
    void gzipCompressedFilesReadAsPlain() {
        QTemporaryDir dir;
        QVERIFY(pxtest::checkProperty("a gzip graph file reads as its plain text", 20261206, 60, [&] {
            const int n = *rc::gen::inRange(1, 16);
            const auto edges = *rc::gen::container<std::vector<Edge>>(rc::gen::pair(rc::gen::inRange(0, n), rc::gen::inRange(0, n)));
            std::set<Edge> expected;
            std::string gml = "graph [ directed 0\n", dot = "graph G {\n", list = "# vertices " + std::to_string(n) + "\n";
            std::vector<long long> ids;
            std::vector<std::pair<long long, long long>> asWritten;
            for (int v = 0; v < n; ++v) {
                gml += "node [ id " + std::to_string(v) + " ]\n";
                dot += std::to_string(v) + ";\n";
                ids.push_back(v);
            }
            for (auto [u, v] : edges) {
                if (u == v) continue;
                expected.insert({std::min(u, v), std::max(u, v)});
                gml += "edge [ source " + std::to_string(u) + " target " + std::to_string(v) + " ]\n";
                dot += std::to_string(u) + " -- " + std::to_string(v) + ";\n";
                list += std::to_string(u) + " " + std::to_string(v) + "\n";
                asWritten.push_back({u, v});
            }
            const std::pair<std::string, std::string> files[] = {
                {"r.gml", gml + "]\n"}, {"r.graphml", graphMLOf(ids, asWritten)}, {"r.dot", dot + "}\n"}, {"r.edges", list}};
            for (const auto& [name, text] : files) {
                RC_LOG() << name << ".gz:\n" << text;  // printed when the property fails
                const std::string gz = writeGzip(dir, name + ".gz", text);
                const std::string plain = writeFile(dir, name, text);
                RC_ASSERT(io::detectFormat(gz) == io::detectFormat(plain));
                const Graph g = io::loadDataset(gz).graphs.at(0);
                RC_ASSERT(g.numVertices() == n);
                RC_ASSERT(edgeSet(g) == edgeSet(io::loadDataset(plain).graphs.at(0)));
                // DOT names are strings, numbered by Boost in its own order: the same graph, other vertex numbers
                if (name != "r.dot") RC_ASSERT(edgeSet(g) == expected);
            }
        }));
        QDir().mkpath(dir.path() + "/f");
        writeGzip(dir, "f/a.gml.gz", "graph [ class \"x\" node [ id 0 ] ]\n");
        writeGzip(dir, "f/b.graphml.gz", "<graphml><key id=\"c\" for=\"graph\" attr.name=\"class\"/><graph><data key=\"c\">y</data>"
                                         "<node id=\"0\"/></graph></graphml>\n");
        io::FolderLabelReport report;
        const Dataset ds = io::loadGraphFolder(dir.path().toStdString() + "/f", io::FolderLabels{}, &report);
        QCOMPARE(ds.size(), 2);
        QCOMPARE(report.classNames, (std::vector<std::string>{"x", "y"}));
        QCOMPARE(report.chosen, std::string("graph key 'class'"));  // GML and GraphML, compressed: named as both
        QDir().mkpath(dir.path() + "/g");
        for (const char* c : {"x", "y"})
            writeGzip(dir, std::string("g/") + c + ".gml.gz", std::string("graph [ class \"") + c + "\" node [ id 0 ] ]\n");
        io::loadGraphFolder(dir.path().toStdString() + "/g", io::FolderLabels{}, &report);
        QCOMPARE(report.chosen, std::string("GML graph attribute 'class'"));  // said "GraphML graph key" for .gml.gz
    }

    // A gzip file cut short is refused with its name, not read as a shorter graph.
    void truncatedGzipIsRefused() {
        QTemporaryDir dir;
        std::string text = "graph [\n";
        for (int v = 0; v < 2000; ++v) text += "node [ id " + std::to_string(v) + " ]\n";
        for (const std::string name : {"t.gml.gz", "t.graphml.gz"}) {
            const std::string body = name == "t.gml.gz" ? text + "]\n" : graphMLOf({0, 1}, {}) + std::string(40000, ' ');
            const std::string path = writeGzip(dir, name, body);
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.resize(f.size() / 2));
            f.close();
            const std::string why = refusal([&] { io::loadDataset(path); });
            QVERIFY2(why.rfind(path + ":", 0) == 0 && why.find("truncated") != std::string::npos, why.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestGml)
#include "tst_gml.moc"
