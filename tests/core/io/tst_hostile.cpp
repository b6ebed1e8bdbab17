// Hostile inputs, kind by kind and loader by loader: every case must be refused with an InputError
// that names the file (and the line or the key path) and says what was expected. Nothing may crash,
// hang or be accepted. Small cases are written here; large ones are generated in the test.
#include "common/Error.h"
#include "common/Rng.h"
#include "common/JsonInput.h"
#include "common/MemoryBudget.h"
#include "experiment/SweepSpec.h"
#include "depthlab/DepthLab.h"
#include "io/LinqsLoader.h"
#include "io/InflationLimit.h"
#include "io/Loaders.h"
#include "patterns/PatternSet.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include "IoTestSupport.h"

#include <QtTest>
#include <algorithm>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

using namespace px;
using namespace px::iotest;

namespace {
std::string write(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/" + name;
    const auto slash = path.find_last_of('/');
    QDir().mkpath(QString::fromStdString(path.substr(0, slash)));
    std::ofstream(path, std::ios::binary) << text;
    return path;
}
bool says(const std::string& msg, const std::string& file, const std::string& words) {
    return msg.rfind(file, 0) == 0 && msg.find(words) != std::string::npos;
}
}  // namespace

class TestHostile : public QObject {
    Q_OBJECT
private slots:
    // A binary file opened as a data set: the error quotes a short, printable excerpt (no control bytes, no
    // broken UTF-8: it goes into a terminal or a dialog) and says the file looks binary.
    void aBinaryFileIsQuotedPrintably() {
        QTemporaryDir dir;
        std::string junk;
        std::uint32_t x = 12345;
        for (int i = 0; i < 4000; ++i) {
            x = x * 1664525u + 1013904223u;  // an LCG: bytes of every value, newlines among them
            junk += char(x >> 24);
        }
        const std::string msg = refusal([&] { io::loadDataset(write(dir, "edges.txt", junk)); });
        QVERIFY2(msg.rfind(dir.path().toStdString(), 0) == 0, msg.c_str());
        QVERIFY2(msg.size() < 700, msg.c_str());
        for (std::size_t i = 0; i < msg.size(); ++i) {
            const auto c = static_cast<unsigned char>(msg[i]);
            QVERIFY2(c >= 0x20 && c != 0x7f, qPrintable(QString("byte %1 at %2").arg(int(c)).arg(i)));
        }
        QVERIFY2(QString::fromUtf8(msg.data(), int(msg.size())).toUtf8().toStdString() == msg, "not valid UTF-8");
        QVERIFY2(msg.find("binary") != std::string::npos, msg.c_str());
        const std::string kept = InputError("f.txt", 3, "found 'ε = 1 — fine'").what();
        QCOMPARE(kept, std::string("f.txt:3: found 'ε = 1 — fine'"));  // text that is printable stays as it was
    }

