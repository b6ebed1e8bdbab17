// pxrun's answers to a new user's mistakes, end to end: two budgets at once, a degree bound too small for the data,
// a misspelt command, a number that is not one, a command line without its operands; and what pxrun info and the
// slide figure show. Expected values are worked out here (degrees, quantiles, ink) rather than read from pxrun.
#include "PxrunProcess.h"

#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <set>

namespace {
using pxtest::pxrun;
using pxtest::Run;

// An unlabelled folder of edge lists: graph i is a star with `leaves[i]` leaves (its largest degree).
void writeStars(const QString& folder, const std::vector<int>& leaves) {
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        QFile f(folder + QString("/star%1.edges").arg(i, 2, 10, QChar('0')));
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int leaf = 1; leaf <= leaves[i]; ++leaf) f.write(QString("0 %1\n").arg(leaf).toUtf8());
    }
}

// The lines "public bound D = ..." of pxrun info's output.
QStringList boundLines(const QString& out) {
    QStringList found;
    for (const QString& line : out.split('\n'))
        if (line.startsWith("public bound D = ")) found << line;
    return found;
}

// The usage block of `pxrun COMMAND --help`: its lines up to the first blank one.
QString usageBlock(const QString& help) { return help.left(help.indexOf("\n\n") + 1); }
}  // namespace

