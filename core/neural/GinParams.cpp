// The GIN learner's settings: names, defaults and checks (GinParams.h).
#include "neural/GinParams.h"

#include <sstream>
#include <stdexcept>

namespace px::neural {

const char* key(NodeFeatures f) { return f == NodeFeatures::Ones ? "ones" : f == NodeFeatures::DegreeOneHot ? "degree" : "labels"; }
const char* key(Pooling p) { return p == Pooling::Mean ? "mean" : "sum"; }
const char* key(RegressionLoss l) { return l == RegressionLoss::L1 ? "l1" : "mse"; }
const char* key(Readout r) { return r == Readout::LastLayer ? "last_layer" : "every_layer"; }
const char* key(EpochSelection e) { return e == EpochSelection::Validation ? "validation" : "test_curve"; }

NodeFeatures nodeFeaturesFromString(const std::string& s) {
    if (s == "ones") return NodeFeatures::Ones;
    if (s == "degree") return NodeFeatures::DegreeOneHot;
    if (s == "labels") return NodeFeatures::Labels;
    throw std::invalid_argument("unknown node features '" + s + "' (expected ones, degree or labels)");
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

Readout readoutFromString(const std::string& s) {
    if (s == "last_layer") return Readout::LastLayer;
    if (s == "every_layer") return Readout::EveryLayer;
    throw std::invalid_argument("unknown readout '" + s + "' (expected last_layer or every_layer)");
}

EpochSelection epochSelectionFromString(const std::string& s) {
    if (s == "validation") return EpochSelection::Validation;
    if (s == "test_curve") return EpochSelection::TestCurve;
    throw std::invalid_argument("unknown epoch selection '" + s + "' (expected validation or test_curve)");
}

std::string describe(const GinParams& p) {
    std::ostringstream o;
    o << "layers=" << p.layers << ",hidden=" << p.hidden << ",epochs=" << p.epochs << ",lr=" << p.lr
      << ",batch=" << p.batch << ",dropout=" << p.dropout << ",pooling=" << key(p.pooling)
      << ",features=" << key(p.features);
    if (p.patience > 0) o << ",patience=" << p.patience;
    if (p.readout != Readout::LastLayer) o << ",readout=" << key(p.readout);
    if (p.mlpNorm) o << ",mlp_norm=true";
    if (p.lrDecayEvery > 0) o << ",lr_decay=" << p.lrDecay << "/" << p.lrDecayEvery;
    if (p.iterationsPerEpoch > 0) o << ",iterations=" << p.iterationsPerEpoch;
    if (p.selection != EpochSelection::Validation) o << ",selection=" << key(p.selection);
    return o.str();
}

}  // namespace px::neural
