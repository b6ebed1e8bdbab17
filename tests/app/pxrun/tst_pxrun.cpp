// pxrun end to end: runs the real executable and checks its output, files and exit codes.
#include "PxrunProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <functional>
#include <map>
#include <sys/stat.h>

namespace {
using pxtest::pxrun;
using pxtest::Run;
QString data(const char* rel) { return QString(PX_TEST_DATA_DIR) + "/" + rel; }

// A folder of `count` GraphML graphs g00.graphml…: graph i is a cycle (even i) or a path (odd i) on 3 + i/2
// vertices, with the graph keys label ("cycle" or "path") and weight (i mod 3), and a labels.csv "file,kind"
// (kind: "small" for i < 3, else "large"). The labels each source must give are written out again in the tests.
void writeLabelledFolder(const QString& folder, int count) {
    QFile csv(folder + "/labels.csv");
    csv.open(QIODevice::WriteOnly);
    csv.write("file,kind\n");
    for (int i = 0; i < count; ++i) {
        const QString name = QString("g%1.graphml").arg(i, 2, 10, QChar('0'));
        const int n = 3 + i / 2;
        QString xml = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                      "<key id=\"l\" for=\"graph\" attr.name=\"label\" attr.type=\"string\"/>\n"
                      "<key id=\"w\" for=\"graph\" attr.name=\"weight\" attr.type=\"int\"/>\n<graph edgedefault=\"undirected\">\n";
        xml += QString("<data key=\"l\">%1</data><data key=\"w\">%2</data>\n").arg(i % 2 ? "path" : "cycle").arg(i % 3);
        for (int v = 0; v < n; ++v) xml += QString("<node id=\"v%1\"/>").arg(v);
        for (int v = 0; v + 1 < n; ++v) xml += QString("<edge source=\"v%1\" target=\"v%2\"/>").arg(v).arg(v + 1);
        if (i % 2 == 0) xml += QString("<edge source=\"v%1\" target=\"v0\"/>").arg(n - 1);
        QFile f(folder + "/" + name);
        f.open(QIODevice::WriteOnly);
        f.write((xml + "\n</graph>\n</graphml>\n").toUtf8());
        csv.write(QString("%1,%2\n").arg(name, i < 3 ? "small" : "large").toUtf8());
    }
}
// "class       NAME: K graphs" lines pxrun info must print for these labels, counted here.
QStringList classLines(const std::function<QString(int)>& label, int count) {
    std::map<QString, int> counts;
    for (int i = 0; i < count; ++i) ++counts[label(i)];
    QStringList lines;
    for (const auto& [name, k] : counts) lines << QString("class       %1: %2 graph%3").arg(name).arg(k).arg(k == 1 ? "" : "s");
    return lines;
}
}  // namespace

