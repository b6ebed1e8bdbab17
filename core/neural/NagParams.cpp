// A trained NAG network's settings: names, defaults and checks (NagParams.h).
#include "neural/NagParams.h"

#include <stdexcept>

namespace px::neural {

namespace {
constexpr NagAggregator kAggregators[] = {NagAggregator::Sum, NagAggregator::Mean, NagAggregator::Gcn,
                                          NagAggregator::Max, NagAggregator::Attention, NagAggregator::None};
}

const char* key(NagAggregator a) {
    switch (a) {
        case NagAggregator::Sum: return "sum";
        case NagAggregator::Mean: return "mean";
        case NagAggregator::Gcn: return "gcn";
        case NagAggregator::Max: return "max";
        case NagAggregator::Attention: return "attention";
        case NagAggregator::None: return "none";
    }
    return "?";
}

const char* key(NagScheme s) { return s == NagScheme::Constrained ? "constrained" : "unconstrained"; }

NagAggregator nagAggregatorFromString(const std::string& s) {
    for (NagAggregator a : kAggregators)
        if (s == key(a)) return a;
    throw std::invalid_argument("unknown aggregation '" + s + "' (expected sum, mean, gcn, max, attention or none)");
}

NagScheme nagSchemeFromString(const std::string& s) {
    if (s == "unconstrained") return NagScheme::Unconstrained;
    if (s == "constrained") return NagScheme::Constrained;
    throw std::invalid_argument("unknown training scheme '" + s + "' (expected unconstrained or constrained)");
}

double nagBoundConstant(NagAggregator a) { return a == NagAggregator::Max || a == NagAggregator::Attention ? 4.0 : 1.0; }

}  // namespace px::neural
