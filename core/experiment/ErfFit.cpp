// Levenberg–Marquardt fit of the erf law to a sweep and its inversion (ErfFit.h).
#include "experiment/ErfFit.h"

#include <Eigen/Core>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unsupported/Eigen/NonLinearOptimization>

namespace px::experiment {

double ErfFit::predict(double rho) const { return floor + (aInf - floor) * std::erf(kappa * std::sqrt(std::max(0.0, rho))); }

double ErfFit::rhoFor(double auc) const {
    if (auc <= floor) return 0.0;
    if (auc >= aInf || kappa <= 0) return std::numeric_limits<double>::infinity();
    const double z = boost::math::erf_inv((auc - floor) / (aInf - floor)) / kappa;
    return z * z;
}

namespace {
// Parameters: x(0) = log κ (keeps κ > 0), then A∞ when free, then A₀ when free.
struct Functor {
    using Scalar = double;
    enum { InputsAtCompileTime = Eigen::Dynamic, ValuesAtCompileTime = Eigen::Dynamic };
    using InputType = Eigen::VectorXd;
    using ValueType = Eigen::VectorXd;
    using JacobianType = Eigen::MatrixXd;
    const std::vector<double>& rho;
    const std::vector<double>& auc;
    double fixedAInf;
    bool fitFloor;
    int aIndex() const { return fixedAInf >= 0 ? -1 : 1; }
    int floorIndex() const { return fitFloor ? (fixedAInf >= 0 ? 1 : 2) : -1; }
    int inputs() const { return 1 + (fixedAInf >= 0 ? 0 : 1) + (fitFloor ? 1 : 0); }
    int values() const { return int(rho.size()); }
    double a(const Eigen::VectorXd& x) const { return aIndex() < 0 ? fixedAInf : x(aIndex()); }
    double f0(const Eigen::VectorXd& x) const { return floorIndex() < 0 ? 0.5 : x(floorIndex()); }
    int operator()(const Eigen::VectorXd& x, Eigen::VectorXd& f) const {
        const double kappa = std::exp(x(0)), A = a(x), F = f0(x);
        for (int i = 0; i < values(); ++i) f(i) = F + (A - F) * std::erf(kappa * std::sqrt(rho[i])) - auc[i];
        return 0;
    }
    int df(const Eigen::VectorXd& x, Eigen::MatrixXd& J) const {
        const double kappa = std::exp(x(0)), A = a(x), F = f0(x);
        for (int i = 0; i < values(); ++i) {
            const double z = kappa * std::sqrt(rho[i]), e = std::erf(z);
            J(i, 0) = (A - F) * 2 / std::sqrt(M_PI) * std::exp(-z * z) * z;  // d/d log κ
            if (aIndex() >= 0) J(i, aIndex()) = e;
            if (floorIndex() >= 0) J(i, floorIndex()) = 1 - e;
        }
        return 0;
    }
};
}  // namespace

ErfFit fitErf(const std::vector<double>& rho, const std::vector<double>& auc, double fixedAInf, bool fitFloor) {
    if (rho.size() != auc.size() || rho.size() < 2) throw std::invalid_argument("erf fit needs at least two (ρ, AUC) points");
    if (fitFloor && rho.size() < 3) throw std::invalid_argument("an erf fit with a floor needs at least three points");
    for (double r : rho)
        if (!(r > 0) || !std::isfinite(r)) throw std::invalid_argument("erf fit needs finite ρ > 0");
    Functor f{rho, auc, fixedAInf, fitFloor};
    Eigen::VectorXd x(f.inputs());
    // Start: A∞ from the best point, A₀ from the worst, κ so that the median ρ sits half-way.
    double aStart = fixedAInf >= 0 ? fixedAInf : 0.5, lo = 1.0;
    for (double a : auc) { aStart = std::max(aStart, a); lo = std::min(lo, a); }
    std::vector<double> sorted(rho);
    std::sort(sorted.begin(), sorted.end());
    x(0) = std::log(0.5 / std::sqrt(sorted[sorted.size() / 2]));
    if (f.aIndex() >= 0) x(f.aIndex()) = std::min(1.0, aStart + 0.01);
    if (f.floorIndex() >= 0) x(f.floorIndex()) = std::max(0.0, lo - 0.01);
    Eigen::LevenbergMarquardt<Functor> lm(f);
    lm.parameters.maxfev = 2000;
    const int status = lm.minimize(x);
    ErfFit fit;
    fit.kappa = std::exp(x(0));
    fit.aInf = f.a(x);
    fit.aInfFitted = fixedAInf < 0;
    fit.floor = f.f0(x);
    fit.floorFitted = fitFloor;
    fit.points = int(rho.size());
    fit.converged = status == Eigen::LevenbergMarquardtSpace::RelativeReductionTooSmall ||
                    status == Eigen::LevenbergMarquardtSpace::RelativeErrorTooSmall ||
                    status == Eigen::LevenbergMarquardtSpace::RelativeErrorAndReductionTooSmall ||
                    status == Eigen::LevenbergMarquardtSpace::XtolTooSmall;
    double ss = 0, mean = 0, tot = 0;
    for (double a : auc) mean += a / double(auc.size());
    for (std::size_t i = 0; i < rho.size(); ++i) {
        ss += std::pow(fit.predict(rho[i]) - auc[i], 2);
        tot += std::pow(auc[i] - mean, 2);
    }
    fit.rmse = std::sqrt(ss / double(rho.size()));
    fit.r2 = tot > 0 ? 1 - ss / tot : 1.0;
    return fit;
}

}  // namespace px::experiment