class TestPxrun : public QObject {
    Q_OBJECT
private slots:
    void helpAndVersion() {
        Run r = pxrun({"--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("densities"));
        for (const char* cmd : {"figure", "sweep", "bench"}) {  // after a command too
            Run h = pxrun({cmd, "--help"});
            QCOMPARE(h.code, 0);
            QVERIFY2(h.out.contains("usage: pxrun") && h.err.isEmpty(), qPrintable(h.err));
        }
        Run v = pxrun({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.startsWith("pxrun "));
        Run bad = pxrun({"frobnicate"});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("unknown command"));
    }
    // GIN trainings run on one kernel path per class of CPU (ATen AVX2 with OpenBLAS SkylakeX on AVX-512 CPUs,
    // Haswell on AVX2 ones): a seed then gives one table on every CPU of the class. A kernel the user names wins.
    void theKernelPathIsPinnedUnlessTheUserChoseOne() {
#ifndef PX_HAVE_NEURAL
        QSKIP("this build has no neural layer (-DPX_NEURAL=OFF): no kernels to pin");
#else
        QFile cpuinfo("/proc/cpuinfo");
        QStringList flags;
        if (cpuinfo.open(QIODevice::ReadOnly))
            for (const QString& line : QString::fromUtf8(cpuinfo.readAll()).split('\n'))
                if (line.startsWith("flags")) { flags = line.section(':', 1).split(' ', Qt::SkipEmptyParts); break; }
        const auto has = [&](const QStringList& all) {
            for (const QString& f : all) if (!flags.contains(f)) return false;
            return true;
        };
        if (!has({"avx2", "fma"})) QSKIP("this CPU has no AVX2 and FMA: pxrun leaves the kernels to torch and OpenBLAS");
        const QString blas = has({"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}) ? "SkylakeX" : "Haswell";
        const auto kernels = [](const QStringList& set) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char* name : {"ATEN_CPU_CAPABILITY", "OPENBLAS_CORETYPE", "PX_KERNELS", "PX_KERNELS_PINNED"})
                env.remove(name);
            for (const QString& s : set) env.insert(s.section('=', 0, 0), s.section('=', 1));
            p.setProcessEnvironment(env);
            p.start(PXRUN_PATH, {"--version", "--kernels"});
            p.waitForFinished(60000);
            return QString::fromUtf8(p.readAllStandardOutput()).section("GIN kernels: ", 1).trimmed();
        };
        QCOMPARE(kernels({}), "ATen AVX2, OpenBLAS " + blas);
        QCOMPARE(kernels({"PX_KERNELS=portable"}), QString("ATen AVX2, OpenBLAS Haswell"));
        QCOMPARE(kernels({"OPENBLAS_CORETYPE=Sandybridge"}), QString("ATen AVX2, OpenBLAS Sandybridge"));
        QCOMPARE(kernels({"ATEN_CPU_CAPABILITY=default"}), "ATen NO AVX, OpenBLAS " + blas);
#endif
    }
    // LibTorch and OpenBLAS come with libpx_neural.so on the first training (NeuralLibrary.h): a command that
    // trains nothing starts without them (milliseconds instead of ~0.6 s), and a library that is missing is
    // named when a network is needed.
    void aCommandThatTrainsNothingLoadsNoLibTorch() {
#ifndef PX_HAVE_NEURAL
        QSKIP("this build has no neural layer (-DPX_NEURAL=OFF)");
#else
        const auto run = [](const QStringList& args, const QStringList& set) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const QString& s : set) env.insert(s.section('=', 0, 0), s.section('=', 1));
            p.setProcessEnvironment(env);
            p.start(PXRUN_PATH, args);
            p.waitForFinished(60000);
            return Run{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
        };
        const Run patterns = run({"patterns", "--class", "trees", "--d", "3"}, {"LD_DEBUG=files"});
        QCOMPARE(patterns.code, 0);
        QVERIFY2(!patterns.err.contains("libtorch"), qPrintable(patterns.err.left(2000)));
        const Run version = run({"--version"}, {"LD_DEBUG=files"});  // the version alone: milliseconds
        QCOMPARE(version.code, 0);
        QVERIFY2(!version.err.contains("libtorch"), qPrintable(version.err.left(2000)));
        const Run kernels = run({"--version", "--kernels"}, {"LD_DEBUG=files"});  // the kernel path needs the library
        QCOMPARE(kernels.code, 0);
        QVERIFY(kernels.err.contains("libpx_neural.so") && kernels.err.contains("libtorch_cpu"));
        const Run missing = run({"--version", "--kernels"}, {"PX_NEURAL_LIBRARY=/nonexistent/libpx_neural.so"});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("/nonexistent/libpx_neural.so") && missing.err.contains("PX_NEURAL_LIBRARY"),
                 qPrintable(missing.err));
#endif
    }
    // The desktop app's --help and --version answer without a display (they used to abort in the xcb plugin).
    void pxstudioHelpWithoutADisplay() {
        for (const char* flag : {"--help", "--version"}) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove("DISPLAY");
            env.remove("WAYLAND_DISPLAY");
            env.remove("QT_QPA_PLATFORM");
            p.setProcessEnvironment(env);
            p.start(PXSTUDIO_PATH, {flag});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 0);
            QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains(QString(flag) == "--help" ? "Usage: pxstudio" : "PXStudio "));
        }
    }
    void infoOnBuiltinAndFiles() {
        Run r = pxrun({"info", "builtin:csl"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("graphs      150"));
        Run o = pxrun({"info", data("valid/ogb_small")});
        QCOMPARE(o.code, 0);
        QVERIFY(o.out.contains("split       scaffold: 1 / 0 / 1 (train / valid / test)"));
        QVERIFY(o.out.contains("self loop 1-1 dropped"));
        QVERIFY2(r.out.contains("split       none in the data: each run draws a stratified 80/20 split"), qPrintable(r.out));
        QTemporaryDir dir;  // a labels.csv's split column is the split
        QFile csv(dir.path() + "/labels.csv");
        QVERIFY(csv.open(QIODevice::WriteOnly));
        for (int i = 0; i < 5; ++i) {
            QFile g(dir.path() + QString("/g%1.edges").arg(i));
            QVERIFY(g.open(QIODevice::WriteOnly));
            g.write(i % 2 ? "0 1\n" : "0 1\n1 2\n");
            csv.write(QString("%1g%2.edges,%3,%4\n").arg(i ? "" : "graph,split,label\n").arg(i).arg(i < 3 ? "train" : i == 3 ? "Val" : "TEST")
                          .arg(i % 2 ? "\"ring, closed\"" : "path").toUtf8());
        }
        csv.close();
        const Run split = pxrun({"info", dir.path()});
        QVERIFY2(split.out.contains("split       labels.csv column 'split': 3 / 1 / 1 (train / valid / test)"), qPrintable(split.out + split.err));
        QVERIFY2(split.out.contains("class       \"ring, closed\": 2 graphs"), qPrintable(split.out));  // one class, quoted
    }
    // `pxrun info --labels`: each source of a folder (labels.csv, a GraphML graph key, none, the Auto choice) gives
    // the classes counted here; a bad value is refused naming the option; a key no graph has is refused by name.
    void infoLabelsChoosesTheSource() {
        QTemporaryDir dir;
        const int count = 8;
        writeLabelledFolder(dir.path(), count);
        const auto kind = [](int i) { return QString(i < 3 ? "small" : "large"); };
        const auto shape = [](int i) { return QString(i % 2 ? "path" : "cycle"); };
        const auto weight = [](int i) { return QString::number(i % 3); };
        const std::vector<std::pair<QString, std::function<QString(int)>>> cases = {
            {"auto", kind}, {"csv:kind", kind}, {"graphml:label", shape}, {"graphml:weight", weight}};
        for (const auto& [labels, label] : cases) {
            const Run r = pxrun({"info", dir.path(), "--labels", labels});
            QVERIFY2(r.code == 0, qPrintable(labels + ": " + r.err));
            QStringList printed;
            for (const QString& line : r.out.split('\n'))
                if (line.startsWith("class ")) printed << line;
            QCOMPARE(printed, classLines(label, count));
            QVERIFY2(r.out.contains("graphs      8") && r.out.contains("graph keys  label, weight"), qPrintable(r.out));
        }
        const Run none = pxrun({"info", dir.path(), "--labels", "none"});
        QCOMPARE(none.code, 0);
        QVERIFY2(none.out.contains("labels from (none: unlabelled)") && !none.out.contains("class "), qPrintable(none.out));
        for (const char* bad : {"nonsense", "graphml:", "csv:"}) {
            const Run r = pxrun({"info", dir.path(), "--labels", bad});
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains("option --labels: ") && r.err.contains(bad), qPrintable(r.err));
        }
        const Run missing = pxrun({"info", dir.path(), "--labels", "graphml:colour"});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("colour") && missing.err.contains("g00.graphml"), qPrintable(missing.err));
        QVERIFY2(missing.out.contains("refused     the labels asked for") && !missing.out.contains("has no <data>"),
                 qPrintable(missing.out));  // the reason once, as the error (it was printed twice)
    }
    // A sweep spec's "labels" reaches the loader: the result records it, a key no graph has is refused by name
    // when the sweep loads its data, and a value that does not parse is refused naming the field.
    void sweepSpecLabelsReachTheLoader() {
        QTemporaryDir dir;
        writeLabelledFolder(dir.path(), 20);
        const auto spec = [&](const QString& labels) {
            const QString path = dir.path() + "/spec-" + QString(labels).replace(':', '-') + ".json";
            QFile f(path);
            f.open(QIODevice::WriteOnly);
            f.write(QString(R"({"name": "labels", "dataset": "%1", "labels": "%2", "patterns": {"class": "trees", "d": 3, "size_mean": 3, "size_max": 4},
                 "budget": {"axis": "epsilon", "values": ["inf"]}, "learner": {"kind": "knn", "k": 1}, "attack": false,
                 "controls": false})").arg(dir.path(), labels).toUtf8());
            return path;
        };
        const Run ok = pxrun({"sweep", spec("graphml:label"), "--out", dir.path() + "/ok"});
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        QFile side(dir.path() + "/ok.json");
        QVERIFY(side.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(side.readAll()).object()["spec"].toObject()["labels"].toString(), QString("graphml:label"));
        const Run missing = pxrun({"sweep", spec("graphml:colour"), "--out", dir.path() + "/m"});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("colour"), qPrintable(missing.err));
        const Run bad = pxrun({"sweep", spec("graphml:"), "--out", dir.path() + "/b"});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("field \"/labels\""), qPrintable(bad.err));
        const Run option = pxrun({"sweep", spec("graphml:label"), "--labels", "csv:", "--out", dir.path() + "/o"});
        QCOMPARE(option.code, 1);
        QVERIFY2(option.err.contains("option --labels: "), qPrintable(option.err));
    }
    void badInputGivesMessageAndNonZeroExit() {
        Run r = pxrun({"info", data("malformed/ogb_nonnumeric")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("edge.csv:2:") && r.err.contains("found 'x'"), qPrintable(r.err));
        Run o = pxrun({"patterns", "--class", "cliques"});
        QCOMPARE(o.code, 1);
        QVERIFY(o.err.contains("unknown pattern class"));
        Run d = pxrun({"patterns", "--d", "ten"});
        QCOMPARE(d.code, 1);
        QVERIFY(d.err.contains("--d expects an integer"));
    }
    void patternsThenDensities() {
        QTemporaryDir dir;
        const QString pj = dir.path() + "/p.json", csv = dir.path() + "/t.csv";
        Run p = pxrun({"patterns", "--class", "treewidth:2", "--d", "5", "--seed", "4", "--out", pj});
        QCOMPARE(p.code, 0);
        QVERIFY(QFile::exists(pj));
        Run d = pxrun({"densities", "builtin:wl-pairs", "--patterns", pj, "--out", csv});
        QCOMPARE(d.code, 0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 8);  // header + 8 graphs
        QCOMPARE(lines[0], QString("graph,n,F0,F1,F2,F3,F4"));
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList cells = lines[i].split(',');
            QCOMPARE(cells.size(), 7);
            for (int j = 2; j < 7; ++j) {
                bool ok = false;
                const double t = cells[j].toDouble(&ok);
                QVERIFY(ok && t >= 0.0 && t <= 1.0);
            }
        }
    }
    void embedWritesAllThreeFilesAndRefusesDegreeViolations() {
        QTemporaryDir dir;
        const QString prefix = dir.path() + "/e";
        Run r = pxrun({"embed", "builtin:wl-pairs", "--class", "trees", "--d", "4", "--epsilon", "2", "--D", "4", "--out", prefix});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("ε = 2"));
        for (const char* ext : {".csv", ".npy", ".json"}) QVERIFY(QFile::exists(prefix + ext));
        Run bad = pxrun({"embed", "builtin:wl-pairs", "--D", "2", "--out", prefix});
        QCOMPARE(bad.code, 1);
        // refused before any density is counted, naming the bound that admits every graph (--D 4 did, above)
        QVERIFY2(bad.err.contains("embed: the public degree bound D = 2 refuses ") && bad.err.contains("--D 4 admits every graph"),
                 qPrintable(bad.err));
        Run ref = pxrun({"embed", "builtin:wl-pairs", "--D", "4", "--reference", "--out", prefix});
        QCOMPARE(ref.code, 0);
        QFile csv(prefix + ".csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readLine().startsWith("# REFERENCE-CODE REPRODUCTION MODE"));
    }
    void auditFlagsTheReferenceMode() {
        Run r = pxrun({"audit", "--all", "--samples", "60000", "--epsilon", "1", "--delta", "1e-5"});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split('\n');
        int violated = 0;
        for (const QString& l : lines) {
            if (l.contains("CLAIM VIOLATED")) {
                ++violated;
                QVERIFY2(l.startsWith("Gaussian, REFERENCE MODE"), qPrintable(l));
            }
        }
        QCOMPARE(violated, 1);
    }
    void sweepMergeAndFigure() {
        QTemporaryDir dir;
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        Run full = pxrun({"sweep", spec, "--out", dir.path() + "/full"});
        QCOMPARE(full.code, 0);
        QVERIFY(full.out.contains("wrote"));
        // stderr is not a terminal here: no bar, but a log line when the sweep is done (label cut to 48 bytes)
        QVERIFY2(!full.err.contains('\r'), qPrintable(full.err));
        QVERIFY2(QRegularExpression("^sweep .{1,45}: 100% after \\d+ s\n$").match(full.err).hasMatch(), qPrintable(full.err));
        for (int i = 0; i < 2; ++i)
            QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + QString("/s%1").arg(i), "--shard", QString("%1/2").arg(i)}).code, 0);
        Run merged = pxrun({"merge", dir.path() + "/s0.csv", dir.path() + "/s1.csv", "--out", dir.path() + "/merged"});
        QCOMPARE(merged.code, 0);
        auto lines = [](const QString& path) {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts).size();
        };
        QCOMPARE(lines(dir.path() + "/merged.csv"), lines(dir.path() + "/full.csv"));
        QCOMPARE(lines(dir.path() + "/merged-summary.csv"), lines(dir.path() + "/full-summary.csv"));
        const QString fig = dir.path() + "/fig";
        Run f = pxrun({"figure", dir.path() + "/full", "--out", fig + ".png," + fig + ".pdf," + fig + ".svg", "--preset", "one-column"});
        QCOMPARE(f.code, 0);
        QVERIFY2(!f.err.contains("QCP"), qPrintable(f.err));  // no layout warnings from restoring the screen legend
        auto head = [](const QString& path, int n) {
            QFile file(path);
            file.open(QIODevice::ReadOnly);
            return file.read(n);
        };
        QCOMPARE(head(fig + ".png", 8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        QCOMPARE(head(fig + ".pdf", 5), QByteArray("%PDF-"));
        QVERIFY(head(fig + ".svg", 400).contains("<svg"));
        QVERIFY(QFileInfo(fig + ".png").size() > 20000);
        {  // one sidecar for the three files, naming all of them
            QFile side(fig + ".json");
            QVERIFY(side.open(QIODevice::ReadOnly));
            const QJsonObject figure = QJsonDocument::fromJson(side.readAll()).object()["figure"].toObject();
            QCOMPARE(figure["files"].toArray(), (QJsonArray{"fig.png", "fig.pdf", "fig.svg"}));
        }
        {  // a title given is drawn, on a paper preset (which has none by default) too
            Run t = pxrun({"figure", dir.path() + "/full", "--out", fig + "-titled.svg", "--preset", "one-column", "--title", "Zebra trade-off"});
            QCOMPARE(t.code, 0);
            QVERIFY(head(fig + "-titled.svg", 1 << 22).contains("Zebra trade-off"));
        }
        Run bad = pxrun({"sweep", data("malformed/edgelist_empty.txt"), "--out", dir.path() + "/x"});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.contains("not valid JSON"));
        // The GIN's curve view: refused by name for a density sweep and for an unknown view.
        Run noCurves = pxrun({"figure", dir.path() + "/full", "--view", "gin-curve", "--out", fig + "-gin.png"});
        QCOMPARE(noCurves.code, 1);
        QVERIFY2(noCurves.err.contains("has no GIN curves"), qPrintable(noCurves.err));
        Run unknownView = pxrun({"figure", dir.path() + "/full", "--view", "heatmap", "--out", fig + "-x.png"});
        QCOMPARE(unknownView.code, 1);
        QVERIFY2(unknownView.err.contains("option --view expects tradeoff or gin-curve"), qPrintable(unknownView.err));
    }
    // Run tables are RFC 4180 CSV: a shard whose pattern_class holds a comma, quotes and a line break goes through
    // `merge` and `figure` whole (the value is written here as RFC 4180 spells it, apart from pxrun's writer).
    void quotedFieldsSurviveMergeAndFigure() {
        QTemporaryDir dir;
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/s0", "--shard", "0/2"}).code, 0);
        const QByteArray encoded = "\"trees, \"\"big\"\"\nones\"";  // the value: trees, "big" <LF> ones
        QFile shard(dir.path() + "/s0.csv");
        QVERIFY(shard.open(QIODevice::ReadOnly));
        QByteArray text = shard.readAll();
        shard.close();
        const int replaced = int(text.count(",trees,"));
        QVERIFY2(replaced > 0, text.left(400).constData());
        text.replace(",trees,", "," + encoded + ",");
        QVERIFY(shard.open(QIODevice::WriteOnly | QIODevice::Truncate));
        shard.write(text);
        shard.close();
        Run merged = pxrun({"merge", dir.path() + "/s0.csv", "--out", dir.path() + "/merged"});
        QVERIFY2(merged.code == 0, qPrintable(merged.err));
        auto read = [](const QString& path) {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        };
        QCOMPARE(int(read(dir.path() + "/merged.csv").count("," + encoded + ",")), replaced);
        QVERIFY(read(dir.path() + "/merged-summary.csv").contains("," + encoded + ","));
        QVERIFY(read(dir.path() + "/merged.json").contains("trees, \\\"big\\\"\\nones"));  // the JSON fit groups
        Run f = pxrun({"figure", dir.path() + "/merged", "--out", dir.path() + "/fig.png"});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        // The figure's data: the series name (the class, d, mechanism) is one field, quoted as a whole.
        QVERIFY2(read(dir.path() + "/fig.csv").contains("\n\"trees, \"\"big\"\"\nones, d=20, "), read(dir.path() + "/fig.csv").left(600).constData());
        QVERIFY(read(dir.path() + "/fig.json").contains("trees, \\\"big\\\"\\nones"));
    }
    // Densities kept on disk: a second sweep reads them and gives the same summary; `cache info|clear` count
    // them; --no-cache and PX_DENSITY_CACHE=off neither read nor keep any.
    void densitiesAreKeptOnDiskBetweenRuns() {
        QTemporaryDir dir;
        const QStringList env = {"PX_DENSITY_CACHE=" + dir.path() + "/cache"};
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        const auto entries = [&] {
            const Run info = pxrun({"cache", "info"}, 60000, env);
            return QRegularExpression("entries: (\\d+)").match(info.out).captured(1);
        };
        QCOMPARE(entries(), QString("0"));
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/a", "--no-cache"}, 120000, env).code, 0);
        QCOMPARE(entries(), QString("0"));
        QVERIFY(pxrun({"cache", "info", "--no-cache"}, 60000, env).out.contains("density cache: off (--no-cache)"));
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/b"}, 120000, env).code, 0);
        const QString kept = entries();
        QVERIFY2(kept.toInt() > 0, qPrintable(kept));
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/c"}, 120000, env).code, 0);
        QCOMPARE(entries(), kept);  // read, not written again
        const auto text = [](const QString& path) {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        };
        QCOMPARE(text(dir.path() + "/c-summary.csv"), text(dir.path() + "/a-summary.csv"));
        QCOMPARE(text(dir.path() + "/b-summary.csv"), text(dir.path() + "/a-summary.csv"));
        const Run cleared = pxrun({"cache", "clear"}, 60000, env);
        QVERIFY2(cleared.out.contains("removed " + kept + " entries"), qPrintable(cleared.out));
        QCOMPARE(entries(), QString("0"));
        const Run off = pxrun({"cache", "info"}, 60000, {"PX_DENSITY_CACHE=off"});
        QVERIFY2(off.out.contains("density cache: off (PX_DENSITY_CACHE=off)"), qPrintable(off.out));
        const Run bad = pxrun({"cache", "empty"}, 60000, env);
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("cache expects 'info' or 'clear', found 'empty'"), qPrintable(bad.err));
    }
    // A FIFO under an entry's name made every later sweep block forever in open(2); `cache info` did not see it and
    // counted a damaged entry as a good one; `cache clear` left the FIFO and the temporary files of interrupted
    // writes. (tst_density_store checks each kind of file; here the commands.)
    void aHostileDensityCacheNeitherHangsNorHides() {
        QTemporaryDir dir;
        const QString cache = dir.path() + "/cache";
        const QStringList env = {"PX_DENSITY_CACHE=" + cache};
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/a"}, 120000, env).code, 0);
        const QStringList entries = QDir(cache).entryList({"*.pxdens"}, QDir::Files, QDir::Name);
        QVERIFY2(entries.size() >= 2, qPrintable(entries.join(", ")));
        const QString fifo = cache + "/" + entries[0], damaged = cache + "/" + entries[1];
        QVERIFY(QFile::remove(fifo));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(QFile::resize(damaged, QFileInfo(damaged).size() - 9));
        QFile tmp(fifo + ".tmp.4242.0");
        QVERIFY(tmp.open(QIODevice::WriteOnly) && tmp.write("half") == 4);
        tmp.close();
        const Run info = pxrun({"cache", "info"}, 60000, env);
        for (const QString& line : {"entries: " + QString::number(entries.size() - 2) + "\n", QString("damaged: 1 file ("), QString("foreign: 1 file ("),
                                    QString("temporary: 1 file (")})
            QVERIFY2(info.out.contains(line), qPrintable(line + " not in:\n" + info.out));
        const Run again = pxrun({"sweep", spec, "--out", dir.path() + "/b"}, 120000, env);  // −1: it hung on the FIFO
        QVERIFY2(again.code == 0, qPrintable(QString::number(again.code) + ": " + again.err));
        const auto text = [](const QString& path) {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        };
        QCOMPARE(text(dir.path() + "/b-summary.csv"), text(dir.path() + "/a-summary.csv"));
        QVERIFY(QFileInfo(fifo).isFile() && !QFileInfo(fifo).isSymLink());  // an entry again, written over the FIFO
        QCOMPARE(::mkfifo(QFile::encodeName(cache + "/x.pxdens").constData(), 0600), 0);
        const Run cleared = pxrun({"cache", "clear"}, 60000, env);
        QVERIFY2(cleared.out.contains("removed " + QString::number(entries.size()) + " entries") &&
                     cleared.out.contains("and 2 other files") && cleared.out.contains("0 damaged, 1 foreign, 1 temporary"),
                 qPrintable(cleared.out));
        QCOMPARE(QDir(cache).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
    }
    // A GIN sweep's rows carry its curves, and `figure --view gin-curve` draws them (as the app's Utility-vs-d view).
    void ginCurveFigure() {
        QTemporaryDir dir;
        Run sweep = pxrun({"sweep", QString(PX_SOURCE_DIR) + "/resources/specs/tu-gin-mutag.json", "--data", "builtin:er",
                           "--set", "learner.epochs=3", "--set", "learner.features=\"ones\"", "--set", "run_folds=2",
                           "--out", dir.path() + "/gin"});
        if (sweep.code != 0 && sweep.err.contains("neural layer")) QSKIP("this build has no neural layer (PX_NEURAL=OFF)");
        QCOMPARE(sweep.code, 0);
        Run f = pxrun({"figure", dir.path() + "/gin", "--view", "gin-curve", "--out", dir.path() + "/curve.png"});
        QCOMPARE(f.code, 0);
        QFile points(dir.path() + "/curve.csv");  // the plotted points: one per epoch
        QVERIFY(points.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(points.readAll()).trimmed().split('\n').size(), 1 + 3);
        // Two mechanisms at ε = 1 and ∞: one line per mechanism at ε = 1, and one clean line, since ε = ∞ trains on the
        // clean graphs whatever the mechanism.
        Run both = pxrun({"sweep", QString(PX_SOURCE_DIR) + "/resources/specs/tu-gin-mutag.json", "--data", "builtin:er",
                          "--set", "learner.epochs=3", "--set", "learner.features=\"ones\"", "--set", "run_folds=2",
                          "--set", "learner.epoch_selection=\"validation\"", "--set", "budget.values=[1,\"inf\"]",
                          "--set", "mechanisms=[{\"mechanism\":\"rr\"},{\"mechanism\":\"dprr\",\"dprr_split\":\"published\"}]",
                          "--out", dir.path() + "/both"});
        QCOMPARE(both.code, 0);
        Run g = pxrun({"figure", dir.path() + "/both", "--view", "gin-curve", "--out", dir.path() + "/both-curve.png"});
        QCOMPARE(g.code, 0);
        QFile bothPoints(dir.path() + "/both-curve.csv");
        QVERIFY(bothPoints.open(QIODevice::ReadOnly));
        QSet<QString> series;
        for (const QString& line : QString::fromUtf8(bothPoints.readAll()).trimmed().split('\n').mid(1))
            series.insert(line.startsWith('"') ? line.mid(1, line.indexOf('"', 1) - 1) : line.section(',', 0, 0));  // names with commas are quoted
        QVERIFY2(series.contains("RR, ε = 1 (1 run)"), qPrintable(QStringList(series.values()).join(" | ")));
        QVERIFY2(series.contains("DPRR (published split), ε = 1 (1 run)"), qPrintable(QStringList(series.values()).join(" | ")));
        QVERIFY2(series.contains("clean graphs, ε = ∞ (no noise) (1 run)"), qPrintable(QStringList(series.values()).join(" | ")));
        int lines = 0;
        for (const QString& name : series) lines += name.contains("ε = ");
        QCOMPARE(lines, 3);
    }
    // --set changes fields of the spec file, dotted keys reaching into the learner; the result JSON records
    // the spec that ran, and a field the spec does not know is refused by name.
    void sweepSetOverridesFieldsOfTheSpecFile() {
        QTemporaryDir dir;
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        Run r = pxrun({"sweep", spec, "--set", "classes=[\"trees\"]", "--set", "learner.kind=rf", "--set", "learner.trees=7",
                       "--set", "feature_map=count", "--set", "attack=false", "--set",
                       "name=\"a long name, cut at a whole character:εεεε and more\"", "--out", dir.path() + "/s"});
        QCOMPARE(r.code, 0);
        // the log's label ("sweep " + name) is cut to 45 bytes + "...", back to a whole UTF-8 character: byte 45
        // is the second of the first ε's two bytes
        QVERIFY2(r.err.startsWith(QString("sweep a long name, cut at a whole character:...: 100% after ")), qPrintable(r.err));
        QFile side(dir.path() + "/s.json");
        QVERIFY(side.open(QIODevice::ReadOnly));
        const QJsonObject ran = QJsonDocument::fromJson(side.readAll()).object()["spec"].toObject();
        QCOMPARE(ran["classes"].toArray(), QJsonArray{"trees"});
        QCOMPARE(ran["feature_map"].toString(), QString("count"));
        const QJsonObject learner = ran["learner"].toObject();
        QCOMPARE(learner["kind"].toString(), QString("rf"));
        QCOMPARE(learner["trees"].toInt(), 7);
        QCOMPARE(learner["max_depth"].toInt(), 0);  // rf's own default, not the default of the file's kNN
        Run typo = pxrun({"sweep", spec, "--set", "learner.treez=7", "--out", dir.path() + "/t"});
        QCOMPARE(typo.code, 1);
        QVERIFY2(typo.err.contains("treez") && typo.err.contains("--set"), qPrintable(typo.err));
        Run noValue = pxrun({"sweep", spec, "--out", dir.path() + "/u", "--set"});
        QCOMPARE(noValue.code, 1);
        QVERIFY2(noValue.err.contains("key=value"), qPrintable(noValue.err));
    }
    void depthExperimentsFromNamesAndSpecs() {
        QTemporaryDir dir;
        Run list = pxrun({"depth", "--list"});
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.contains("cosera-grid") && list.out.contains("asamp"));
        Run acc = pxrun({"depth", "accounting", "--set", "max_hops=50", "--set", "contractions=[0.6,0.9]", "--out",
                         dir.path() + "/acc"});
        QCOMPARE(acc.code, 0);
        QFile csv(dir.path() + "/acc.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(csv.readAll());
        QVERIFY(text.startsWith("scheme,contraction,hops,k_eff,multiplier"));
        QVERIFY(text.contains("GAP (linear),1,50,50,26.379"));           // docs/mathematics.md §6 reference table
        // The table keeps every digit (ResultTable writes doubles exactly); the reference has ten of k_eff.
        const QRegularExpression caribou("\nCARIBOU c=0\\.6,0\\.6,10,([^,]+),7\\.416");
        const QRegularExpressionMatch row = caribou.match(text);
        QVERIFY2(row.hasMatch(), qPrintable(text.left(400)));
        QVERIFY(std::abs(row.captured(1).toDouble() - 3.951917794) < 5e-10);
        QVERIFY(QFile::exists(dir.path() + "/acc.json"));
        // the written spec runs again and gives the same table
        Run again = pxrun({"depth", dir.path() + "/acc.json", "--out", dir.path() + "/acc2"});
        QCOMPARE(again.code, 0);
        QFile csv2(dir.path() + "/acc2.csv");
        QVERIFY(csv2.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(csv2.readAll()), text);
        Run grid = pxrun({"depth", "cosera-grid", "--set", "n=60", "--set", "dims=[4,64]", "--set", "max_depth=2", "--set",
                          "trials=2", "--out", dir.path() + "/grid"});
        QCOMPARE(grid.code, 0);
        QVERIFY(grid.out.contains("d,depth,auroc_mean,auroc_sd,err_mean,err_sd"));
        Run bad = pxrun({"depth", "accounting", "--set", "epsilon=-1", "--out", dir.path() + "/x"});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("field \"/epsilon\": expected a privacy budget ε in [1e-09, 1e+06], found -1"), qPrintable(bad.err));
        Run typo = pxrun({"depth", "nag", "--set", "sigma=1", "--out", dir.path() + "/x"});
        QCOMPARE(typo.code, 1);
        QVERIFY2(typo.err.contains("unknown field \"/sigma\""), qPrintable(typo.err));
    }
};

QTEST_GUILESS_MAIN(TestPxrun)
#include "tst_pxrun.moc"
