// Class labels of a folder of graph files (io/LabelSources.h, io/LabelCsv.h) and the data set preview
// (io/DatasetPreview.h), on folders the test writes: GraphML graph keys, labels.csv with and without a header,
// the Auto choice, every refusal, a RapidCheck property over random label assignments, and the sweep spec's
// "labels" field (a RapidCheck property: any string round-trips or is refused naming the field).
#include "TestSupport.h"
#include "common/Error.h"
#include "io/DatasetPreview.h"
#include "experiment/SweepSpec.h"
#include "io/Loaders.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cctype>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include "PropertySupport.h"
#include <rapidcheck.h>

using namespace px;

namespace {
std::string put(const std::string& folder, const std::string& name, const std::string& text) {
    const std::string path = folder + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}
std::string xmlEscaped(const std::string& s) {
    std::string out;
    for (const char c : s) out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '"' ? "&quot;" : std::string(1, c);
    return out;
}
// A triangle (or a path, for odd k) in GraphML with the given graph-level data.
std::string graphML(int k, const std::map<std::string, std::string>& data) {
    std::string s = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
    for (const auto& [key, value] : data)
        s += "<key id=\"k_" + xmlEscaped(key) + "\" for=\"graph\" attr.name=\"" + xmlEscaped(key) + "\" attr.type=\"string\"/>\n";
    s += "<graph edgedefault=\"undirected\">\n";
    for (const auto& [key, value] : data) s += "<data key=\"k_" + xmlEscaped(key) + "\">" + xmlEscaped(value) + "</data>\n";
    s += "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/><edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/>\n";
    if (k % 2 == 0) s += "<edge source=\"c\" target=\"a\"/>\n";
    return s + "</graph>\n</graphml>\n";
}
// A field quoted as RFC 4180 asks when it holds a comma, a quote or surrounding spaces.
std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"") == std::string::npos && s.front() != ' ' && s.back() != ' ') return s;
    std::string out = "\"";
    for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}
// The message of the InputError `load` throws (empty if none), checked to name `file` and `line`.
std::string refusal(const std::function<void()>& load, const std::string& file, long line) {
    try {
        load();
    } catch (const InputError& e) {
        if (e.line() != line || e.file().size() < file.size() || e.file().compare(e.file().size() - file.size(), file.size(), file) != 0)
            return std::string("wrong place: ") + e.what();
        return e.what();
    }
    return "accepted";
}
bool has(const std::string& text, const std::string& words) { return text.find(words) != std::string::npos; }
io::FolderLabels choice(const std::string& spec) { return io::FolderLabels::parse(spec); }
// What a label source string must read as, written from io/LabelSources.h's rule: auto or none (any case, no
// colon), or csv / graphml (any case) alone or with a non-empty name after the first colon; "" when refused.
std::string expectedSource(const std::string& text) {
    const std::size_t colon = text.find(':');
    std::string kind = text.substr(0, colon);
    for (char& c : kind) c = char(std::tolower(static_cast<unsigned char>(c)));
    const bool named = colon != std::string::npos;
    if (kind == "auto" || kind == "none") return named ? "" : kind;
    if (kind != "csv" && kind != "graphml") return "";
    if (!named) return kind;
    const std::string name = text.substr(colon + 1);
    return name.empty() ? "" : kind + ":" + name;
}
std::vector<int> classesOf(const Dataset& ds) {
    std::vector<int> out;
    for (int i = 0; i < ds.size(); ++i) out.push_back(int(ds.labels(i, 0)));
    return out;
}

// Five GraphML graphs with the graph key `class` (strings) and `split`; labels.csv optional.
struct Folder {
    QTemporaryDir dir;
    std::string path = dir.path().toStdString();
    void molecules() {
        const char* classes[] = {"mutagen", "inert", "mutagen", "inert, mostly", "inert"};
        for (int k = 0; k < 5; ++k) put(path, "m" + std::to_string(k) + ".graphml", graphML(k, {{"class", classes[k]}, {"split", "train"}}));
    }
};
}  // namespace

