// Names of the mechanisms and allocations: display text, spec keys, and parsing (Mechanism.h).
#include "privacy/Mechanism.h"

#include <stdexcept>

namespace px::privacy {

const char* toString(MechanismKind k) {
    switch (k) {
        case MechanismKind::Gaussian: return "Gaussian";
        case MechanismKind::SmoothGaussian: return "smooth-sensitivity Gaussian";
        case MechanismKind::Laplace: return "Laplace";
        case MechanismKind::RandomizedResponse: return "randomized response on edges";
        case MechanismKind::DegreePreservingRR: return "degree-preserving randomized response (DPRR)";
    }
    return "?";
}

const char* toString(Allocation a) {
    switch (a) {
        case Allocation::Isotropic: return "isotropic";
        case Allocation::EqualSnr: return "equal signal-to-noise";
        case Allocation::Weights: return "weights";
    }
    return "?";
}

const char* key(MechanismKind k) {
    switch (k) {
        case MechanismKind::Gaussian: return "gaussian";
        case MechanismKind::SmoothGaussian: return "smooth";
        case MechanismKind::Laplace: return "laplace";
        case MechanismKind::RandomizedResponse: return "rr";
        case MechanismKind::DegreePreservingRR: return "dprr";
    }
    return "?";
}

const char* key(Allocation a) {
    switch (a) {
        case Allocation::Isotropic: return "isotropic";
        case Allocation::EqualSnr: return "equal-snr";
        case Allocation::Weights: return "weights";
    }
    return "?";
}

MechanismKind mechanismFromString(const std::string& s) {
    if (s == "gaussian") return MechanismKind::Gaussian;
    if (s == "smooth") return MechanismKind::SmoothGaussian;
    if (s == "laplace") return MechanismKind::Laplace;
    if (s == "rr") return MechanismKind::RandomizedResponse;
    if (s == "dprr") return MechanismKind::DegreePreservingRR;
    throw std::invalid_argument("unknown mechanism '" + s + "' (expected gaussian, smooth, laplace, rr or dprr)");
}

Allocation allocationFromString(const std::string& s) {
    if (s == "isotropic") return Allocation::Isotropic;
    if (s == "equal-snr") return Allocation::EqualSnr;
    if (s == "weights") return Allocation::Weights;
    throw std::invalid_argument("unknown allocation '" + s + "' (expected isotropic, equal-snr or weights)");
}

}  // namespace px::privacy
