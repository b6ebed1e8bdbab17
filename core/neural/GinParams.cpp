#include "neural/GinParams.h"

#include <sstream>
#include <stdexcept>

namespace px::neural {

const char* key(NodeFeatures f) { return f == NodeFeatures::Ones ? "ones" : "degree"; }
const char* key(Pooling p) { return p == Pooling::Mean ? "mean" : "sum"; }
const char* key(RegressionLoss l) { return l == RegressionLoss::L1 ? "l1" : "mse"; }

NodeFeatures nodeFeaturesFromString(const std::string& s) {
    if (s == "ones") return NodeFeatures::Ones;
    if (s == "degree") return NodeFeatures::DegreeOneHot;
    if (s == "labels")
        throw std::invalid_argument("node features 'labels': the loaders do not read node labels yet (use ones or degree)");
    throw std::invalid_argument("unknown node features '" + s + "' (expected ones or degree)");
}

Pooling poolingFromString(const std::string& s) {
    if (s == "mean") return Pooling::Mean;
    if (s == "sum") return Pooling::Sum;
    throw std::invalid_argument("unknown pooling '" + s + "' (expected mean or sum)");
}

RegressionLoss regressionLossFromString(const std::string& s) {
    if (s == "l1") return RegressionLoss::L1;
    if (s == "mse") return RegressionLoss::Mse;
    throw std::invalid_argument("unknown regression loss '" + s + "' (expected l1 or mse)");
}

std::string describe(const GinParams& p) {
    std::ostringstream o;
    o << "layers=" << p.layers << ",hidden=" << p.hidden << ",epochs=" << p.epochs << ",lr=" << p.lr
      << ",batch=" << p.batch << ",dropout=" << p.dropout << ",pooling=" << key(p.pooling)
      << ",features=" << key(p.features);
    if (p.patience > 0) o << ",patience=" << p.patience;
    return o.str();
}

}  // namespace px::neural