class TestLabelSources : public QObject {
    Q_OBJECT
private slots:
    void graphMLKeyWithStringLabels() {
        Folder f;
        f.molecules();
        const Dataset ds = io::loadDataset(f.path);  // Auto: the one graph key named class
        QCOMPARE(int(ds.tasks.size()), 1);
        QCOMPARE(ds.tasks[0].type, TaskType::MultiClass);
        // classes in byte order: "inert" 0, "inert, mostly" 1, "mutagen" 2
        QCOMPARE(classesOf(ds), (std::vector<int>{2, 0, 2, 1, 0}));
        bool noted = false;
        for (const std::string& n : ds.notes) noted = noted || has(n, "0 = 'inert', 1 = 'inert, mostly', 2 = 'mutagen'");
        QVERIFY(noted);
        const Dataset same = io::loadGraphFolder(f.path, choice("graphml:class"));
        QCOMPARE(classesOf(same), classesOf(ds));
        QCOMPARE(same.contentHash(), ds.contentHash());
        const Dataset bySplit = io::loadGraphFolder(f.path, choice("graphml:split"));  // one class
        QCOMPARE(classesOf(bySplit), (std::vector<int>{0, 0, 0, 0, 0}));
        QCOMPARE(io::loadGraphFolder(f.path, choice("none")).tasks.size(), std::size_t(0));
    }

    void headedCsvChoosesColumnsByName() {
        Folder f;
        f.molecules();
        put(f.path, "labels.csv", "Graph, split ,label\nm0.graphml,train,1\nm1.graphml,test,0\n\"m2.graphml\",train,1\n"
                                  "m3.graphml,valid,2\nm4.graphml,train,0\n");
        io::FolderLabelReport report;
        const Dataset ds = io::loadGraphFolder(f.path, choice("auto"), &report);  // labels.csv before the graph key
        QCOMPARE(classesOf(ds), (std::vector<int>{1, 0, 1, 2, 0}));
        QCOMPARE(report.chosen, std::string("labels.csv column 'label'"));
        QCOMPARE(ds.tasks.at(0).origin, report.chosen);  // the data set keeps where its labels came from
        QCOMPARE(report.csvColumns, (std::vector<std::string>{"split", "label"}));  // the file column is no choice of labels
        QVERIFY(ds.split);  // the split column is the split
        QCOMPARE(ds.split->train, (std::vector<int>{0, 2, 4}));
        QCOMPARE(ds.split->valid, (std::vector<int>{3}));
        QCOMPARE(ds.split->test, (std::vector<int>{1}));
        try {  // and asked for as one, it is named as the file column
            io::loadGraphFolder(f.path, choice("csv:Graph"));
            QFAIL("the file column was taken as labels");
        } catch (const InputError& e) {
            QVERIFY2(has(e.what(), "labels.csv:1: 'Graph' is the column of file names, not of labels; label columns: 'split', 'label'"), e.what());
        }
        QCOMPARE(report.classNames, (std::vector<std::string>{"0", "1", "2"}));
        QCOMPARE(ds.tasks[0].classNames, report.classNames);  // the data set keeps them (the views' legends)
        const Dataset bySplit = io::loadGraphFolder(f.path, choice("csv:split"));
        QCOMPARE(classesOf(bySplit), (std::vector<int>{1, 0, 1, 2, 1}));  // test, train, valid
        QVERIFY(!bySplit.split);  // the labels' column is no split, and a note says what was done
        QVERIFY(has(bySplit.notes.back(), "the split column is taken as the class labels (asked for by name)"));
        const Dataset byClass = io::loadGraphFolder(f.path, choice("graphml:class"));
        QCOMPARE(classesOf(byClass), (std::vector<int>{2, 0, 2, 1, 0}));
        QCOMPARE(byClass.tasks[0].classNames, (std::vector<std::string>{"inert", "inert, mostly", "mutagen"}));
    }

