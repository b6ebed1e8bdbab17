// Mechanisms: calibration, allocation formulas, assumption checks, reproducibility, noise
// statistics, reference mode labelling, secure mode accounting.
#include "TestSupport.h"
#include "generators/Generators.h"
#include "privacy/Mechanism.h"
#include "privacy/EmbeddingExport.h"
#include "privacy/RandomizedResponse.h"
#include "privacy/Samplers.h"

#include <QtTest>
#include <cmath>
#include <cstring>
#include <tbb/global_control.h>

using namespace px;
using namespace px::privacy;

namespace {
struct Fixture {
    Dataset data = gen::sbmCycleTask(60, 3);
    PatternSet patterns;
    DensityMatrix clean;
    Fixture(const char* cls = "trees", int d = 8) {
        PatternSamplerParams p;
        p.patternClass = PatternClass::parse(cls);
        p.count = d;
        p.size.maxSize = 7;
        patterns = PatternSet::sample(p);
        clean = DensityMatrix::compute(data, patterns);
    }
    NoiseModel model(MechanismParams mp) const {
        if (mp.degreeBound < data.maxDegree()) mp.degreeBound = data.maxDegree();
        return NoiseModel(clean, patterns.patterns, GraphFacts::of(data), mp, data.name);
    }
};
}  // namespace

