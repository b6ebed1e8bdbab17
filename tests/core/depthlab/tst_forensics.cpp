// The published numbers traced run by run (issue 16): the paper's chain data, the CARIBOU
// reference-code mode and its audit, per-run and paper-selection tables, and the published
// per-run rows of private-homcounts (tests/data/published/, source named in the file).
#include "TestSupport.h"
#include "depthlab/DepthAccounting.h"
#include "depthlab/DepthLab.h"
#include "depthlab/DepthSpecChecks.h"
#include "common/Error.h"
#include "depthlab/NodeGenerators.h"
#include "depthlab/PrivatePropagation.h"
#include "depthlab/PropagationAudit.h"
#include "depthlab/PropagationExperiment.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace px;
using namespace px::depthlab;

namespace {

struct PublishedRow {
    int patternSeed, noiseSeed;
    double rho, auc, epsilon;
    std::string text;  // the whole line (to find duplicated runs)
};

std::vector<PublishedRow> readPublished() {
    std::ifstream in(pxtest::testData("published/private-homcounts-molbace-runs.csv"));
    std::vector<PublishedRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.rfind("pattern_seed", 0) == 0) continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
        if (f.size() != 13) continue;
        auto num = [](const std::string& s) { return s == "inf" ? INFINITY : std::stod(s); };
        rows.push_back({std::stoi(f[0]), std::stoi(f[6]), num(f[2]), num(f[4]), num(f[11]), line});
    }
    return rows;
}

double meanAuc(const std::vector<const PublishedRow*>& rows) {
    double s = 0;
    for (auto* r : rows) s += r->auc;
    return s / double(rows.size());
}

}  // namespace

class TestForensics : public QObject {
    Q_OBJECT
private slots:
    void chainOneIsThePapersChainData() {
        const NodeDataset ds = builtinNodeDataset("chain-1");
        QCOMPARE(ds.numNodes(), 48);
        QCOMPARE(ds.graph.numEdges(), 42L);  // 2 classes × 3 chains × 7 edges
        QCOMPARE(ds.numClasses(), 2);
        QCOMPARE(int(ds.train.size()), 8);
        QCOMPARE(int(ds.valid.size()), 8);
        QCOMPARE(int(ds.test.size()), 32);
        std::set<int> all(ds.train.begin(), ds.train.end());
        all.insert(ds.valid.begin(), ds.valid.end());
        all.insert(ds.test.begin(), ds.test.end());
        QCOMPARE(int(all.size()), 48);  // disjoint, covering every node
        QCOMPARE(ds.publishedEdgeEntries, 90L);  // 42 directed edges + 48 self-loops, as published
        int signal = 0;
        for (int v = 0; v < 48; ++v) signal += ds.features.row(v).sum() > 0 ? 1 : 0;
        QCOMPARE(signal, 6);  // one feature-carrying node per chain
        // Majority-class baseline: the most frequent test class.
        int count[2] = {0, 0};
        for (int v : ds.test) ++count[ds.labels[v]];
        QCOMPARE(ds.majorityClassAccuracy(), std::max(count[0], count[1]) / 32.0);
    }

    void referenceModeCarriesItsChoicesAndLabel() {
        const NodeDataset ds = builtinNodeDataset("chain-1");
        PropagationParams p;
        p.scheme = PropagationScheme::CaribouReference;
        p.hops = 3;
        p.contraction = 0.9;
        p.alpha1 = 1.0;
        p.beta = 1.0;
        const PropagationResult r = propagatePrivately(ds, p);
        QVERIFY(!r.validGuarantee);
        QCOMPARE(r.delta, 1e-2);        // 10^−len("90")
        QCOMPARE(r.minDegreeUsed, 1);   // read from the private graph (chain ends)
        QCOMPARE(r.sensitivity, caribouEdgeSensitivity(0.9, 1.0, 1));
        QVERIFY(std::string(guaranteeLabel(p.scheme)).find("no valid guarantee") != std::string::npos);
        p.scheme = PropagationScheme::Caribou;
        const PropagationResult valid = propagatePrivately(ds, p);
        QVERIFY(valid.validGuarantee);
        QCOMPARE(valid.minDegreeUsed, 0);  // the public promise, not the graph's value
        QCOMPARE(valid.delta, p.delta);
    }

