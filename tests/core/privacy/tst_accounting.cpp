// Conversions and calibration against docs/mathematics.md §4 reference values and independent computations.
#include "privacy/Accounting.h"
#include "privacy/Mechanism.h"

#include <QtTest>
#include <cmath>
#include <random>

using namespace px::privacy;

namespace {
// δ(ε) of μ-GDP by numerical integration of the privacy-loss distribution, independent of the
// closed form: L ~ N(μ²/2, μ²) under G0, δ(ε) = E[(1 − e^(ε − L))₊] (Balle & Wang 2018, Thm 5).
double deltaByQuadrature(double eps, double mu) {
    const double mean = mu * mu / 2, sd = mu;
    double sum = 0.0;
    const int steps = 200000;
    const double lo = eps, hi = mean + 12 * sd, h = (hi - lo) / steps;
    for (int i = 0; i <= steps; ++i) {
        const double l = lo + i * h;
        const double w = (i == 0 || i == steps) ? 0.5 : 1.0;
        const double pdf = std::exp(-0.5 * std::pow((l - mean) / sd, 2)) / (sd * std::sqrt(2 * M_PI));
        sum += w * (1 - std::exp(eps - l)) * pdf;
    }
    return sum * h;
}
}  // namespace

class TestAccounting : public QObject {
    Q_OBJECT
private slots:
    void specReferenceValuesForUnitGaussian() {
        // σ = 1, sensitivity 1: μ = 1, ρ = 1/2; δ = 1e-5 (docs/mathematics.md §4).
        QCOMPARE(std::round(gaussianEpsilon(1.0, 1e-5) * 1e4) / 1e4, 4.3772);
        QCOMPARE(std::round(tightRdpEpsilon(0.5, kInf, 1e-5) * 1e4) / 1e4, 4.7284);
        QCOMPARE(std::round(mironovEpsilon(0.5, kInf, 1e-5) * 1e4) / 1e4, 5.2985);
        Guarantee g = {0.5, kInf, 1.0, -1.0, true};
        auto c = conversions(g, 1e-5);
        QCOMPARE(QString::fromStdString(c[tightestConversion(c)].name), QString("analytic Gaussian"));
    }
    void paperSettingSmoothGaussian() {
        // ρ' = 0.01, d = 50, β = ρ'/5: (2ρ' + 4dβ², 1/(4β))-tCDP; δ = 1e-6.
        const double rp = 0.01, beta = rp / 5;
        const double rho = 2 * rp + 4 * 50 * beta * beta, omega = 1 / (4 * beta);
        QCOMPARE(std::round(bdrsEpsilon(rho, omega, 1e-6) * 1e3) / 1e3, 1.093);
        const double tight = tightRdpEpsilon(rho, omega, 1e-6);
        QVERIFY2(std::abs(tight - 0.92) < 0.01, qPrintable(QString::number(tight)));
    }
    void analyticCurveMatchesQuadrature() {
        for (double mu : {0.1, 0.5, 1.0, 2.0})
            for (double eps : {0.0, 0.5, 1.0, 3.0}) {
                const double closed = gaussianDelta(eps, mu), numeric = deltaByQuadrature(eps, mu);
                QVERIFY2(std::abs(closed - numeric) <= 1e-7 + 1e-5 * numeric,
                         qPrintable(QString("mu %1 eps %2: %3 vs %4").arg(mu).arg(eps).arg(closed).arg(numeric)));
            }
    }
    void bdrsBranches() {
        // Large ω: the zCDP form. Small ω: the second branch, which is larger.
        QCOMPARE(bdrsEpsilon(0.1, kInf, 1e-6), 0.1 + 2 * std::sqrt(0.1 * std::log(1e6)));
        const double L = std::log(1e6), rho = 0.1, omega = 3;  // (ω−1)²ρ = 0.4 < L
        QCOMPARE(bdrsEpsilon(rho, omega, 1e-6), rho * omega + L / (omega - 1));
        // The tight conversion never exceeds BDRS or Mironov, tCDP or not.
        for (double r : {1e-4, 1e-2, 0.3, 2.0})
            for (double w : {5.0, 50.0, kInf}) {
                QVERIFY(tightRdpEpsilon(r, w, 1e-6) <= bdrsEpsilon(r, w, 1e-6) + 1e-9);
                QVERIFY(tightRdpEpsilon(r, w, 1e-6) <= mironovEpsilon(r, w, 1e-6) + 1e-9);
            }
    }
    void monotonicity() {
        double prev = 0;
        for (double r = 1e-5; r < 10; r *= 1.7) {
            const double e = tightRdpEpsilon(r, kInf, 1e-5);
            QVERIFY(e > prev);
            prev = e;
            QVERIFY(tightRdpEpsilon(r, kInf, 1e-3) < e);  // larger δ, smaller ε
            QVERIFY(tightRdpEpsilon(r, 10, 1e-5) >= e - 1e-12);  // fewer orders, weaker bound
        }
        prev = 0;
        for (double mu = 0.01; mu < 20; mu *= 1.5) {
            const double e = gaussianEpsilon(mu, 1e-6);
            QVERIFY(e >= prev);
            prev = e;
        }
    }
    void calibrationRoundTrips() {
        for (double eps : {0.1, 0.5, 1.0, 2.695, 8.0}) {
            const double mu = gaussianMuFor(eps, 1e-5);
            QVERIFY(std::abs(gaussianEpsilon(mu, 1e-5) - eps) < 1e-8 * eps + 1e-10);
            const double rho = calibrate([](double r) { return Guarantee{r, kInf, -1, -1, true}; }, eps, 1e-6, 1e-14, 1e6);
            QVERIFY(std::abs(tightRdpEpsilon(rho, kInf, 1e-6) - eps) < 1e-8 * eps);
        }
        // Unreachable targets fail loudly.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
            calibrate([](double) { return Guarantee{1.0, kInf, -1, -1, true}; }, 0.1, 1e-6, 1e-3, 1.0));
    }
    // Random guarantees (seeded): every conversion is an ε ≥ 0, or ∞ when no Rényi order is admissible (ω ≤ 1); Mironov's
    // bound agrees with a brute-force minimum over a fine grid of orders written here; the tightest is the least.
    void conversionsOnRandomGuarantees() {
        std::mt19937 rng(20261207);
        std::uniform_real_distribution<double> unit(0, 1);
        for (int c = 0; c < 2000; ++c) {
            const double rho = std::pow(10, -4 + 6 * unit(rng)), delta = std::pow(10, -9 + 6 * unit(rng));
            const double omega = c % 5 == 0 ? kInf : c % 5 == 1 ? 0.05 + 0.95 * unit(rng) : 1 + std::pow(10, -3 + 6 * unit(rng));
            const QString at = QString("ρ = %1, ω = %2, δ = %3").arg(rho).arg(omega).arg(delta);
            for (double e : {bdrsEpsilon(rho, omega, delta), tightRdpEpsilon(rho, omega, delta), mironovEpsilon(rho, omega, delta)}) {
                QVERIFY2(e >= 0, qPrintable(at));
                if (omega <= 1) QVERIFY2(std::isinf(e), qPrintable(at + ": no admissible order, yet a finite ε"));
            }
            if (omega <= 1) continue;
            double brute = kInf;  // ρα + ln(1/δ)/(α − 1) over α = 1 + 10^t, t on a fine grid, α < ω
            for (double t = -7; t <= 7; t += 0.0005)
                if (const double a = 1 + std::pow(10, t); a < omega) brute = std::min(brute, rho * a + std::log(1 / delta) / (a - 1));
            QVERIFY2(std::abs(mironovEpsilon(rho, omega, delta) - brute) <= 2e-3 * brute + 1e-9, qPrintable(at));
            const Guarantee g{rho, omega, -1, -1, true};
            QVERIFY2(tightestEpsilon(g, delta) <= std::min(bdrsEpsilon(rho, omega, delta), mironovEpsilon(rho, omega, delta)) + 1e-12, qPrintable(at));
        }
    }
    // The smooth mechanism with β = ρ'/5 (the reference code's, and the app's when β is left at 0) is calibrated to
    // every ε of a sweep's grid: the ε it certifies is the target, never negative nor another budget's.
    void smoothCalibrationMeetsEveryTarget() {
        std::mt19937 rng(20261208);
        for (int c = 0; c < 300; ++c) {
            const double eps = std::pow(10, -1.3 + 3.6 * std::uniform_real_distribution<double>(0, 1)(rng));
            const int d = 1 + int(rng() % 200);
            auto make = [d](double rp) { return smoothGaussianGuarantee(rp, rp / 5, d); };
            const double rp = calibrate(make, eps, 1e-6, 1e-14, 1e6);
            const double got = tightestEpsilon(make(rp), 1e-6);
            QVERIFY2(got > 0 && got <= eps * (1 + 1e-9) && got >= 0.999 * eps,
                     qPrintable(QString("target ε = %1, d = %2: ρ' = %3 certifies ε = %4").arg(eps).arg(d).arg(rp).arg(got)));
        }
    }
    void compositionAddsRdpAndGdp() {
        Guarantee a{0.1, kInf, std::sqrt(0.2), -1, true}, b{0.3, 40, -1, -1, true};
        Guarantee ab = a.compose(b);
        QCOMPARE(ab.rho, 0.4);
        QCOMPARE(ab.omega, 40.0);
        QCOMPARE(ab.gaussianMu, -1.0);
        Guarantee aa = a.compose(a);
        QVERIFY(std::abs(aa.gaussianMu - std::sqrt(0.4)) < 1e-15);
        // k-fold Gaussian composition is a Gaussian with μ√k: same ε as one with ρ·k.
        QVERIFY(std::abs(tightestEpsilon(aa, 1e-5) - gaussianEpsilon(std::sqrt(0.4), 1e-5)) < 1e-12);
        Guarantee p{0, kInf, -1, 0.5, true};
        QCOMPARE(p.compose(p).pureEpsilon, 1.0);
        QCOMPARE(QString::fromStdString(conversions(p, 1e-6)[0].name), QString("pure DP"));
    }
};

QTEST_APPLESS_MAIN(TestAccounting)
#include "tst_accounting.moc"
