// Every error of a spec file names the file and the field: each case writes one malformed spec (and, where it
// needs one, a small data set), runs the real pxrun on it and checks that stderr says
// `SPEC: field "/pointer": …`, the file first, then the field as a JSON pointer. Also the bounded lists
// (docs/hostile-input.md): every list field one value longer than its maximum is refused, naming the field.
#include "PxrunProcess.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using pxtest::pxrun;
using pxtest::Run;

namespace {

bool write(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// A LINQS data set (.content and .cites) whose 20 nodes are all of class A: 2 features each, a path of edges.
bool writeOneClassLinqs(const QString& folder) {
    QByteArray content, cites;
    for (int i = 0; i < 20; ++i) content += QByteArray("p") + QByteArray::number(i) + "\t" + QByteArray::number(i % 2) + "\t" +
                                            QByteArray::number((i / 2) % 2) + "\tA\n";
    for (int i = 0; i + 1 < 20; ++i) cites += QByteArray("p") + QByteArray::number(i) + "\tp" + QByteArray::number(i + 1) + "\n";
    return QDir().mkpath(folder) && write(folder + "/one.content", content) && write(folder + "/one.cites", cites);
}

// tests/data/valid/ogb_small with task 1 unlabelled on its one training graph (graph 1; graph 0 is the test part).
bool writeOgbWithoutTrainingLabels(const QString& folder) {
    const QString from = QString(PX_TEST_DATA_DIR) + "/valid/ogb_small/";
    for (const char* f : {"raw/edge.csv", "raw/num-edge-list.csv", "raw/num-node-list.csv", "split/scaffold/train.csv",
                          "split/scaffold/valid.csv", "split/scaffold/test.csv"}) {
        QFile in(from + f);
        if (!QDir().mkpath(QFileInfo(folder + "/" + f).path()) || !in.open(QIODevice::ReadOnly) || !write(folder + "/" + f, in.readAll()))
            return false;
    }
    return write(folder + "/raw/graph-label.csv", "0,0.5\n1,\n");
}

// `count` copies of `item`, as a JSON list.
QByteArray list(const QByteArray& item, int count) {
    QByteArray s = "[";
    for (int i = 0; i < count; ++i) s += (i > 0 ? "," : "") + item;
    return s + "]";
}

// 1, 2, …, count as a JSON list.
QByteArray numbers(int count) {
    QByteArray s = "[";
    for (int i = 1; i <= count; ++i) s += (i > 1 ? "," : "") + QByteArray::number(i);
    return s + "]";
}

}  // namespace

class TestPxrunSpecErrors : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(writeOneClassLinqs(dir_.filePath("oneclass")));
        QVERIFY(QDir().mkpath(dir_.filePath("empty-folder")));
        QVERIFY(writeOgbWithoutTrainingLabels(dir_.filePath("ogb-unlabelled")));
    }

    void errorNamesFileAndField_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("spec");
        QTest::addColumn<QString>("field");
        const QByteArray quick = R"("attack": false, "controls": false, "budget": {"values": [1]})";
        const QByteArray ogbSmall = dir_.filePath("ogb-unlabelled").toUtf8();
        const QByteArray oneClass = dir_.filePath("oneclass/one.content").toUtf8();
        QTest::newRow("depth: a number for a string") << "depth" << QByteArray(R"({"experiment": 5})") << "/experiment";
        QTest::newRow("weights: one per pattern")
            << "sweep" << "{" + quick + R"(, "patterns": {"d": 3}, "mechanisms": [{"allocation": "weights", "weights": [1, 2]}]})"
            << "/mechanisms/0/weights";
        QTest::newRow("D below the maximum degree")
            << "sweep" << "{" + quick + R"(, "dataset": "builtin:sbm-cycles", "mechanisms": [{"degree_bound": 1}]})"
            << "/mechanisms/0/degree_bound";
        QTest::newRow("D of a single mechanism")
            << "sweep" << "{" + quick + R"(, "dataset": "builtin:sbm-cycles", "mechanism": {"degree_bound": 1}})"
            << "/mechanism/degree_bound";
        QTest::newRow("training nodes of one class")
            << "depth" << "{\"experiment\": \"asamp\", \"positive_class\": 0, \"data\": \"" + oneClass + "\"}" << "/positive_class";
        QTest::newRow("no labelled training graphs")
            << "sweep" << "{" + quick + ", \"dataset\": \"" + ogbSmall + "\", \"task\": 1}" << "/task";
        QTest::newRow("secure smooth") << "sweep" << "{" + quick + R"(, "mechanisms": [{"mechanism": "smooth", "secure": true}]})"
                                       << "/mechanisms/0/secure";
        QTest::newRow("data set path missing") << "sweep" << "{" + quick + R"(, "dataset": "/nonexistent/px-data"})" << "/dataset";
        QTest::newRow("data set a device") << "sweep" << "{" + quick + R"(, "dataset": "/dev/null"})" << "/dataset";
        QTest::newRow("data set folder without graphs")
            << "sweep" << "{" + quick + ", \"dataset\": \"" + dir_.filePath("empty-folder").toUtf8() + "\"}" << "/dataset";
        QTest::newRow("depth data path missing")
            << "depth" << QByteArray(R"({"experiment": "cosera-real", "data": "/nonexistent/px-cora"})") << "/data";
    }

    // The maxima of SweepSpec (kMaxBudgets, kMaxSeeds, kMaxAxisValues) and DepthSpecChecks (kMaxDepthListValues),
    // written out here as the documentation states them.
    void listBeyondItsMaximumIsRefused_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("spec");
        QTest::addColumn<QString>("field");
        QTest::newRow("budget values") << "sweep" << R"({"budget": {"values": )" + numbers(1001) + "}}" << "/budget/values";
        QTest::newRow("budget log_grid") << "sweep" << QByteArray(R"({"budget": {"log_grid": [0.1, 10, 1001]}})") << "/budget/log_grid";
        QTest::newRow("budgets in all") << "sweep" << R"({"budget": {"include_inf": true, "values": )" + numbers(1000) + "}}" << "/budget";
        QTest::newRow("pattern seeds") << "sweep" << R"({"pattern_seeds": )" + numbers(1001) + "}" << "/pattern_seeds";
        QTest::newRow("noise seeds") << "sweep" << R"({"noise_seeds": )" + numbers(1001) + "}" << "/noise_seeds";
        QTest::newRow("classes") << "sweep" << R"({"classes": )" + list("\"trees\"", 101) + "}" << "/classes";
        QTest::newRow("dims") << "sweep" << R"({"dims": )" + numbers(101) + "}" << "/dims";
        QTest::newRow("mechanisms") << "sweep" << R"({"mechanisms": )" + list("{}", 101) + "}" << "/mechanisms";
        QTest::newRow("tuning grid") << "sweep" << R"({"tuning": {"mode": "nested", "grid": {"k": )" + numbers(101) + "}}}"
                                     << "/tuning/grid/k";
        QTest::newRow("allocation weights")
            << "sweep" << R"({"mechanisms": [{"allocation": "weights", "weights": )" + list("1", 100001) + "}]}" << "/mechanisms/0/weights";
        QTest::newRow("depth sigmas") << "depth" << R"({"experiment": "nag", "sigmas": )" + numbers(1001) + "}" << "/sigmas";
        QTest::newRow("depth aggregations") << "depth" << R"({"experiment": "nag", "aggregations": )" + list("\"mean\"", 1001) + "}"
                                            << "/aggregations";
    }

    void listBeyondItsMaximumIsRefused() { expectFieldError(); }
    void errorNamesFileAndField() { expectFieldError(); }

private:
    // Writes the row's spec, runs pxrun on it and checks the message: the spec file, then the field.
    void expectFieldError() {
        QFETCH(QString, command);
        QFETCH(QByteArray, spec);
        QFETCH(QString, field);
        const QString path = dir_.filePath(QString("spec-%1.json").arg(QTest::currentDataTag()).replace(' ', '-').remove(':'));
        QVERIFY(write(path, spec));
        const Run r = pxrun({command, path, "--out", path + ".out"});  // a prefix of its own: no journal of another case
        QVERIFY2(r.code == 1, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
        const QString expected = path + ": field \"" + field + "\": ";
        QVERIFY2(r.err.contains(expected), qPrintable("expected «" + expected + "» in: " + r.err));
        QVERIFY2(!r.err.contains("json.exception"), qPrintable(r.err));
    }
};

QTEST_MAIN(TestPxrunSpecErrors)
#include "tst_pxrun_spec_errors.moc"