    void unheadedCsvNumbersStringsAndSpaces() {
        QTemporaryDir dir;
        const std::string p = dir.path().toStdString();
        put(p, "a.edges", "0 1\n");
        put(p, "b,c.edges", "0 1\n1 2\n");
        put(p, "d.edges", "0 1\n");
        put(p, "labels.csv", "a.edges,5\n\n\"b,c.edges\",7\nd.edges , 5.0\n");
        Dataset ds = io::loadDataset(p);
        QCOMPARE(classesOf(ds), (std::vector<int>{0, 1, 0}));  // 5 and 5.0 are one class
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        put(p, "labels.csv", "\xEF\xBB\xBF" "a.edges,active\n\"b,c.edges\",\"in\"\"active\"\nd.edges,active\n");
        ds = io::loadDataset(p);
        QCOMPARE(classesOf(ds), (std::vector<int>{0, 1, 0}));  // "active" < "in\"active"
        put(p, "labels.csv", "a.edges 3\nd.edges\t1\n");  // no comma on line 1: split on spaces (a name with a comma cannot be given)
        QVERIFY(has(refusal([&] { io::loadDataset(p); }, "labels.csv", 0), "no label for graph file 'b,c.edges'"));
    }

    void autoChoice() {
        Folder f;
        for (int k = 0; k < 3; ++k) put(f.path, "g" + std::to_string(k) + ".graphml", graphML(k, {{"Y", std::to_string(k % 2)}, {"name", "x"}}));
        io::FolderLabelReport report;
        Dataset ds = io::loadGraphFolder(f.path, {}, &report);
        QCOMPARE(report.chosen, std::string("GraphML graph key 'Y'"));  // any case
        QCOMPARE(ds.tasks.at(0).origin, report.chosen);
        QCOMPARE(report.commonKeys, (std::vector<std::string>{"Y", "name"}));
        QCOMPARE(classesOf(ds), (std::vector<int>{0, 1, 0}));
        // a second candidate key: no choice, unlabelled as without labels, and a note says why
        for (int k = 0; k < 3; ++k) put(f.path, "g" + std::to_string(k) + ".graphml", graphML(k, {{"Y", "1"}, {"target", "2"}}));
        ds = io::loadDataset(f.path);
        QCOMPARE(int(ds.tasks.size()), 0);
        QVERIFY(!ds.notes.empty() && has(ds.notes.back(), "'Y', 'target' could each be the labels"));
        // a label key that not every graph has is no candidate, and is not dropped in silence: the first graph
        // without it is named (a folder of 39 labelled graphs and one without opened unlabelled, with no word why)
        put(f.path, "g0.graphml", graphML(0, {{"Y", "1"}}));
        put(f.path, "g1.graphml", graphML(1, {{"target", "1"}}));
        std::string msg = refusal([&] { io::loadDataset(f.path); }, "g1.graphml", 0);
        QVERIFY2(has(msg, "graph key 'Y' is given by 2 of 3 graphs but not by this one: every graph needs its label"), msg.c_str());
        const io::DatasetPreview p = io::previewDataset(f.path);  // the preview keeps the refusal to show it
        QVERIFY2(has(p.labelError, "g1.graphml") && p.labelSource.empty(), p.labelError.c_str());
        QCOMPARE(int(io::loadDataset(f.path, choice("none")).tasks.size()), 0);  // opened without labels when asked
        // a folder with a DOT file has no graph keys in common; the DOT graph is the one without the label
        put(f.path, "g1.graphml", graphML(1, {{"Y", "0"}}));
        put(f.path, "z.dot", "graph { a -- b }\n");
        msg = refusal([&] { io::loadGraphFolder(f.path, {}, &report); }, "z.dot", 0);
        QVERIFY2(has(msg, "graph key 'Y' is given by 3 of 4 graphs"), msg.c_str());
        QVERIFY(report.commonKeys.empty());
    }