class TestMechanism : public QObject {
    Q_OBJECT
private slots:
    void gaussianIsCalibratedToTheTargetEpsilon() {
        Fixture f;
        for (double eps : {0.3, 1.0, 4.0}) {
            MechanismParams mp;
            mp.epsilon = eps;
            mp.delta = 1e-5;
            NoiseModel m = f.model(mp);
            QVERIFY(std::abs(m.report().epsilon() - eps) < 1e-9 * eps);
            QCOMPARE(QString::fromStdString(m.report().conversions[m.report().tightest].name), QString("analytic Gaussian"));
            // Isotropic: σ = ‖s‖₂/√(2ρ) for every pattern of a graph.
            std::vector<double> s;
            for (int j = 0; j < m.cols(); ++j) s.push_back(m.sensitivity(0, j));
            for (int j = 0; j < m.cols(); ++j)
                QVERIFY(std::abs(m.noiseScale(0, j) - l2Norm(s) / std::sqrt(2 * m.guarantee().rho)) < 1e-15);
        }
    }
    // Σ s_j²/σ_j² = 2ρ for every allocation, and the optimum beats random feasible alternatives
    // in the weighted objective Σ w_j σ_j².
    void allocationsMeetTheBudgetAndAreOptimal() {
        Fixture f("treewidth:2", 10);
        std::vector<double> w(10);
        Rng rng(6);
        for (double& x : w) x = 0.1 + rng.uniform();
        for (Allocation a : {Allocation::Isotropic, Allocation::EqualSnr, Allocation::Weights}) {
            MechanismParams mp;
            mp.allocation = a;
            mp.weights = w;
            NoiseModel m = f.model(mp);
            const double rho = m.guarantee().rho;
            for (int i = 0; i < m.rows(); i += 7) {
                double sum = 0;
                for (int j = 0; j < m.cols(); ++j) sum += std::pow(m.sensitivity(i, j) / m.noiseScale(i, j), 2);
                QVERIFY2(std::abs(sum - 2 * rho) < 1e-9 * rho, toString(a));
            }
            if (a == Allocation::EqualSnr)
                for (int j = 1; j < m.cols(); ++j)
                    QVERIFY(std::abs(m.noiseScale(0, j) / m.sensitivity(0, j) - m.noiseScale(0, 0) / m.sensitivity(0, 0)) < 1e-9 * m.noiseScale(0, 0) / m.sensitivity(0, 0));
            if (a == Allocation::Weights) {
                auto objective = [&](const std::vector<double>& sigma) {
                    double o = 0;
                    for (int j = 0; j < 10; ++j) o += w[j] * sigma[j] * sigma[j];
                    return o;
                };
                std::vector<double> best;
                for (int j = 0; j < 10; ++j) best.push_back(m.noiseScale(0, j));
                for (int trial = 0; trial < 200; ++trial) {
                    std::vector<double> alt(10);
                    double c = 0;
                    for (int j = 0; j < 10; ++j) { alt[j] = best[j] * std::exp(0.5 * (rng.uniform() - 0.5)); c += std::pow(m.sensitivity(0, j) / alt[j], 2); }
                    const double scale = std::sqrt(c / (2 * rho));  // rescale onto the constraint
                    for (double& x : alt) x *= scale;
                    QVERIFY(objective(alt) >= objective(best) * (1 - 1e-12));
                }
            }
        }
    }
    // The report's per-pattern budget shares: recomputed here from each graph's own scales (ρ_j = s_j²/(2σ_j²) over
    // ρ, or ε_j = s_j/b_j over ε for Laplace) and averaged over the graphs; they sum to 1. Isotropic Gaussian noise
    // spends the budget in proportion to s_j², equal SNR equally.
    void budgetSharesAreEachPatternsPartOfThePrivacyLoss() {
        Fixture f("treewidth:2", 10);
        for (MechanismKind k : {MechanismKind::Gaussian, MechanismKind::Laplace})
            for (Allocation a : {Allocation::Isotropic, Allocation::EqualSnr}) {
                if (k == MechanismKind::Laplace && a != Allocation::Isotropic) continue;  // Laplace allocates isotropically only
                MechanismParams mp;
                mp.mechanism = k;
                mp.allocation = a;
                NoiseModel m = f.model(mp);
                const auto& share = m.report().budgetShare;
                QCOMPARE(int(share.size()), m.cols());
                std::vector<double> expected(m.cols(), 0.0);
                for (int i = 0; i < m.rows(); ++i) {
                    std::vector<double> loss(m.cols());
                    double total = 0;
                    for (int j = 0; j < m.cols(); ++j) {
                        const double r = m.sensitivity(i, j) / m.noiseScale(i, j);
                        total += loss[j] = k == MechanismKind::Laplace ? r : r * r;
                    }
                    if (k == MechanismKind::Gaussian) QVERIFY(std::abs(total - 2 * m.guarantee().rho) < 1e-9 * total);
                    for (int j = 0; j < m.cols(); ++j) expected[j] += loss[j] / total / m.rows();
                }
                double sum = 0;
                for (int j = 0; j < m.cols(); ++j) {
                    QVERIFY2(std::abs(share[j] - expected[j]) < 1e-12, toString(a));
                    sum += share[j];
                }
                QVERIFY(std::abs(sum - 1) < 1e-12);
                if (k == MechanismKind::Gaussian && a == Allocation::EqualSnr)
                    for (double s : share) QVERIFY(std::abs(s - 1.0 / m.cols()) < 1e-12);
                if (k == MechanismKind::Gaussian && a == Allocation::Isotropic) {  // ∝ s_j² of graph 0 when all graphs share n
                    double s2 = 0;
                    for (int j = 0; j < m.cols(); ++j) s2 += std::pow(m.sensitivity(0, j), 2);
                    bool oneScale = true;
                    for (int i = 1; i < m.rows(); ++i) oneScale = oneScale && m.noiseScale(i, 0) == m.noiseScale(0, 0);
                    if (oneScale)
                        for (int j = 0; j < m.cols(); ++j) QVERIFY(std::abs(share[j] - std::pow(m.sensitivity(0, j), 2) / s2) < 1e-12);
                }
                QVERIFY(m.report().toJson().contains("budget_share_per_pattern"));
            }
    }
    void publicDegreeBoundIsEnforced() {
        Fixture f;
        MechanismParams mp;
        mp.degreeBound = 2;  // the SBM graphs have larger degrees
        try {
            NoiseModel(f.clean, f.patterns.patterns, GraphFacts::of(f.data), mp, "SBM");
            QFAIL("expected AssumptionViolation");
        } catch (const AssumptionViolation& e) {
            QVERIFY(QString(e.what()).contains("graph 0 of SBM has maximum degree"));
            QVERIFY(QString(e.what()).contains("D = 2"));
            // the bound that would admit every graph: the largest degree of any vertex of the data set
            int largest = 0;
            for (const Graph& g : f.data.graphs)
                for (int v = 0; v < g.numVertices(); ++v) largest = std::max(largest, int(g.neighborsEnd(v) - g.neighborsBegin(v)));
            QVERIFY2(QString(e.what()).contains(QString("(D = %1 admits every graph)").arg(largest)), e.what());
            mp.degreeBound = largest;  // and it does
            NoiseModel admitted(f.clean, f.patterns.patterns, GraphFacts::of(f.data), mp, "SBM");
            mp.degreeBound = 2;
        }
        mp.sensitivity = SensitivitySource::CountingLemma;  // no assumption: nothing to refuse
        NoiseModel ok(f.clean, f.patterns.patterns, GraphFacts::of(f.data), mp, "SBM");
        QVERIFY(ok.report().assumption.find("counting") != std::string::npos);
    }
    void releaseIsReproducibleAndThreadIndependent() {
        Fixture f;
        NoiseModel m = f.model(MechanismParams{});
        NoisyEmbedding a = m.release(0);
        NoisyEmbedding b;
        {
            tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
            b = m.release(0);
        }
        QVERIFY(a.values == b.values);
        QVERIFY(m.release(1).values != a.values);
        double row[64];
        m.sampleRow(5, 0, row);
        for (int j = 0; j < m.cols(); ++j) QCOMPARE(row[j], a.values(5, j));
    }
    // Noise is zero-mean with the stated scale: z-scores over many repetitions.
    void noiseHasTheStatedMeanAndScale() {
        Fixture f;
        for (MechanismKind k : {MechanismKind::Gaussian, MechanismKind::Laplace, MechanismKind::SmoothGaussian}) {
            MechanismParams mp;
            mp.mechanism = k;
            NoiseModel m = f.model(mp);
            const int reps = 4000, i = 3;
            std::vector<double> sum(m.cols(), 0), sum2(m.cols(), 0), row(m.cols());
            for (int r = 0; r < reps; ++r) {
                m.sampleRow(i, r, row.data());
                for (int j = 0; j < m.cols(); ++j) {
                    const double z = row[j] - f.clean.t(i, j);
                    sum[j] += z;
                    sum2[j] += z * z;
                }
            }
            for (int j = 0; j < m.cols(); ++j) {
                const double sd = k == MechanismKind::Laplace ? std::sqrt(2.0) * m.noiseScale(i, j) : m.noiseScale(i, j);
                QVERIFY2(std::abs(sum[j] / reps) < 4.9 * sd / std::sqrt(reps), toString(k));  // 1e-6 each
                const double ratio = sum2[j] / reps / (sd * sd);
                QVERIFY2(std::abs(ratio - 1) < (k == MechanismKind::Laplace ? 0.15 : 0.1), qPrintable(QString("%1: %2").arg(toString(k)).arg(ratio)));
            }
        }
    }
    void smoothGaussianMatchesTheorem5() {
        Fixture f("trees", 50);
        MechanismParams mp;
        mp.mechanism = MechanismKind::SmoothGaussian;
        mp.axis = BudgetAxis::Rho;
        mp.rho = 0.01;  // ρ', β = ρ'/5
        mp.delta = 1e-6;
        NoiseModel m = f.model(mp);
        QVERIFY(std::abs(m.guarantee().rho - (0.02 + 4 * 50 * 0.002 * 0.002)) < 1e-15);
        QVERIFY(std::abs(m.guarantee().omega - 125) < 1e-9);
        double bdrs = 0;
        for (auto& c : m.report().conversions) if (c.name == "BDRS") bdrs = c.epsilon;
        QCOMPARE(std::round(bdrs * 1000) / 1000, 1.093);
        QVERIFY(std::abs(m.report().epsilon() - 0.92) < 0.01);
        QVERIFY(m.report().validGuarantee);
    }
    void referenceModeIsLabelledEverywhere() {
        Fixture f;
        MechanismParams mp;
        mp.mechanism = MechanismKind::SmoothGaussian;
        mp.referenceMode = true;
        mp.axis = BudgetAxis::Rho;
        NoiseModel m = f.model(mp);
        QVERIFY(!m.report().validGuarantee);
        QVERIFY(!m.guarantee().valid);
        QVERIFY(!m.report().warnings.empty());
        const std::string json = m.report().toJson().dump();
        QVERIFY(json.find("NO valid privacy guarantee") != std::string::npos);
        QVERIFY(m.report().summary().find("NO VALID GUARANTEE") != std::string::npos);
        QVERIFY(m.release(0).report.referenceMode);
    }
    void secureModeAccountsForTheGrid() {
        Fixture f;
        MechanismParams mp;
        mp.secure = true;
        mp.epsilon = 1.0;
        NoiseModel m = f.model(mp);
        QVERIFY(m.report().epsilon() <= 1.0 + 1e-9);
        QVERIFY(m.report().secureInflation >= 1.0 && m.report().secureInflation < 1.05);
        for (const auto& c : m.report().conversions) QVERIFY(c.name != "analytic Gaussian");
        NoisyEmbedding a = m.release(0), b = m.release(0);
        QVERIFY(a.values != b.values);  // OS randomness: not reproducible by design
        // The accounting recomputed here from what the release uses (grid steps, sensitivities, the discrete
        // variance): rounding to the grid moves each coordinate by up to one step, so the sensitivity in grid
        // units is s_j/γ_j + 1 and ρ = Σ_j (s_j/γ_j + 1)² / (2σ_g²) must not exceed the ρ the report claims.
        // Without the + 1 the noise would be too small and this fails.
        for (int i = 0; i < m.rows(); ++i) {
            double sum = 0, sumWithoutRounding = 0;
            for (int j = 0; j < m.cols(); ++j) {
                const double g = m.secureGrid(i, j);
                if (g == 0) continue;
                sum += std::pow(m.sensitivity(i, j) / g + 1, 2);
                sumWithoutRounding += std::pow(m.sensitivity(i, j) / g, 2);
            }
            const double rho = sum / (2 * m.secureNoiseParameter(i));
            QVERIFY2(rho <= m.report().rho * (1 + 1e-12), qPrintable(QString("graph %1: ρ %2 > claimed %3").arg(i).arg(rho).arg(m.report().rho)));
            QVERIFY(rho > m.report().rho * 0.999);  // calibrated, not wasteful
            QVERIFY(sumWithoutRounding < sum);
        }
        // Secure mode exists for the smooth mechanism and randomized response neither: refused by name.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, [&] { MechanismParams s; s.secure = true; s.mechanism = MechanismKind::SmoothGaussian; f.model(s); }());
    }
    void secureLaplaceIsPureDpOnItsGrid() {
        Fixture f;
        MechanismParams mp;
        mp.mechanism = MechanismKind::Laplace;
        mp.secure = true;
        mp.epsilon = 0.8;
        NoiseModel m = f.model(mp);
        QCOMPARE(m.report().pureEpsilon, 0.8);
        for (int i = 0; i < m.rows(); ++i) {
            // ℓ1 sensitivity in grid units, rounding included, over the discrete Laplace's scale t: ≤ ε.
            double delta1 = 0;
            for (int j = 0; j < m.cols(); ++j)
                if (const double g = m.secureGrid(i, j); g > 0) delta1 += m.sensitivity(i, j) / g + 1;
            const double t = m.secureNoiseParameter(i);
            QVERIFY(t >= 1 && t == std::floor(t));
            QVERIFY2(delta1 / t <= 0.8 + 1e-12, qPrintable(QString("graph %1: ε %2").arg(i).arg(delta1 / t)));
            QVERIFY(delta1 / (t - 1) > 0.8);  // the smallest integer scale that meets ε
        }
        QVERIFY(m.report().secureInflation >= 1.0 && m.report().secureInflation < 1.05);
        // Releases lie on the grid: (value / γ) is an integer, and noise is present.
        const NoisyEmbedding a = m.release(0);
        int moved = 0;
        for (int i = 0; i < m.rows(); ++i)
            for (int j = 0; j < m.cols(); ++j) {
                const double g = m.secureGrid(i, j);
                if (g == 0) continue;
                const double k = a.values(i, j) / g;
                QVERIFY2(std::abs(k - std::nearbyint(k)) < 1e-6 * std::max(1.0, std::abs(k)), qPrintable(QString::number(k)));
                moved += std::abs(a.values(i, j) - f.clean.t(i, j)) > g;
            }
        QVERIFY(moved > 0);
    }
    // The discrete Laplace sampler (OS randomness, as the release uses it) against its law:
    // P(x) ∝ e^(−|x|/t), here t = 3, 200,000 draws, χ² over |x| ≤ 12.
    void discreteLaplaceMatchesItsLaw() {
        OsEntropy bits;
        const std::uint64_t t = 3;
        const int draws = 200000, K = 12;
        std::vector<int> count(2 * K + 1, 0);
        int tail = 0;
        for (int k = 0; k < draws; ++k) {
            const long x = DiscreteGaussian<OsEntropy>::discreteLaplace(bits, t);
            if (std::abs(x) <= K) ++count[x + K];
            else ++tail;
        }
        const double q = std::exp(-1.0 / double(t)), z = (1 - q) / (1 + q);
        double chi2 = 0;
        for (int x = -K; x <= K; ++x) {
            const double expect = draws * z * std::pow(q, std::abs(x));
            chi2 += std::pow(count[x + K] - expect, 2) / expect;
        }
        // 25 cells: the 99.99 % quantile of χ²(24) is 59.7 (a false alarm once in 10,000 runs).
        QVERIFY2(chi2 < 59.7, qPrintable(QString("chi2 = %1").arg(chi2)));
        const double tailExpected = draws * 2 * z * std::pow(q, K + 1) / (1 - q);  // P(|x| > K)
        QVERIFY2(std::abs(tail - tailExpected) < 5 * std::sqrt(tailExpected), qPrintable(QString("tail %1, expected %2").arg(tail).arg(tailExpected)));
    }
    void laplaceAndRandomizedResponseArePureDp() {
        Fixture f;
        MechanismParams mp;
        mp.mechanism = MechanismKind::Laplace;
        mp.epsilon = 0.7;
        NoiseModel m = f.model(mp);
        QCOMPARE(m.report().epsilon(), 0.7);
        // pure DP states δ = 0 in its JSON and its sentence, whatever δ the settings carry (the trial read 1e-6)
        QCOMPARE(m.report().toJson()["delta"].get<double>(), 0.0);
        QVERIFY(m.report().summary().find("δ = 0)") != std::string::npos);
        std::vector<double> s;
        for (int j = 0; j < m.cols(); ++j) s.push_back(m.sensitivity(2, j));
        QVERIFY(std::abs(m.noiseScale(2, 0) - l1Norm(s) / 0.7) < 1e-15);
        RandomizedResponseModel rr(f.data, f.patterns.patterns, 2.0, 1);
        QCOMPARE(rr.report().epsilon(), 2.0);
        QCOMPARE(rr.report().toJson()["delta"].get<double>(), 0.0);
        NoisyEmbedding e = rr.release(0);
        QCOMPARE(int(e.values.rows()), f.data.size());
        QVERIFY(e.values.minCoeff() >= 0 && e.values.maxCoeff() <= 1);  // densities of real graphs
        QVERIFY(e.values == rr.release(0).values);
    }
    void paramsRoundTripAndExport() {
        MechanismParams p;
        p.mechanism = MechanismKind::SmoothGaussian;
        p.sensitivity = SensitivitySource::CountingLemma;
        p.degreeBound = 9;
        p.allocation = Allocation::Weights;
        p.weights = {1, 2, 3};
        p.axis = BudgetAxis::Rho;
        p.epsilon = 0.25;
        p.rho = 0.003;
        p.delta = 1e-7;
        p.beta = 0.01;
        p.referenceMode = true;
        p.secure = false;
        p.seed = 77;
        MechanismParams q = mechanismParamsFromJson(toJson(p));
        QCOMPARE(toJson(q).dump(), toJson(p).dump());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, mechanismParamsFromJson({{"mechanism", "exponential"}}));