    void edgeListNumbers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("words");
        QTest::newRow("float endpoint") << "0 1\n1.9 2\n" << ":2: expected a vertex id (digits only";
        QTest::newRow("plus sign") << "+0 1\n" << ":1: expected a vertex id (digits only";
        QTest::newRow("minus zero") << "-0 1\n" << "digits only";
        QTest::newRow("hex") << "0x1 2\n" << "digits only";
        QTest::newRow("nan") << "nan 1\n" << "digits only";
        QTest::newRow("three endpoints") << "0 1 2\n" << "found 3 fields";
        QTest::newRow("id beyond the bound") << "0 4294967299\n" << "of at most 49999999";
        QTest::newRow("declared 2e9 vertices") << "# vertices 2000000000\n0 1\n" << "of at most 50000000";
        QTest::newRow("declared 1e12 vertices") << "# vertices 1000000000000\n0 1\n" << "of at most 50000000";
        QTest::newRow("declared fraction") << "# vertices 5.7\n0 1\n" << "digits only";
        // Found by fuzz_edgelist: a declaration after the edges that use a larger id escaped as std::invalid_argument.
        QTest::newRow("declared after larger ids") << "0 2\n2 6\n# vertices 5\n" << ":3: '# vertices 5' allows ids 0..4, but an earlier edge (line 2) uses vertex id 6";
        QTest::newRow("NUL byte") << QString::fromLatin1("0 1\0" "1 2\n", 8) << ":1: NUL byte";
    }
    void edgeListNumbers() {
        QFETCH(QString, text);
        QFETCH(QString, words);
        QTemporaryDir dir;
        const std::string path = write(dir, "g.edges", text.toLatin1().toStdString());
        const std::string msg = refusal([&] { io::loadDataset(path); });
        QVERIFY2(says(msg, path, words.toStdString()), msg.c_str());
    }

    void tuNumbersAndSizes() {
        QTemporaryDir dir;
        auto tu = [&](const std::string& name, const std::string& a, const std::string& ind, const std::string& lab) {
            write(dir, name + "/X_A.txt", a);
            write(dir, name + "/X_graph_indicator.txt", ind);
            write(dir, name + "/X_graph_labels.txt", lab);
            return dir.path().toStdString() + "/" + name;
        };
        const std::pair<std::string, std::string> cases[] = {
            {tu("float_id", "1, 2\n2, 1.5\n", "1\n1\n", "0\n"), "X_A.txt:2: expected a node id (digits only"},
            {tu("gid", "1, 2\n2, 1\n", "1\n1000000000000\n", "0\n"), "X_graph_indicator.txt:2: expected a graph id of at most"},
            {tu("lnan", "1, 2\n2, 1\n", "1\n1\n", "nan\n"), "X_graph_labels.txt:1: expected a class label (an integer)"},
            {tu("lfloat", "1, 2\n2, 1\n", "1\n1\n", "0.5\n"), "X_graph_labels.txt:1: expected a class label (an integer)"},
            {tu("three", "1, 2, 3\n2, 1\n", "1\n1\n", "0\n"), "X_A.txt:1: expected 'i, j'"}};
        for (const auto& c : cases) {
            const std::string& path = c.first;
            const std::string msg = refusal([&] { io::loadDataset(path); });
            QVERIFY2(msg.find(c.second) != std::string::npos && msg.rfind(path, 0) == 0, msg.c_str());
        }
    }

    void ginNumbersAndSizes() {
        QTemporaryDir dir;
        const std::pair<std::string, std::string> cases[] = {
            {"1000000000000\n2 0\n0 1 1\n0 1 0\n", ":1: expected the number of graphs (at most"},
            {"1\n4294967299 0\n0 1 1\n0 1 0\n", ":2: expected the node count of graph 1 (at most"},
            {"1\n2147483647 0\n0 1 1\n", ":2: graph 1 declares 2147483647 nodes, but only"},
            {"1\n2 nan\n0 1 1\n0 1 0\n", ":2: expected the class label of graph 1 (an integer)"},
            {"1\n2 0\n0 1.5 1\n0 1 0\n", ":3: expected the neighbour count"},
            {"1\n2 0\n0 1 1 inf\n0 1 0 1.0\n", ":3: expected a node attribute (a finite number)"}};
        int k = 0;
        for (const auto& [text, words] : cases) {
            const std::string path = write(dir, "gin" + std::to_string(k++) + "/G.txt", text);
            const std::string msg = refusal([&] { io::loadDataset(path.substr(0, path.size() - 6)); });
            QVERIFY2(says(msg, path, words), msg.c_str());
        }
    }

    // A gzip file that expands a thousandfold is read while streaming and stopped by the parser as soon
    // as the content goes wrong (here after the one graph it declares), never materialised first.
    void compressedBombIsStoppedByContent() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/bomb/G.txt.gz";
        QDir().mkpath(dir.path() + "/bomb");
        gzFile gz = gzopen(path.c_str(), "wb9");
        gzputs(gz, "1\n2 0\n0 1 1\n0 1 0\n");
        const std::string block(1 << 20, '#');
        for (int i = 0; i < 64; ++i) gzwrite(gz, block.data(), unsigned(block.size()));
        gzclose(gz);
        // 64 MiB from about 64 KB: refused by the decompression limit (io/InflationLimit.h) while it expands ...
        const std::string bomb = refusal([&] { io::loadDataset(dir.path().toStdString() + "/bomb"); });
        QVERIFY2(says(bomb, path, "a decompression bomb?"), bomb.c_str());
        // ... and, with the limit raised (--max-input-size), by its content.
        io::setMaxInputBytes(double(1 << 30));
        const std::string msg = refusal([&] { io::loadDataset(dir.path().toStdString() + "/bomb"); });
        io::setMaxInputBytes(0);
        QVERIFY2(says(msg, path, "unexpected content after the 1 graphs"), msg.c_str());
    }

    // Recursive parsers (Boost's DOT reader) never see a file nested 10⁵ levels deep, nor does the GraphML reader
    // keep 10⁵ open elements (here inside a <data> value, where any element may go).
    void deepNestingIsRefusedBeforeParsing() {
        QTemporaryDir dir;
        const int deep = 100000;
        std::string xml = "<?xml version=\"1.0\"?>\n<graphml><key id=\"d\" for=\"graph\"/><graph edgedefault=\"undirected\"><data key=\"d\">";
        for (int i = 0; i < deep; ++i) xml += "<x>";
        std::string dot = "graph G {\n";
        for (int i = 0; i < deep; ++i) dot += "subgraph {";
        for (const auto& [name, text] : {std::pair<std::string, std::string>{"deep.graphml", xml}, {"deep.dot", dot}}) {
            const std::string path = write(dir, name, text);
            const std::string msg = refusal([&] { io::loadDataset(path); });
            QVERIFY2(says(msg, path + ":2", "nested deeper than 256 levels"), msg.c_str());
        }
        const std::string json(200000, '[');
        const std::string spec = write(dir, "deep.json", json);
        const std::string msg = refusal([&] { experiment::SweepSpec::load(spec); });
        QVERIFY2(says(msg, spec + ":1", "JSON nested deeper than 64 levels"), msg.c_str());
    }

    // GraphML is read as XML: what a comment, CDATA section, character reference or namespace hides or names is
    // what XML says, where raw-text checks misread it (issue 65). Each of these was let through before.
    void graphMLLookAlikesAreNotStructure() {
        QTemporaryDir dir;
        const std::string head = "<?xml version=\"1.0\"?>\n<graphml><key id=\"d\" for=\"node\"/><graph edgedefault=\"undirected\">\n";
        const std::pair<std::string, std::string> cases[] = {
            // a node declared only inside a comment is no node
            {"<!-- <node id=\"c\"/> -->\n<node id=\"a\"/>\n<edge source=\"a\" target=\"c\"/>\n", ":5: edge target \"c\" is not a declared node"},
            // nor one inside CDATA, which is text
            {"<node id=\"a\"><data key=\"d\"><![CDATA[<node id=\"z\"/>]]></data></node>\n<edge source=\"z\" target=\"a\"/>\n",
             ":4: edge source \"z\" is not a declared node"},
            // a duplicate id hidden by a character reference (&#97; is "a") or by the other quote
            {"<node id=\"a\"/>\n<node id=\"&#97;\"/>\n", ":4: node id \"a\" is declared twice (first on line 3)"},
            {"<node id=\"a\"/>\n<node id='a'/>\n", ":4: node id \"a\" is declared twice (first on line 3)"},
            // a <node> of another namespace is not a GraphML node
            {"<node id=\"a\"/>\n<o:node xmlns:o=\"urn:other\" id=\"b\"/>\n<edge source=\"a\" target=\"b\"/>\n", ":5: edge target \"b\" is not a declared node"},
            {"<node id=\"a\"><graph/></node>\n", ":3: nested graphs are not supported"},
            {"<node id=\"a\"/></graph><graph>\n", ":3: a second <graph> (the first is on line 2)"},
            {"<node id=\"a\"/><node>\n", ":3: a <node> without an id attribute"}};
        int k = 0;
        for (const auto& [body, words] : cases) {
            const std::string path = write(dir, "g" + std::to_string(k++) + ".graphml", head + body + "</graph></graphml>\n");
            const std::string msg = refusal([&] { io::loadGraphML(path); });
            QVERIFY2(says(msg, path + words, ""), msg.c_str());
        }
        // A DOCTYPE with an entity expansion bomb (10 levels of 10 references: 10¹⁰ "lol") is refused at once.
        std::string bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [\n<!ENTITY l0 \"lol\">\n";
        for (int i = 1; i <= 10; ++i) {
            bomb += "<!ENTITY l" + std::to_string(i) + " \"";
            for (int j = 0; j < 10; ++j) bomb += "&l" + std::to_string(i - 1) + ";";
            bomb += "\">\n";
        }
        bomb += "]>\n<graphml><graph><node id=\"&l10;\"/></graph></graphml>\n";
        const std::string path = write(dir, "bomb.graphml", bomb);
        QElapsedTimer clock;
        clock.start();
        const std::string msg = refusal([&] { io::loadGraphML(path); });
        QVERIFY2(says(msg, path + ":2", "a document type declaration (<!DOCTYPE …>) is not accepted"), msg.c_str());
        QVERIFY(clock.elapsed() < 1000);
    }

    // GML is parsed without recursion: 10⁵ and 10⁶ nested lists (inside the graph, where any list may go) are
    // refused at level 257 in well under a second, as is every other malformed file, naming its line and key.
    void gmlHostileInputs() {
        QTemporaryDir dir;
        for (const int deep : {100000, 1000000}) {
            std::string text = "graph [ node [ id 0 ]\n";
            text.reserve(text.size() + 4 * std::size_t(deep));
            for (int i = 0; i < deep; ++i) text += "a [ ";
            const std::string path = write(dir, "deep" + std::to_string(deep) + ".gml", text);
            QElapsedTimer clock;
            clock.start();
            const std::string msg = refusal([&] { io::loadDataset(path); });
            QVERIFY2(says(msg, path + ":2", "lists nested deeper than 256 levels (at key 'a')"), msg.c_str());
            QVERIFY(clock.elapsed() < 1000);
        }
        const std::pair<std::string, std::string> cases[] = {
            {"graph [ node [ id 0 ]\n name \"" + std::string(1 << 21, 'x'), ":2: a string longer than 1048576 bytes"},
            {"graph [ node [ id 0 ]\n name \"&unknown;\" ]", ":2: unknown entity &unknown;"},
            {"graph [ node [ id 0 ]\n edge [ source 0 ] ]", ":2: an edge without a 'target'"},
            {"graph [ node [ id 0 ]\n edge [ source 0 target 1 ]", ":2: edge 'target' 1 is no node's id"},
            {"graph [ node [\n id 1" + std::string(400, '0') + " ] ]", ":2: node 'id': the integer 1000"},
            // numbers beyond any range in attributes are kept as written: only the stray ']' after them is refused
            {"graph [ node [ id 0 ]\n x 1e99999 y 1" + std::string(100000, '9') + " ]", ":3: a ']' without its '['"},
            {std::string("graph [ node [ id 0 ]\n") + '\0', ":2: a NUL byte (is this a binary file?)"}};
        int k = 0;
        for (const auto& [text, words] : cases) {
            const std::string path = write(dir, "h" + std::to_string(k++) + ".gml", text + "\n]\n");
            const std::string msg = refusal([&] { io::loadDataset(path); });
            QVERIFY2(says(msg, path + words, ""), msg.c_str());
        }
    }

    // A DOT file: braces in comments and strings do not nest; braces in code do, even right after what looks like
    // an HTML string or a comment to a lexer that reads DOT differently from Boost's parser.
    void dotNestingIsMeasuredOnCode() {
        QTemporaryDir dir;
        std::string deep;
        for (int i = 0; i < 100000; ++i) deep += "subgraph {";
        const std::pair<std::string, std::string> cases[] = {
            {"graph G {\n" + deep, ":2: nested deeper than 256 levels"},
            // Boost ends an HTML string after the empty tag <<a/>; what follows is code, however many '<' precede it
            {"graph G {\na -- <<a/>\n" + deep + ">\n", ":3: nested deeper than 256 levels"},
            // a // comment ends at a carriage return
            {"graph G {\na -- b // x\r" + deep + "\n", ":2: nested deeper than 256 levels"},
            {"graph G {\na -- \"b\n", ":2: a quoted string opened on this line is never closed"},
            {"graph G {\n/* a -- b\n", ":2: a /* comment opened on this line is never closed"}};
        int k = 0;
        for (const auto& [text, words] : cases) {
            const std::string path = write(dir, "g" + std::to_string(k++) + ".dot", text);
            const std::string msg = refusal([&] { io::loadDot(path); });
            QVERIFY2(says(msg, path + words, ""), msg.c_str());
        }
    }

    // A named pipe in place of a file would block a reader forever: refused by name, for every reader.
    void specialFilesAreRefused() {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        for (const char* name : {"g.edges", "g.graphml", "s.json", "p.json", "d.json"}) QCOMPARE(::mkfifo((base + "/" + name).c_str(), 0600), 0);
        QDir().mkpath(dir.path() + "/tu");
        write(dir, "tu/X_graph_indicator.txt", "1\n1\n");
        write(dir, "tu/X_graph_labels.txt", "0\n");
        QCOMPARE(::mkfifo((base + "/tu/X_A.txt").c_str(), 0600), 0);
        const std::string msgs[] = {refusal([&] { io::loadDataset(base + "/g.edges"); }),
                                    refusal([&] { io::loadDataset(base + "/g.graphml"); }),
                                    refusal([&] { io::loadDataset(base + "/tu"); }),
                                    refusal([&] { experiment::SweepSpec::load(base + "/s.json"); }),
                                    refusal([&] { PatternSet::load(base + "/p.json"); }),
                                    refusal([&] { depthlab::loadDepthSpec(base + "/d.json"); })};
        for (const auto& m : msgs) QVERIFY2(m.find("pipe, socket or device") != std::string::npos, m.c_str());
    }

    // Symlinks are followed once by open(2); what is checked is the opened object itself.
    void symlinksAreResolvedOnce() {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        write(dir, "real.edges", "0 1\n1 2\n");
        QCOMPARE(::symlink((base + "/real.edges").c_str(), (base + "/link.edges").c_str()), 0);
        QCOMPARE(io::loadDataset(base + "/link.edges").graphs.at(0).numEdges(), 2);
        QCOMPARE(::mkfifo((base + "/pipe").c_str(), 0600), 0);
        QCOMPARE(::symlink((base + "/pipe").c_str(), (base + "/pipe.edges").c_str()), 0);
        QCOMPARE(::symlink((base + "/pipe").c_str(), (base + "/pipe.json").c_str()), 0);
        const std::string viaLink[] = {refusal([&] { io::loadDataset(base + "/pipe.edges"); }),
                                       refusal([&] { experiment::SweepSpec::load(base + "/pipe.json"); })};
        for (const auto& m : viaLink) QVERIFY2(m.find("pipe, socket or device") != std::string::npos, m.c_str());
        QCOMPARE(::symlink((base + "/nowhere").c_str(), (base + "/dangling.json").c_str()), 0);
        const std::string dangling = refusal([&] { experiment::SweepSpec::load(base + "/dangling.json"); });
        QVERIFY2(says(dangling, base + "/dangling.json", "no such file"), dangling.c_str());
    }

    void jsonSpecsNameTheKeyPath_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("words");
        QTest::newRow("duplicate key") << R"({"dataset": "builtin:csl",
  "dataset": "builtin:sbm-cycles"})" << ":2: duplicate key \"/dataset\"";
        QTest::newRow("duplicate nested key") << R"({"patterns": {"class": "trees", "class": "treewidth:2"}})" << "duplicate key \"/patterns/class\"";
        QTest::newRow("budget value type") << R"({"budget": {"values": [1, 2, 3, "x"]}})" << "field \"/budget/values/3\": expected a positive number";
        QTest::newRow("float where an integer belongs") << R"({"patterns": {"d": 5.7}})" << "field \"/patterns/d\": expected an integer";
        QTest::newRow("d beyond the limit") << R"({"patterns": {"d": 1000000000}})" << "field \"/patterns/d\": expected an integer in [1, 100000]";
        QTest::newRow("size law mean") << R"({"patterns": {"size_mean": 1000000}})" << "field \"/patterns/size_mean\": expected a number in [1, 64]";
        QTest::newRow("unknown nested key") << R"({"learner": {"kind": "knn", "neighbours": 3}})" << "unknown field \"/learner/neighbours\"";
        QTest::newRow("delta out of range") << R"({"mechanisms": [{"mechanism": "gaussian"}, {"delta": 7}]})" << "field \"/mechanisms/1/delta\"";
        QTest::newRow("negative seed") << R"({"noise_seeds": [1, -1]})" << "field \"/noise_seeds/1\"";
        QTest::newRow("D as a string") << R"({"mechanism": {"degree_bound": "6"}})" << "field \"/mechanism/degree_bound\": expected an integer";
    }
    void jsonSpecsNameTheKeyPath() {
        QFETCH(QString, text);
        QFETCH(QString, words);
        QTemporaryDir dir;
        const std::string path = write(dir, "spec.json", text.toStdString());
        const std::string msg = refusal([&] { experiment::SweepSpec::load(path); });
        QVERIFY2(says(msg, path, words.toStdString()), msg.c_str());
    }

    // docs/hostile-input.md quotes two refusals: they must be the messages the code gives.
    void theDocsQuoteTheSpecMessagesAsTheyAre() {
        std::ifstream in(std::string(PX_SOURCE_DIR) + "/docs/hostile-input.md");
        const std::string docs((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY(!docs.empty());
        for (const char* spec : {R"({"budget": {"values": [1, 2, 3, "x"]}})", R"({"patterns": {"d": 5.7}})"}) {
            const std::string msg = refusal([&] { experiment::SweepSpec::fromJson(spec, "spec.json"); });
            QVERIFY2(docs.find("`" + msg + "`") != std::string::npos, msg.c_str());
        }
    }

    void depthSpecsCheckKindsRangesAndWork() {
        auto msg = [](nlohmann::json spec) { return refusal([&] { depthlab::runDepthExperiment(spec, "d.json"); }); };
        QVERIFY(says(msg({{"experiment", "cosera-grid"}, {"p", 7}}), "d.json", "field \"/p\": expected an edge probability in [0, 1]"));
        QVERIFY(says(msg({{"experiment", "sbm-sweep"}, {"q", -0.5}}), "d.json", "field \"/q\""));
        QVERIFY(says(msg({{"experiment", "cosera-grid"}, {"n", 60.9}}), "d.json", "field \"/n\": expected an integer"));
        QVERIFY(says(msg({{"experiment", "cosera-grid"}, {"trials", 100000000}}), "d.json", "field \"/trials\": expected repetitions in [1, 1000]"));
        QVERIFY(says(msg({{"experiment", "sbm-sweep"}, {"p", {0.1, 1.5}}}), "d.json", "field \"/p/1\""));
        QVERIFY(says(msg({{"experiment", "cosera-grid"}, {"n", 100000}, {"trials", 10}}), "d.json", "minutes of work"));
        QTemporaryDir dir;
        const std::string dup = write(dir, "dup.json", "{\"experiment\": \"nag\", \"depth\": 2,\n\"depth\": 3}");
        QVERIFY(says(refusal([&] { depthlab::loadDepthSpec(dup); }), dup + ":2", "duplicate key \"/depth\""));
    }

    // LINQS features are stored as float: NaN, ±inf and values beyond a float are refused (a NaN feature
    // once made the propagation experiment hang).
    void linqsFeaturesAreFiniteFloats() {
        QTemporaryDir dir;
        const std::pair<std::string, std::string> cases[] = {{"a nan 1 A\nb 0 1 B\n", ":1: expected a feature value (a finite number), found 'nan'"},
                                                             {"a 1e39 1 A\nb 0 1 B\n", ":1: feature value 1e39 does not fit a float"},
                                                             {"a inf 1 A\nb 0 1 B\n", ":1: expected a feature value (a finite number)"}};
        int k = 0;
        for (const auto& [content, words] : cases) {
            const std::string folder = "linqs" + std::to_string(k++);
            const std::string path = write(dir, folder + "/x.content", content);
            write(dir, folder + "/x.cites", "a b\n");
            const std::string msg = refusal([&] { io::loadLinqs(dir.path().toStdString() + "/" + folder); });
            QVERIFY2(says(msg, path, words), msg.c_str());
        }
    }

    // A LINQS folder opened as a graph data set says where it belongs.
    void nodeDataOpenedAsGraphDataSaysWhereToGo() {
        QTemporaryDir dir;
        write(dir, "cora/cora.content", "a 1 A\nb 0 B\n");
        write(dir, "cora/cora.cites", "a b\n");
        const std::string msg = refusal([&] { io::loadDataset(dir.path().toStdString() + "/cora"); });
        QVERIFY2(msg.find("node-classification data (LINQS") != std::string::npos && msg.find("Depth lab") != std::string::npos, msg.c_str());
    }

    // A LINQS folder whose every citation names an unknown id leaves no edge: the depth lab says which spec field and folder,
    // what the loader dropped, and why the experiment cannot run (instead of "attack metrics need both ...").
    void depthLabSaysWhichDataSetCannotBeAttackedAndWhy() {
        QTemporaryDir dir;
        write(dir, "citeseer/citeseer.content", "a 1 0 A\nb 0 1 B\nc 1 1 A\n");
        write(dir, "citeseer/citeseer.cites", "x y\nz a\n");
        const std::string folder = dir.path().toStdString() + "/citeseer";
        const std::string msg = refusal([&] {
            depthlab::runDepthExperiment({{"experiment", "nag"}, {"data", folder}, {"features", 2}, {"trials", 1}}, "d.json");
        });
        // The spec and its field first (the folder came from "/data"), then the folder and why.
        QVERIFY2(says(msg, "d.json: field \"/data\": " + folder, "no edge is left among its 3 nodes; ") && msg.find("2 citations of ids not in") != std::string::npos &&
                     msg.find("need both edges and non-edges") != std::string::npos,
                 msg.c_str());
    }

    // A binary file opened as data: the message names the file and says it looks binary, with no row of '?'
    // where its bytes would be (what a terminal or the app's dialog shows); one stray byte in text stays quoted.
    void aBinaryFileIsSaidToBeOneWithoutItsBytes() {
        QTemporaryDir dir;
        std::string bytes;
        Rng rng(3);
        for (int i = 0; i < 3000; ++i) bytes += char(rng.below(256));
        const std::string path = write(dir, "photo.txt", bytes);
        const std::string msg = refusal([&] { io::loadDataset(path); });
        QVERIFY2(msg.rfind(path + ":", 0) == 0 && msg.find("binary bytes (the input looks like a binary file, not text)") != std::string::npos &&
                     msg.find('?') == std::string::npos && msg.size() < path.size() + 160,
                 msg.c_str());
        const std::string stray = write(dir, "edges.txt", "0 1\n1 2\x01\n");
        const std::string one = refusal([&] { io::loadDataset(stray); });
        QVERIFY2(one.find('?') != std::string::npos && one.find("binary") == std::string::npos, one.c_str());
    }

    void patternFilesAreChecked() {
        QTemporaryDir dir;
        const std::string head = R"({"format": "pxstudio-patterns", "version": 1, "params": {"class": "trees"}, "patterns": )";
        const std::pair<std::string, std::string> cases[] = {
            {head + R"([{"m": 5.7, "edges": [], "elimination_order": [0]}]})", "field \"/patterns/0/m\": expected an integer"},
            {head + R"([{"m": 2, "edges": [[0, 1, 2]], "elimination_order": [0, 1]}]})", "field \"/patterns/0/edges/0\": expected a pair"},
            {head + R"([{"m": 2, "edges": [[0, 0]], "elimination_order": [0, 1]}]})", "no self loops"},
            {head + R"([{"m": 2, "edges": [[0, 1]], "elimination_order": [0, 0]}]})", "each vertex 0..m-1 once"},
            {head + R"([{"m": 4, "edges": [[0, 1], [1, 2], [2, 3]], "elimination_order": [1, 2, 0, 3]}]})",
             "field \"/patterns/0/elimination_order\": its width is 2, above 1, the treewidth bound of the file's class trees"},
            {R"({"format": "pxstudio-patterns", "format": "x"})", "duplicate key \"/format\""}};
        int k = 0;
        for (const auto& [text, words] : cases) {
            const std::string path = write(dir, "p" + std::to_string(k++) + ".json", text);
            const std::string msg = refusal([&] { PatternSet::load(path); });
            QVERIFY2(says(msg, path, words), msg.c_str());
        }
    }

    // What Boost's GraphML reader, a labels file and a depth spec used to let through silently.
    void silentAcceptancesAreRefused() {
        QTemporaryDir dir;
        const std::string head = "<?xml version=\"1.0\"?>\n<graphml><graph edgedefault=\"undirected\">\n";
        const std::string dupId = write(dir, "dup.graphml", head + "<node id=\"a\"/>\n<node id=\"b\"/>\n<node id=\"a\"/>\n"
                                                               "<edge source=\"a\" target=\"b\"/>\n</graph></graphml>\n");
        std::string msg = refusal([&] { io::loadGraphML(dupId); });
        QVERIFY2(says(msg, dupId + ":5", "node id \"a\" is declared twice (first on line 3)"), msg.c_str());
        const std::string undeclared = write(dir, "undeclared.graphml", head + "<node id=\"a\"/>\n<node id=\"b\"/>\n"
                                                                        "<edge source=\"a\" target=\"c\"/>\n</graph></graphml>\n");
        msg = refusal([&] { io::loadGraphML(undeclared); });
        QVERIFY2(says(msg, undeclared + ":5", "edge target \"c\" is not a declared node"), msg.c_str());

        write(dir, "folder/g1.txt", "0 1\n");
        write(dir, "folder/g2.txt", "0 1\n1 2\n");
        const std::string labels = write(dir, "folder/labels.csv", "g1.txt,0\ng2.txt,1\ng1.txt,0\ng1.txt,1\n");
        msg = refusal([&] { io::loadGraphFolder(dir.path().toStdString() + "/folder"); });
        QVERIFY2(says(msg, labels + ":4", "graph file 'g1.txt' is given a second, different label"), msg.c_str());

        msg = refusal([&] { depthlab::runDepthExperiment({{"experiment", "propagation"}, {"data", "builtin:sbm-nodes"}, {"min_degree", 100000}}, "d.json"); });
        QVERIFY2(says(msg, "d.json", "field \"/min_degree\": 100000 is above every degree"), msg.c_str());
        NodeDataset nodes = depthlab::loadNodeData("builtin:sbm-nodes");
        int lowest = nodes.graph.maxDegree();
        for (int v = 0; v < nodes.numNodes(); ++v) lowest = std::min(lowest, nodes.graph.degree(v));
        const nlohmann::json broken = {{"experiment", "propagation"}, {"min_degree", lowest + 1}};
        msg = refusal([&] { depthlab::runDepthExperiment(broken, "d.json", noProgress(), &nodes); });
        QVERIFY2(says(msg, "d.json", "whose minimum degree is " + std::to_string(lowest)), msg.c_str());
        nodes.features.resize(nodes.numNodes(), 0);
        msg = refusal([&] { depthlab::runDepthExperiment({{"experiment", "propagation"}}, "d.json", noProgress(), &nodes); });
        QVERIFY2(msg.find("the nodes have no features (0 columns)") != std::string::npos, msg.c_str());
    }

    // A symbolic link loop is named as one, not as a missing file (ELOOP read as ENOENT sent users looking for a
    // file that is there), by every path of the loaders: data sets, JSON inputs, LINQS folders, OGB's files.
    void symlinkLoopsAreCalledLoops() {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QCOMPARE(::symlink((base + "/b.edges").c_str(), (base + "/a.edges").c_str()), 0);
        QCOMPARE(::symlink((base + "/a.edges").c_str(), (base + "/b.edges").c_str()), 0);
        QCOMPARE(::symlink((base + "/self").c_str(), (base + "/self").c_str()), 0);
        write(dir, "ogb/raw/num-node-list.csv", "2\n");
        write(dir, "ogb/raw/num-edge-list.csv", "1\n");
        QCOMPARE(::symlink((base + "/ogb/raw/edge.csv").c_str(), (base + "/ogb/raw/edge.csv").c_str()), 0);
        const std::pair<std::string, std::string> cases[] = {
            {refusal([&] { io::loadDataset(base + "/a.edges"); }), base + "/a.edges: a symbolic link loop"},
            {refusal([&] { experiment::SweepSpec::load(base + "/self"); }), base + "/self: cannot open file: a symbolic link loop"},
            {refusal([&] { io::loadLinqs(base + "/self"); }), base + "/self: a symbolic link loop"},
            {refusal([&] { io::loadOgb(base + "/ogb"); }), base + "/ogb/raw/edge.csv: a symbolic link loop"}};
        for (const auto& [msg, expected] : cases) QVERIFY2(msg.rfind(expected, 0) == 0, msg.c_str());
        // a missing file is still called missing
        const std::string missing = refusal([&] { io::loadDataset(base + "/nowhere.edges"); });
        QVERIFY2(says(missing, base + "/nowhere.edges", "no such file or folder"), missing.c_str());
    }

    // A file name holding a line feed or an escape sequence cannot forge a line of an error or warning, nor drive
    // the terminal: every message quoting a path escapes its control characters (\n, \xNN), errors and warnings alike.
    void controlCharactersInPathsAreEscaped() {
        QTemporaryDir dir;
        const std::string name = "g\npxrun: error: forged\x1b[2J\x7f.edges", shown = "g\\npxrun: error: forged\\x1b[2J\\x7f.edges";
        const std::string path = write(dir, name, "0 1\n1 1\n1 2\n1 2\n");
        const auto clean = [](const std::string& m) {
            return std::none_of(m.begin(), m.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
        };
        std::vector<std::string> warnings = io::loadDataset(path).warnings;  // a self loop and a duplicate edge dropped
        QCOMPARE(int(warnings.size()), 2);
        const std::string spec = write(dir, "s\n.json", "{\"budget\": {\"values\": [\"x\"]}}");
        write(dir, "linqs\x01/x.content", "a 1 A\nb 0 B\n");
        const std::string messages[] = {
            refusal([&] { io::loadDataset(dir.path().toStdString() + "/missing\n.edges"); }),
            refusal([&] { io::loadDataset(write(dir, "bad" + name, "0 x\n")); }),
            refusal([&] { experiment::SweepSpec::load(spec); }),
            refusal([&] { io::loadLinqs(dir.path().toStdString() + "/linqs\x01"); }),
            refusal([&] { checkMemory(path + ":7", "a test", 1e30); }),
            refusal([&] { experiment::SweepSpec::fromJson("{\"learner\": {\"k\\nerror: x\": 1}}", "k.json"); }),
            warnings[0], warnings[1]};
        for (const std::string& m : messages) QVERIFY2(clean(m), m.c_str());
        QVERIFY2(messages[0].find("missing\\n.edges: no such file or folder") != std::string::npos, messages[0].c_str());
        QVERIFY2(messages[1].find("/bad" + shown + ":1: expected a vertex id") != std::string::npos, messages[1].c_str());
        QVERIFY2(messages[2].find("s\\n.json: field \"/budget/values/0\"") != std::string::npos, messages[2].c_str());
        QVERIFY2(messages[3].find("linqs\\x01/x.cites: missing citation file next to") != std::string::npos &&
                     messages[3].find("linqs\\x01/x.content") != std::string::npos, messages[3].c_str());
        QVERIFY2(messages[4].find(shown + ":7: a test needs about") != std::string::npos, messages[4].c_str());
        QVERIFY2(messages[5].find("unknown field \"/learner/k\\nerror: x\"") != std::string::npos, messages[5].c_str());  // a key path too
        QVERIFY2(warnings[0].find(shown + ":2: self loop") != std::string::npos, warnings[0].c_str());
        try {
            io::loadDataset(dir.path().toStdString() + "/missing\n.edges");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), dir.path().toStdString() + "/missing\n.edges");  // the path itself, for programs
        }
        QCOMPARE(printablePath("tab\there \\ ε"), std::string("tab\\x09here \\ ε"));  // only control characters change
    }

    // A number beyond a double (1e400) is refused naming the field, in the reader's words, not as the JSON library's
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'"; a syntax error loses the library's tag too.
    void aNumberBeyondADoubleNamesItsField() {
        const std::string big = refusal([] { experiment::SweepSpec::fromJson("{\"budget\": {\"values\": [1,\n -1e400]}}", "spec.json"); });
        QCOMPARE(big, std::string("spec.json:2: field \"/budget/values/1\": the number -1e400 is out of range (a number must lie within ±1.8e308)"));
        const std::string top = refusal([] { parseJsonInput("1e999", "n.json"); });
        QVERIFY2(top.rfind("n.json:1: the number 1e999 is out of range", 0) == 0, top.c_str());
        const std::string syntax = refusal([] { parseJsonInput("{\"a\": tru}", "s.json"); });
        QVERIFY2(syntax.rfind("s.json:1: not valid JSON: at column ", 0) == 0 && syntax.find("json.exception") == std::string::npos, syntax.c_str());
    }
};

QTEST_APPLESS_MAIN(TestHostile)
#include "tst_hostile.moc"