    void refusalsNameFileLineAndField() {
        Folder f;
        f.molecules();
        put(f.path, "m2.graphml", graphML(2, {{"kind", "x"}}));
        std::string msg = refusal([&] { io::loadGraphFolder(f.path, choice("graphml:class")); }, "m2.graphml", 0);
        QVERIFY2(has(msg, "graph key 'class': this graph has no <data> for it (its graph keys: 'kind')"), msg.c_str());
        msg = refusal([&] { io::loadGraphFolder(f.path, choice("graphml")); }, f.path, 0);
        QVERIFY2(has(msg, "no graph key named label, class, y or target in every graph"), msg.c_str());
        msg = refusal([&] { io::loadGraphFolder(f.path, choice("csv")); }, "labels.csv", 0);
        QVERIFY2(has(msg, "no labels.csv in the folder"), msg.c_str());
        const auto csv = [&](const std::string& text, long line, const std::string& words, const std::string& spec = "auto") {
            put(f.path, "labels.csv", text);
            const std::string m = refusal([&] { io::loadGraphFolder(f.path, choice(spec)); }, "labels.csv", line);
            if (!has(m, words)) QTest::qFail(("'" + words + "' not in: " + m).c_str(), __FILE__, __LINE__);
            return has(m, words);
        };
        const std::string rows = "m0.graphml,train,1\nm1.graphml,test,0\nm2.graphml,train,1\nm3.graphml,valid,2\nm4.graphml,train,0\n";
        QVERIFY(csv("graph,split,label\n" + rows, 1, "no label column named 'score'; columns found: 'graph', 'split', 'label'", "csv:score"));
        QVERIFY(csv("graph,split,fold\n" + rows, 1, "which column holds the labels? columns found: 'graph', 'split', 'fold'"));
        QVERIFY(csv("graph,label,class\n" + rows, 1, "which column holds the labels?"));
        QVERIFY(csv("name,split,label\n" + rows, 1, "no file column in the header (named file, filename or graph); columns found: 'name'"));
        QVERIFY(csv("m0.grphml,active\nm1.graphml,inert\n", 1, "no file column in the header (named file, filename or graph); columns "
                    "found: 'm0.grphml', 'active' (if this line is data and not a header: 'm0.grphml' names no graph file"));
        QVERIFY(csv("file,graph,label\n" + rows, 1, "more than one file column"));
        QVERIFY(csv("graph,split,Split\n" + rows, 1, "field 3: column 'Split' is named twice"));
        QVERIFY(csv("graph,split,label\nm0.graphml,train,1\nm1.graphml,test\n", 3, "expected 3 fields (the header's columns 'graph', 'split', 'label'), found 2"));
        QVERIFY(csv("graph,label\nm0.graphml,1\nm1.graphml,0\nm0.graphml,2\n", 4,
                    "field 2 ('label'): graph file 'm0.graphml' is given a second, different label ('2'; line 2 gave '1')"));
        QVERIFY(csv("graph,label\nm0.graphml,\n", 2, "field 2 ('label'): empty label for graph file 'm0.graphml'"));
        // a split column: only train, valid and test; one part per graph; both train and test
        QVERIFY(csv("graph,split,label\n" + std::string(rows).replace(rows.find("valid"), 5, "dev2"), 5,
                    "field 2 ('split'): 'dev2' is no part of a split (train, valid or test, any case)"));
        QVERIFY(csv("graph,SPLIT,label\n" + rows + "m1.graphml,Train,0\n", 7,
                    "field 2 ('SPLIT'): graph file 'm1.graphml' is put in train here and in test on line 3"));
        QVERIFY(csv("label,graph,split\n1,m0.graphml,train\n0,m1.graphml,valid\n1,m2.graphml,Training\n2,m3.graphml,val\n0,m4.graphml,dev\n", 0,
                    "field 3 ('split'): no graph is marked test (a split column needs both"));
        QVERIFY(csv("graph,label\nm0.graphml,1\nm9.graphml,1\n", 3, "field 1 ('graph'): no graph file named 'm9.graphml'"));
        QVERIFY(csv("graph,label\nm0.graphml,1\n", 0, "field 1 ('graph'): no label for graph file 'm1.graphml'"));
        // a header-like first line whose label is a number is data, and names no graph file
        QVERIFY(csv("file,1\nm0.graphml,1\n", 1, "field 1 (file name): no graph file named 'file' in the folder (the first line is read as data"));
        QVERIFY(csv("m0.graphml,1\nm1.graphml,1,2\n", 2, "expected 2 fields ('file name,label'), found 3"));
        QVERIFY(csv("m0.graphml,1\n", 1, "no header line, so no column named 'label'", "csv:label"));
        QVERIFY(csv("m0.graphml,\"1\n", 1, "field 2: the quoted field is not closed on this line"));
        QVERIFY(csv("m0.graphml,1\"2\n", 1, "field 2: a quote inside an unquoted field"));
        // a broken labels.csv that the choice does not use stops nothing
        QCOMPARE(io::loadGraphFolder(f.path, choice("none")).size(), 5);
        put(f.path, "extra.dot", "graph { a -- b }\n");
        msg = refusal([&] { io::loadGraphFolder(f.path, choice("graphml:kind")); }, "extra.dot", 0);
        QVERIFY2(has(msg, "not a GraphML or GML file, so it has no graph key 'kind'"), msg.c_str());
        msg = refusal([&] { io::loadDataset(pxtest::testData("valid/tu_small"), choice("csv:label")); }, "tu_small", 0);
        QVERIFY2(has(msg, "labels 'csv:label' apply to a folder of graph files; this is TU data"), msg.c_str());
        for (const char* bad : {"csv:", "graphml:", "column", "auto:x", ""})
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, io::FolderLabels::parse(bad));
    }

    void numericLabelsAsBefore() {
        const Dataset ds = io::loadDataset(pxtest::testData("valid/folder_small"));  // labels.csv "a.edges,5" …
        QCOMPARE(classesOf(ds), (std::vector<int>{0, 1, 0}));
        QCOMPARE(ds.tasks[0].name, std::string("class"));
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        QVERIFY(has(ds.notes.back(), "class labels from labels.csv: 2 classes (numbers, in ascending order): 0 = '5', 1 = '7'"));
    }

    void previewOfAFolder() {
        Folder f;
        f.molecules();
        put(f.path, "labels.csv", "graph,split,fold\nm0.graphml,train,1\nm1.graphml,test,0\nm2.graphml,train,1\nm3.graphml,valid,2\nm4.graphml,train,0\n");
        io::DatasetPreview p = io::previewDataset(f.path);  // Auto refused: which column? The sources are still shown
        QCOMPARE(p.format, std::string("folder of graph files"));
        QCOMPARE(p.graphs, 5);
        QCOMPARE(p.vertices.min, 3L);
        QCOMPARE(p.edges.min, 2L);
        QCOMPARE(p.edges.max, 3L);
        QCOMPARE(p.edges.mean, 2.6);
        QVERIFY(p.csvPresent && p.csvHeaded);
        QCOMPARE(p.csvColumns, (std::vector<std::string>{"split", "fold"}));
        QCOMPARE(p.graphKeys, (std::vector<std::string>{"class", "split"}));
        QVERIFY2(has(p.labelError, "labels.csv:1: which column holds the labels?"), p.labelError.c_str());
        QVERIFY(p.labelSource.empty() && p.classes.empty());
        Dataset loaded;
        p = io::previewDataset(f.path, choice("graphml:class"), &loaded);
        QVERIFY(p.labelError.empty());
        QCOMPARE(p.labelSource, std::string("GraphML graph key 'class'"));
        using Count = std::pair<std::string, long>;
        QCOMPARE(p.classes, (std::vector<Count>{{"inert", 2}, {"inert, mostly", 1}, {"mutagen", 2}}));
        QCOMPARE(loaded.size(), 5);
        p = io::previewDataset(f.path, choice("csv:split"));
        QCOMPARE(p.classes, (std::vector<Count>{{"test", 1}, {"train", 3}, {"valid", 1}}));
    }

    void previewOfOtherFormats() {
        io::DatasetPreview p = io::previewDataset(pxtest::testData("valid/tu_small"));
        QCOMPARE(p.format, std::string("TU"));
        QVERIFY2(has(p.builtinLabels, "TU graph labels"), p.builtinLabels.c_str());
        QCOMPARE(p.classes.size(), std::size_t(2));
        // the classes by the file's own labels (-1 and 1), as the embedding's legend names them, not the codes 0, 1
        const std::vector<std::pair<std::string, long>> named = {{"-1", 1}, {"1", 1}};
        QCOMPARE(p.classes, named);
        QCOMPARE(p.classNames, (std::vector<std::string>{"-1", "1"}));
        QCOMPARE(int(p.warnings.size()), 2);  // the loader's self loop and duplicate edge
        p = io::previewDataset(pxtest::testData("valid/ogb_small"), choice("graphml:y"));
        QCOMPARE(p.format, std::string("OGB"));
        QVERIFY(has(p.labelError, "apply to a folder of graph files"));
        QVERIFY(!p.labelSource.empty());  // its own labels, as Auto
        Folder f;
        const std::string one = put(f.path, "one.graphml", graphML(0, {{"label", "a"}}));
        p = io::previewDataset(one);
        QCOMPARE(p.format, std::string("GraphML file"));
        QCOMPARE(p.graphKeys, std::vector<std::string>{"label"});
        QCOMPARE(p.graphs, 1);
        QCOMPARE(p.files, std::vector<std::string>{"one.graphml"});  // its one graph named by the file
        p = io::previewDataset(one, choice("graphml:label"));  // a key of one graph labels no data set: said so
        QVERIFY2(has(p.labelError, "this is one GraphML file, one graph, so one class at most") && has(p.labelError, "open the folder"),
                 p.labelError.c_str());
        QVERIFY(io::previewDataset(pxtest::testData("valid/tu_small")).files.empty());  // many graphs of one file: numbers
    }

    // A sweep spec's "labels": any string either reads as the source the rule above gives, and survives the
    // spec's round trip (toJson, fromJson) unchanged, or is refused naming the field "/labels".
    void sweepSpecLabelsRoundTripOrAreRefusedByName() {
        QVERIFY(pxtest::checkProperty("a spec's labels round-trip or are refused naming the field", 20261205, 300, [] {
            const auto ascii = rc::gen::container<std::string>(rc::gen::inRange<char>(32, 127));
            const auto prefix = rc::gen::element<std::string>("auto", "none", "csv", "graphml", "AUTO", "GraphML", "Csv", "csv:", "graphml:", "auto:", "x");
            const std::string text = *rc::gen::oneOf(ascii, prefix, rc::gen::apply([](std::string a, std::string b) { return a + b; }, prefix, ascii));
            const std::string expected = expectedSource(text);
            const std::string json = nlohmann::json{{"labels", text}}.dump();
            if (expected.empty()) {
                std::string message = "accepted";
                try {
                    experiment::SweepSpec::fromJson(json, "spec.json");
                } catch (const InputError& e) {
                    message = e.what();
                }
                RC_ASSERT(has(message, "spec.json") && has(message, "field \"/labels\""));
                return;
            }
            const experiment::SweepSpec spec = experiment::SweepSpec::fromJson(json, "spec.json");
            RC_ASSERT(spec.labels == expected);
            const experiment::SweepSpec again = experiment::SweepSpec::fromJson(spec.toJson().dump(), "again");
            RC_ASSERT(again.labels == expected);
            RC_ASSERT(again.toJson() == spec.toJson());
        }));
        QCOMPARE(experiment::SweepSpec().labels, std::string("auto"));  // a spec without the field: the Auto choice
        try {
            experiment::SweepSpec::fromJson(R"({"labels": 3})", "n.json");
            QFAIL("a number was accepted as a label source");
        } catch (const InputError& e) {
            QVERIFY2(has(e.what(), "field \"/labels\""), e.what());
        }
    }

    // The automatic choice over random folders whose graphs each give the key "label" or not (plus a key "name" every
    // graph has): all give it, its values are the labels; none does, the folder opens unlabelled; some do, the folder
    // is refused naming the first graph (by file name) without it, never opened unlabelled in silence.
    void autoRefusesALabelKeySomeGraphsLack() {
        QVERIFY(pxtest::checkProperty("a label key some graphs lack is refused at the first graph without it", 20261206, 40, [] {
            const auto given = *rc::gen::container<std::vector<bool>>(std::size_t(*rc::gen::inRange(1, 9)), rc::gen::arbitrary<bool>());
            QTemporaryDir dir;
            const std::string p = dir.path().toStdString();
            for (std::size_t i = 0; i < given.size(); ++i) {
                std::map<std::string, std::string> data{{"name", "g"}};
                if (given[i]) data["label"] = std::to_string(i % 2);
                put(p, "g" + std::to_string(i) + ".graphml", graphML(int(i), data));
            }
            const auto firstMissing = std::find(given.begin(), given.end(), false);
            const auto count = std::count(given.begin(), given.end(), true);
            try {
                const Dataset ds = io::loadGraphFolder(p, choice("auto"));
                RC_ASSERT(firstMissing == given.end() || count == 0);
                RC_ASSERT(ds.tasks.empty() == (count == 0));
            } catch (const InputError& e) {
                RC_ASSERT(count > 0 && firstMissing != given.end());
                const std::string file = "g" + std::to_string(firstMissing - given.begin()) + ".graphml";
                RC_ASSERT(e.file().size() >= file.size() && e.file().compare(e.file().size() - file.size(), file.size(), file) == 0);
                RC_ASSERT(has(e.what(), "is given by " + std::to_string(count) + " of " + std::to_string(given.size()) + " graphs"));
            }
        }));
    }

    // Random labels, numbers or strings, written through each source read back to the same partition of the
    // graphs into classes; string labels keep their text as the class names.
    void everySourceKeepsThePartition() {
        QVERIFY(pxtest::checkProperty("labels written through labels.csv or a GraphML key read back to the same classes", 20260412, 60, [] {
            const int n = *rc::gen::inRange(1, 10);
            const bool numbers = *rc::gen::arbitrary<bool>();
            const auto text = numbers ? rc::gen::map(rc::gen::pair(rc::gen::inRange(-3, 4), rc::gen::inRange(0, 3)), [](std::pair<int, int> v) {
                                            return std::to_string(v.first) + (v.second == 1 ? ".0" : v.second == 2 ? "e0" : "");
                                        })
                                      : rc::gen::element<std::string>("a", "b", "B", "1", "x, y", "say \"hi\"", "<&>", "two words");
            const auto labels = *rc::gen::container<std::vector<std::string>>(std::size_t(n), text);
            const int source = *rc::gen::inRange(0, 3);  // unheaded csv, headed csv, GraphML key
            QTemporaryDir dir;
            const std::string p = dir.path().toStdString();
            std::string csv = source == 1 ? "split,Label,FileName\n" : "";
            // the headed file's split column: random parts, written in any case and with synonyms
            const auto parts = *rc::gen::container<std::vector<int>>(std::size_t(n), rc::gen::inRange(0, 3));
            const char* partWords[3][3] = {{"train", "Training", "TRAIN"}, {"valid", "val", "Dev"}, {"test", "Test", "testing"}};
            for (int i = 0; i < n; ++i) {
                const std::string name = "g" + std::to_string(i) + (source == 2 ? ".graphml" : ".edges");
                if (source == 2) put(p, name, graphML(i, {{"target", labels[std::size_t(i)]}}));
                else put(p, name, "0 1\n1 2\n");
                const std::string part = partWords[parts[std::size_t(i)]][*rc::gen::inRange(0, 3)];
                csv += source == 1 ? part + "," + csvField(labels[std::size_t(i)]) + "," + name + "\n" : name + "," + csvField(labels[std::size_t(i)]) + "\n";
            }
            const bool splitUsable = std::count(parts.begin(), parts.end(), 0) > 0 && std::count(parts.begin(), parts.end(), 2) > 0;
            RC_PRE(source != 1 || splitUsable);  // a split without train or test graphs is refused (checked by hand above)
            if (source != 2) put(p, "labels.csv", csv);
            io::FolderLabelReport report;
            const Dataset ds = io::loadGraphFolder(p, choice(source == 0 ? "csv" : source == 1 ? "csv:Label" : "graphml:target"), &report);
            const auto same = [&](std::size_t i, std::size_t j) {
                return numbers ? std::stod(labels[i]) == std::stod(labels[j]) : labels[i] == labels[j];
            };
            RC_ASSERT(bool(ds.split) == (source == 1));
            for (int i = 0; ds.split && i < n; ++i) {  // graph i is "g<i>": files sort as names, so compare through them
                const std::vector<int>& in = parts[std::size_t(i)] == 0 ? ds.split->train : parts[std::size_t(i)] == 1 ? ds.split->valid : ds.split->test;
                const int index = int(std::lower_bound(report.files.begin(), report.files.end(), "g" + std::to_string(i) + ".edges") - report.files.begin());
                RC_ASSERT(std::count(in.begin(), in.end(), index) == 1);
            }
            for (std::size_t i = 0; i < std::size_t(n); ++i) {
                const int ci = int(ds.labels(Eigen::Index(i), 0));
                if (!numbers) RC_ASSERT(report.classNames[std::size_t(ci)] == labels[i]);
                for (std::size_t j = 0; j < std::size_t(n); ++j) RC_ASSERT(same(i, j) == (ci == int(ds.labels(Eigen::Index(j), 0))));
            }
        }));
    }
};

QTEST_GUILESS_MAIN(TestLabelSources)
#include "tst_label_sources.moc"