    void everyTableLabelsTheReferenceMode() {
        for (const char* rows : {"summary", "runs", "selection"}) {
            nlohmann::json spec = {{"experiment", "propagation"}, {"data", "builtin:chain-1"},
                                   {"schemes", {"caribou", "caribou-reference"}}, {"epsilons", {1.0}}, {"hops", {2}},
                                   {"betas", {0.1, 10.0}}, {"trials", 2}, {"rows", rows}};
            const auto t = runDepthExperiment(spec, "<test>");
            int labelled = 0;
            for (int i = 0; i < t.rows(); ++i) {
                const std::string scheme = t.at(i, "scheme").get<std::string>();
                const std::string g = t.at(i, "guarantee").get<std::string>();
                QCOMPARE(g == "valid", scheme == "caribou");
                labelled += scheme == "caribou-reference" ? 1 : 0;
            }
            QVERIFY2(labelled > 0, rows);
            if (std::string(rows) == "runs") QCOMPARE(t.rows(), 2 * 2 * 2);  // schemes × β × trials
            if (std::string(rows) == "selection") {
                QCOMPARE(t.rows(), 2);
                for (int i = 0; i < t.rows(); ++i) {
                    QCOMPARE(t.at(i, "runs").get<int>(), 4);
                    QVERIFY(t.at(i, "test_accuracy_best").get<double>() >= t.at(i, "test_accuracy_expected_best_of_k").get<double>() - 1e-12);
                    QVERIFY(t.at(i, "test_accuracy_expected_best_of_k").get<double>() >= t.at(i, "test_accuracy_mean").get<double>() - 1e-12);
                }
            }
        }
    }

    void settingsDrawIndependentNoise() {
        // Same seed, different β / c / α₁: different seeds, so different noise.
        std::set<std::uint64_t> seeds;
        for (double b : {0.1, 1.0, 10.0})
            for (double c : {0.6, 0.9})
                for (double a : {0.9, 1.0}) seeds.insert(settingSeed(1, {2.0, 1.0, 4.0, c, a, b, 0.0}));
        QCOMPARE(int(seeds.size()), 12);
        QCOMPARE(settingSeed(1, {1.0, 2.0}), settingSeed(1, {1.0, 2.0}));
    }

    void expectedBestOfMatchesEnumeration() {
        const std::vector<double> runs{0.3, 0.7, 0.5, 0.9, 0.1, 0.6, 0.4};
        for (int k = 1; k <= 7; ++k) {
            double sum = 0;
            int subsets = 0;
            for (int mask = 0; mask < 128; ++mask) {
                if (__builtin_popcount(unsigned(mask)) != k) continue;
                double best = -1;
                for (int i = 0; i < 7; ++i)
                    if (mask & (1 << i)) best = std::max(best, runs[std::size_t(i)]);
                sum += best;
                ++subsets;
            }
            QVERIFY2(std::abs(expectedBestOf(runs, k) - sum / subsets) < 1e-12, qPrintable(QString("k = %1").arg(k)));
        }
        QCOMPARE(expectedBestOf(runs, 1), (0.3 + 0.7 + 0.5 + 0.9 + 0.1 + 0.6 + 0.4) / 7);
    }

    void auditFlagsTheReferenceModeNotTheValidMechanism() {
        const NodeDataset ds = builtinNodeDataset("chain-1");
        PropagationParams p;
        p.hops = 2;
        p.epsilon = 1.0;
        p.contraction = 0.9;
        p.alpha1 = 1.0;
        p.beta = 10.0;
        PropagationAuditParams a;
        a.samples = 4000;
        p.scheme = PropagationScheme::CaribouReference;
        const auto ref = auditPropagation(ds, p, a);
        qInfo("reference mode: claimed ε %.2f at δ %.0e, certified ε ≥ %.2f", ref.claimedEpsilon, ref.delta, ref.epsilonLowerBound);
        QVERIFY(!ref.validGuarantee);
        QVERIFY2(ref.contradictsClaim(), "the audit should refute the reference code's claim at β = 10");
        p.scheme = PropagationScheme::Caribou;
        const auto valid = auditPropagation(ds, p, a);
        qInfo("valid CARIBOU: claimed ε %.2f at δ %.0e, certified ε ≥ %.2f", valid.claimedEpsilon, valid.delta, valid.epsilonLowerBound);
        QVERIFY(valid.validGuarantee);
        QVERIFY(!valid.contradictsClaim());
    }

    void publishedRunsOfPrivateHomcounts() {
        const auto rows = readPublished();
        QCOMPARE(int(rows.size()), 90);  // 9 runs × 10 values of ρ'
        // The block pattern seed 666 / noise seed 2 appears twice, identically (rows 41–50, 51–60).
        for (int i = 40; i < 50; ++i) QCOMPARE(rows[std::size_t(i)].text, rows[std::size_t(i + 10)].text);
        // Published figures (docs/mathematics.md §7): ρ' → (ε, AUC of the ablation table).
        const std::map<double, std::pair<double, double>> published = {
            {0.001, {0.335, 0.662}}, {0.01, {1.093, 0.658}}, {0.05, {2.695, 0.704}}, {INFINITY, {INFINITY, 0.752}}};
        for (const auto& [rho, pub] : published) {
            std::vector<const PublishedRow*> all, distinct;
            std::set<std::string> seen;
            for (const auto& r : rows)
                if (r.rho == rho) {
                    all.push_back(&r);
                    if (seen.insert(r.text).second) distinct.push_back(&r);
                }
            QCOMPARE(int(all.size()), 9);
            QCOMPARE(int(distinct.size()), 8);
            // The ablation table is the mean of the 8 distinct runs.
            QVERIFY2(std::abs(std::round(meanAuc(distinct) * 1000) / 1000 - pub.second) < 1e-9,
                     qPrintable(QString("ρ' = %1: mean of distinct runs %2, published %3").arg(rho).arg(meanAuc(distinct)).arg(pub.second)));
            if (std::isfinite(pub.first)) QVERIFY(std::abs(all.front()->epsilon - pub.first) < 5e-4);
            if (rho == 0.01)  // the ICLR headline 0.652 counts the duplicated run
                QVERIFY(std::abs(std::round(meanAuc(all) * 1000) / 1000 - 0.652) < 1e-9);
        }
        // The smallest ρ' gives exactly 0.5 in every run; the runs at ρ' = 0.01 span 0.52–0.72.
        for (const auto& r : rows)
            if (r.rho == 1e-8) QCOMPARE(r.auc, 0.5);
    }

