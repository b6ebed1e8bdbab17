#include "experiment/ErfFit.h"

#include <Eigen/Core>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unsupported/Eigen/NonLinearOptimization>

namespace px::experiment {

double ErfFit::predict(double rho) const { return 0.5 + (aInf - 0.5) * std::erf(kappa * std::sqrt(std::max(0.0, rho))); }

double ErfFit::rhoFor(double auc) const {
    if (auc <= 0.5) return 0.0;
    if (auc >= aInf || kappa <= 0) return std::numeric_limits<double>::infinity();
    const double z = boost::math::erf_inv((auc - 0.5) / (aInf - 0.5)) / kappa;
    return z * z;
}

namespace {
struct Functor {
    using Scalar = double;
    enum { InputsAtCompileTime = Eigen::Dynamic, ValuesAtCompileTime = Eigen::Dynamic };
    using InputType = Eigen::VectorXd;
    using ValueType = Eigen::VectorXd;
    using JacobianType = Eigen::MatrixXd;
    const std::vector<double>& rho;
    const std::vector<double>& auc;
    double fixedAInf;
    int inputs() const { return fixedAInf >= 0 ? 1 : 2; }
    int values() const { return int(rho.size()); }
    // Parameters: x(0) = log κ (keeps κ > 0), x(1) = A∞ when free.
    int operator()(const Eigen::VectorXd& x, Eigen::VectorXd& f) const {
        const double kappa = std::exp(x(0)), a = fixedAInf >= 0 ? fixedAInf : x(1);
        for (int i = 0; i < values(); ++i) f(i) = 0.5 + (a - 0.5) * std::erf(kappa * std::sqrt(rho[i])) - auc[i];
        return 0;
    }
    int df(const Eigen::VectorXd& x, Eigen::MatrixXd& J) const {
        const double kappa = std::exp(x(0)), a = fixedAInf >= 0 ? fixedAInf : x(1);
        for (int i = 0; i < values(); ++i) {
            const double s = std::sqrt(rho[i]), z = kappa * s;
            J(i, 0) = (a - 0.5) * 2 / std::sqrt(M_PI) * std::exp(-z * z) * z;  // d/d log κ
            if (fixedAInf < 0) J(i, 1) = std::erf(z);
        }
        return 0;
    }
};
}  // namespace

ErfFit fitErf(const std::vector<double>& rho, const std::vector<double>& auc, double fixedAInf) {
    if (rho.size() != auc.size() || rho.size() < 2) throw std::invalid_argument("erf fit needs at least two (ρ, AUC) points");
    for (double r : rho)
        if (!(r > 0) || !std::isfinite(r)) throw std::invalid_argument("erf fit needs finite ρ > 0");
    Functor f{rho, auc, fixedAInf};
    Eigen::VectorXd x(f.inputs());
    // Start: A∞ from the largest-ρ point, κ so that the median point sits half-way.
    double aStart = fixedAInf >= 0 ? fixedAInf : 0.5;
    for (std::size_t i = 0; i < auc.size(); ++i) aStart = std::max(aStart, auc[i]);
    std::vector<double> sorted(rho);
    std::sort(sorted.begin(), sorted.end());
    x(0) = std::log(0.5 / std::sqrt(sorted[sorted.size() / 2]));
    if (fixedAInf < 0) x(1) = std::min(1.0, aStart + 0.01);
    Eigen::LevenbergMarquardt<Functor> lm(f);
    lm.parameters.maxfev = 2000;
    const int status = lm.minimize(x);
    ErfFit fit;
    fit.kappa = std::exp(x(0));
    fit.aInf = fixedAInf >= 0 ? fixedAInf : x(1);
    fit.aInfFitted = fixedAInf < 0;
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