class TestPxrunUx : public QObject {
    Q_OBJECT
private slots:
    // ε and ρ are two ways to state one budget: giving both is refused, naming both, before anything runs.
    void epsilonWithRhoIsRefused() {
        QTemporaryDir dir;
        const Run embed = pxrun({"embed", "builtin:er", "--out", dir.path() + "/e", "--epsilon", "1", "--rho", "0.5"});
        QCOMPARE(embed.code, 1);
        QCOMPARE(embed.err, QString("pxrun: error: embed: give --epsilon or --rho, not both\n"));
        QVERIFY(!QFile::exists(dir.path() + "/e.json"));
        const Run audit = pxrun({"audit", "--rho", "0.5", "--epsilon", "1"});
        QCOMPARE(audit.code, 1);
        QCOMPARE(audit.err, QString("pxrun: error: audit: give --epsilon or --rho, not both\n"));
    }
    // A budget that no mechanism takes is refused at once, naming the option, not after the densities are counted.
    void impossibleBudgetsAreRefusedFirst() {
        QTemporaryDir dir;
        for (const QStringList& bad : {QStringList{"--rho", "-1"}, QStringList{"--epsilon", "0"}, QStringList{"--delta", "1.5"}}) {
            const Run r = pxrun(QStringList{"embed", "builtin:er", "--D", "40", "--out", dir.path() + "/e"} + bad);
            QVERIFY2(r.code == 1 && r.err.startsWith("pxrun: error: embed: " + bad[0]), qPrintable(bad.join(' ') + " -> " + r.err));
            QVERIFY2(!r.err.contains("densities") && !r.out.contains("densities"), qPrintable(r.out + r.err));  // nothing counted first
        }
    }
    // The default bound D = 6 is below builtin:er's degrees: the refusal names the bound that admits every graph,
    // the largest degree pxrun info reports, and the option; that bound works and one less does not.
    void degreeBoundRefusalSaysWhichBoundWorks() {
        const Run info = pxrun({"info", "builtin:er"});
        QCOMPARE(info.code, 0);
        const auto m = QRegularExpression("\nmax degree  (\\d+)\n").match(info.out);
        QVERIFY2(m.hasMatch(), qPrintable(info.out));
        const int largest = m.captured(1).toInt();
        QVERIFY2(largest > 7, "builtin:er no longer needs more than the default D = 6");
        QTemporaryDir dir;
        const QStringList base = {"embed", "builtin:er", "--out", dir.path() + "/e", "--d", "3", "--max-size", "4"};
        const Run byDefault = pxrun(base);
        QCOMPARE(byDefault.code, 1);
        QVERIFY2(byDefault.err.startsWith("pxrun: error: embed: the public degree bound D = 6 (the default) refuses "), qPrintable(byDefault.err));
        QVERIFY2(byDefault.err.contains(QString("largest degree is %1: --D %1 admits every graph").arg(largest)), qPrintable(byDefault.err));
        const Run oneLess = pxrun(base + QStringList{"--D", QString::number(largest - 1)});
        QCOMPARE(oneLess.code, 1);
        QVERIFY2(oneLess.err.contains(QString("D = %1 refuses").arg(largest - 1)) && !oneLess.err.contains("(the default)") &&
                     oneLess.err.contains(QString("--D %1 admits").arg(largest)), qPrintable(oneLess.err));
        const Run enough = pxrun(base + QStringList{"--D", QString::number(largest)});
        QVERIFY2(enough.code == 0 && QFile::exists(dir.path() + "/e.json"), qPrintable(enough.err));
    }
    // A misspelt command: one line with the nearest command and where the list is, not the whole usage.
    void misspeltCommandGetsOneLine() {
        const Run typo = pxrun({"densitys"});
        QCOMPARE(typo.code, 2);
        QCOMPARE(typo.err, QString("pxrun: error: unknown command 'densitys'; did you mean 'densities'? (pxrun --help lists the commands)\n"));
        QVERIFY(typo.out.isEmpty());
        const Run far = pxrun({"frobnicate", "x"});
        QCOMPARE(far.code, 2);
        QCOMPARE(far.err, QString("pxrun: error: unknown command 'frobnicate' (pxrun --help lists the commands)\n"));
        const Run bench = pxrun({"bench", "densitys"});
        QCOMPARE(bench.code, 2);
        QVERIFY2(bench.err.startsWith("pxrun: error: bench densitys: unknown benchmark 'densitys'; did you mean 'densities'?\n"),
                 qPrintable(bench.err));
    }
    // Every error of a command starts with the command's name, whichever part of pxrun found it.
    void errorsNameTheirCommand() {
        QTemporaryDir dir;
        const std::vector<std::pair<QStringList, QString>> cases = {
            {{"densities", "builtin:er", "--d", "five"}, "densities: option --d expects an integer, got 'five'"},
            {{"patterns", "--seed", "x"}, "patterns: option --seed expects an integer, got 'x'"},
            {{"audit", "--samples", "many"}, "audit: option --samples expects an integer, got 'many'"},
            {{"info", "builtin:er", "--D", "six"}, "info: option --D expects an integer, got 'six'"},
            {{"densities", "builtin:er", "--path", "fast"}, "densities: option --path expects auto, sparse, scatter or gemm, got 'fast'"},
            {{"embed", "builtin:er", "--out", dir.path() + "/e", "--max-memory", "lots"},
             "embed: option --max-memory expects a positive number of GiB, found 'lots'"},
            {{"bench", "scaling", "--max-n", "big"}, "bench scaling: option --max-n expects an integer, got 'big'"},
            {{"sweep", dir.path() + "/none.json", "--out", dir.path() + "/s"}, "sweep: "},
        };
        for (const auto& [args, expected] : cases) {
            const Run r = pxrun(args);
            QVERIFY2(r.code == 1 && r.err.startsWith("pxrun: error: " + expected), qPrintable(args.join(' ') + " -> " + r.err));
            QCOMPARE(r.err.count('\n'), 1);
        }
    }
    // A command line without its operands: what is missing, then the command's whole synopsis as --help gives it.
    void usageErrorsShowTheTablesSynopsis() {
        for (const char* name : {"sweep", "figure", "embed", "merge", "info", "densities", "depth"}) {
            const QString command = name;
            const Run r = pxrun({command});
            QCOMPARE(r.code, 2);
            const Run help = pxrun({command, "--help"});
            QCOMPARE(help.code, 0);
            const QString firstLine = r.err.left(r.err.indexOf('\n') + 1);
            QVERIFY2(firstLine.startsWith("pxrun: error: " + command + ": needs "), qPrintable(r.err));
            QCOMPARE(r.err.mid(firstLine.size()), usageBlock(help.out));
            QVERIFY2(usageBlock(help.out).startsWith("usage: pxrun " + command + " "), qPrintable(help.out));
        }
    }
    // pxrun info prints one line per distinct bound: the 95th and 99th percentiles and the maximum of the graphs'
    // largest degrees (nearest rank), here worked out from the stars written.
    void infoPrintsEachBoundOnce() {
        std::vector<std::vector<int>> folders = {{2, 2, 2, 2}, {}};  // all alike; 21 stars of 1..21 leaves, 20 and 21
        for (int i = 0; i < 21; ++i) folders[1].push_back((i * 8) % 21 + 1);
        for (const std::vector<int>& leaves : folders) {
            QTemporaryDir dir;
            writeStars(dir.path(), leaves);
            const Run r = pxrun({"info", dir.path()});
            QVERIFY2(r.code == 0 && r.out.contains("labels from (none: unlabelled)"), qPrintable(r.err + r.out));
            std::vector<int> sorted = leaves;
            std::sort(sorted.begin(), sorted.end());
            std::set<int> expected;
            for (double q : {0.95, 0.99, 1.0}) expected.insert(sorted[std::size_t(std::ceil(q * sorted.size())) - 1]);
            QStringList wanted;
            for (int D : expected) {
                const long refused = std::count_if(leaves.begin(), leaves.end(), [&](int d) { return d > D; });
                wanted << QString("public bound D = %1 refuses %2 of %3 graphs (Δ(G) > D)").arg(D, -6).arg(refused).arg(leaves.size());
            }
            QCOMPARE(boundLines(r.out), wanted);
        }
    }
    // The slide preset's legend, in a row under the axes, keeps a tenth of an inch off the page's edges. Measured on
    // a 96 dpi PNG of a real sweep: the ink below the x axis (the lowest row at least half inked) is the tick
    // labels, the axis label and the legend, and only the legend reaches towards the sides and the bottom.
    void slideLegendKeepsOffTheEdges() {
        QTemporaryDir dir;
        const QString spec = QString(PX_SOURCE_DIR) + "/resources/specs/builtin-sbm-quick.json";
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/quick"}).code, 0);
        const Run figure = pxrun({"figure", dir.path() + "/quick", "--out", dir.path() + "/slide.png", "--preset", "slide", "--dpi", "96"});
        QVERIFY2(figure.code == 0, qPrintable(figure.err));
        const QImage png = QImage(dir.path() + "/slide.png").convertToFormat(QImage::Format_RGB32);
        QCOMPARE(png.size(), QSize(1280, 720));  // 13.33 × 7.5 in at 96 dpi
        const auto ink = [&](int x, int y) { return png.pixel(x, y) != qRgb(255, 255, 255); };
        int axisRow = -1;
        for (int y = png.height() - 1; y >= 0 && axisRow < 0; --y) {
            int inked = 0;
            for (int x = 0; x < png.width(); ++x) inked += ink(x, y);
            if (2 * inked >= png.width()) axisRow = y;
        }
        QVERIFY2(axisRow > png.height() / 2 && axisRow < png.height() * 9 / 10, qPrintable(QString::number(axisRow)));
        int left = png.width(), right = -1, bottom = -1;
        for (int y = axisRow + 1; y < png.height(); ++y)
            for (int x = 0; x < png.width(); ++x)
                if (ink(x, y)) left = std::min(left, x), right = std::max(right, x), bottom = std::max(bottom, y);
        QVERIFY(right >= 0);
        const int margin = 10;  // 0.1 in at 96 dpi, rounded up
        QVERIFY2(left >= margin && png.width() - 1 - right >= margin && png.height() - 1 - bottom >= margin,
                 qPrintable(QString("ink below the axes from x = %1 to %2, down to y = %3 on a 1280 × 720 page").arg(left).arg(right).arg(bottom)));
    }
};

QTEST_GUILESS_MAIN(TestPxrunUx)
#include "tst_pxrun_ux.moc"