    void publishedGinBaselineRuns() {
        // The eight RR/DPRR numbers of [Trade-off 2026] are the means of nine seeds each (the committed script loops over
        // three): RR MOLHIV .488, MOLBBBP .440, MOLBACE .457, MOLLIPO 1.568; DPRR .595, .539, .648, 1.499 — except
        // MOLBBBP DPRR, whose nine runs average 0.537: the published 0.539 is the file's "total" line (0.5393), which
        // its own rows do not give (nor do the DPRR files' stds: 0.0425 written, 0.0397 from the MOLBACE rows).
        std::ifstream in(pxtest::testData("published/private-homcounts-gin-baseline-runs.csv"));
        std::map<std::string, std::vector<double>> runs;
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#' || line.rfind("file", 0) == 0) continue;
            const std::size_t comma = line.find(',');
            runs[line.substr(0, comma)].push_back(std::stod(line.substr(line.rfind(',') + 1)));
        }
        const std::map<std::string, double> published = {
            {"molhiv_rr", 0.488}, {"molbbbp_rr", 0.440}, {"molbace_rr", 0.457}, {"mollipo_rr", 1.568},
            {"molhiv_rr_deg_preserving", 0.595}, {"molbbbp_rr_deg_preserving", 0.539}, {"molbace_rr_deg_preserving", 0.648},
            {"mollipo_rr_deg_preserving", 1.499}};
        const std::map<std::string, double> fromRuns = {{"molbbbp_rr_deg_preserving", 0.537}};
        QCOMPARE(runs.size(), published.size());
        for (const auto& [file, value] : published) {
            const auto& v = runs[file];
            QCOMPARE(int(v.size()), 9);
            double mean = 0;
            for (double x : v) mean += x / 9;
            const double expected = fromRuns.count(file) ? fromRuns.at(file) : value;
            QVERIFY2(std::abs(std::round(mean * 1000) / 1000 - expected) < 1e-9, qPrintable(QString::fromStdString(file)));
            // Every RR run on the classification sets is below chance: the clean test graphs are scored inversely.
            if (file.find("_rr") != std::string::npos && file.find("deg") == std::string::npos && file != "mollipo_rr")
                for (double x : v) QVERIFY(x < 0.51);
        }
    }

    // Every numeric field of every depth experiment has a range where the spec is read: each number of its
    // defaults (each list's first element) set to -1, 10^300, a string and null is refused naming the field;
    // 0 is refused the same way or accepted.
    void everyNumericDepthFieldIsCheckedAndNamed() {
        int walked = 0;
        for (const std::string& e : depthlab::depthExperiments()) {
            const nlohmann::json defaults = depthlab::defaultDepthSpec(e);
            for (auto it = defaults.begin(); it != defaults.end(); ++it) {
                const bool list = it->is_array();
                if (!(list ? !it->empty() && it->front().is_number() : it->is_number())) continue;
                ++walked;
                for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(1e300), nlohmann::json("x"), nlohmann::json(nullptr),
                                                  nlohmann::json(0)}) {
                    nlohmann::json spec = defaults;
                    if (list) spec[it.key()][0] = bad;
                    else spec[it.key()] = bad;
                    const std::string what = e + "." + it.key() + " = " + bad.dump();
                    try {
                        depthlab::checkDepthSpec(spec, defaults, "walk.json", 1e9);
                        QVERIFY2(bad == nlohmann::json(0), qPrintable(QString::fromStdString(what + " accepted")));
                    } catch (const InputError& err) {
                        QVERIFY2(QString(err.what()).contains(QString::fromStdString("\"/" + it.key())),
                                 qPrintable(QString::fromStdString(what + ": ") + err.what()));
                    }
                }
            }
        }
        QVERIFY(walked > 40);
    }
};

QTEST_APPLESS_MAIN(TestForensics)
#include "tst_forensics.moc"