        Fixture f;
        NoiseModel m = f.model(MechanismParams{});
        NoisyEmbedding e = m.release(0);
        QTemporaryDir dir;
        const std::string prefix = dir.path().toStdString() + "/emb";
        exportEmbedding(prefix, e, {{"note", "test"}});
        QFile npy(QString::fromStdString(prefix + ".npy"));
        QVERIFY(npy.open(QIODevice::ReadOnly));
        const QByteArray bytes = npy.readAll();
        QVERIFY(bytes.startsWith("\x93NUMPY\x01\x00"));
        const int headerLen = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
        QCOMPARE((10 + headerLen) % 64, 0);
        QVERIFY(bytes.mid(10, headerLen).contains(QByteArray("'shape': (60, 9)")));
        QCOMPARE(bytes.size(), 10 + headerLen + 60 * 9 * 8);
        double first[2];
        std::memcpy(first, bytes.constData() + 10 + headerLen, sizeof first);
        QCOMPARE(first[0], e.n(0));
        QCOMPARE(first[1], e.values(0, 0));
        QFile side(QString::fromStdString(prefix + ".json"));
        QVERIFY(side.open(QIODevice::ReadOnly));
        auto j = nlohmann::json::parse(side.readAll().toStdString());
        QCOMPARE(j["note"].get<std::string>(), std::string("test"));
        QCOMPARE(j["privacy_report"]["epsilon"].get<double>(), m.report().epsilon());
        QVERIFY(QFile::exists(QString::fromStdString(prefix + ".csv")));
    }
};

QTEST_APPLESS_MAIN(TestMechanism)
#include "tst_mechanism.moc"
